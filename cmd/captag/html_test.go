package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// extraCaption fits no picture of the sample folder: the sample report
// then has an unmatched section.
const extraCaption = "BERLIN, GERMANY - DECEMBER 10: People walk past the Brandenburg Gate in Berlin, Germany on December 10, 2016. ( Jane Roe - Anadolu Agency )"

// sampleDir copies the sample folder (testdata/aleppo: aleppo-01 a day
// early, aleppo-12 another photographer, aleppo-16 another agency) and its
// caption file plus extraCaption into a temporary folder, and returns the
// folder and the caption file.
func sampleDir(t *testing.T) (dir, captions string) {
	t.Helper()
	dir = t.TempDir()
	if err := copySamples(dir); err != nil {
		t.Fatal(err)
	}
	captions = filepath.Join(dir, "aleppo-2016-captions.txt")
	b, err := os.ReadFile(captions)
	if err != nil {
		t.Fatalf("no sample caption file: %v", err)
	}
	if err := os.WriteFile(captions, append(b, "\n\n"+extraCaption+"\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, captions
}

func parsePage(t *testing.T, page []byte) *html.Node {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func attrOf(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func hasClass(n *html.Node, c string) bool {
	return slices.Contains(strings.Fields(attrOf(n, "class")), c)
}

func elements(n *html.Node, match func(*html.Node) bool) []*html.Node {
	var out []*html.Node
	for d := range n.Descendants() {
		if d.Type == html.ElementNode && match(d) {
			out = append(out, d)
		}
	}
	return out
}

func named(name string) func(*html.Node) bool {
	return func(n *html.Node) bool { return n.Data == name }
}

func textOf(n *html.Node) string {
	var b strings.Builder
	for d := range n.Descendants() {
		if d.Type == html.TextNode {
			b.WriteString(d.Data)
		}
	}
	return b.String()
}

// cards are the page's picture cards (section.card with an id c1, c2…).
func cards(doc *html.Node) []*html.Node {
	return elements(doc, func(n *html.Node) bool {
		return n.Data == "section" && hasClass(n, "card") && strings.HasPrefix(attrOf(n, "id"), "c")
	})
}

// cardPath is the file name a card shows.
func cardPath(c *html.Node) string {
	if h := elements(c, named("h2")); len(h) > 0 {
		return textOf(h[0])
	}
	return ""
}

// markedColumns are the columns (date, creator, credit) of a card's table
// with a cell marked as disagreeing.
func markedColumns(t *testing.T, c *html.Node) []string {
	t.Helper()
	var heads []string
	for _, th := range elements(c, func(n *html.Node) bool { return n.Data == "th" && n.Parent != nil && n.Parent.PrevSibling == nil }) {
		heads = append(heads, textOf(th))
	}
	var out []string
	for _, tr := range elements(c, named("tr")) {
		col := 0
		for td := tr.FirstChild; td != nil; td = td.NextSibling {
			if td.Type != html.ElementNode {
				continue
			}
			if hasClass(td, "no") {
				if col >= len(heads) {
					t.Fatalf("a marked cell in column %d of %q", col, heads)
				}
				if !slices.Contains(out, heads[col]) {
					out = append(out, heads[col])
				}
			}
			col++
		}
	}
	slices.Sort(out)
	return out
}

// selfContained fails when the page refers to anything outside itself: a
// URL attribute that is not a data: image or an #anchor, an element that
// loads or runs something, an event handler, url() or @import in CSS, or
// an http(s) URL anywhere.
func selfContained(t *testing.T, page []byte, doc *html.Node) {
	t.Helper()
	for _, n := range elements(doc, func(*html.Node) bool { return true }) {
		switch n.Data {
		case "script", "link", "iframe", "object", "embed", "base", "form", "frame", "video", "audio", "source", "svg":
			t.Errorf("the page has a <%s> element", n.Data)
		}
		for _, a := range n.Attr {
			switch {
			case strings.HasPrefix(a.Key, "on"):
				t.Errorf("<%s> has an event handler %s=%q", n.Data, a.Key, a.Val)
			case a.Key == "src" && !strings.HasPrefix(a.Val, "data:image/jpeg;base64,"):
				t.Errorf("<%s src=%.60q>: not a data: image", n.Data, a.Val)
			case a.Key == "href" && !strings.HasPrefix(a.Val, "#"):
				t.Errorf("<%s href=%q>: not an anchor", n.Data, a.Val)
			case slices.Contains([]string{"srcset", "action", "formaction", "poster", "data", "background", "style", "ping", "manifest"}, a.Key):
				t.Errorf("<%s> has %s=%q", n.Data, a.Key, a.Val)
			}
		}
	}
	for _, st := range elements(doc, named("style")) {
		if css := textOf(st); strings.Contains(css, "url(") || strings.Contains(css, "@import") {
			t.Errorf("the CSS loads something: %q", css)
		}
	}
	if m := regexp.MustCompile(`(?i)(https?:|//[a-z0-9])`).Find(page); m != nil {
		t.Errorf("the page names a URL: %q", m)
	}
}

// samplePaths are the sample folder's pictures as captag names them, in
// path order.
func samplePaths(t *testing.T, dir string) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "aleppo", "*.jpg"))
	if err != nil || len(names) != 16 {
		t.Fatalf("expected the 16 sample pictures, found %d (%v)", len(names), err)
	}
	slices.Sort(names)
	return names
}

// captag check --format html on the sample folder, through the real
// command: one card per picture in path order, each with a thumbnail; the
// three planted faults marked in their own column of their own card and
// nowhere else; the extra caption in the unmatched section; the exit code
// the text report gives; nothing outside the page. -o writes the same
// page as stdout, and leaves no temporary file.
func TestHTMLCheckSample(t *testing.T) {
	dir, captions, page, _, cs := samplePage(t, "check")
	folder := filepath.Join(dir, "aleppo")
	doc := parsePage(t, []byte(page))
	wantMarked := map[string][]string{"aleppo-01.jpg": {"date"}, "aleppo-12.jpg": {"creator"}, "aleppo-16.jpg": {"credit"}}
	for _, c := range cs {
		base := filepath.Base(cardPath(c))
		if m := markedColumns(t, c); !slices.Equal(m, wantMarked[base]) {
			t.Errorf("%s: marked columns %q, want %q", base, m, wantMarked[base])
		}
		if bad := wantMarked[base] != nil; hasClass(c, "bad") != bad {
			t.Errorf("%s: class %q, want bad=%v", base, attrOf(c, "class"), bad)
		}
		if imgs := elements(c, named("img")); len(imgs) != 1 {
			t.Errorf("%s: %d thumbnails, want 1", base, len(imgs))
		}
		if !strings.Contains(textOf(c), "paired by ") {
			t.Errorf("%s: the card does not say how it was paired", base)
		}
		if tr := elements(c, named("tr")); len(tr) != 6 { // head, caption, EXIF, IIM, XMP, sidecar
			t.Errorf("%s: %d table rows, want 6", base, len(tr))
		}
	}
	// The pairing words are the text report's.
	if c := cs[1]; !strings.Contains(textOf(c), "paired by order among 8 (Aref Watad, 2016-12-19)") {
		t.Errorf("aleppo-02: pairing %q, want the text report's \"order among 8 (Aref Watad, 2016-12-19)\"", textOf(c))
	}
	un := elements(doc, func(n *html.Node) bool { return attrOf(n, "id") == "unmatched" })
	if len(un) != 1 || !strings.Contains(textOf(un[0]), "line 33") || !strings.Contains(textOf(un[0]), "Brandenburg Gate") {
		t.Errorf("the unmatched section does not list the extra caption (line 33)")
	}

	out := filepath.Join(dir, "report.html")
	if err := os.WriteFile(out, []byte("an old report"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := runCaptagInProcess("check", "-c", captions, "--format", "html", "-o", out, folder)
	if code != exitProblems {
		t.Fatalf("-o: exit %d, want %d; stderr:\n%s", code, exitProblems, stderr)
	}
	file, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	// The same page but for the command line in its header.
	cmdLine := regexp.MustCompile(`<p class="cmd">[^<]*</p>`)
	if a, b := cmdLine.ReplaceAll(file, nil), cmdLine.ReplaceAll([]byte(page), nil); !bytes.Equal(a, b) {
		t.Errorf("-o wrote %d bytes, stdout had %d: want the same page", len(a), len(b))
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".report.html.*")); len(left) > 0 {
		t.Errorf("temporary files left: %q", left)
	}
}

// --thumbs=false: a text-only page, the same cards, no image at all.
func TestHTMLNoThumbs(t *testing.T) {
	dir, captions := sampleDir(t)
	page, stderr, code := runCaptagInProcess("check", "-c", captions, "--format", "html", "--thumbs=false", filepath.Join(dir, "aleppo"))
	if code != exitProblems {
		t.Fatalf("exit %d, want %d; stderr:\n%s", code, exitProblems, stderr)
	}
	doc := parsePage(t, []byte(page))
	if n := len(cards(doc)); n != 16 {
		t.Errorf("%d cards, want 16", n)
	}
	if imgs := elements(doc, named("img")); len(imgs) != 0 {
		t.Errorf("%d images on a --thumbs=false page", len(imgs))
	}
	if strings.Contains(page, "base64") {
		t.Errorf("a --thumbs=false page carries base64 data")
	}
}

// samplePage runs captag cmd (check or match) on a copy of the sample
// folder as text and as html and holds what both pages share: the html
// exit code is the text report's (1: the sample has problems), the page
// references nothing outside itself, and it holds one card per picture in
// path order. It returns the folder, the caption file, the page, the text
// report and the cards.
func samplePage(t *testing.T, cmd string) (dir, captions, page, textOut string, cs []*html.Node) {
	t.Helper()
	dir, captions = sampleDir(t)
	folder := filepath.Join(dir, "aleppo")
	textOut, _, textCode := runCaptagInProcess(cmd, "-c", captions, folder)
	page, stderr, code := runCaptagInProcess(cmd, "-c", captions, "--format", "html", folder)
	if code != textCode || code != exitProblems {
		t.Fatalf("exit %d, the text report's %d, want %d; stderr:\n%s", code, textCode, exitProblems, stderr)
	}
	doc := parsePage(t, []byte(page))
	selfContained(t, []byte(page), doc)
	cs = cards(doc)
	want := samplePaths(t, dir)
	if cmd == "match" {
		// match's page shows the pairs first, in path order, then the
		// pictures left unmatched (aleppo-01 and aleppo-12: write's plan
		// pairs nothing against a date or photographer that disagrees).
		paired := func(p string) bool {
			return strings.HasPrefix(textOut, p+"  ") || strings.Contains(textOut, "\n"+p+"  ")
		}
		want = slices.DeleteFunc(want, func(p string) bool { return !paired(p) })
		cs = slices.DeleteFunc(cs, func(c *html.Node) bool { return !paired(cardPath(c)) })
	}
	var got []string
	for _, c := range cs {
		got = append(got, cardPath(c))
	}
	if !slices.Equal(got, want) {
		t.Fatalf("cards:\n%q\nwant one per picture in path order:\n%q", got, want)
	}
	return dir, captions, page, textOut, cs
}

// captag match --format html: a card per pair in path order with its
// caption and the pairing words of the text report, the extra caption
// unmatched, match's exit code, nothing outside the page.
func TestHTMLMatchSample(t *testing.T) {
	_, _, page, textOut, cs := samplePage(t, "match")
	doc := parsePage(t, []byte(page))
	// Each card's pairing is the last column of the text report's line.
	lines := strings.Split(textOut, "\n")
	for _, c := range cs {
		path := cardPath(c)
		var pairs []*html.Node
		for _, d := range elements(c, func(n *html.Node) bool { return hasClass(n, "pair") }) {
			pairs = append(pairs, d)
		}
		if len(pairs) != 1 {
			t.Errorf("%s: %d pairing lines, want 1", path, len(pairs))
			continue
		}
		words := strings.TrimPrefix(textOf(pairs[0]), "paired by ")
		found := false
		for _, l := range lines {
			if strings.HasPrefix(l, path+" ") && strings.HasSuffix(strings.TrimSpace(l), "  "+words) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: pairing %q is not the text report's", path, words)
		}
		if len(elements(c, named("img"))) != 1 {
			t.Errorf("%s: no thumbnail", path)
		}
		if elements(c, func(n *html.Node) bool { return hasClass(n, "cap") }) == nil {
			t.Errorf("%s: no caption text", path)
		}
	}
	un := elements(doc, func(n *html.Node) bool { return attrOf(n, "id") == "unmatched" })
	if len(un) != 1 || !strings.Contains(textOf(un[0]), "line 33") {
		t.Errorf("the unmatched section does not list the extra caption (line 33)")
	}
}

// -o never writes over a picture, a folder or a special file: exit 2,
// the file unchanged, no temporary file left.
func TestHTMLOutputRefused(t *testing.T) {
	dir, captions := sampleDir(t)
	folder := filepath.Join(dir, "aleppo")
	img := filepath.Join(folder, "aleppo-01.jpg")
	before, err := os.ReadFile(img)
	if err != nil {
		t.Fatal(err)
	}
	renamed := filepath.Join(dir, "picture.html") // a JPEG by content, whatever its name
	if err := os.WriteFile(renamed, before, 0o644); err != nil {
		t.Fatal(err)
	}
	// Other files captag knows by their first bytes: a sidecar holding a
	// caption, a BigTIFF, a JPEG XL, a BMP.
	others := map[string][]byte{
		"aleppo-01.xmp": []byte("<?xpacket begin=\"\ufeff\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>\n"),
		"big.html":      []byte("II+\x00\x08\x00\x00\x00"),
		"jxl.html":      []byte("\xff\x0a\xfa\x7f"),
		"bmp.html":      []byte("BM\x36\x00\x00\x00"),
	}
	outs := []struct{ cmd, out string }{
		{"check", img}, {"match", img}, {"check", renamed}, {"check", folder}, {"match", os.DevNull},
	}
	for name, b := range others {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		defer func() {
			if after, _ := os.ReadFile(p); !bytes.Equal(after, b) {
				t.Errorf("%s was changed", p)
			}
		}()
		outs = append(outs, struct{ cmd, out string }{"check", p})
	}
	for _, c := range outs {
		_, stderr, code := runCaptagInProcess(c.cmd, "-c", captions, "--format", "html", "-o", c.out, folder)
		if code != exitCannotRun || !strings.Contains(stderr, "-o") {
			t.Errorf("%s -o %s: exit %d, want %d with an error naming -o; stderr:\n%s", c.cmd, c.out, code, exitCannotRun, stderr)
		}
	}
	for _, p := range []string{img, renamed} {
		if after, _ := os.ReadFile(p); !bytes.Equal(after, before) {
			t.Errorf("%s was changed", p)
		}
	}
	for _, d := range []string{dir, folder} {
		if left, _ := filepath.Glob(filepath.Join(d, ".*.tmp")); len(left) > 0 {
			t.Errorf("temporary files left: %q", left)
		}
	}
}

// Text from files goes through the CLI path escaped: file names, caption
// text and creators, and a sidecar's creator and credit carrying markup
// and control characters come out as text, with no element or attribute
// they could have made; a file name is shown as every report shows it
// (metadata.Visible: bell\x07esc\x1b[31mred.jpg, as in the text report).
func TestHTMLEscapes(t *testing.T) {
	dir := t.TempDir()
	jpeg, err := os.ReadFile(filepath.Join("..", "..", "testdata", "aleppo", "aleppo-02.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	const (
		script  = "<script>alert(1)</script>"
		onerror = `"><img src=x onerror=alert(1)>`
	)
	names := []string{
		"<script>alert(1)<\\script>.jpg", // a file name cannot hold "/"
		`"><img src=x onerror=alert(1)>.jpg`,
		"bell\x07esc\x1b[31mred.jpg",
	}
	for _, n := range names {
		if err := os.WriteFile(filepath.Join(dir, n), jpeg, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	xmp := `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
		`<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/">` +
		`<dc:creator><rdf:Seq><rdf:li>&lt;script&gt;alert(1)&lt;/script&gt;</rdf:li></rdf:Seq></dc:creator>` +
		`<photoshop:Credit>"&gt;&lt;img src=x onerror=alert(1)&gt;</photoshop:Credit>` +
		`</rdf:Description></rdf:RDF></x:xmpmeta>`
	if err := os.WriteFile(filepath.Join(dir, "bell\x07esc\x1b[31mred.xmp"), []byte(xmp), 0o644); err != nil {
		t.Fatal(err)
	}
	caps := "ALEPPO, SYRIA - DECEMBER 19: " + script + " evacuated " + onerror + " on December 19, 2016. ( " + script + " - Anadolu Agency )\n\n" +
		"ALEPPO, SYRIA - DECEMBER 19: Bell \x07 and escape \x1b[31m in a caption on December 19, 2016. ( Aref Watad - Anadolu " + onerror + " )\n"
	captions := filepath.Join(dir, "captions.txt")
	if err := os.WriteFile(captions, []byte(caps), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"check", "match"} {
		page, stderr, code := runCaptagInProcess(cmd, "-c", captions, "--format", "html", dir)
		if code == exitCannotRun {
			t.Fatalf("%s: exit %d; stderr:\n%s", cmd, code, stderr)
		}
		doc := parsePage(t, []byte(page))
		selfContained(t, []byte(page), doc)
		for _, img := range elements(doc, named("img")) {
			if attrOf(img, "alt") != "" || len(img.Attr) != 2 {
				t.Errorf("%s: an <img> with attributes %v", cmd, img.Attr)
			}
		}
		if strings.ContainsAny(page, "\x07\x1b") {
			t.Errorf("%s: a control character reached the page", cmd)
		}
		text := textOf(doc)
		for _, want := range []string{"<script>alert(1)<\\script>.jpg", `"><img src=x onerror=alert(1)>.jpg`, `bell\x07esc\x1b[31mred.jpg`, script} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: the page's text lacks %q", cmd, want)
			}
		}
		if cmd == "check" && !strings.Contains(text, onerror) {
			t.Errorf("check: the page's text lacks %q", onerror)
		}
	}
}
