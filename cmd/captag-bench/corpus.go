package main

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/captag/captag/metadata/fixture"
	"github.com/captag/captag/metadata/jpegseg"
)

// The corpus: wire-style pictures of a few hundred news days, each day in
// one place, shot by photographers of four agencies, with a caption file in
// the agencies' text form whose order is shuffled (content matching must do
// the work: file names say nothing).
const (
	corpusSeed1, corpusSeed2 = 0x5eed, 0xca97
	picturesPerDay           = 20   // on average; a day has one place
	maxExiftoolTemplates     = 2000 // files exiftool writes itself; the rest are copies (bursts)
	statSampleFiles          = 200  // files whose segments are summed for the size facts
)

// place is a dateline location and its UTC offset.
type place struct {
	City, Country, Code, Offset string
}

var places = []place{
	{"Aleppo", "Syria", "SY", "+03:00"}, {"Istanbul", "Turkey", "TR", "+03:00"}, {"Ankara", "Turkey", "TR", "+03:00"},
	{"Berlin", "Germany", "DE", "+01:00"}, {"New Delhi", "India", "IN", "+05:30"}, {"Kabul", "Afghanistan", "AF", "+04:30"},
	{"Tokyo", "Japan", "JP", "+09:00"}, {"Nairobi", "Kenya", "KE", "+03:00"}, {"Madrid", "Spain", "ES", "+01:00"},
	{"Sao Paulo", "Brazil", "BR", "-03:00"}, {"Jakarta", "Indonesia", "ID", "+07:00"}, {"Cairo", "Egypt", "EG", "+02:00"},
	{"Kathmandu", "Nepal", "NP", "+05:45"}, {"Baghdad", "Iraq", "IQ", "+03:00"}, {"Mexico City", "Mexico", "MX", "-06:00"},
	{"London", "United Kingdom", "GB", "+00:00"}, {"Dhaka", "Bangladesh", "BD", "+06:00"}, {"Rome", "Italy", "IT", "+01:00"},
}

// photographers are invented names, a few with diacritics and particles so
// that name folding has work to do.
var photographers = []string{
	"Aref Tahan", "Mustafa Kaya", "Ahmed Al Hamdan", "Jawad Al Hassan", "Elif Demir", "Can Yilmaz", "Müslüm Çelik",
	"Selin Aydın", "Hannah Becker", "Jonas Richter", "Priya Raman", "Arjun Mehta", "Farid Noori", "Yuki Tanaka",
	"Kenji Sato", "Grace Wanjiru", "David Otieno", "José Peña", "Lucía Gómez", "Ana Souza", "Rafael Lima", "Dewi Lestari",
	"Budi Santoso", "Omar Fathy", "Nour El Din", "Bikash Thapa", "Sara Haddad", "Ali Kareem", "María Ortega",
	"Tom Hughes", "Emma Clarke", "Rahim Uddin", "Giulia Conti", "Marco Ferri", "Leila Nasser", "Ivan Petrov",
	"Olga Ivanova", "Kwame Mensah", "Chen Wei", "Lina Haddad",
}

// agency is how one agency writes its credit.
type agency struct {
	Credit   string                         // IIM Credit / XMP photoshop:Credit as the agency writes it
	Weight   int                            // share of the pictures, in twentieths
	Format   func(text, name string) string // the caption with its credit
	Dateline func(city, country, month string, day int) string
}

var agencies = []agency{
	{"Anadolu Agency", 14, func(t, n string) string { return t + " ( " + n + " - Anadolu Agency )" }, datelineSpaced},
	{"Reuters", 2, func(t, n string) string { return t + " REUTERS/" + n }, datelinePlain},
	{"AP", 2, func(t, n string) string { return t + " (AP Photo/" + n + ")" }, datelinePlain},
	{"Getty Images", 2, func(t, n string) string { return t + " (Photo by " + n + "/Getty Images)" }, datelinePlain},
}

func datelineSpaced(city, country, month string, day int) string {
	return fmt.Sprintf("%s, %s - %s %d : ", strings.ToUpper(city), strings.ToUpper(country), strings.ToUpper(month), day)
}

func datelinePlain(city, country, month string, day int) string {
	return fmt.Sprintf("%s, %s - %s %d: ", strings.ToUpper(city), strings.ToUpper(country), strings.ToUpper(month), day)
}

