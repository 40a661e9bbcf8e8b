package names

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/captag/captag/metadata"
)

// Caps on an aliases file, which a user hands in and may be anything.
const (
	maxAliasLineBytes = 4 << 10 // longest line; a dozen agency names fit many times over
	maxAliasNames     = 10000   // names in the whole table; far more agencies than exist
)

// Aliases is a table of agency names that mean the same agency ("AA" =
// "Anadolu Agency" = "Anadolu Ajansı"). Names compare after metadata.FoldName. An
// Aliases is not changed after it is built, so one value may be shared by
// goroutines. The zero value and nil are empty tables.
type Aliases struct {
	group map[string]int // FoldName key → group number
	names [][]string     // per group: every name as written, first name first
	words [][]string     // per group: foldWords form of every name, for finding names inside a text
	// byFirst indexes every metadata.FoldWords form by its first word, so that
	// finding the agencies a text names costs a map lookup per word of the
	// text, not a search per spelling of the table.
	byFirst map[string][]spelling
}

// spelling is one metadata.FoldWords form of a name and its group.
type spelling struct {
	words string
	group int
}

var defaultAliases = func() *Aliases {
	b := newBuilder(nil)
	for _, a := range Agencies() {
		b.add(a.Names)
	}
	return b.build()
}()

// DefaultAliases returns the built-in agency table: every agency of
// Agencies (the table the caption parser reads credits with and the check
// compares with, so that both know one list), each with all its spellings and its reported
// name first ("AP", "Reuters", "AFP", "Getty Images" with its regional
// sources, "The Canadian Press", …). A distributor's brands are agencies
// of their own there ("NHLI", "WireImage"), so Same("NHLI", "Getty Images")
// is false; a credit chain names each. The source codes of
// SourceCode ("X06555" for Reuters) are not names and are not in
// it. LoadAliases(r, DefaultAliases()) extends it with a desk's own file.
func DefaultAliases() *Aliases { return defaultAliases }

// AliasError is a line of an aliases file that could not be used.
type AliasError struct {
	Line int    // 1-based
	Msg  string // what was expected and what was found
	Err  error  // underlying read error, if any
}

func (e *AliasError) Error() string {
	return fmt.Sprintf("names: aliases line %d: %s", e.Line, e.Msg)
}

func (e *AliasError) Unwrap() error { return e.Err }

// LoadAliases reads an aliases table and returns base extended by it; base
// is not changed and may be nil (an empty table). The format is one agency
// per line, its names separated by "=" or a tab; blank lines and lines
// starting with "#" are ignored, as is anything after " #". A line that
// names an agency already known (in base or an earlier line) adds its names
// to that agency; a line naming two known agencies joins them. Every bad
// line is reported (joined with errors.Join) and the good lines still load.
func LoadAliases(r io.Reader, base *Aliases) (*Aliases, error) {
	b := newBuilder(base)
	var errs []error
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 512), maxAliasLineBytes)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if line == 1 {
			text = strings.TrimPrefix(text, "\ufeff")
		}
		text = stripComment(text)
		if strings.TrimSpace(text) == "" {
			continue
		}
		var names []string
		bad := false
		for _, f := range strings.FieldsFunc(text, func(r rune) bool { return r == '=' || r == '\t' }) {
			f = strings.TrimSpace(f)
			if metadata.FoldName(f) == "" {
				bad = true
				break
			}
			names = append(names, f)
		}
		// An empty field between separators ("AP == X") is a typo too.
		if strings.Contains(strings.ReplaceAll(text, " ", ""), "==") || strings.HasPrefix(strings.TrimSpace(text), "=") || strings.HasSuffix(strings.TrimSpace(text), "=") {
			bad = true
		}
		switch {
		case bad:
			errs = append(errs, &AliasError{Line: line, Msg: fmt.Sprintf("expected names with letters or digits between \"=\" or tabs, found %q", strings.TrimSpace(text))})
			continue
		case len(names) < 2:
			errs = append(errs, &AliasError{Line: line, Msg: fmt.Sprintf("expected at least two names separated by \"=\" or a tab, found %q", strings.TrimSpace(text))})
			continue
		case b.count+len(names) > maxAliasNames:
			errs = append(errs, &AliasError{Line: line, Msg: fmt.Sprintf("expected at most %d names in the table, found more", maxAliasNames)})
			return b.build(), errors.Join(errs...)
		}
		b.add(names)
	}
	if err := sc.Err(); err != nil {
		msg := "expected lines of text, found a read error: " + err.Error()
		if errors.Is(err, bufio.ErrTooLong) {
			msg = fmt.Sprintf("expected a line of at most %d bytes, found a longer one", maxAliasLineBytes)
		}
		errs = append(errs, &AliasError{Line: line + 1, Msg: msg, Err: err})
	}
	return b.build(), errors.Join(errs...)
}

