package main

import (
	"fmt"
	"strings"
	"time"
)

// The targets of issue 6.
const (
	maxCheckVsExiv2    = 1.0   // captag check time / exiv2 read time
	aimCheckVsExiv2    = 0.5   // what the issue aims for
	minCheckVsExiftool = 20.0  // exiftool read time / captag check time
	maxCheckVsFloor    = 3.0   // captag check time / floor time
	minWriteVsExiftool = 20.0  // exiftool write time / captag write time
	minEmbedVsExiftool = 20.0  // exiftool in-place time / captag write --embed time (issue 14)
	maxMemPeakMB       = 150.0 // decimal megabytes
	maxHTMLVsJSON      = 3.0   // captag check --format html time / --format json time (issue 15)
	memGrowthTolerance = 1.25  // peak ratio / image ratio tolerated between the smallest and largest -mem folder
	verdictPass        = "PASS"
	verdictFail        = "FAIL"
	verdictSkip        = "SKIP"
)

// target is one line of the verdict.
type target struct {
	Name    string
	Verdict string
	Detail  string
}

func (t target) String() string {
	return fmt.Sprintf("%s  %s: %s", t.Verdict, t.Name, t.Detail)
}

// memPoint is captag check's peak RSS on a folder of Images tiny JPEGs.
type memPoint struct {
	Images     int
	PeakRSSKiB int64
	Seconds    float64
	CPU        time.Duration // user + system, with the launcher's
	Skipped    string        // why there is no point (Exiv2 only)
}

// memResult is the outcome of -mem: points in increasing size, or why not.
type memResult struct {
	Points  []memPoint
	Skipped string
	Exiv2   memPoint // exiv2 on the largest folder, when asked; Images 0 when not run
}

func find(rs []*result, tool string) *result {
	for _, r := range rs {
		if r.Tool == tool && r.ok() {
			return r
		}
	}
	return nil
}

// missing names the tools among want that have no times in rs.
func missing(rs []*result, want ...string) string {
	var m []string
	for _, w := range want {
		if find(rs, w) == nil {
			m = append(m, w)
		}
	}
	return strings.Join(m, ", ")
}

// evaluate checks the targets against the measured sets (in the
// order given) and the -mem run (nil when it was not asked for).
func evaluate(sets []string, bySet map[string][]*result, mem *memResult) []target {
	var out []target
	for _, set := range sets {
		rs := bySet[set]
		if len(rs) == 0 {
			continue
		}
		suffix := " [" + set + " set]"
		ratioTarget := func(name, num, den string, limit float64, atMost bool, detail func(v float64) string) {
			t := target{Name: name + suffix}
			if m := missing(rs, num, den); m != "" {
				t.Verdict, t.Detail = verdictSkip, "not measured: "+m
				out = append(out, t)
				return
			}
			v := median(find(rs, num).Times).Seconds() / median(find(rs, den).Times).Seconds()
			pass := v >= limit
			if atMost {
				pass = v <= limit
			}
			t.Verdict = verdictFail
			if pass {
				t.Verdict = verdictPass
			}
			t.Detail = detail(v)
			out = append(out, t)
		}
		ratioTarget("captag check ≤ exiv2 read", toolCheck, toolExiv2, maxCheckVsExiv2, true, func(v float64) string {
			return fmt.Sprintf("check/exiv2 = %.2f (target ≤ %.1f, aim %.1f)", v, maxCheckVsExiv2, aimCheckVsExiv2)
		})
		ratioTarget("captag check ≥ 20× faster than exiftool read", toolExiftoolRead, toolCheck, minCheckVsExiftool, false, func(v float64) string {
			return fmt.Sprintf("exiftool/check = %.1f× (target ≥ %.0f×)", v, minCheckVsExiftool)
		})
		ratioTarget("captag check within 3× of the floor", toolCheck, toolFloor, maxCheckVsFloor, true, func(v float64) string {
			return fmt.Sprintf("check/floor = %.2f (target ≤ %.1f)", v, maxCheckVsFloor)
		})
		if find(rs, toolCheckHTML) != nil {
			ratioTarget("captag check --format html ≤ 3× --format json", toolCheckHTML, toolCheck, maxHTMLVsJSON, true, func(v float64) string {
				return fmt.Sprintf("html/json = %.2f (target ≤ %.1f)", v, maxHTMLVsJSON)
			})
		}
		if find(rs, toolWrite) != nil || find(rs, toolExiftoolWrite) != nil {
			ratioTarget("captag write ≥ 20× faster than exiftool write", toolExiftoolWrite, toolWrite, minWriteVsExiftool, false, func(v float64) string {
				return fmt.Sprintf("exiftool/write = %.1f× (target ≥ %.0f×)", v, minWriteVsExiftool)
			})
		}
		if find(rs, toolWriteEmbed) != nil || find(rs, toolExiftoolEmbed) != nil {
			ratioTarget("captag write --embed ≥ 20× faster than exiftool in place", toolExiftoolEmbed, toolWriteEmbed, minEmbedVsExiftool, false, func(v float64) string {
				return fmt.Sprintf("exiftool/write-embed = %.1f× (target ≥ %.0f×)", v, minEmbedVsExiftool)
			})
		}
	}
	out = append(out, evaluateMem(mem)...)
	return out
}

func evaluateMem(mem *memResult) []target {
	peak := target{Name: fmt.Sprintf("captag check peak RSS < %.0f MB", maxMemPeakMB)}
	growth := target{Name: "captag check memory grows no faster than linearly"}
	switch {
	case mem == nil:
		peak.Verdict, peak.Detail = verdictSkip, "not measured (run with -mem 100000)"
		return []target{peak}
	case mem.Skipped != "" || len(mem.Points) == 0:
		peak.Verdict, peak.Detail = verdictSkip, "not measured: "+mem.Skipped
		return []target{peak}
	}
	last := mem.Points[len(mem.Points)-1]
	mb := kibToMB(last.PeakRSSKiB)
	peak.Name += fmt.Sprintf(" at %d images", last.Images)
	peak.Verdict = verdictFail
	if mb < maxMemPeakMB {
		peak.Verdict = verdictPass
	}
	peak.Detail = fmt.Sprintf("%.1f MB", mb)
	if len(mem.Points) < 2 {
		growth.Verdict, growth.Detail = verdictSkip, "needs two folder sizes"
		return []target{peak, growth}
	}
	// A peak of base + k·images grows at most in proportion to the images
	// (less with a base); GC heap goals make RSS step-like, hence the
	// tolerance. Anything faster than linear shows as a larger ratio.
	first := mem.Points[0]
	sizeRatio := float64(last.Images) / float64(first.Images)
	rssRatio := float64(last.PeakRSSKiB) / float64(max(first.PeakRSSKiB, 1))
	growth.Verdict = verdictFail
	if rssRatio <= sizeRatio*memGrowthTolerance {
		growth.Verdict = verdictPass
	}
	var per []string
	for _, p := range mem.Points {
		per = append(per, fmt.Sprintf("%d images %.1f MB (%.2f KiB/image)", p.Images, kibToMB(p.PeakRSSKiB), float64(p.PeakRSSKiB)/float64(p.Images)))
	}
	growth.Detail = fmt.Sprintf("%.1f× the images, %.2f× the peak (target ≤ %.2f×): %s",
		sizeRatio, rssRatio, sizeRatio*memGrowthTolerance, strings.Join(per, ", "))
	return []target{peak, growth}
}
