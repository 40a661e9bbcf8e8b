package check

import (
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/date"
)

// TestCompareUnreadStores: a store that could not be read, or was read in
// part, is a file warning on the pair naming the store and why, one per
// store; the other stores are still compared, and a warning that does not
// say a part went unread is no finding.
func TestCompareUnreadStores(t *testing.T) {
	warn := func(code metadata.WarningCode, k metadata.StoreKind, msg string) metadata.Warning {
		return metadata.Warning{Code: code, Store: k, Message: msg}
	}
	tests := []struct {
		name string
		edit func(im *metadata.Image)
		want []string // short() of the findings
		msg  []string // each finding's message starts so
	}{
		{name: "sidecar refused: a link out of its folder",
			edit: func(im *metadata.Image) {
				im.Warnings = append(im.Warnings, warn(metadata.WarnGeneral, metadata.StoreSidecar,
					"sidecar: desk/AW_1.xmp is a symbolic link to /etc/x.xmp, outside its folder; not followed; left alone"))
			},
			want: []string{`warning file sidecar want="" got=""`},
			msg:  []string{"sidecar not read, nothing in it checked: sidecar: desk/AW_1.xmp is a symbolic link to /etc/x.xmp"}},
		{name: "sidecar that is not XMP, and the image's own stores still compared",
			edit: func(im *metadata.Image) {
				im.IPTC.Date = at(2016, 12, 20, 9, 0)
				im.Warnings = append(im.Warnings, warn(metadata.WarnGeneral, metadata.StoreSidecar,
					"sidecar: AW_1.xmp is not readable XMP, ignored: xmp: expected well-formed XML, found unexpected EOF (line 1)"))
			},
			want: []string{`error date iptc want="2016-12-19" got="2016-12-20"`, `warning file sidecar want="" got=""`},
			msg:  []string{"caption says 2016-12-19; IIM DateCreated says 2016-12-20", "sidecar not read, nothing in it checked: sidecar: AW_1.xmp is not readable XMP"}},
		{name: "two sidecars: the second is not read",
			edit: func(im *metadata.Image) {
				im.Sidecar = &metadata.Store{Kind: metadata.StoreSidecar, Creators: []string{"Aref Watad"}}
				im.Warnings = append(im.Warnings, warn(metadata.WarnUnsupportedPart, metadata.StoreSidecar,
					"sidecar: found 2 sidecars (AW_1.xmp, AW_1.jpg.xmp); reading AW_1.xmp"))
			},
			want: []string{`warning file sidecar want="" got=""`},
			msg:  []string{"sidecar not all read, so not all checked: sidecar: found 2 sidecars"}},
		{name: "EXIF refused whole, IPTC still compared",
			edit: func(im *metadata.Image) {
				im.EXIF = nil
				im.Warnings = append(im.Warnings, warn(metadata.WarnEXIFRefused, metadata.StoreEXIF, "exif: expected an IFD0 inside the payload, found none"))
			},
			want: []string{`warning file exif want="" got=""`},
			msg:  []string{"EXIF not all read, so not all checked: exif: expected an IFD0"}},
		{name: "XMP packet that does not parse: one finding for its problems, counted",
			edit: func(im *metadata.Image) {
				im.Warnings = append(im.Warnings,
					warn(metadata.WarnGeneral, metadata.StoreXMP, "xmp: expected well-formed XML, found invalid UTF-8 (line 2)"),
					warn(metadata.WarnGeneral, metadata.StoreXMP, "jpeg: expected one main XMP segment, found another at offset 900; it is ignored"))
			},
			want: []string{`warning file xmp want="" got=""`},
			msg:  []string{"embedded XMP not all read, so not all checked: xmp: expected well-formed XML, found invalid UTF-8 (line 2) (and 1 more problems)"}},
		{name: "IIM read, but a date in it unusable",
			edit: func(im *metadata.Image) {
				im.Warnings = append(im.Warnings, warn(metadata.WarnBadDate, metadata.StoreIPTC, "iptc: expected a 2:55 date with the 2:60 time, found only the time \"093012\""))
			},
			want: []string{`warning file iptc want="" got=""`},
			msg:  []string{"IPTC-IIM not all read, so not all checked: iptc: expected a 2:55 date"}},
		{name: "a zero placeholder DateTimeOriginal: the finding says the camera wrote no date",
			edit: func(im *metadata.Image) {
				im.EXIF.Date = date.Date{}
				_, err := date.ParseEXIFDate("0000:00:00 00:00:00", "", "")
				im.Warnings = append(im.Warnings, warn(metadata.WarnBadDate, metadata.StoreEXIF, err.Error()))
			},
			want: []string{`warning file exif want="" got=""`},
			msg:  []string{`EXIF not all read, so not all checked: exif: expected a DateTimeOriginal like "2016:12:19 14:05:00", found "0000:00:00 00:00:00", a placeholder: the camera wrote no date`}},
		{name: "stale digest stays its own finding, not an unread store",
			edit: func(im *metadata.Image) {
				im.Warnings = append(im.Warnings, warn(metadata.WarnDigestStale, metadata.StoreIPTC, "iptc: expected the IPTC digest to match the IIM block, found a stale digest"))
			},
			want: []string{`warning file iptc want="" got=""`},
			msg:  []string{"iptc: expected the IPTC digest"}},
		{name: "a note on a store that was read whole is no finding",
			edit: func(im *metadata.Image) {
				im.XMP = &metadata.Store{Kind: metadata.StoreXMP, Creators: []string{"Aref Watad"}}
				im.Warnings = append(im.Warnings,
					warn(metadata.WarnGeneral, metadata.StoreXMP, "xmp: expected the property dc:creator, found dc:Creator; read as dc:creator (as exiftool does)"),
					warn(metadata.WarnGeneral, "", "jpeg: expected a marker (0xFF) at offset 7837, found 0x30; stopped reading"))
			},
			want: []string{}},
		{name: "a file cut short inside its metadata: the stores past the cut were not read",
			edit: func(im *metadata.Image) {
				im.Warnings = append(im.Warnings, warn(metadata.WarnTruncated, "", "jpeg: segment 0xE1 at offset 168: expected 1044 bytes, found the end of the file"))
			},
			want: []string{`warning file  want="" got=""`},
			msg:  []string{"file not all read, what the rest holds not checked: jpeg: segment 0xE1 at offset 168"}},
		{name: "a field no readable store gives: the error says a store was not read",
			edit: func(im *metadata.Image) {
				im.EXIF.Creators, im.IPTC.Creators = nil, nil
				im.Warnings = append(im.Warnings, warn(metadata.WarnGeneral, metadata.StoreSidecar,
					"sidecar: AW_1.xmp is not readable XMP, ignored: xmp: expected well-formed XML, found unexpected EOF (line 1)"))
			},
			want: []string{`error creator  want="Aref Watad" got=""`, `warning file sidecar want="" got=""`},
			msg:  []string{"caption names Aref Watad, no store of the image names a creator (EXIF Artist, IIM By-line, XMP dc:creator) (the sidecar was not all read)"}},
		{name: "one finding per store, in store order",
			edit: func(im *metadata.Image) {
				im.Warnings = append(im.Warnings,
					warn(metadata.WarnGeneral, metadata.StoreSidecar, "sidecar: cannot read desk/AW_1.xmp: permission denied"),
					warn(metadata.WarnEXIFDamaged, metadata.StoreEXIF, "exif: Exif IFD at offset 169 skipped; the rest of the EXIF is read"))
			},
			want: []string{`warning file exif want="" got=""`, `warning file sidecar want="" got=""`}},
		{name: "damage aside (a thumbnail IFD, a GPS IFD): the checked values were read, no finding",
			edit: func(im *metadata.Image) {
				im.Warnings = append(im.Warnings,
					warn(metadata.WarnEXIFDamagedAside, metadata.StoreEXIF, "exif: IFD1 at offset 169 skipped; the rest of the EXIF is read"))
			},
			want: nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			im := awImage()
			tt.edit(im)
			fs := Compare(awRecord(), im, ByDateCreator, Options{})
			if got := short(fs); strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Fatalf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			for i, m := range tt.msg {
				if !strings.HasPrefix(fs[i].Message, m) && !strings.Contains(fs[i].Message, m) {
					t.Errorf("finding %d: message %q, want it to start %q", i, fs[i].Message, m)
				}
			}
			for _, f := range fs {
				if f.Field == FieldFile && (f.Severity != metadata.SeverityWarning || f.NotChecked) {
					t.Errorf("%s: severity %s, NotChecked %v; want a warning that counts in no field's not_checked", f.Message, f.Severity, f.NotChecked)
				}
			}
		})
	}
}
