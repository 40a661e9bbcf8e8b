package report_test

import (
	"context"
	"io"
	"os"
	"testing"

	"github.com/captag/captag/metadata/check"
	"github.com/captag/captag/metadata/desk"
	"github.com/captag/captag/metadata/desk/report"
)

// BenchmarkReportJSON is the report stage alone (issue 24: a benchmark per
// stage — read, caption parse, match, compare, report — so that a
// regression shows where it is): the JSON report of a check of the sample
// folder (16 images, 14 matched, 3 with findings), written again and
// again; the check itself is done once, untimed.
func BenchmarkReportJSON(b *testing.B) {
	dir := b.TempDir()
	if err := os.CopyFS(dir, os.DirFS("../../../testdata/aleppo")); err != nil {
		b.Skipf("sample folder not available: %v", err)
	}
	ctx := context.Background()
	job, err := desk.Open(ctx, desk.Options{Roots: []string{dir}, CaptionOrder: check.DirNewestFirst,
		Captions: desk.CaptionSource{Path: "../../../testdata/aleppo-2016-captions.txt"}})
	if err != nil {
		b.Fatal(err)
	}
	rep, err := job.Check(ctx, desk.CheckOptions{})
	if err != nil {
		b.Fatal(err)
	}
	if rep.Len() == 0 {
		b.Fatal("expected results to report, found none")
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if err := report.Render(ctx, io.Discard, rep, report.Options{Format: report.FormatJSON}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(rep.Len()), "ns/result")
}