var (
	subjects = []string{
		"Civilians", "Residents", "Rescue workers", "Volunteers", "Families", "Students", "Shop owners",
		"Farmers", "Supporters", "Commuters", "Medical staff", "Children",
	}
	actions = []string{
		"wait to be evacuated from the eastern districts of the city, which had been cut off for weeks by heavy fighting and a shortage of fuel,",
		"gather near the main square as the city marks the anniversary of the flood that destroyed hundreds of houses along the river banks,",
		"clear the debris of a collapsed building after a strong earthquake struck the region early in the morning, damaging roads and bridges,",
		"queue for bread and drinking water distributed by aid organisations at a temporary camp set up on the outskirts of the city,",
		"take part in a demonstration against rising food and energy prices that have pushed many households below the poverty line,",
		"try to get warm around a fire as temperatures fall below freezing while they wait for buses at a crossing point,",
		"carry belongings out of their homes after the river burst its banks following three days of torrential rain,",
		"celebrate in the streets after the national team won the championship final in front of a crowd of thousands,",
	}
	closings = []string{
		"Officials said more convoys are expected to arrive in the coming days, while aid groups warned that supplies were running low.",
		"Authorities have opened schools and sports halls as temporary shelters for those who lost their homes in the disaster.",
		"The organisers said the event would be repeated every year to remember the victims and to thank the volunteers.",
		"Local media reported that the situation remained tense throughout the afternoon as more people joined the crowd.",
		"Hospitals in the area said they had treated dozens of people, most of them for minor injuries and exposure to the cold.",
	}
	backgrounds = []string{
		"The city has seen several such days this year.",
		"Police closed the surrounding roads to traffic for several hours.",
		"Many of those present said they had travelled from nearby towns and villages since dawn.",
	}
	months = []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}
)

// item is one picture and its caption.
type item struct {
	Name                         string // file name
	Year, Month, Day             int
	Hour, Minute, Second, SubSec int
	Place                        place
	Photographer                 string
	Agency                       *agency
	Caption                      string
}

// fields returns what the picture's stores say.
func (it *item) fields() fixture.Fields {
	off := strings.Replace(it.Place.Offset, ":", "", 1)
	return fixture.Fields{
		Date:        fmt.Sprintf("%04d%02d%02d", it.Year, it.Month, it.Day),
		Time:        fmt.Sprintf("%02d%02d%02d%s", it.Hour, it.Minute, it.Second, off),
		Creators:    []string{it.Photographer},
		Credit:      it.Agency.Credit,
		Source:      it.Agency.Credit,
		Copyright:   it.Agency.Credit,
		Description: it.Caption,
		City:        it.Place.City,
		Country:     it.Place.Country,
		CountryCode: it.Place.Code,
	}
}

// spec returns the fixture Spec of a full wire picture (tiny: only the date
// and credit fields, no caption in the image and no XMP).
func (it *item) spec(tiny bool) fixture.Spec {
	f := it.fields()
	if tiny {
		f.Description, f.City, f.Country, f.CountryCode, f.Copyright = "", "", "", "", ""
		m := fixture.IIMFields(f)
		m.Digest = fixture.DigestCurrent
		return fixture.Spec{EXIF: fixture.EXIFFields(f), IIM: &m}
	}
	s := fixture.All(f)
	s.EXIF.SubSecTimeOriginal = fmt.Sprintf("%02d", it.SubSec)
	return s
}

// makeItems invents n pictures: days drawn from 2016–2024, about
// picturesPerDay per day, each day in one place, photographers and
// agencies mixed. The same seed gives the same items.
func makeItems(n int, seed uint64) []item {
	rng := rand.New(rand.NewPCG(corpusSeed1^seed, corpusSeed2))
	days := max(1, n/picturesPerDay)
	type day struct {
		y, m, d int
		p       place
	}
	dayList := make([]day, days)
	for i := range dayList {
		dayList[i] = day{2016 + rng.IntN(9), 1 + rng.IntN(12), 1 + rng.IntN(28), places[rng.IntN(len(places))]}
	}
	// A photographer works for one agency.
	var weighted []*agency
	for i := range agencies {
		for range agencies[i].Weight {
			weighted = append(weighted, &agencies[i])
		}
	}
	agencyOf := make([]*agency, len(photographers))
	for i := range agencyOf {
		agencyOf[i] = weighted[rng.IntN(len(weighted))]
	}
	items := make([]item, n)
	for i := range items {
		d := dayList[rng.IntN(days)]
		it := &items[i]
		it.Year, it.Month, it.Day, it.Place = d.y, d.m, d.d, d.p
		it.Hour, it.Minute, it.Second, it.SubSec = 6+rng.IntN(16), rng.IntN(60), rng.IntN(60), rng.IntN(100)
		p := rng.IntN(len(photographers))
		it.Photographer, it.Agency = photographers[p], agencyOf[p]
		month := months[it.Month-1]
		text := fmt.Sprintf("%s%s %s in %s, %s on %s %d, %d.", it.Agency.Dateline(it.Place.City, it.Place.Country, month, it.Day),
			subjects[rng.IntN(len(subjects))], actions[rng.IntN(len(actions))], it.Place.City, it.Place.Country,
			month, it.Day, it.Year)
		text += " " + closings[rng.IntN(len(closings))]
		if rng.IntN(3) == 0 {
			text += " " + backgrounds[rng.IntN(len(backgrounds))]
		}
		it.Caption = it.Agency.Format(text, it.Photographer)
	}
	// File names in an order unrelated to the content, like an agency's
	// numbering of the pictures it received.
	for i, k := range rng.Perm(n) {
		items[i].Name = fmt.Sprintf("AA%07d.jpg", 1000000+k)
	}
	return items
}

