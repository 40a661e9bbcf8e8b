package sheet

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

func render(t testing.TB, r *Report, o Options) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Render(&b, r, o); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func parse(t testing.TB, page []byte) *html.Node {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func attr(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

func hasClass(n *html.Node, c string) bool {
	v, _ := attr(n, "class")
	return slices.Contains(strings.Fields(v), c)
}

// all returns the elements under n that match.
func all(n *html.Node, match func(*html.Node) bool) []*html.Node {
	var out []*html.Node
	for d := range n.Descendants() {
		if d.Type == html.ElementNode && match(d) {
			out = append(out, d)
		}
	}
	return out
}

func tag(name string) func(*html.Node) bool {
	return func(n *html.Node) bool { return n.Data == name }
}

func text(n *html.Node) string {
	var b strings.Builder
	for d := range n.Descendants() {
		if d.Type == html.TextNode {
			b.WriteString(d.Data)
		}
	}
	return b.String()
}

// selfContained fails when the page refers to anything outside itself: a
// URL attribute that is not a data: image or an #anchor, an element that
// loads or runs something, url() or @import in CSS, or http(s) anywhere.
func selfContained(t *testing.T, page []byte, doc *html.Node) {
	t.Helper()
	for _, n := range all(doc, func(*html.Node) bool { return true }) {
		switch n.Data {
		case "script", "link", "iframe", "object", "embed", "base", "form", "frame", "video", "audio", "source", "svg":
			t.Errorf("the page has a <%s> element", n.Data)
		}
		for _, a := range n.Attr {
			if strings.HasPrefix(a.Key, "on") {
				t.Errorf("<%s> has an event handler %s=%q", n.Data, a.Key, a.Val)
			}
			switch a.Key {
			case "src":
				if !strings.HasPrefix(a.Val, "data:image/jpeg;base64,") {
					t.Errorf("<%s src=%.60q>: not a data: image", n.Data, a.Val)
				}
			case "href":
				if !strings.HasPrefix(a.Val, "#") {
					t.Errorf("<%s href=%q>: not an anchor", n.Data, a.Val)
				}
			case "srcset", "action", "formaction", "poster", "data", "background", "style", "xlink:href", "ping", "manifest":
				t.Errorf("<%s> has %s=%q", n.Data, a.Key, a.Val)
			}
		}
	}
	for _, st := range all(doc, tag("style")) {
		css := text(st)
		if strings.Contains(css, "url(") || strings.Contains(css, "@import") || strings.Contains(css, "@font-face") {
			t.Errorf("the CSS loads something: %q", css)
		}
	}
	if m := regexp.MustCompile(`(?i)(https?:|//[a-z0-9])`).Find(page); m != nil {
		t.Errorf("the page names a URL: %q", m)
	}
}

// The sample folder's report: 16 cards in path order, the three planted
// faults marked in their own column of their own card and nowhere else,
// the filter classes, the unmatched caption, nothing outside the page.
func TestRenderSample(t *testing.T) {
	r := sampleReport(t, true)
	page := render(t, r, Options{})
	doc := parse(t, page)
	selfContained(t, page, doc)

	cards := all(doc, func(n *html.Node) bool { return n.Data == "section" && hasClass(n, "card") && n.Parent.Data == "main" })
	var paths []string
	for _, c := range cards {
		if id, _ := attr(c, "id"); id == "unmatched" {
			continue
		}
		paths = append(paths, text(all(c, tag("h2"))[0]))
	}
	if len(paths) != 16 || !slices.IsSorted(paths) {
		t.Fatalf("cards %q, want the 16 pictures in path order", paths)
	}

	// Each faulty card and the column of its marked cells.
	want := map[string]string{"aleppo/aleppo-01.jpg": "date", "aleppo/aleppo-12.jpg": "creator", "aleppo/aleppo-16.jpg": "credit"}
	columns := []string{"", "date", "creator", "credit"}
	for _, c := range cards {
		if id, _ := attr(c, "id"); id == "unmatched" {
			continue
		}
		path := text(all(c, tag("h2"))[0])
		field, bad := want[path]
		if hasClass(c, "bad") != bad {
			t.Errorf("%s: class %q, want bad %v", path, c.Attr, bad)
		}
		for _, f := range filterFields {
			if hasClass(c, "f-"+f) != (f == field) {
				t.Errorf("%s: filter class f-%s is %v", path, f, !bad)
			}
		}
		imgs := all(c, tag("img"))
		if len(imgs) != 1 {
			t.Errorf("%s: %d thumbnails", path, len(imgs))
		}
		var marked []string
		for _, td := range all(c, func(n *html.Node) bool { return n.Data == "td" && hasClass(n, "no") }) {
			col := 0
			for s := td.PrevSibling; s != nil; s = s.PrevSibling {
				if s.Type == html.ElementNode {
					col++
				}
			}
			store := text(td.Parent.FirstChild)
			marked = append(marked, store+" "+columns[col])
			if !strings.HasPrefix(text(td), "\u2716") {
				t.Errorf("%s: marked cell %q has no symbol", path, text(td))
			}
		}
		wantMarked := []string(nil)
		if bad {
			wantMarked = []string{"EXIF " + field, "IIM " + field, "XMP " + field}
		}
		if !slices.Equal(marked, wantMarked) {
			t.Errorf("%s: marked %q, want %q", path, marked, wantMarked)
		}
		if items := all(c, tag("li")); bad && (len(items) != 1 || !strings.Contains(text(items[0]), "error "+field)) {
			t.Errorf("%s: findings %d, want one %s error", path, len(items), field)
		}
	}

	un := all(doc, func(n *html.Node) bool { id, _ := attr(n, "id"); return id == "unmatched" })
	if len(un) != 1 || !strings.Contains(text(un[0]), "Brandenburg Gate") || !strings.Contains(text(un[0]), "line 33") {
		t.Errorf("no unmatched section with the extra caption (line 33)")
	}
	// The filter anchors and their rules.
	for _, id := range []string{"problems", "f-date", "f-creator", "f-credit", "f-match"} {
		if len(all(doc, func(n *html.Node) bool { v, _ := attr(n, "id"); return v == id })) != 1 {
			t.Errorf("no element #%s for the filter", id)
		}
		if !bytes.Contains(page, []byte("#"+id+":target~main .card:not(.")) {
			t.Errorf("no CSS rule for #%s", id)
		}
		if len(all(doc, func(n *html.Node) bool { v, _ := attr(n, "href"); return v == "#"+id })) != 1 {
			t.Errorf("no link to #%s", id)
		}
	}
	sum := text(all(doc, tag("header"))[0])
	if !strings.Contains(sum, "16 pictures, 3 with problems: 3 errors, 0 warnings; 1 unmatched") {
		t.Errorf("summary %q", sum)
	}

	// --thumbs=false: no image, no placeholder.
	doc = parse(t, render(t, r, Options{NoThumbs: true}))
	if n := len(all(doc, tag("img"))) + len(all(doc, func(n *html.Node) bool { return hasClass(n, "th") })); n != 0 {
		t.Errorf("NoThumbs: %d images or placeholders", n)
	}
}

// Hostile text in every field comes out as the same text, never markup.
func TestRenderEscapes(t *testing.T) {
	payloads := []string{
		`<script>alert(1)</script>`,
		`"><img src=x onerror=alert(1)>`,
		`'onmouseover='alert(1)`,
		`</style><script>alert(1)</script>`,
		`javascript:alert(1)`,
		"a\x00b\x01c\x1b[31md\x7fe\u0085f\u202egpj.exe",
		"\xff\xfe broken",
	}
	for i, p := range payloads {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			cell := Cell{Value: p, Disagrees: true}
			r := &Report{
				Title: p, Command: p, Notes: []string{p},
				Cards: []Card{{
					Path: p, ThumbNote: p, Caption: p, Line: 3, Want: Values{p, p, p}, Pairing: p,
					Stores:   []StoreRow{{Store: p, Date: cell, Creator: Cell{Value: p}, Credit: cell}},
					Findings: []Finding{{Severity: p, Field: p, Store: p, Message: p}},
				}},
				UnmatchedCaptions: []Unmatched{{Line: 9, Text: p, Reason: p}},
				UnmatchedPictures: []Unmatched{{Path: p, Reason: p}},
			}
			page := render(t, r, Options{})
			doc := parse(t, page)
			selfContained(t, page, doc)
			if n := len(all(doc, tag("img"))); n != 0 {
				t.Errorf("%d <img> elements", n)
			}
			// The text shows as cleaned, and as often as it was given.
			shown := clean(p)
			if got := strings.Count(text(doc), shown); got < 20 {
				t.Errorf("the text %q shows %d times, want every field (at least 20)", shown, got)
			}
			for _, c := range shown {
				if needsClean(c) {
					t.Errorf("cleaned text %q still has %U", shown, c)
				}
			}
			if bytes.ContainsAny(page, "\x00\x01\x1b\x7f\u0085\u202e") {
				t.Errorf("the page holds a control character")
			}
		})
	}
}

