package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/captag/captag/metadata/fixture"
)

// hostile are control sequences a file can carry: clear the screen (CSI),
// set the window title (OSC … BEL), a C1 CSI, a carriage return that
// overwrites the line, and a right-to-left override.
const hostile = "\x1b[2J\x1b]0;pwned\x07\u009b31m\r\u202e"

// rawControl finds what a terminal would act on in a text report: any C0
// control but newline and tab, DEL, a C1 control, a bidirectional override
// or isolate, and any ESC that does not start one of the report's own
// colour sequences (ESC [ digits m).
var rawControl = regexp.MustCompile("\x1b[^\\[]|\x1b\\[[0-9;]*[^0-9;m]|[\x00-\x08\x0b-\x1a\x1c-\x1f\x7f\u0080-\u009f\u202a-\u202e\u2066-\u2069]")

// TestTextReportsEscapeControls runs every command with a text report on
// a folder whose file name holds a newline and control sequences, whose
// image carries them in its EXIF and IPTC values, and whose caption file
// carries them in a credit: no report passes a control sequence to the
// terminal (colours on, as on a terminal), no file name splits its line,
// and the escaped name is shown. Issue 11 item 12.
func TestTextReportsEscapeControls(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "photos")
	name := "evil\n" + hostile + "name.jpg"
	f := fixture.Fields{
		Date: "20161219", Time: "093012", Creators: []string{"Aref Watad" + hostile}, Credit: "Anadolu" + hostile,
		Description: "ALEPPO, SYRIA - DECEMBER 19 : " + hostile, City: "Aleppo" + hostile,
	}
	m := fixture.IIMFields(f)
	img := fixture.JPEG(fixture.Spec{EXIF: fixture.EXIFFields(f), IIM: &m})
	if err := fixture.WriteFile(filepath.Join(dir, name), img); err != nil {
		t.Fatal(err)
	}
	// A second image that cannot be read, so the "could not be read"
	// lines (file name and error) are printed too.
	if err := fixture.WriteFile(filepath.Join(dir, "bad\a"+hostile+".jpg"), img[:200]); err != nil {
		t.Fatal(err)
	}
	caps := filepath.Join(t.TempDir(), "captions\x1b]0;title\x07.txt") // the captions report prints its name
	// Few enough controls that the file is still read as text.
	text := "ALEPPO, SYRIA - DECEMBER 19 : A man\x1b]0;pwned\x07 walks past destroyed buildings in the eastern part of the city on December 19, 2016. ( Jawad\x1b[2J Al Rifai - Anadolu Agency )\n"
	if err := os.WriteFile(caps, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	escapedName := `evil\nname` // the newline, escaped, stays on the name's line
	for _, args := range [][]string{
		{"check", "-c", caps, dir},
		{"match", "-c", caps, dir},
		{"match", "--explain", "-c", caps, dir},
		{"write", "--dry-run", "-c", caps, dir},
		{"inspect", dir},
		{"captions", caps},
	} {
		t.Run(strings.Join(slices.DeleteFunc(slices.Clone(args), func(a string) bool { return a == caps || a == dir || a == "-c" }), " "), func(t *testing.T) {
			e, out, errb := testEnv(true, false, nil) // stderr no terminal: no progress line
			runEnv(context.Background(), e, args)
			for stream, s := range map[string]string{"stdout": out.String(), "stderr": errb.String()} {
				if loc := rawControl.FindStringIndex(s); loc != nil {
					t.Errorf("%s passes a control sequence to the terminal at %q in:\n%s", stream, s[max(0, loc[0]-20):min(len(s), loc[1]+20)], s)
				}
				for _, line := range strings.Split(s, "\n") {
					if strings.HasPrefix(line, `\x1b[2J`) || strings.HasPrefix(line, "\x1b[2J") {
						t.Errorf("%s: a file name split a line: %q", stream, line)
					}
				}
			}
			if args[0] != "captions" && !strings.Contains(strings.ReplaceAll(out.String(), `\x1b[2J\x1b]0;pwned\x07\u009b31m\r\u202e`, ""), escapedName) {
				t.Errorf("the report does not name the image as %s:\n%s\nstderr:\n%s", escapedName, out, errb)
			}
		})
	}
}
