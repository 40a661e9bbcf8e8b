package embed

import (
	"bytes"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/fixture"
	"github.com/captag/captag/metadata/xmp"
	"github.com/captag/captag/sidecar"
)

// mutants is how many mutated JPEGs TestMutationRun embeds into. CI runs
// the default; the issue-20 run used -mutants=6000 (go test
// ./sidecar/embed -run TestMutationRun -mutants=6000 -v).
var mutants = flag.Int("mutants", 400, "how many mutants of the corpus JPEGs TestMutationRun embeds into")

// mutantsSeed picks the mutants: another seed, another run.
var mutantsSeed = flag.Uint64("mutants-seed", 2026, "the seed of TestMutationRun's mutations")

// mutantsDir, when set, is where TestMutationRun leaves its inputs and
// outputs (NNN-MM-orig.jpg, NNN-MM.jpg) for a look with exiftool.
var mutantsDir = flag.String("mutants-dir", "", "keep TestMutationRun's files in `DIR` (made if missing)")

// mutation is one way of damaging a segment: it gets the segment's
// payload and returns the new one (nil: leave the segment out).
type mutation struct {
	name string
	f    func(r *rand.Rand, p []byte, sigLen int) []byte
}

// mutations are what a red-team pass does to APP1, APP13 and APP2
// payloads: flips inside and beside the signature, cuts, counts and
// offsets set to the extremes or just past the end, inserted and zeroed
// runs. Each keeps the segment's length field right (rtJoin writes it),
// so the damage is inside the segment, where readers must cope with it.
var mutations = []mutation{
	{"flip a byte of the body", func(r *rand.Rand, p []byte, sig int) []byte {
		if len(p) <= sig {
			return p
		}
		i := sig + r.IntN(len(p)-sig)
		p[i] ^= byte(1 + r.IntN(255))
		return p
	}},
	{"flip a byte of the signature", func(r *rand.Rand, p []byte, sig int) []byte {
		if sig == 0 {
			return p
		}
		p[r.IntN(sig)] ^= byte(1 << r.IntN(8))
		return p
	}},
	{"cut the body", func(r *rand.Rand, p []byte, sig int) []byte {
		if len(p) <= sig+1 {
			return p
		}
		return p[:sig+r.IntN(len(p)-sig)]
	}},
	{"a 16-bit field set to 0xFFFF", func(r *rand.Rand, p []byte, sig int) []byte {
		if len(p) < sig+2 {
			return p
		}
		i := sig + r.IntN(len(p)-sig-1)
		p[i], p[i+1] = 0xFF, 0xFF
		return p
	}},
	{"a 32-bit field pointing just past the end", func(r *rand.Rand, p []byte, sig int) []byte {
		if len(p) < sig+4 {
			return p
		}
		i := sig + r.IntN(len(p)-sig-3)&^1
		v := uint32(len(p) - sig + r.IntN(3))
		if r.IntN(2) == 0 {
			binary.BigEndian.PutUint32(p[i:], v)
		} else {
			binary.LittleEndian.PutUint32(p[i:], v)
		}
		return p
	}},
	{"random bytes inserted", func(r *rand.Rand, p []byte, sig int) []byte {
		n := 1 + r.IntN(64)
		if len(p)+n > 65533 {
			return p
		}
		i := sig + r.IntN(len(p)-sig+1)
		ins := make([]byte, n)
		for k := range ins {
			ins[k] = byte(r.Uint32())
		}
		return append(p[:i:i], append(ins, p[i:]...)...)
	}},
	{"a run zeroed", func(r *rand.Rand, p []byte, sig int) []byte {
		if len(p) <= sig {
			return p
		}
		i := sig + r.IntN(len(p)-sig)
		n := min(len(p)-i, 1+r.IntN(32))
		clear(p[i : i+n])
		return p
	}},
	{"the segment left out", func(r *rand.Rand, p []byte, sig int) []byte { return nil }},
}

// signatureLen is the length of the signature a payload of marker m
// starts with (0 when it has none of those embed knows).
func signatureLen(m byte, p []byte) int {
	for _, s := range []struct {
		m   byte
		sig string
	}{{0xE1, sigExif}, {0xE1, sigXMP}, {0xE1, "http://ns.adobe.com/xmp/extension/\x00"}, {0xED, sigPhotoshop}, {0xE2, "ICC_PROFILE\x00"}, {0xE2, "MPF\x00"}} {
		if m == s.m && bytes.HasPrefix(p, []byte(s.sig)) {
			return len(s.sig)
		}
	}
	return 0
}

