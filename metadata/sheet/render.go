package sheet

import (
	"bufio"
	"encoding/base64"
	"fmt"
	"html/template"
	"io"
	"iter"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Options tune Render.
type Options struct {
	// NoThumbs leaves every thumbnail out (a text-only page); the cards
	// show no placeholder either.
	NoThumbs bool
}

// Render writes r as one self-contained HTML page to w.
func Render(w io.Writer, r *Report, o Options) error {
	return RenderStream(w, &Stream{
		Title: r.Title, Command: r.Command, Notes: r.Notes, Summary: r.Summary(),
		Cards:             slices.Values(r.Cards),
		UnmatchedCaptions: slices.Values(r.UnmatchedCaptions),
		UnmatchedPictures: slices.Values(r.UnmatchedPictures),
	}, o)
}

// Stream is a report whose cards and unmatched entries come one at a
// time: RenderStream writes each as it comes and keeps none, so a page of
// any length holds only the card being written (and what the caller makes
// ahead of it). The page is the one Render writes of a Report holding the
// same cards.
type Stream struct {
	Title   string // "captag check" by default
	Command string
	Notes   []string
	// Summary counts what the iterators yield (Summary.Add for each card;
	// Captions, Pictures and Unmatched): the page shows it above the
	// cards, and the unmatched section only when it counts some.
	Summary Summary
	// The iterators are ranged over once each, in this order; a nil one
	// yields nothing.
	Cards             iter.Seq[Card]
	UnmatchedPictures iter.Seq[Unmatched]
	UnmatchedCaptions iter.Seq[Unmatched]
}

// RenderStream writes s as one self-contained HTML page to w.
func RenderStream(w io.Writer, s *Stream, o Options) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	if err := page.Execute(bw, view{st: s, o: o}); err != nil {
		return fmt.Errorf("sheet: writing the page: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("sheet: writing the page: %w", err)
	}
	return nil
}

// view is what the template sees: the stream's texts cleaned as they are
// written.
type view struct {
	st *Stream
	o  Options
}

func (v view) Title() string {
	if v.st.Title == "" {
		return "captag check"
	}
	return clean(v.st.Title)
}
func (v view) Command() string  { return clean(v.st.Command) }
func (v view) Notes() []string  { return cleanAll(v.st.Notes) }
func (v view) Summary() Summary { return v.st.Summary }
func (v view) Thumbs() bool     { return !v.o.NoThumbs }

// Filters are the filter links with their counts.
func (v view) Filters() []filter {
	out := make([]filter, 0, len(filterFields))
	for _, f := range filterFields {
		out = append(out, filter{ID: "f-" + f, Name: f, N: v.st.Summary.ByField[f]})
	}
	return out
}

type filter struct {
	ID, Name string
	N        int
}

// Cards yields the cards numbered from 1, each cleaned as it comes.
func (v view) Cards() iter.Seq[cardView] {
	return func(yield func(cardView) bool) {
		if v.st.Cards == nil {
			return
		}
		n := 0
		for c := range v.st.Cards {
			n++
			c = cleanCard(c)
			if !yield(cardView{Card: &c, N: n}) {
				return
			}
		}
	}
}

func (v view) UnmatchedCaptions() iter.Seq[Unmatched] { return cleanSeq(v.st.UnmatchedCaptions) }
func (v view) UnmatchedPictures() iter.Seq[Unmatched] { return cleanSeq(v.st.UnmatchedPictures) }

func cleanSeq(s iter.Seq[Unmatched]) iter.Seq[Unmatched] {
	return func(yield func(Unmatched) bool) {
		if s == nil {
			return
		}
		for u := range s {
			u.Path, u.Text, u.Reason = clean(u.Path), clean(u.Text), clean(u.Reason)
			if !yield(u) {
				return
			}
		}
	}
}

type cardView struct {
	*Card
	N int
}

// Class is the card's class list: "bad" and "f-FIELD" for each filter
// field it has a finding of.
func (c cardView) Class() string {
	if len(c.Findings) == 0 {
		return "card"
	}
	var b strings.Builder
	b.WriteString("card bad")
	for _, f := range filterFields {
		if c.has(f) {
			b.WriteString(" f-" + f)
		}
	}
	if c.hasError() {
		b.WriteString(" err")
	}
	return b.String()
}

func (c cardView) hasError() bool {
	for _, f := range c.Findings {
		if f.Severity == "error" {
			return true
		}
	}
	return false
}

// storeName is how the page names a store.
func storeName(s string) string {
	switch s {
	case "exif":
		return "EXIF"
	case "iptc":
		return "IIM"
	case "xmp":
		return "XMP"
	}
	return s
}

// imgTag is an <img> showing a JPEG as a data: URI. The bytes are written
// in base64, whose alphabet (A–Z a–z 0–9 + / =) cannot leave the
// attribute, so the tag is built here rather than escaped again by the
// template (which would copy every thumbnail twice more).
func imgTag(b []byte) template.HTML {
	const head, tail = `<img alt="" src="data:image/jpeg;base64,`, `">`
	out := make([]byte, 0, len(head)+base64.StdEncoding.EncodedLen(len(b))+len(tail))
	out = append(out, head...)
	out = base64.StdEncoding.AppendEncode(out, b)
	out = append(out, tail...)
	return template.HTML(out)
}

// sevClass keeps a finding's severity to the two classes the CSS knows.
func sevClass(s string) string {
	if s == "error" {
		return "error"
	}
	return "warning"
}

var page = template.Must(template.New("page").Funcs(template.FuncMap{
	"store": storeName,
	"img":   imgTag,
	"sev":   sevClass,
	"itoa":  strconv.Itoa,
}).Parse(pageHTML))

// The page. Filters: an empty element per filter stands before <main>;
// following the link "#problems" makes it the :target, and the rule
// "#problems:target ~ main .card:not(.bad)" hides the cards without
// findings. The anchors sit at the top of the page, so a filtered page
// opens on the summary and the first cards.
const pageHTML = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
<meta name="referrer" content="no-referrer">
<title>{{.Title}}</title>
<style>
body{font:14px/1.35 system-ui,sans-serif;margin:0;background:#f4f4f2;color:#111}
header{padding:8px 16px;background:#fff;border-bottom:1px solid #bbb}
h1{font-size:18px;margin:0 0 4px}
.cmd{font:12px monospace;color:#444;margin:0 0 4px;word-break:break-all}
.sum{margin:2px 0}
nav a{display:inline-block;margin:2px 6px 2px 0;padding:2px 8px;border:1px solid #888;border-radius:3px;color:#024;text-decoration:none;background:#eef}
main{display:grid;grid-template-columns:repeat(auto-fill,minmax(400px,1fr));gap:10px;padding:10px 16px}
.card{background:#fff;border:1px solid #bbb;border-radius:4px;padding:8px;overflow-wrap:anywhere;min-width:0}
.card.bad{border:3px solid #b80}
.card.err{border-color:#c00}
.top{display:flex;gap:8px}
.th{flex:none;width:180px;height:180px;display:flex;align-items:center;justify-content:center;background:#ddd;color:#555;font-size:12px;text-align:center}
.th img{width:180px;height:180px;object-fit:contain}
h2{font-size:14px;margin:0 0 2px;font-family:monospace}
.pair,.line{font-size:12px;color:#444}
.cap{font-size:12px;margin:4px 0;max-height:6.8em;overflow:auto}
table{border-collapse:collapse;font-size:12px;width:100%;margin:4px 0}
th,td{border:1px solid #ccc;padding:1px 4px;text-align:left;vertical-align:top}
th{white-space:nowrap}
td{overflow-wrap:break-word}
tr.want td,tr.want th{background:#eef}
td.no{background:#fcc;font-weight:bold;outline:2px solid #c00;outline-offset:-2px}
td.none{color:#777}
td.unread{background:#ffe9b3;outline:2px dashed #b80;outline-offset:-2px}
ul.f{margin:4px 0;padding-left:18px;font-size:12px}
li.error::marker{content:"\2716  "}
li.warning::marker{content:"\26A0  "}
li.error{color:#900}
li.warning{color:#640}
#unmatched{grid-column:1/-1}
#unmatched img{max-width:180px;max-height:180px}
#problems:target~main .card:not(.bad){{range .Filters}},#{{.ID}}:target~main .card:not(.{{.ID}}){{end}}{display:none}
#f-date:target~main #unmatched,#f-creator:target~main #unmatched,#f-credit:target~main #unmatched{display:none}
#problems:target~header a[href="#problems"]{{range .Filters}},#{{.ID}}:target~header a[href="#{{.ID}}"]{{end}}{background:#024;color:#fff}
</style></head>
<body><i id="problems"></i>{{range .Filters}}<i id="{{.ID}}"></i>{{end}}
<header><h1>{{.Title}}</h1>
{{- with .Command}}<p class="cmd">{{.}}</p>{{end}}
{{- with .Summary}}
<p class="sum"><b>{{.Cards}}</b> pictures, <b>{{.Problems}}</b> with problems: {{.Errors}} errors, {{.Warnings}} warnings; <b>{{.Unmatched}}</b> unmatched ({{.Captions}} captions, {{.Pictures}} pictures)</p>
{{- end}}
{{- range .Notes}}<p class="sum">{{.}}</p>{{end}}
<nav><a href="#">all</a><a href="#problems">problems only ({{.Summary.Problems}})</a>{{range .Filters}}<a href="#{{.ID}}">{{.Name}} ({{.N}})</a>{{end}}<a href="#unmatched">unmatched ({{.Summary.Unmatched}})</a></nav>
</header>
<main>
{{- $thumbs := .Thumbs}}
{{- range .Cards}}
<section class="{{.Class}}" id="c{{.N}}"><div class="top">
{{- if $thumbs}}<div class="th">{{if .Thumb}}{{img .Thumb}}{{else}}{{with .ThumbNote}}{{.}}{{else}}no preview{{end}}{{end}}</div>{{end}}
<div><h2>{{.Path}}</h2>
<div class="line">{{if .Line}}caption line {{.Line}}{{else}}no caption{{end}}</div>
{{- with .Pairing}}<div class="pair">paired by {{.}}</div>{{end}}</div></div>
{{- with .Caption}}<p class="cap">{{.}}</p>{{end}}
<table><tr><th></th><th>date</th><th>creator</th><th>credit</th></tr>
<tr class="want"><th>caption</th><td>{{.Want.Date}}</td><td>{{.Want.Creator}}</td><td>{{.Want.Credit}}</td></tr>
{{- range .Stores}}
<tr><th>{{store .Store}}</th>{{if .Unread}}<td colspan="3" class="unread">&#x26A0; there but not read (see the findings)</td>{{else if .Absent}}<td colspan="3" class="none">not in the file</td>{{else}}{{template "cell" .Date}}{{template "cell" .Creator}}{{template "cell" .Credit}}{{end}}</tr>
{{- end}}
</table>
{{- with .Findings}}
<ul class="f">{{range .}}<li class="{{sev .Severity}}"><b>{{.Severity}} {{.Field}}{{with .Store}} ({{.}}){{end}}:</b> {{.Message}}</li>{{end}}</ul>
{{- end}}
</section>
{{- end}}
{{- if .Summary.Unmatched}}
<section id="unmatched" class="card bad f-match"><h2>Unmatched</h2>
{{- if .Summary.Pictures}}
<h3>Pictures without a caption</h3><ul class="f">{{range .UnmatchedPictures}}<li class="error"><b>{{.Path}}</b>{{with .Reason}}: {{.}}{{end}}{{if and $thumbs .Thumb}}<br>{{img .Thumb}}{{end}}</li>{{end}}</ul>
{{- end}}
{{- if .Summary.Captions}}
<h3>Captions without a picture</h3><ul class="f">{{range .UnmatchedCaptions}}<li class="error"><b>line {{.Line}}</b>{{with .Reason}}: {{.}}{{end}}<br>{{.Text}}</li>{{end}}</ul>
{{- end}}
</section>
{{- else}}
<section id="unmatched" class="card"><h2>Unmatched</h2><p>Every caption and every picture was paired.</p></section>
{{- end}}
</main>
</body></html>
{{define "cell"}}{{if .Disagrees}}<td class="no">&#x2716; {{with .Value}}{{.}}{{else}}(none){{end}}</td>{{else if .Value}}<td>{{.Value}}</td>{{else}}<td class="none">&#x2014;</td>{{end}}{{end}}
`

// clean makes text from files safe to show, beyond HTML escaping (which
// the template does): invalid UTF-8 becomes U+FFFD, C0 controls other than
// tab and newline their visible symbols (ESC shows as U+241B), DEL and C1
// controls U+FFFD, and the bidirectional embeddings, overrides and
// isolates U+FFFD, so that a file name cannot show reversed.
func clean(s string) string {
	ok := utf8.ValidString(s)
	for _, c := range s {
		if !ok || needsClean(c) {
			ok = false
			break
		}
	}
	if ok {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, c := range strings.ToValidUTF8(s, "\uFFFD") {
		switch {
		case c == '\t' || c == '\n':
			b.WriteRune(c)
		case c < 0x20:
			b.WriteRune(0x2400 + c)
		case needsClean(c):
			b.WriteRune('\uFFFD')
		default:
			b.WriteRune(c)
		}
	}
	return b.String()
}

func needsClean(c rune) bool {
	return c < 0x20 && c != '\t' && c != '\n' ||
		c >= 0x7F && c <= 0x9F ||
		c >= 0x202A && c <= 0x202E || c >= 0x2066 && c <= 0x2069
}

// cleanCard is c with every text cleaned; the slices of c are not changed.
func cleanCard(k Card) Card {
	k.Path, k.ThumbNote, k.Caption, k.Pairing = clean(k.Path), clean(k.ThumbNote), clean(k.Caption), clean(k.Pairing)
	k.Want = Values{clean(k.Want.Date), clean(k.Want.Creator), clean(k.Want.Credit)}
	stores := make([]StoreRow, len(k.Stores))
	for j, s := range k.Stores {
		s.Store = clean(s.Store)
		s.Date.Value, s.Creator.Value, s.Credit.Value = clean(s.Date.Value), clean(s.Creator.Value), clean(s.Credit.Value)
		stores[j] = s
	}
	k.Stores = stores
	fs := make([]Finding, len(k.Findings))
	for j, f := range k.Findings {
		fs[j] = Finding{clean(f.Severity), clean(f.Field), clean(f.Store), clean(f.Message)}
	}
	k.Findings = fs
	return k
}

func cleanAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = clean(s)
	}
	return out
}
