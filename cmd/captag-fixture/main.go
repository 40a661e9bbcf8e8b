// Command captag-fixture writes the sample folder that the README's main
// command checks: testdata/aleppo, 16 small JPEGs that go with the 16
// captions in testdata/aleppo-2016-captions.txt (Anadolu Agency, Aleppo,
// 19-20 December 2016).
//
//	go run ./cmd/captag-fixture -o testdata/aleppo
//
// Each image carries the same facts in its EXIF, IPTC-IIM and XMP stores
// (written by package metadata/fixture): the capture date and time with the
// offset +03:00, the photographer, the agency as credit, source and
// copyright, and Aleppo, Syria. The file names follow the capture time, not
// the order of the caption file (which lists the newest pictures first), so
// captag has to match by content.
//
// Three images are deliberately wrong, so that `captag check` has something
// to catch:
//
//   - aleppo-01.jpg: the camera clock was a day behind — dated 18 December,
//     its caption says 19 December (a date error);
//   - aleppo-12.jpg: another photographer (Karim Haddad) where the caption
//     credits Jawad Al Rifai (a creator error);
//   - aleppo-16.jpg: credited to AFP where the caption says Anadolu Agency
//     (a credit error).
//
// The output is deterministic: a test regenerates the folder and compares
// it byte for byte with the committed files.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/captag/captag/metadata/fixture"
)

// picture is one image of the sample.
type picture struct {
	name    string
	creator string
	date    string // IIM form, "20161219"
	time    string // IIM form, "101205+0300"
	agency  string
	planted string // what is deliberately wrong, for the listing
}

const anadolu = "Anadolu Agency"

// pictures is the sample in capture-time order.
var pictures = []picture{
	{"aleppo-01.jpg", "Aref Watad", "20161218", "093012+0300", anadolu, "date: 18 December, the caption says 19 December"},
	{"aleppo-02.jpg", "Aref Watad", "20161219", "094105+0300", anadolu, ""},
	{"aleppo-03.jpg", "Aref Watad", "20161219", "095233+0300", anadolu, ""},
	{"aleppo-04.jpg", "Aref Watad", "20161219", "100418+0300", anadolu, ""},
	{"aleppo-05.jpg", "Aref Watad", "20161219", "101547+0300", anadolu, ""},
	{"aleppo-06.jpg", "Aref Watad", "20161219", "103002+0300", anadolu, ""},
	{"aleppo-07.jpg", "Aref Watad", "20161219", "104450+0300", anadolu, ""},
	{"aleppo-08.jpg", "Aref Watad", "20161219", "110116+0300", anadolu, ""},
	{"aleppo-09.jpg", "Ahmed Al Ahmed", "20161219", "121940+0300", anadolu, ""},
	{"aleppo-10.jpg", "Jawad Al Rifai", "20161219", "140500+0300", anadolu, ""},
	{"aleppo-11.jpg", "Jawad Al Rifai", "20161219", "142231+0300", anadolu, ""},
	{"aleppo-12.jpg", "Karim Haddad", "20161219", "143908+0300", anadolu, "creator: Karim Haddad, the caption credits Jawad Al Rifai"},
	{"aleppo-13.jpg", "Mustafa Sultan", "20161220", "091522+0300", anadolu, ""},
	{"aleppo-14.jpg", "Mustafa Sultan", "20161220", "093804+0300", anadolu, ""},
	{"aleppo-15.jpg", "Mustafa Sultan", "20161220", "100145+0300", anadolu, ""},
	{"aleppo-16.jpg", "Mustafa Sultan", "20161220", "103019+0300", "AFP", "credit: AFP, the caption says Anadolu Agency"},
}

// imageSize is the pixel size of each sample image: small, but a real JPEG.
const imageSize = 16

// jpegFor returns the bytes of one sample image.
func jpegFor(p picture) []byte {
	f := fixture.Fields{
		Date:        p.date,
		Time:        p.time,
		Creators:    []string{p.creator},
		Credit:      p.agency,
		Source:      p.agency,
		Copyright:   "2016 " + p.agency,
		City:        "Aleppo",
		Country:     "Syria",
		CountryCode: "SY",
	}
	s := fixture.All(f)
	s.Width, s.Height = imageSize, imageSize
	return fixture.JPEG(s)
}

// generate writes every sample image into dir.
func generate(dir string) error {
	for _, p := range pictures {
		if err := fixture.WriteFile(filepath.Join(dir, p.name), jpegFor(p)); err != nil {
			return err
		}
	}
	return nil
}

func main() {
	out := flag.String("o", "", "write the sample images into `DIR` (created when missing)")
	list := flag.Bool("list", false, "print the images and what is planted in them, and write nothing")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: captag-fixture -o DIR\n\nWrites the 16 sample JPEGs of testdata/aleppo.\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *list {
		for _, p := range pictures {
			planted := p.planted
			if planted == "" {
				planted = "agrees with its caption"
			}
			fmt.Printf("%s  %s  %s  %s  %s\n", p.name, p.date, p.creator, p.agency, planted)
		}
		return
	}
	if *out == "" || flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	if err := generate(*out); err != nil {
		fmt.Fprintln(os.Stderr, "captag-fixture: error:", strings.TrimPrefix(err.Error(), "captag-fixture: "))
		os.Exit(1)
	}
}