// captionFile returns the caption file: one paragraph per caption, in an
// order shuffled with a fixed seed.
func captionFile(captions []string, seed uint64) []byte {
	rng := rand.New(rand.NewPCG(seed, corpusSeed2))
	order := rng.Perm(len(captions))
	var b bytes.Buffer
	for i, k := range order {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(captions[k])
		b.WriteString("\n")
	}
	return b.Bytes()
}

// corpus is a folder of images and its caption file.
type corpus struct {
	Set      string // "fixture", "exiftool", "tiny"
	Dir      string // holds the images only
	Captions string
	Files    []string // base names
	Facts    string   // what the files look like
}

// buildFixtureCorpus writes n pictures made by the project's fixture
// generator into dir and their caption file to captions.
func buildFixtureCorpus(dir, captions string, n int, tiny bool) (*corpus, error) {
	items := makeItems(n, 0)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	c := &corpus{Set: "fixture", Dir: dir, Captions: captions}
	if tiny {
		c.Set = "tiny"
	}
	texts := make([]string, n)
	for i := range items {
		it := &items[i]
		if err := os.WriteFile(filepath.Join(dir, it.Name), fixture.JPEG(it.spec(tiny)), 0o644); err != nil {
			return nil, err
		}
		c.Files = append(c.Files, it.Name)
		texts[i] = it.Caption
	}
	if err := os.WriteFile(captions, captionFile(texts, 1), 0o644); err != nil {
		return nil, err
	}
	c.Facts = describe(c)
	return c, nil
}

// exiftoolColumns are the tags exiftool writes into each template, in CSV
// column order, and how to get each value from an item.
var exiftoolColumns = []struct {
	Tag   string
	Value func(it *item, f fixture.Fields) string
}{
	{"EXIF:DateTimeOriginal", func(it *item, _ fixture.Fields) string {
		return fmt.Sprintf("%04d:%02d:%02d %02d:%02d:%02d", it.Year, it.Month, it.Day, it.Hour, it.Minute, it.Second)
	}},
	{"EXIF:SubSecTimeOriginal", func(it *item, _ fixture.Fields) string { return fmt.Sprintf("%02d", it.SubSec) }},
	{"EXIF:OffsetTimeOriginal", func(it *item, _ fixture.Fields) string { return it.Place.Offset }},
	{"EXIF:Artist", func(it *item, _ fixture.Fields) string { return it.Photographer }},
	{"EXIF:Copyright", func(_ *item, f fixture.Fields) string { return f.Copyright }},
	{"EXIF:ImageDescription", func(_ *item, f fixture.Fields) string { return f.Description }},
	{"IPTC:CodedCharacterSet", func(*item, fixture.Fields) string { return "UTF8" }},
	{"IPTC:DateCreated", func(_ *item, f fixture.Fields) string { return f.Date }},
	{"IPTC:TimeCreated", func(_ *item, f fixture.Fields) string { return f.Time }},
	{"IPTC:By-line", func(it *item, _ fixture.Fields) string { return it.Photographer }},
	{"IPTC:City", func(_ *item, f fixture.Fields) string { return f.City }},
	{"IPTC:Country-PrimaryLocationCode", func(_ *item, f fixture.Fields) string { return f.CountryCode }},
	{"IPTC:Country-PrimaryLocationName", func(_ *item, f fixture.Fields) string { return f.Country }},
	{"IPTC:Credit", func(_ *item, f fixture.Fields) string { return f.Credit }},
	{"IPTC:Source", func(_ *item, f fixture.Fields) string { return f.Source }},
	{"IPTC:CopyrightNotice", func(_ *item, f fixture.Fields) string { return f.Copyright }},
	{"IPTC:Caption-Abstract", func(_ *item, f fixture.Fields) string { return f.Description }},
	{"XMP-dc:Creator", func(it *item, _ fixture.Fields) string { return it.Photographer }},
	{"XMP-dc:Description", func(_ *item, f fixture.Fields) string { return f.Description }},
	{"XMP-dc:Rights", func(_ *item, f fixture.Fields) string { return f.Copyright }},
	{"XMP-photoshop:Credit", func(_ *item, f fixture.Fields) string { return f.Credit }},
	{"XMP-photoshop:Source", func(_ *item, f fixture.Fields) string { return f.Source }},
	{"XMP-photoshop:City", func(_ *item, f fixture.Fields) string { return f.City }},
	{"XMP-photoshop:Country", func(_ *item, f fixture.Fields) string { return f.Country }},
	{"XMP-photoshop:DateCreated", func(_ *item, f fixture.Fields) string { return fixture.XMPDate(f) }},
	{"XMP-iptcCore:CountryCode", func(_ *item, f fixture.Fields) string { return f.CountryCode }},
}

