package jpegscale

import (
	"bytes"
	"errors"
	"image"
	"image/jpeg"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// corpusDir holds the public sample files the project's tests read (never
// copied into the repository).
const corpusDir = "../../../../shared/corpora"

// planeOf is one plane of a decoded picture: w×h samples, rows stride
// apart.
type planeOf struct {
	pix          []uint8
	w, h, stride int
}

// planes are a picture's planes: Y (or grey), then Cb and Cr.
func planes(m image.Image) []planeOf {
	switch m := m.(type) {
	case *image.Gray:
		return []planeOf{{m.Pix, m.Rect.Dx(), m.Rect.Dy(), m.Stride}}
	case *image.YCbCr:
		w, h := m.Rect.Dx(), m.Rect.Dy()
		var cw, ch int
		switch m.SubsampleRatio {
		case image.YCbCrSubsampleRatio444:
			cw, ch = w, h
		case image.YCbCrSubsampleRatio422:
			cw, ch = (w+1)/2, h
		case image.YCbCrSubsampleRatio420:
			cw, ch = (w+1)/2, (h+1)/2
		case image.YCbCrSubsampleRatio440:
			cw, ch = w, (h+1)/2
		case image.YCbCrSubsampleRatio411:
			cw, ch = (w+3)/4, h
		case image.YCbCrSubsampleRatio410:
			cw, ch = (w+3)/4, (h+1)/2
		}
		return []planeOf{{m.Y, w, h, m.YStride}, {m.Cb, cw, ch, m.CStride}, {m.Cr, cw, ch, m.CStride}}
	}
	return nil
}

// boxAverage shrinks p by d each way: each sample the rounded mean of the
// d×d samples it covers (fewer at the right and bottom edges); sat says
// which covered a sample of 0 or 255 (a decoder clamped it, perhaps).
func boxAverage(p planeOf, d int) (out planeOf, sat []bool) {
	w, h := (p.w+d-1)/d, (p.h+d-1)/d
	out = planeOf{make([]uint8, w*h), w, h, w}
	sat = make([]bool, w*h)
	for y := range h {
		for x := range w {
			sum, n := 0, 0
			for yy := y * d; yy < min(y*d+d, p.h); yy++ {
				for xx := x * d; xx < min(x*d+d, p.w); xx++ {
					v := p.pix[yy*p.stride+xx]
					sum += int(v)
					n++
					if v == 0 || v == 255 {
						sat[y*w+x] = true
					}
				}
			}
			out.pix[y*w+x] = uint8((sum + n/2) / n)
		}
	}
	return out, sat
}

// diffStats is how far two pictures' samples are apart; maxUnsat is the
// largest error where the reference's area has no sample of 0 or 255.
type diffStats struct {
	sum      float64
	n        int
	max      int
	maxWhat  string
	maxUnsat int
}

func (s *diffStats) mean() float64 {
	if s.n == 0 {
		return 0
	}
	return s.sum / float64(s.n)
}

func (s *diffStats) add(o diffStats) {
	s.sum += o.sum
	s.n += o.n
	if o.max > s.max {
		s.max, s.maxWhat = o.max, o.maxWhat
	}
	s.maxUnsat = max(s.maxUnsat, o.maxUnsat)
}

// compareScaled compares got (Decode at 1/d) with want (a full decode)
// box-averaged by d, plane by plane; ok is false when their layouts
// differ.
func compareScaled(got, want image.Image, d int, what string) (diffStats, bool) {
	gp, wp := planes(got), planes(want)
	if len(gp) != len(wp) || len(gp) == 0 {
		return diffStats{}, false
	}
	if g, ok := got.(*image.YCbCr); ok && g.SubsampleRatio != want.(*image.YCbCr).SubsampleRatio {
		return diffStats{}, false
	}
	var st diffStats
	for i := range gp {
		ref, sat := boxAverage(wp[i], d)
		if gp[i].w != ref.w || gp[i].h != ref.h {
			return diffStats{}, false
		}
		// A sample whose area the picture's edge cuts is the mean of
		// pixels the encoder made up beyond the edge as well: not
		// compared.
		cutX, cutY := wp[i].w%d != 0, wp[i].h%d != 0
		for y := range ref.h {
			for x := range ref.w {
				if cutX && x == ref.w-1 || cutY && y == ref.h-1 {
					continue
				}
				e := int(gp[i].pix[y*gp[i].stride+x]) - int(ref.pix[y*ref.w+x])
				e = max(e, -e)
				st.sum += float64(e)
				st.n++
				if e > st.max {
					st.max, st.maxWhat = e, what
				}
				if !sat[y*ref.w+x] {
					st.maxUnsat = max(st.maxUnsat, e)
				}
			}
		}
	}
	return st, true
}

// Tolerances of a decode at 1/d against image/jpeg's full decode averaged
// to the same size, in levels of 255. At 1/8 the reduced transform is the
// block's exact mean (DC/8) but for rounding and image/jpeg clamping each
// pixel before the mean is taken (a block with ringing past 0 or 255). At
// 1/2 and 1/4 it is the 2- or 4-point transform of the block's lowest
// frequencies, which is not the box mean where a block has fine detail:
// a sub-block's mean also has a share of the higher odd frequencies (at
// 1/2 the third harmonic's is a third of the first's), so the error is
// small on the whole and not at edges and text. Measured on the corpus
// (465 files, 2026-12-02): mean 0.53 at 1/2, 0.59 at 1/4, 0.05 at 1/8;
// the worst picture's mean 4.2 (a detailed 600×450 at 1/2); the largest
// single error 131 at 1/2 (a black-on-white edge), 49 at 1/4, 37 at 1/8
// (a saturated logo, clamped), and at 1/8 where the reference's block has
// no sample of 0 or 255, 1.
const (
	tolMeanAll        = 1.0 // mean error over the corpus, each scale
	tolMeanPerPicture = 5.0 // mean error of one picture
	tolMaxAt8         = 1   // largest error at 1/8 where nothing is clamped
)

// TestDecodeCorpus: on every baseline or extended sequential JPEG of the
// corpus, Decode at 1/2, 1/4 and 1/8 is image/jpeg's full decode
// area-averaged to the same size, within the tolerances above; what
// Decode does not take is ErrUnsupported, and no file makes it panic.
func TestDecodeCorpus(t *testing.T) {
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skip("no corpus:", err)
	}
	var files []string
	filepath.WalkDir(corpusDir, func(p string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() && (strings.HasSuffix(strings.ToLower(p), ".jpg") || strings.HasSuffix(strings.ToLower(p), ".jpeg")) {
			files = append(files, p)
		}
		return nil
	})
	var all [9]diffStats
	compared, unsupported, refused := 0, 0, 0
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil || len(b) > 32<<20 {
			continue
		}
		want, errWant := jpeg.Decode(bytes.NewReader(b))
		for _, d := range []int{2, 4, 8} {
			got, err := Decode(bytes.NewReader(b), d)
			switch {
			case errors.Is(err, ErrUnsupported):
				unsupported++
				continue
			case err != nil && errWant == nil:
				t.Errorf("%s at 1/%d: %v; image/jpeg decodes it", p, d, err)
				continue
			case err != nil:
				refused++
				continue
			case errWant != nil:
				continue // image/jpeg refuses what Decode takes
			}
			st, ok := compareScaled(got, want, d, p)
			if !ok {
				continue
			}
			compared++
			all[d].add(st)
			if m := st.mean(); m > tolMeanPerPicture {
				t.Errorf("%s at 1/%d: mean error %.2f, want at most %.1f", p, d, m, tolMeanPerPicture)
			}
			if d == 8 && st.maxUnsat > tolMaxAt8 {
				t.Errorf("%s at 1/8: largest error %d where nothing is clamped, want at most %d", p, st.maxUnsat, tolMaxAt8)
			}
		}
	}
	for _, d := range []int{2, 4, 8} {
		t.Logf("1/%d: mean error %.3f, largest %d (%s), largest where nothing is clamped %d", d, all[d].mean(), all[d].max, all[d].maxWhat, all[d].maxUnsat)
	}
	t.Logf("%d files, %d decodes compared, %d unsupported, %d refused as image/jpeg refuses", len(files), compared, unsupported, refused)
	if compared == 0 {
		t.Fatal("no picture compared")
	}
	for _, d := range []int{2, 4, 8} {
		if m := all[d].mean(); m > tolMeanAll {
			t.Errorf("1/%d: mean error %.3f over the corpus, want at most %.1f", d, m, tolMeanAll)
		}
	}
}
