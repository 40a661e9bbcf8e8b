package caption

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// parseTextBatched parses a text caption file with n paragraphs per
// parallel batch.
func parseTextBatched(t *testing.T, data []byte, n int) []Record {
	t.Helper()
	p := &parser{name: "captions.txt", comma: ',', textBatch: n}
	recs, err := p.text(bufio.NewReader(bytes.NewReader(data)))
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// TestTextBatchesKeepOrder checks that parsing a text caption file in
// parallel batches gives the records of parsing it in one: the same
// records, lines, files and problems, in the file's order.
func TestTextBatchesKeepOrder(t *testing.T) {
	sample, err := os.ReadFile(filepath.Join("..", "..", "testdata", "aleppo-2016-captions.txt"))
	if err != nil {
		t.Skipf("sample captions not available: %v", err)
	}
	var b strings.Builder
	for k := range 30 {
		b.Write(sample)
		b.WriteString("\n\n")
		switch k % 5 {
		case 0:
			b.WriteString("IMG_0001.jpg\nALEPPO, SYRIA - DECEMBER 19: A man walks on December 19, 2016. (Photo by A B/Agency)\n\n")
		case 1:
			b.WriteString("only-a-name.jpg\n\n")
		case 2:
			b.WriteString("bin\x01\x02\x03\x04ary\x05\x06\n\n")
		case 3:
			b.WriteString(strings.Repeat("x", MaxRecordBytes+10) + "\n\n")
		}
	}
	data := []byte(b.String())
	want := parseTextBatched(t, data, 1<<30) // one batch, parsed in this goroutine
	if len(want) < 300 {
		t.Fatalf("%d records, want at least 300", len(want))
	}
	for _, n := range []int{1, 7, textBatchSize} {
		if got := parseTextBatched(t, data, n); !reflect.DeepEqual(got, want) {
			t.Errorf("batches of %d: the records differ from one batch's", n)
		}
	}
}
