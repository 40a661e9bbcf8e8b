package sheet

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// Camera pictures from the corpus, decoded whole (not their IFD1
// thumbnails) as a picture without a thumbnail would be.
var photoFiles = []string{
	"adobe-xmp-toolkit-sdk/Image1.jpg",               // 2288×1712
	"bep-imagemeta/outofbounds-issue-34.jpg",         // 3648×2736
	"bep-imagemeta/bep/sunrise.jpg",                  // 1024×640
	"ianare-exif-samples/jpg/tests/28-hex_value.jpg", // 1704×2272
	"ianare-exif-samples/jpg/tests/35-empty.jpg",     // 2164×1626
}

func photoThumbs(t testing.TB) [][]byte {
	t.Helper()
	dir := corpusDir(t)
	o := ThumbOptions{}.withDefaults()
	var out [][]byte
	for _, p := range photoFiles {
		f, err := os.Open(filepath.Join(dir, p))
		if err != nil {
			t.Fatal(err)
		}
		st, _ := f.Stat()
		p := scan(f, st.Size())
		open := func() io.Reader { return io.NewSectionReader(f, 0, st.Size()) }
		b, err := decodeScaled(open, open, "jpeg", max(p.orientation, 1), o)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

// bigReport is n cards like the sample's, every tenth with a finding, with
// the thumbnails given in turn.
func bigReport(t testing.TB, n int, thumbs [][]byte) *Report {
	sample := sampleReport(t, false)
	r := &Report{Title: sample.Title, Command: sample.Command, UnmatchedCaptions: sample.UnmatchedCaptions}
	for i := range n {
		c := sample.Cards[i%len(sample.Cards)]
		c.Path = fmt.Sprintf("wire/2016-12-19/AA-%05d.jpg", i)
		c.Thumb = thumbs[i%len(thumbs)]
		if i%10 != 0 {
			c = sample.Cards[1] // a clean card
			c.Path = fmt.Sprintf("wire/2016-12-19/AA-%05d.jpg", i)
			c.Thumb = thumbs[i%len(thumbs)]
		}
		r.Cards = append(r.Cards, c)
	}
	return r
}

// A 2,000-picture report with thumbnails of camera pictures stays under
// 40 MB (issue 15), about 10–15 KB a card.
func TestReportSize(t *testing.T) {
	thumbs := photoThumbs(t)
	var sum int
	for _, b := range thumbs {
		sum += len(b)
	}
	page := render(t, bigReport(t, 2000, thumbs), Options{})
	perCard := len(page) / 2000
	t.Logf("thumbnails %d bytes on average; page %d bytes, %d a card", sum/len(thumbs), len(page), perCard)
	if len(page) > 40<<20 {
		t.Errorf("2,000 cards: %d bytes, want under 40 MB", len(page))
	}
	if perCard > 16<<10 {
		t.Errorf("%d bytes a card, want about 10–15 KB", perCard)
	}
}

// BenchmarkRender2000 renders 2,000 cards with thumbnails; bytes/card is
// the page's size per card.
func BenchmarkRender2000(b *testing.B) {
	r := bigReport(b, 2000, photoThumbs(b))
	var n countWriter
	for b.Loop() {
		n = 0
		if err := Render(&n, r, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n)/2000, "bytes/card")
}

type countWriter int64

func (c *countWriter) Write(p []byte) (int, error) {
	*c += countWriter(len(p))
	return len(p), nil
}