// buildExiftoolCorpus writes min(n, maxTemplates) metadata-free JPEGs,
// has exiftool write every picture's metadata into them in one run
// (-csv=), then copies them into dir to make n files: with more than
// maxTemplates files, each template becomes a burst of identical pictures
// with identical captions (which the matcher treats as interchangeable).
func buildExiftoolCorpus(exiftool, work, dir, captions string, n, maxTemplates int) (*corpus, error) {
	k := max(1, min(n, maxTemplates))
	items := makeItems(k, 7)
	tdir := filepath.Join(work, "exiftool-templates")
	if err := os.MkdirAll(tdir, 0o755); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	bare := fixture.JPEG(fixture.Spec{})
	var table bytes.Buffer
	w := csv.NewWriter(&table)
	header := []string{"SourceFile"}
	for _, col := range exiftoolColumns {
		header = append(header, col.Tag)
	}
	w.Write(header)
	for i := range items {
		it := &items[i]
		it.Name = fmt.Sprintf("t%05d.jpg", i)
		if err := os.WriteFile(filepath.Join(tdir, it.Name), bare, 0o644); err != nil {
			return nil, err
		}
		f := it.fields()
		rec := []string{filepath.Join(filepath.Base(tdir), it.Name)}
		for _, col := range exiftoolColumns {
			rec = append(rec, col.Value(it, f))
		}
		w.Write(rec)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return nil, err
	}
	csvPath := filepath.Join(work, "exiftool-templates.csv")
	if err := os.WriteFile(csvPath, table.Bytes(), 0o644); err != nil {
		return nil, err
	}
	cmd := exec.Command(exiftool, "-q", "-q", "-overwrite_original", "-csv="+filepath.Base(csvPath), filepath.Base(tdir))
	cmd.Dir = work
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("exiftool writing %d templates: %v: %s", k, err, tail(string(out), 3))
	}
	c := &corpus{Set: "exiftool", Dir: dir, Captions: captions}
	texts := make([]string, n)
	for j := range n {
		t := &items[j*k/n]
		data, err := os.ReadFile(filepath.Join(tdir, t.Name))
		if err != nil {
			return nil, err
		}
		if bytes.Equal(data, bare) {
			return nil, fmt.Errorf("exiftool left template %s without metadata", t.Name)
		}
		name := fmt.Sprintf("ET%07d.jpg", 1000000+j)
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return nil, err
		}
		c.Files = append(c.Files, name)
		texts[j] = t.Caption
	}
	if err := os.WriteFile(captions, captionFile(texts, 2), 0o644); err != nil {
		return nil, err
	}
	c.Facts = describe(c)
	if k < n {
		burst := fmt.Sprint(n / k)
		if n%k != 0 {
			burst = fmt.Sprintf("%d–%d", n/k, n/k+1)
		}
		c.Facts += fmt.Sprintf("; exiftool wrote %d distinct pictures, copied into bursts of %s identical files with identical captions", k, burst)
	}
	return c, nil
}

// segmentSizes sums the bytes (markers and lengths included) of a JPEG's
// segments before SOS, by kind. It walks markers and lengths and stops at
// the first thing that is not a well-formed segment.
type segmentSizes struct {
	EXIF, XMP, IRB, Other int
}

