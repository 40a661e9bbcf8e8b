package caption

import (
	"strings"

	"github.com/captag/captag/metadata/names"
)

// maxTitleDeskWords bounds the words of a desk's name before its title.
const maxTitleDeskWords = 3

// titledCredit reads a labelled credit that writes a desk's title between
// the desk (or a correspondent's beat) and the name (names.CutStaffTitle):
// Bengali "ছবিটি তুলেছেন বরিশাল প্রতিনিধি NAME" (our Barishal
// correspondent NAME, fc5b-011) names the photographer and no agency;
// "ছবিটি তুলেছেন জনকণ্ঠের নিজস্ব আলোকচিত্রী" (Janakantha's own
// photographer, fc5b-012) names the desk and nobody.
func (r creditReader) titledCredit(s string) (credit, bool) {
	st, ok := names.CutStaffTitle(s)
	if !ok || st.DeskAfter || st.NameBefore {
		return credit{}, false
	}
	if st.NoDesk {
		return r.titleParts("", strings.TrimLeft(st.After, ", "), false)
	}
	if (st.Before == "" || st.Place) && st.After == "" {
		return credit{}, true // "ছবিটি তুলেছেন আমাদের নিজস্ব আলোকচিত্রী": our own photographer, nobody named
	}
	return r.titleParts(st.Before, st.After, st.Place)
}

// titleParts is the credit of a desk (or, when place, a beat) and a name
// on each side of a title: the name, when there is one, must be shaped
// like a person's, and the desk one to maxTitleDeskWords words.
func (r creditReader) titleParts(desk, name string, place bool) (credit, bool) {
	var c credit
	if name != "" {
		pc, ok := personCredit(name, 2, 4)
		if !ok {
			return credit{}, false
		}
		c = pc
	}
	if n := len(strings.Fields(desk)); !place && n > 0 {
		if n > maxTitleDeskWords || strings.ContainsAny(desk, ".,;:!?") {
			return credit{}, false
		}
		a, known := r.al.PartAgency(desk)
		if !known {
			a = desk
		}
		c.addAgency(a, desk)
	}
	return c, len(c.creators)+len(c.agencies) > 0
}

// titleSentenceCredit reads a credit written as prose with a desk's title
// and no label, in these shapes: the desk's word (when the table knows
// it), the title, the name and a verb of taking ("பிடிஐ புகைப்படக் கலைஞர் NAME எடுத்த இந்த புகைப்படம்",
// this photo PTI photographer NAME took, fc5b-061); a sign-off line of a
// dash, the desk, the title and a place ("– సాక్షి ఫొటోగ్రాఫర్, విజయనగరం",
// Sakshi photographer, Vizianagaram, fc5b-097); and a title before a
// known agency ("مصور وكالة الأنباء الفرنسية،", the AFP photographer,
// fc5b-109).
func (r creditReader) titleSentenceCredit(t string) (credit, bool) {
	st, ok := names.CutStaffTitle(t)
	if !ok || st.Place {
		return credit{}, false
	}
	if st.DeskAfter {
		return r.deskAfterTitle(st.After)
	}
	if st.NameBefore {
		return r.nameBeforeTitle(st)
	}
	if st.NoDesk {
		name, verb := names.CutTitleVerb(strings.TrimLeft(st.After, ", "))
		if !verb && names.TakenBefore(st.Before) {
			name, verb = passiveTitleName(st.After)
		}
		if !verb || strings.ContainsAny(name, ".,;:!?\n") {
			return credit{}, false
		}
		return r.titleParts("", name, false)
	}
	line := st.Before[strings.LastIndexByte(st.Before, '\n')+1:]
	if desk, ok := signedDesk(line); ok {
		if st.After != "" && !strings.HasPrefix(st.After, ",") || strings.ContainsAny(st.After, ".\n") {
			return credit{}, false // "– DESK TITLE, PLACE" ends the caption
		}
		return r.titleParts(desk, "", false)
	}
	name, verb := names.CutTitleVerb(st.After)
	f := strings.Fields(line)
	if !verb || len(f) == 0 || strings.ContainsAny(name, ".,;:!?\n") {
		return credit{}, false
	}
	return r.titleParts(r.deskBeforeTitle(f), name, false)
}

