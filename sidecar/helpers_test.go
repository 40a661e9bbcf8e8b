package sidecar

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/date"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// aleppoText is the sample wire caption the project's issues use.
const aleppoText = "ALEPPO, SYRIA - DECEMBER 19 : Syrians wait near buses in Aleppo on December 19, 2016. ( Aref Watad - Anadolu Agency )"

// textRecord is what the caption parser makes of aleppoText.
func textRecord() caption.Record {
	return caption.Record{
		Line:     1,
		Text:     aleppoText,
		City:     "Aleppo",
		Country:  "Syria",
		Date:     date.DayOf(2016, 12, 19),
		Creators: []string{"Aref Watad"},
		Agency:   "Anadolu Agency",
	}
}

// csvRecord is a record from a CSV/JSON caption file: every column set.
func csvRecord() caption.Record {
	r := textRecord()
	r.Region = "Aleppo Governorate"
	r.File = "IMG_0001.CR2"
	r.Headline = "Evacuation of Aleppo continues"
	r.Title = "SYRIA-CONFLICT-ALEPPO"
	r.Keywords = []string{"Syria", "Aleppo", "evacuation", "Zürich test ü"}
	r.Copyright = "2016 Anadolu Agency"
	r.Instructions = "NO SALES"
	r.JobID = "AA-20161219-1"
	return r
}

// aleppoImage is an image whose EXIF says 14:05:00 +03:00 on the caption's
// day.
func aleppoImage() *metadata.Image {
	return &metadata.Image{
		Path:   "IMG_0001.CR2",
		Format: "cr2",
		EXIF: &metadata.Store{Kind: metadata.StoreEXIF, Date: date.Date{
			Year: 2016, Month: 12, Day: 19, Hour: 14, Minute: 5, Second: 0,
			Precision: date.PrecSecond, HasOffset: true, OffsetMinutes: 180,
		}},
	}
}

var testOptions = Options{CaptionWriter: "desk", Toolkit: "captag"}

// golden compares got with testdata/name, rewriting it under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden %s: %v (run go test ./sidecar/ -run %s -update)", path, err, t.Name())
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (run with -update if the change is meant)\n--- got ---\n%s\n--- want ---\n%s", path, got, want)
	}
}

func readTestdata(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func readFileB(path string) ([]byte, error) { return os.ReadFile(path) }