// TestMutationRun is the red-team mutation run of issue 20, made a test:
// every corpus JPEG captag reads, and mutants of its APP1 (EXIF, XMP),
// APP13 and APP2 (ICC, MPF) segments, each embedded into with File (half
// with Options.EXIF) and then again. It checks what a desk cares about:
// a refused file is byte for byte as it was; an embedded one keeps its
// scan, trailer and every segment captag does not own byte for byte and
// in order (an MPF index differs only in its MP entries' sizes and
// offsets); the second run changes no byte; and exiftool -validate finds
// no warning the mutant did not have.
func TestMutationRun(t *testing.T) {
	dir := corpusDir(t)
	files := corpusJPEGs(t, dir)
	tmp := t.TempDir()
	if *mutantsDir != "" {
		tmp = *mutantsDir
		if err := os.MkdirAll(tmp, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	rng := rand.New(rand.NewPCG(20, *mutantsSeed))
	rec := aleppo()

	type done struct {
		orig, out string
		how       string
	}
	var embedded []done
	refused := map[string]int{}
	byHow := map[string]int{}
	count, changedOutside, secondChanged := 0, 0, 0
	fail := func(how, p, format string, args ...any) {
		t.Errorf("%s (%s): %s", p, how, fmt.Sprintf(format, args...))
	}
	per := (*mutants + len(files) - 1) / len(files)
	for i, p := range files {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		raw, scan, err := splitJPEG(src)
		if err != nil {
			// A JPEG with bytes between its segments: embedded as it
			// is, not mutated (rtJoin would drop those bytes).
			raw = nil
		}
		var segs []fixture.Segment
		for _, r := range raw {
			k := 0
			for r[k+1] == 0xFF {
				k++
			}
			segs = append(segs, fixture.Segment{Marker: r[k+1], Payload: r[k+4:]})
		}
		var targets []int
		for k, s := range segs {
			if s.Marker == 0xE1 || s.Marker == 0xED || s.Marker == 0xE2 {
				targets = append(targets, k)
			}
		}
		// The file as it is, then its mutants.
		for m := 0; m <= per && count < *mutants+len(files); m++ {
			b, how := src, "as it is"
			if m > 0 {
				if len(targets) == 0 {
					break
				}
				k := targets[rng.IntN(len(targets))]
				mu := mutations[rng.IntN(len(mutations))]
				payload := mu.f(rng, bytes.Clone(segs[k].Payload), signatureLen(segs[k].Marker, segs[k].Payload))
				ms := append([]fixture.Segment(nil), segs...)
				if payload == nil {
					ms = append(ms[:k:k], ms[k+1:]...)
				} else {
					ms[k].Payload = payload
				}
				b = rtJoin(ms, scan, "")
				how = fmt.Sprintf("APP%d: %s", segs[k].Marker-0xE0, mu.name)
			}
			count++
			byHow[how]++
			orig := filepath.Join(tmp, fmt.Sprintf("%03d-%02d-orig.jpg", i, m))
			out := filepath.Join(tmp, fmt.Sprintf("%03d-%02d.jpg", i, m))
			if err := os.WriteFile(orig, b, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(out, b, 0o644); err != nil {
				t.Fatal(err)
			}
			opt := FileOptions{Options: Options{EXIF: m%2 == 1}}
			res, err := File(out, rec, opt)
			got, rerr := os.ReadFile(out)
			if rerr != nil {
				t.Fatal(rerr)
			}
			var re *RefusedError
			var se *sidecar.RefusedError
			switch {
			case errors.As(err, &re) || errors.As(err, &se):
				reason := ""
				if re != nil {
					reason = re.Reason
				} else {
					reason = se.Reason
				}
				refused[digitsOut(reason)]++
				if !bytes.Equal(got, b) {
					changedOutside++
					fail(how, p, "refused (%s) but the file changed", reason)
				}
				os.Remove(orig)
				os.Remove(out)
				continue
			case err != nil:
				fail(how, p, "%v", err)
				continue
			}
			if msg := untouchedOutside(b, got, len(res.EXIF) > 0); msg != "" {
				changedOutside++
				fail(how, p, "%s", msg)
			}
			res2, err := File(out, rec, opt)
			again, _ := os.ReadFile(out)
			if err != nil || res2.Outcome != sidecar.Unchanged || !bytes.Equal(again, got) {
				secondChanged++
				fail(how, p, "second run: %v, outcome %v, bytes equal %v", err, res2.Outcome, bytes.Equal(again, got))
			}
			embedded = append(embedded, done{orig, out, how})
		}
	}
	keys := make([]string, 0, len(refused))
	nref := 0
	for k, n := range refused {
		keys = append(keys, k)
		nref += n
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("refused %4d: %s", refused[k], k)
	}
	hows := make([]string, 0, len(byHow))
	for k := range byHow {
		hows = append(hows, k)
	}
	sort.Strings(hows)
	for _, k := range hows {
		t.Logf("inputs %4d: %s", byHow[k], k)
	}
	t.Logf("%d corpus JPEGs, %d inputs (the files and %d mutants): %d embedded, %d refused; %d changed outside what captag owns, %d changed by a second run",
		len(files), count, count-len(files), len(embedded), nref, changedOutside, secondChanged)

	if _, err := exec.LookPath("exiftool"); err != nil {
		t.Skip("exiftool not on PATH: the Go checks passed; skipping exiftool -validate")
	}
	var origs, outs []string
	for _, d := range embedded {
		origs = append(origs, d.orig)
		outs = append(outs, d.out)
	}
	val := []string{"-G4", "-a", "-validate", "-warning", "-error"}
	before := exiftoolJSON(t, val, origs)
	after := exiftoolJSON(t, val, outs)
	newWarnings := 0
	// A warning is compared with its numbers masked: re-encoding a value
	// the file already had wrong changes the count in it, not the fault
	// ("SubjectReference too short (7 bytes…)" then "(9 bytes…)").
	masked := func(ws map[string]bool) map[string]bool {
		m := make(map[string]bool, len(ws))
		for w := range ws {
			m[digitsOut(w)] = true
		}
		return m
	}
	for _, d := range embedded {
		old := masked(warningsOf(before[d.orig]))
		for w := range warningsOf(after[d.out]) {
			if !old[digitsOut(w)] {
				newWarnings++
				t.Errorf("%s (%s): new exiftool warning after embedding: %s", d.out, d.how, w)
			}
		}
	}
	t.Logf("exiftool -validate on %d embedded files: %d new warnings", len(embedded), newWarnings)
}

// untouchedOutside says how out differs from orig outside the metadata
// embed owns ("" when it does not): the scan and what follows it, and
// every other segment in order, byte for byte, except the first EXIF
// segment when exif (Options.EXIF wrote it) and an MPF index's MP
// entries' sizes and offsets (they follow the primary image's length).
func untouchedOutside(orig, out []byte, exif bool) string {
	os, oscan, err := splitJPEG(orig)
	if err != nil {
		// A file with bytes between its segments: the scan is compared.
		i, j := bytes.Index(orig, []byte{0xFF, 0xDA}), bytes.Index(out, []byte{0xFF, 0xDA})
		if i < 0 || j < 0 || !bytes.Equal(orig[i:], out[j:]) {
			return "the scan and what follows differ"
		}
		return ""
	}
	ns, nscan, err := splitJPEG(out)
	if err != nil {
		return "the output: " + err.Error()
	}
	if !bytes.Equal(oscan, nscan) {
		return fmt.Sprintf("the scan and what follows differ (%d bytes before, %d after)", len(oscan), len(nscan))
	}
	pick := func(segs [][]byte) [][]byte {
		var keep [][]byte
		exifSeen := false
		for _, s := range segs {
			if exif && !exifSeen && s[1] == 0xE1 && bytes.HasPrefix(s[4:], []byte(sigExif)) {
				exifSeen = true
				continue
			}
			if !isOurs(s) {
				keep = append(keep, maskMPF(s))
			}
		}
		return keep
	}
	keep, got := pick(os), pick(ns)
	if len(keep) != len(got) {
		return fmt.Sprintf("expected %d segments captag does not own, found %d", len(keep), len(got))
	}
	for i := range keep {
		if !bytes.Equal(keep[i], got[i]) {
			return fmt.Sprintf("segment %d (marker %02X), which captag does not own, differs", i, keep[i][1])
		}
	}
	return ""
}

// splitJPEG lists the marker segments of a JPEG up to the first SOS and
// returns them with the bytes from SOS to the end, or what stops it.
// Deliberately independent of the package's walker (testSegments is it
// for a test that fails on a file it cannot split).
func splitJPEG(b []byte) (segs [][]byte, scan []byte, err error) {
	if len(b) < 2 || b[0] != 0xFF || b[1] != 0xD8 {
		return nil, nil, errors.New("not a JPEG")
	}
	pos := 2
	for pos+4 <= len(b) {
		start := pos
		for pos+1 < len(b) && b[pos] == 0xFF && b[pos+1] == 0xFF {
			pos++
		}
		if b[pos] != 0xFF {
			return nil, nil, fmt.Errorf("expected a marker at %d, found %02X", pos, b[pos])
		}
		if b[pos+1] == 0xDA {
			return segs, b[start:], nil
		}
		n := int(b[pos+2])<<8 | int(b[pos+3])
		if pos+2+n > len(b) {
			return nil, nil, fmt.Errorf("a segment at %d runs past the end", pos)
		}
		segs = append(segs, b[start:pos+2+n])
		pos += 2 + n
	}
	return nil, nil, errors.New("no SOS")
}

// maskMPF returns an MPF APP2 segment with the size and offset of each MP
// entry zeroed (a copy), any other segment as it is. It walks the MP
// index IFD independently of the package; a damaged index is returned
// as it is (embed must then leave it byte for byte).
func maskMPF(s []byte) []byte {
	const hdr = 4 + 4 // marker and length, "MPF\0"
	if len(s) < hdr+8 || s[1] != 0xE2 || string(s[4:8]) != "MPF\x00" {
		return s
	}
	t := s[hdr:]
	var bo binary.ByteOrder
	switch string(t[:4]) {
	case "II*\x00":
		bo = binary.LittleEndian
	case "MM\x00*":
		bo = binary.BigEndian
	default:
		return s
	}
	ifd := int(bo.Uint32(t[4:]))
	if ifd < 8 || ifd+2 > len(t) {
		return s
	}
	n := int(bo.Uint16(t[ifd:]))
	for e := range n {
		at := ifd + 2 + 12*e
		if at+12 > len(t) {
			return s
		}
		if bo.Uint16(t[at:]) != 0xB002 {
			continue
		}
		count, off := int(bo.Uint32(t[at+4:])), int(bo.Uint32(t[at+8:]))
		if count%16 != 0 || off < 8 || off+count > len(t) {
			return s
		}
		m := bytes.Clone(s)
		for k := 0; k < count; k += 16 {
			clear(m[hdr+off+k+4 : hdr+off+k+12])
		}
		return m
	}
	return s
}

// TestMutationKeywordWithControlCharacter is what the mutation run found
// (a mutant of exiv2's smiley2.jpg): an IIM keyword with a character XML
// forbids went into the XMP without it, and every later run took the two
// for different keywords and added one more — the file changed on each
// run. Now the XMP holds what XML can of it, the IIM keeps its bytes, and
// the second run changes nothing.
func TestMutationKeywordWithControlCharacter(t *testing.T) {
	in := fixture.JPEG(fixture.Spec{IIM: &fixture.IIM{Datasets: []fixture.Dataset{
		{Record: 2, Number: 25, Value: []byte("no\x1creally")}, {Record: 2, Number: 25, Value: []byte("desk")},
	}}})
	rec := caption.Record{Text: "A caption.", Keywords: []string{"war"}}
	first, err := JPEG(in, rec, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(xmpList(t, first.Data, xmp.NSdc, "subject"), ","); got != "war,noreally,desk" {
		t.Errorf("expected the XMP keywords war,noreally,desk, found %q", got)
	}
	vals, _ := iimValues(t, first.Data)
	if got := strings.Join(vals[25], ","); got != "war,no\x1creally,desk" {
		t.Errorf("expected the IIM keywords as they were with war first, found %q", got)
	}
	second, err := JPEG(first.Data, rec, nil, Options{})
	if err != nil || second.Changed {
		t.Errorf("expected the second run to change nothing, found %v, changed %v (XMP %q, IIM %q)", err, second.Changed, second.XMP, second.IIM)
	}
}

// TestMutationLatin1ValueTooLongInUTF8 is what the mutation run found (a
// mutant of the IPTC reference image): a Latin-1 value captag carries,
// which fitted its dataset, was converted to UTF-8 past the IIM's limit,
// and exiftool -validate then flagged it ("Province-State too long (34
// bytes; should be 32 max)"). Such a file is now refused as it is; a value
// the caption sets in its place does not stop the embed.
func TestMutationLatin1ValueTooLongInUTF8(t *testing.T) {
	province := []byte("Baden-W\xfcrttemberg S\xfcd und Mitten") // 32 bytes in Latin-1, 34 in UTF-8
	if len(province) != 32 {
		t.Fatalf("the fixture is %d bytes, want 32", len(province))
	}
	in := fixture.JPEG(fixture.Spec{IIM: &fixture.IIM{Datasets: []fixture.Dataset{{Record: 2, Number: 95, Value: province}}}})
	_, err := JPEG(in, caption.Record{Text: "A caption."}, nil, Options{})
	var re *RefusedError
	if !errors.As(err, &re) || !strings.Contains(re.Reason, "Province-State of 32 bytes that would be 34") {
		t.Errorf("expected a refusal naming Province-State, 32 bytes and 34, found %v", err)
	}
	res, err := JPEG(in, caption.Record{Text: "A caption.", Region: "Bayern"}, nil, Options{})
	if err != nil || !res.Changed {
		t.Errorf("expected the embed to go on when the caption sets the province, found %v", err)
	}
}
