package sheet

import (
	"bytes"
	"fmt"
	"image/jpeg"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/check"
)

// extraCaption is a caption that fits no picture of the sample folder, so
// that the sample report has an unmatched section.
const extraCaption = "BERLIN, GERMANY - DECEMBER 10: People walk past the Brandenburg Gate in Berlin, Germany on December 10, 2016. ( Jane Roe - Anadolu Agency )"

// sampleReport checks the sample folder (testdata/aleppo with its three
// planted faults: aleppo-01 a day early, aleppo-12 another photographer,
// aleppo-16 another agency) against its caption file plus extraCaption, as
// captag check does, and fills a Report from the result: what an adapter
// from the check's results does.
func sampleReport(t testing.TB, thumbs bool) *Report {
	t.Helper()
	root := filepath.Join("..", "..", "testdata")
	text, err := os.ReadFile(filepath.Join(root, "aleppo-2016-captions.txt"))
	if err != nil {
		t.Fatal(err)
	}
	text = append(text, "\n\n"+extraCaption+"\n"...)
	recs, err := caption.Parse(strings.NewReader(string(text)), caption.Options{})
	if err != nil {
		t.Fatal(err)
	}
	names, err := filepath.Glob(filepath.Join(root, "aleppo", "*.jpg"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no sample pictures: %v", err)
	}
	slices.Sort(names)
	imgs := make([]*metadata.Image, len(names))
	th := make([][]byte, len(names))
	for i, name := range names {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		st, err := f.Stat()
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, name)
		if imgs[i], err = metadata.Read(f, st.Size(), filepath.ToSlash(rel)); err != nil {
			t.Fatal(err)
		}
		if thumbs {
			if th[i], err = Thumbnail(f, st.Size(), ThumbOptions{}); err != nil {
				t.Fatal(err)
			}
		}
		f.Close()
	}
	plan, err := check.MatchWith(recs, imgs, check.StrategyAuto, check.MatchOptions{SameVerdict: true})
	if err != nil {
		t.Fatal(err)
	}
	r := &Report{
		Title:   "captag check",
		Command: "captag check --captions aleppo-2016-captions.txt aleppo",
		Notes:   []string{"caption file runs " + string(plan.CaptionOrder) + ": " + plan.CaptionOrderWhy},
	}
	for _, p := range plan.Pairs {
		rec, img := recs[p.Record], imgs[p.Image]
		fs := check.Compare(rec, img, p.By, check.Options{DayGrace: time.Hour})
		r.Cards = append(r.Cards, cardOf(img, rec, p, fs, th[p.Image]))
	}
	for _, u := range plan.UnmatchedRecords {
		rec := recs[u.Index]
		r.UnmatchedCaptions = append(r.UnmatchedCaptions, Unmatched{Line: rec.Line, Text: rec.Text, Reason: u.Reason})
	}
	for _, u := range plan.UnmatchedImages {
		r.UnmatchedPictures = append(r.UnmatchedPictures, Unmatched{Path: imgs[u.Index].Path, Thumb: th[u.Index], Reason: u.Reason})
	}
	return r
}

func cardOf(img *metadata.Image, rec caption.Record, p check.Pair, fs []check.Finding, thumb []byte) Card {
	c := Card{Path: img.Path, Thumb: thumb, Caption: rec.Text, Line: rec.Line, Pairing: string(p.By)}
	if p.Group != nil {
		c.Pairing = fmt.Sprintf("%s, %d of %s", p.By, p.Rank, p.Group.Label())
	}
	if rec.Date.Month != 0 {
		c.Want.Date = fmt.Sprintf("%04d-%02d-%02d", rec.Date.Year, rec.Date.Month, rec.Date.Day)
	}
	c.Want.Creator, c.Want.Credit = strings.Join(rec.Creators, "; "), rec.Agency
	bad := map[[2]string]bool{} // store, field
	for _, f := range fs {
		c.Findings = append(c.Findings, Finding{Severity: string(f.Severity), Field: string(f.Field), Store: string(f.Store), Message: f.Message})
		for _, v := range f.Values {
			bad[[2]string{string(v.Store), string(f.Field)}] = true
		}
	}
	for _, s := range []struct {
		kind string
		st   *metadata.Store
	}{{"exif", img.EXIF}, {"iptc", img.IPTC}, {"xmp", img.XMP}, {"sidecar", img.Sidecar}} {
		row := StoreRow{Store: s.kind, Absent: s.st == nil}
		if s.st != nil {
			if !s.st.Date.IsZero() {
				row.Date.Value = s.st.Date.String()
			}
			row.Creator.Value = strings.Join(s.st.Creators, "; ")
			row.Credit.Value = s.st.Credit
			if row.Credit.Value == "" {
				row.Credit.Value = s.st.Copyright
			}
		}
		row.Date.Disagrees = bad[[2]string{s.kind, string(check.FieldDate)}]
		row.Creator.Disagrees = bad[[2]string{s.kind, string(check.FieldCreator)}]
		row.Credit.Disagrees = bad[[2]string{s.kind, string(check.FieldCredit)}]
		c.Stores = append(c.Stores, row)
	}
	return c
}

// *metadata.Budget is a Budget: the workers of a run share the one they
// read metadata with.
var _ Budget = (*metadata.Budget)(nil)

// Four workers making thumbnails of 1600×1200 pictures under a budget of
// one decode and a half never hold more than the budget: they decode one
// at a time.
func TestThumbnailSharedBudget(t *testing.T) {
	j := encodeJPEG(t, quadrants(1600, 1200))
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(j))
	if err != nil {
		t.Fatal(err)
	}
	limit := DecodeCost(cfg) * 3 / 2
	b := metadata.NewBudget(limit)
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 3 {
				if _, err := Thumbnail(bytes.NewReader(j), int64(len(j)), ThumbOptions{Budget: b}); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	if p := b.Peak(); p != DecodeCost(cfg) {
		t.Errorf("peak %d bytes held, want one decode's %d (budget %d)", p, DecodeCost(cfg), limit)
	}
}