// stripComment cuts a line at a "#" that starts it or follows a space or
// tab, so that "#" inside a name ("Studio#5") stays.
func stripComment(text string) string {
	for i := 0; i < len(text); i++ {
		if text[i] == '#' && (i == 0 || text[i-1] == ' ' || text[i-1] == '\t') {
			return text[:i]
		}
	}
	return text
}

// aliasBuilder collects groups of names; groups that share a name merge.
type aliasBuilder struct {
	group map[string]int   // FoldName key → group id
	names map[int][]string // group id → names as written
	next  int
	count int
}

func newBuilder(base *Aliases) *aliasBuilder {
	b := &aliasBuilder{group: map[string]int{}, names: map[int][]string{}}
	if base != nil {
		for k, g := range base.group {
			b.group[k] = g
		}
		for g, w := range base.names {
			b.names[g] = append([]string(nil), w...)
			b.count += len(w)
		}
		b.next = len(base.names)
	}
	return b
}

func (b *aliasBuilder) add(names []string) {
	id := -1
	for _, n := range names {
		if g, ok := b.group[metadata.FoldName(n)]; ok {
			if id < 0 {
				id = g
			} else if g != id {
				// This line links two known agencies: move g into id.
				for k, v := range b.group {
					if v == g {
						b.group[k] = id
					}
				}
				b.names[id] = append(b.names[id], b.names[g]...)
				delete(b.names, g)
			}
		}
	}
	if id < 0 {
		id = b.next
		b.next++
	}
	for _, n := range names {
		k := metadata.FoldName(n)
		if g, ok := b.group[k]; ok && g == id {
			continue
		}
		b.group[k] = id
		b.names[id] = append(b.names[id], n)
		b.count++
	}
}

// build renumbers the groups densely in order of their ids.
func (b *aliasBuilder) build() *Aliases {
	a := &Aliases{group: make(map[string]int, len(b.group))}
	renum := map[int]int{}
	for id := 0; id < b.next; id++ {
		if n, ok := b.names[id]; ok {
			renum[id] = len(a.names)
			w := make([]string, len(n))
			for i, x := range n {
				w[i] = metadata.FoldWords(x)
			}
			a.names = append(a.names, n)
			a.words = append(a.words, w)
		}
	}
	for k, g := range b.group {
		a.group[k] = renum[g]
	}
	a.byFirst = map[string][]spelling{}
	for g, ws := range a.words {
		for _, w := range ws {
			if w == "" {
				continue
			}
			first, _, _ := strings.Cut(w, " ")
			a.byFirst[first] = append(a.byFirst[first], spelling{w, g})
		}
	}
	return a
}

// Group returns the group number of the agency whose name has the
// metadata.FoldName key k, and whether the table has it; a nil table has
// none.
func (a *Aliases) Group(k string) (int, bool) {
	if a == nil {
		return -1, false
	}
	g, ok := a.group[k]
	return g, ok
}

// GroupOf is Group for a key held in a byte slice; it allocates nothing.
func (a *Aliases) GroupOf(k []byte) (int, bool) {
	if a == nil {
		return -1, false
	}
	g, ok := a.group[string(k)]
	return g, ok
}

// Spellings returns the metadata.FoldWords form of every name of group g,
// for finding the agency inside a longer text; read-only.
func (a *Aliases) Spellings(g int) []string { return a.words[g] }

// MentionsFolded reports whether t, folded by metadata.FoldWords and padded with a
// space at each end, names one of the spellings as whole words ("© 2016
// Anadolu Agency" names "anadolu agency", "AP Photo" names "ap", "Apollo"
// does not).
func MentionsFolded(t string, spellings []string) bool {
	for _, s := range spellings {
		if s != "" && strings.Contains(t, " "+s+" ") {
			return true
		}
	}
	return false
}

// NamedFolded returns the first name, as written in the table, of each
// known agency that t mentions, in table order; t is a text folded by
// metadata.FoldWords and padded with a space at each end.
func (a *Aliases) NamedFolded(t string) []string {
	if a == nil || len(a.byFirst) == 0 {
		return nil
	}
	var buf [8]int
	found := buf[:0]
	for i := 1; i < len(t); {
		j := strings.IndexByte(t[i:], ' ')
		if j < 0 {
			break
		}
		for _, sp := range a.byFirst[t[i:i+j]] {
			rest := t[i:]
			if len(rest) > len(sp.words) && rest[len(sp.words)] == ' ' && rest[:len(sp.words)] == sp.words && !slices.Contains(found, sp.group) {
				found = append(found, sp.group)
			}
		}
		i += j + 1
	}
	if len(found) == 0 {
		return nil
	}
	slices.Sort(found)
	out := make([]string, len(found))
	for k, g := range found {
		out[k] = a.names[g][0]
	}
	return out
}