func jpegSegments(b []byte) segmentSizes {
	var s segmentSizes
	if len(b) < 2 || b[0] != 0xFF || b[1] != jpegseg.SOI {
		return s
	}
	w := jpegseg.New(bytes.NewReader(b), int64(len(b)))
	for {
		seg, err := w.Next()
		if err != nil { // io.EOF at the end of the header
			break
		}
		if !jpegseg.HasLength(seg.Marker) {
			continue
		}
		payload := b[seg.Payload:seg.End]
		size := int(seg.End - seg.At)
		switch {
		case seg.Marker == jpegseg.APP1 && bytes.HasPrefix(payload, []byte(jpegseg.SigExif)):
			s.EXIF += size
		case seg.Marker == jpegseg.APP1 && bytes.HasPrefix(payload, []byte("http://ns.adobe.com/")): // XMP, ExtendedXMP
			s.XMP += size
		case seg.Marker == jpegseg.APP13:
			s.IRB += size
		default:
			s.Other += size
		}
	}
	return s
}

// describe says what the files of c look like: sizes of the metadata
// segments (averaged over a sample) and of the files.
func describe(c *corpus) string {
	var sum segmentSizes
	var bytesTotal int64
	sampled := 0
	for i, name := range c.Files {
		fi, err := os.Stat(filepath.Join(c.Dir, name))
		if err != nil {
			continue
		}
		bytesTotal += fi.Size()
		if i%max(1, len(c.Files)/statSampleFiles) != 0 {
			continue
		}
		b, err := os.ReadFile(filepath.Join(c.Dir, name))
		if err != nil {
			continue
		}
		s := jpegSegments(b)
		sum.EXIF += s.EXIF
		sum.XMP += s.XMP
		sum.IRB += s.IRB
		sum.Other += s.Other
		sampled++
	}
	if sampled == 0 {
		return fmt.Sprintf("%d files", len(c.Files))
	}
	capSize := int64(0)
	if fi, err := os.Stat(c.Captions); err == nil {
		capSize = fi.Size()
	}
	avg := func(v int) int { return v / sampled }
	return fmt.Sprintf("%d JPEGs, %.1f MB, %d bytes per file on average; metadata %d bytes per file (EXIF APP1 %d, XMP APP1 %d, Photoshop APP13 with IPTC %d), other header segments %d (JFIF, tables), no thumbnail or maker notes; caption file %d bytes",
		len(c.Files), float64(bytesTotal)/1e6, bytesTotal/int64(len(c.Files)), avg(sum.EXIF+sum.XMP+sum.IRB), avg(sum.EXIF), avg(sum.XMP), avg(sum.IRB), avg(sum.Other), capSize)
}

// tail returns the last n non-empty lines of s, joined by " / ".
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " / ")
}

// maxPad caps -pad: 2,000 images of it fill 100 GB.
const maxPad = 50 << 20 // bytes

// padCorpus grows every image of c to size bytes (those already as large
// are left as they are) with bytes inside its scan, before EOI, where no
// reader of metadata looks and which write --embed copies: a
// camera-sized file whose metadata is a wire picture's, for cold reads
// (what the disk moves depends on the file's size, through read-ahead, as
// much as on what is asked) and for embedding, whose copy and checks go
// over the whole file. The fill has no 0xFF byte, so the scan stays a
// well-formed entropy-coded segment.
func padCorpus(c *corpus, size int) error {
	fill := bytes.Repeat([]byte{0xA5, 0x5A, 0x3C, 0xC3}, 1<<14) // 64 KiB at a time, no 0xFF
	var total int64
	for _, name := range c.Files {
		path := filepath.Join(c.Dir, name)
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if len(b) < 4 || !bytes.HasSuffix(b, []byte{0xFF, 0xD9}) {
			return fmt.Errorf("padding %s: expected a JPEG ending at EOI, found %d bytes ending % x", path, len(b), b[max(0, len(b)-2):])
		}
		out := make([]byte, 0, max(size, len(b)))
		out = append(out, b[:len(b)-2]...)
		for len(out) < size-2 {
			out = append(out, fill[:min(len(fill), size-2-len(out))]...)
		}
		out = append(out, 0xFF, 0xD9)
		if err := os.WriteFile(path, out, 0o644); err != nil {
			return fmt.Errorf("padding %s: %w", path, err)
		}
		total += int64(len(out))
	}
	c.Facts += fmt.Sprintf("; each padded to %d bytes inside its scan (%.1f MB in all)", size, float64(total)/1e6)
	return nil
}
