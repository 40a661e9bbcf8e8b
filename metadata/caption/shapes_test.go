package caption

import (
	"errors"
	"strings"
	"testing"
)

// A desk hands captag whatever its tools exported: each shape is read
// right, or refused with a message that names what the file is.
func TestCaptionFileShapes(t *testing.T) {
	const caption = "ALEPPO, SYRIA - DECEMBER 19: People walk on December 19, 2016. (Aref Watad - Anadolu Agency)"
	tests := []struct {
		why, name, in string
		file, city    string // the first record's file and city
		refused       string // a substring of the refusal, "" when read
	}{
		{"an exiftool TSV export (-T -t)", "export.tsv",
			"SourceFile\tCaption-Abstract\tBy-line\nphotos/a.jpg\t" + caption + "\tAref Watad\n", "photos/a.jpg", "Aleppo", ""},
		{"Excel's Text (Tab delimited), saved as .txt", "captions.txt",
			"File\tCaption\nb.jpg\t" + caption + "\n", "b.jpg", "Aleppo", ""},
		{"a TSV without an extension, sniffed", "captions",
			"Filename\tDescription\nc.jpg\t" + caption + "\n", "c.jpg", "Aleppo", ""},
		{"Excel's CSV where the comma is the decimal mark", "captions.csv",
			"Filename;Caption\nd.jpg;\"" + caption + "\"\n", "d.jpg", "Aleppo", ""},
		{"a semicolon CSV, sniffed", "list",
			"file;caption;creator\ne.jpg;\"" + caption + "\";Aref Watad\n", "e.jpg", "Aleppo", ""},
		{"a first line that is a file name with spaces", "c.txt",
			"Issue 122.jpg\n" + caption + "\n", "Issue 122.jpg", "Aleppo", ""},
		{"a caption that starts with BMW's name is text, not a BMP", "bmw.txt",
			"BMW unveils a car in MUNICH, GERMANY on December 19, 2016. (Aref Watad - Anadolu Agency)\n", "", "", ""},
		{"a JPEG given as the caption file", "IMG_1.jpg", "\xff\xd8\xff\xe1\x00\x10Exif\x00\x00MM\x00*", "", "", "found a JPEG image"},
		{"a PNG", "captions.txt", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "", "", "found a PNG image"},
		{"an XMP sidecar", "IMG_1.xmp", "<?xpacket begin=\"\ufeff\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"></rdf:RDF></x:xmpmeta>", "", "", "found an XMP sidecar"},
		{"a PDF", "captions.pdf", "%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "", "", "found a PDF document"},
	}
	for _, tt := range tests {
		t.Run(tt.why, func(t *testing.T) {
			recs, err := Parse(strings.NewReader(tt.in), Options{Name: tt.name})
			if tt.refused != "" {
				var pe *ParseError
				if !errors.As(err, &pe) || !strings.Contains(pe.Msg, tt.refused) || !strings.Contains(err.Error(), tt.name) {
					t.Fatalf("Parse: %d records, error %v; want a refusal naming %s and saying %q", len(recs), err, tt.name, tt.refused)
				}
				return
			}
			if err != nil || len(recs) != 1 {
				t.Fatalf("Parse: %d records, error %v; want one record", len(recs), err)
			}
			if r := recs[0]; r.File != tt.file || r.City != tt.city || r.HasError() {
				t.Errorf("record: file %q city %q problems %v; want file %q city %q and no error", r.File, r.City, r.Problems, tt.file, tt.city)
			}
		})
	}
}

// A line that ends with an image's extension is a file name only when it
// is shaped like one; a sentence ending in a name is the caption.
func TestSpacedFileNameLine(t *testing.T) {
	for line, want := range map[string]bool{
		"Issue 122.jpg":                                    true,
		"My Photo (1).JPG":                                 true,
		"Screen Shot 2020-01-01 at 10.00.00.png":           true,
		"The picture is called sunset.jpg":                 true, // five words, no punctuation: taken for a name
		"Photo of the day: sunset.jpg":                     false,
		"Residents fled, see sunset.jpg":                   false,
		"It rained. Then came the sun.jpg":                 false,
		"one two three four five six seven eight nine.jpg": false,
		".jpg":      false,
		"notes.txt": false,
	} {
		if got := isSpacedFileName(line); got != want {
			t.Errorf("isSpacedFileName(%q) = %v, want %v", line, got, want)
		}
	}
}
