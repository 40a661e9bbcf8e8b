package metadata

import (
	"encoding/binary"
	"testing"
)

func TestScanTIFFValues(t *testing.T) {
	le := binary.LittleEndian
	tests := []struct {
		name string
		file []byte
		want exifValues
		warn bool
	}{
		{
			name: "IFD0 and Exif IFD values, DateTimeOriginal in Exif IFD wins",
			file: buildTIFF(le, []tEnt{asciiEnt(tagImageDescription, "Desc"), asciiEnt(tagArtist, "A"), asciiEnt(tagCopyright, "C\x00E"), asciiEnt(tagDateTimeOriginal, "1999:01:01 00:00:00")},
				[]tEnt{asciiEnt(tagDateTimeOriginal, "2020:02:03 04:05:06"), asciiEnt(tagSubSecTimeOriginal, "5"), asciiEnt(tagOffsetTimeOriginal, "-03:30")}, 0),
			want: exifValues{description: "Desc", artist: "A", copyright: "C\x00E\x00", dateTimeOriginal: "2020:02:03 04:05:06", subSecTimeOriginal: "5", offsetTimeOriginal: "-03:30"},
		},
		{
			name: "value past the end is a warning, other values kept",
			file: buildTIFF(le, []tEnt{asciiEnt(tagArtist, "Kept"), {tag: tagImageDescription, typ: 2, count: 50000, rawField: testU32(le, 8)}}, nil, 0),
			want: exifValues{artist: "Kept"},
			warn: true,
		},
		{
			name: "Exif IFD pointer past the end is a warning",
			file: buildTIFF(le, []tEnt{asciiEnt(tagArtist, "Kept"), {tag: tagExifIFD, typ: 4, count: 1, val: testU32(le, 1<<30)}}, nil, 0),
			want: exifValues{artist: "Kept"},
			warn: true,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sc, err := scanTIFF(testSource(tc.file))
			if err != nil {
				t.Fatal(err)
			}
			if sc.exif != tc.want {
				t.Errorf("values %+v, want %+v", sc.exif, tc.want)
			}
			if got := len(sc.warns) > 0; got != tc.warn {
				t.Errorf("warnings %v, want some: %v", sc.warns, tc.warn)
			}
		})
	}
}

func FuzzTIFF(f *testing.F) {
	le := binary.LittleEndian
	f.Add(buildTIFF(le, []tEnt{asciiEnt(tagArtist, "A"), {tag: tagXMP, typ: 1, count: 5, val: []byte("<x:x>")}}, []tEnt{asciiEnt(tagDateTimeOriginal, "2020:02:03 04:05:06")}, 0))
	f.Add(buildTIFF(binary.BigEndian, []tEnt{asciiEnt(tagMake, "NIKON"), {tag: tagIPTC, typ: 4, count: 2, val: []byte("\x1c\x02\x50\x00\x01A\x00\x00")}}, nil, 0))
	f.Add(loopedIFD(le))
	for _, b := range corpusSeeds(f, tiffSeedFiles...) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) < 4 || Sniff(b) != "tiff" {
			return
		}
		sc, err := scanTIFF(testSource(b))
		if err != nil {
			return
		}
		for _, v := range [][]byte{sc.iptc, sc.photoshop, sc.xmp} {
			if len(v) > maxTIFFStoreValue || len(v) > len(b) {
				t.Fatalf("tag value of %d bytes from a %d-byte file", len(v), len(b))
			}
		}
		exifStore(sc.exif)
	})
}