// deskBeforeTitle is the desk that the last words f before a title name,
// the fewest that the table knows, up to maxTitleDeskWords: "பிடிஐ" (PTI,
// fc5b-061), "ജനം ന്യൂസ്" (Janam News, fc8a-087 of
// firstcontact8-tune.jsonl). Words the table does not know are no desk:
// "பிரபல புகைப்படக் கலைஞர் NAME" is a famous photographer.
func (r creditReader) deskBeforeTitle(f []string) string {
	for n := 1; n <= maxTitleDeskWords && n <= len(f); n++ {
		desk := strings.Join(f[len(f)-n:], " ")
		if _, known := r.al.PartAgency(desk); known {
			return desk
		}
	}
	return ""
}

// signedDesk returns the words after the last sign-off dash of s when the
// dash opens s or follows a sentence's end: "… విశదీకరిస్తుంది. – సాక్షి"
// (fc5b-097).
func signedDesk(s string) (string, bool) {
	for _, d := range signOffDashes {
		i := strings.LastIndex(s, d)
		if i < 0 {
			continue
		}
		before := strings.TrimSpace(s[:i])
		if before == "" || strings.HasSuffix(before, ".") {
			return strings.TrimSpace(s[i+len(d):]), true
		}
	}
	return "", false
}

// deskAfterTitle reads what follows a title written before its desk: a
// known agency up to a comma, then, up to the next comma, the
// photographer when that is a person's name ("… de la agencia EFE, Miguel
// Gutiérrez, logró …", fc7a-110); a weekday or a verb there is no name
// ("مصور وكالة الأنباء الفرنسية، الإثنين، …", fc5b-109).
func (r creditReader) deskAfterTitle(after string) (credit, bool) {
	after = strings.ReplaceAll(after, arabicComma, ",")
	desk, rest, _ := strings.Cut(after, ",")
	c, ok := r.knownAgencyCredit(strings.TrimSpace(desk))
	if !ok {
		return credit{}, false
	}
	name, _, found := strings.Cut(rest, ",")
	if name = strings.TrimSpace(name); found && allPeople([]string{name}) {
		if pc, ok := personCredit(name, 2, 4); ok {
			pc.addAgency(c.agencies[0], c.spelled[0])
			return pc, true
		}
	}
	return c, true
}

// passiveTitleName is the name that ends the sentence after a title
// whose verb came before it ("… ilipigwa 1993 na mpiga picha maarufu,
// NAME.", fc5b-062): the words after the last comma, up to the sentence
// end, which must end the line or the caption.
//
// A name set off by commas on both sides after the title, an apposition,
// needs no sentence end after it: "صورة التقاطه الصحفي التركي، NAME، في
// مخيّم …" (a picture taken by the Turkish journalist, NAME, in the camp;
// fc8d-064 of firstcontact8-tune.jsonl).
func passiveTitleName(after string) (string, bool) {
	after = strings.ReplaceAll(after, arabicComma, ",")
	if head, rest, ok := strings.Cut(after, ","); ok && !strings.ContainsAny(head, ".!?\n") {
		if name, _, closed := strings.Cut(rest, ","); closed && !strings.ContainsAny(name, ".!?\n") {
			return strings.TrimSpace(name), true
		}
	}
	e := strings.IndexAny(after, ".!?\n")
	if e < 0 {
		e = len(after)
	}
	if rest := strings.TrimSpace(after[e:]); rest != "" && rest != "." && !strings.HasPrefix(rest, ".\n") && !strings.HasPrefix(after[e:], "\n") {
		return "", false
	}
	seg := after[:e]
	if i := strings.LastIndexByte(seg, ','); i >= 0 {
		seg = seg[i+1:]
	}
	return strings.TrimSpace(seg), true
}

// nameBeforeTitle reads a credit sentence that names the photographer
// first, the title after the name set off by commas, and the verb of
// taking after it in the same sentence: Persian "این تصویر که NAME، عکاس
// بنگلادشی، آن را ثبت کرده است" (this picture, which NAME, a Bangladeshi
// photographer, recorded; fc5b-086 of firstcontact5-tune.jsonl). The name
// runs from the last comma, sentence end or relative word
// (names.CutRelative) before it.
func (r creditReader) nameBeforeTitle(st names.StaffTitle) (credit, bool) {
	before, ok := strings.CutSuffix(strings.TrimSpace(strings.ReplaceAll(st.Before, arabicComma, ",")), ",")
	if !ok {
		return credit{}, false
	}
	if i := strings.LastIndexAny(before, ",.!?\n"); i >= 0 {
		before = before[i+1:]
	}
	after := st.After
	if e := strings.IndexAny(after, ".!?\n"); e >= 0 {
		after = after[:e]
	}
	if !names.TakenAfter(after) {
		return credit{}, false
	}
	return r.titleParts("", names.CutRelative(strings.TrimSpace(before)), false)
}
