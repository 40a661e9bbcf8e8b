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
// to the same size, in levels of 255. The reduced transform gives each
// sample the box mean of the pixels it stands for, computed from the
// coefficients (scan.go), so the two differ by rounding, and where
// image/jpeg clamped a pixel before the mean was taken (a block with
// ringing past 0 or 255: a saturated logo). Measured on the corpus (465
// files, 2026-12-02): mean 0.12 at 1/2, 0.06 at 1/4, 0.05 at 1/8, the
// worst picture's 0.54, 0.61 and 0.51; the largest error 35–37 (a clamped block), and
// where the reference's block has no sample of 0 or 255, 1.
const (
	tolMeanAll        = 0.2 // mean error over the corpus, each scale
	tolMeanPerPicture = 1.0 // mean error of one picture
	tolMaxUnclamped   = 1   // largest error where nothing is clamped
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
	var worst [9]float64
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
			if st.maxUnsat > tolMaxUnclamped {
				t.Errorf("%s at 1/%d: largest error %d where nothing is clamped, want at most %d", p, d, st.maxUnsat, tolMaxUnclamped)
			}
			worst[d] = max(worst[d], st.mean())
		}
	}
	for _, d := range []int{2, 4, 8} {
		t.Logf("1/%d: mean error %.3f (the worst picture's %.3f), largest %d (%s), largest where nothing is clamped %d", d, all[d].mean(), worst[d], all[d].max, all[d].maxWhat, all[d].maxUnsat)
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