// RenderStream writes the page Render writes of a Report holding the same
// cards, with and without thumbnails, taking each card from its iterator
// as it is written: the cards are made while the page is, never held
// together.
func TestRenderStreamAsRender(t *testing.T) {
	for _, thumbs := range []bool{true, false} {
		r := sampleReport(t, thumbs)
		r.UnmatchedCaptions = append(r.UnmatchedCaptions, Unmatched{Line: 40, Text: "BERLIN <b>", Reason: "no picture"})
		r.UnmatchedPictures = append(r.UnmatchedPictures, Unmatched{Path: "zz\x1b.jpg", Thumb: r.Cards[0].Thumb, Reason: "no caption"})
		want := render(t, r, Options{NoThumbs: !thumbs})
		made := 0
		s := &Stream{Title: r.Title, Command: r.Command, Notes: r.Notes, Summary: r.Summary(),
			Cards: func(yield func(Card) bool) {
				for i := range r.Cards {
					made++
					c := r.Cards[i] // a copy: the stream owns it
					if !yield(c) {
						return
					}
				}
			},
			UnmatchedPictures: slices.Values(r.UnmatchedPictures),
			UnmatchedCaptions: slices.Values(r.UnmatchedCaptions),
		}
		var b bytes.Buffer
		if err := RenderStream(&b, s, Options{NoThumbs: !thumbs}); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b.Bytes(), want) {
			t.Errorf("thumbs %v: RenderStream wrote %d bytes, Render %d: the pages differ", thumbs, b.Len(), len(want))
		}
		if made != len(r.Cards) {
			t.Errorf("thumbs %v: %d cards taken from the stream, want %d", thumbs, made, len(r.Cards))
		}
	}
}
