package names

import (
	"strings"
	"unicode"
)

// staffTitle is a desk's title for its photographer or correspondent, as
// a credit sentence writes it between the desk (or the place of the
// correspondent's beat) and the name: Bengali "জনকণ্ঠের নিজস্ব আলোকচিত্রী"
// (Janakantha's own photographer), Tamil "பிடிஐ புகைப்படக் கலைஞர் NAME"
// (PTI photographer NAME). The title is neither part of the name nor
// the agency (issue 22: role words as data, each entry cited).
type staffTitle struct {
	lang  string
	title string
	// place: what stands before the title is a place, the beat of a
	// correspondent ("বরিশাল প্রতিনিধি", Barishal correspondent), not a desk.
	place bool
	// deskAfter: the desk follows the title, as in the Arabic construct
	// state ("مصور وكالة الأنباء الفرنسية", the photographer of AFP), and
	// the name, if any, the desk and a comma.
	deskAfter bool
	// noDesk: the title names no desk; the name follows it, after a comma
	// ("Shahararren me daukar hoto, NAME ya dauki hotunan").
	noDesk bool
	// nameBefore: the name comes before the title, set off by commas,
	// and the verb of taking after it ("که NAME، عکاس بنگلادشی، آن را ثبت
	// کرده است").
	nameBefore bool
	source     string
}

var staffTitles = []staffTitle{
	{"bn", "নিজস্ব আলোকচিত্রী", false, false, false, false, "https://en.wiktionary.org/wiki/আলোকচিত্রী (Bengali: photographer), /নিজস্ব (own); 'ছবিটি তুলেছেন জনকণ্ঠের নিজস্ব আলোকচিত্রী' (taken by Janakantha's own photographer), fc5b-012 (http://www.dailyjanakantha.com)"},
	{"bn", "আলোকচিত্রী", false, false, false, false, "https://en.wiktionary.org/wiki/আলোকচিত্রী (Bengali: photographer)"},
	{"bn", "প্রতিনিধি", true, false, false, false, "https://en.wiktionary.org/wiki/প্রতিনিধি (Bengali: representative, correspondent); 'ছবিটি তুলেছেন বরিশাল প্রতিনিধি NAME' (our Barishal correspondent NAME), fc5b-011"},
	{"ta", "புகைப்படக் கலைஞர்", false, false, false, false, "https://en.wiktionary.org/wiki/புகைப்படக்_கலைஞர் (Tamil: photographer, 'photo artist'); 'பிடிஐ புகைப்படக் கலைஞர் NAME எடுத்த இந்த புகைப்படம்' (this photo PTI photographer NAME took), fc5b-061"},
	{"te", "ఫొటోగ్రాఫర్", false, false, false, false, "https://te.wiktionary.org/wiki/ఫోటోగ్రాఫర్ (Telugu: photographer, also spelt ఫొటోగ్రాఫర్); '– సాక్షి ఫొటోగ్రాఫర్, విజయనగరం' (Sakshi photographer, Vizianagaram), fc5b-097"},
	{"te", "ఫోటోగ్రాఫర్", false, false, false, false, "https://te.wiktionary.org/wiki/ఫోటోగ్రాఫర్ (Telugu: photographer)"},
	{"ml", "ചീഫ് ക്യാമറാമാൻ", false, false, false, false, "Malayalam 'chief cameraman', from English (https://en.wiktionary.org/wiki/cameraman); 'ജനം ന്യൂസ് ചീഫ് ക്യാമറാമാൻ NAME പകർത്തിയ സന്നിധാന കാഴ്ചകൾ' (the Sannidhanam sights Janam News chief cameraman NAME captured), fc8a-087 of firstcontact8-tune.jsonl, http://janamtv.com/80072762/"},
	{"ml", "ക്യാമറാമാൻ", false, false, false, false, "Malayalam 'cameraman', from English (https://en.wiktionary.org/wiki/cameraman); fc8a-087"},
	{"ar", "مصور", false, true, false, false, "https://ar.wiktionary.org/wiki/مصور (Arabic: photographer); 'والتقط مصور وكالة الأنباء الفرنسية، الإثنين، صور' (the AFP photographer took, on Monday, pictures), fc5b-109"},
	// Spanish "the agency's photographer", the agency after it and the
	// name after a comma: "El fotógrafo de la agencia EFE, Miguel
	// Gutiérrez, logró capturar …" (fc7a-110 of firstcontact7-tune.jsonl,
	// https://es.wiktionary.org/wiki/fotógrafo, /agencia).
	{"es", "fotógrafo de la agencia", false, true, false, false, "https://es.wiktionary.org/wiki/fotógrafo (photographer), /agencia (agency); fc7a-110"},
	{"es", "fotógrafa de la agencia", false, true, false, false, "https://es.wiktionary.org/wiki/fotógrafa (photographer, feminine); fc7a-110"},
	// Hausa "one who takes pictures", no desk: "Shahararren me daukar
	// hoto, Sani Maikatangane ya dauki hotunan." (the famous photographer
	// NAME took the pictures, fc7a-062; https://en.wiktionary.org/wiki/hoto,
	// /ɗauka; the verb in titleVerbs).
	{"ha", "me daukar hoto", false, false, true, false, "https://en.wiktionary.org/wiki/hoto (Hausa: photo), /ɗauka (to take); 'mai ɗaukar hoto' (photographer) written 'me daukar hoto', fc7a-062"},
	{"ha", "mai daukar hoto", false, false, true, false, "https://en.wiktionary.org/wiki/hoto (Hausa: photo); fc7a-062"},
	// Swahili "one who strikes pictures", the photographer, no desk:
	// "Picha ilipigwa 1993 na mpiga picha maarufu, Muhidini Issa Michuzi."
	// (the picture was taken in 1993 by the famous photographer NAME,
	// fc5b-062; https://sw.wiktionary.org/wiki/mpiga_picha); the verb
	// before it in titlePassives.
	{"sw", "mpiga picha", false, false, true, false, "https://sw.wiktionary.org/wiki/mpiga_picha (Swahili: photographer); fc5b-062"},
	// Persian "photographer" after the name it titles, set off by
	// commas, the verb of recording after it (titleVerbsAfter): "این تصویر
	// که NAME، عکاس بنگلادشی، آن را ثبت کرده است" (fc5b-086 of
	// firstcontact5-tune.jsonl, https://hamgardi.com/fa/Post/2136;
	// https://en.wiktionary.org/wiki/عکاس).
	{"fa", "عکاس", false, false, false, true, "https://en.wiktionary.org/wiki/عکاس (Persian: photographer); fc5b-086"},
	// Arabic "the journalist", no desk, the name after it set off by
	// commas and the verb of taking before it: "صورة التقاطه الصحفي
	// التركي، NAME، في مخيّم اللاجئين" (a picture taken by the Turkish
	// journalist NAME in the refugee camp; fc8d-064 of
	// firstcontact8-tune.jsonl, https://maannews.net/news/770480.html;
	// https://en.wiktionary.org/wiki/صحفي); the verb in titlePassives.
	{"ar", "الصحفي", false, false, true, false, "https://en.wiktionary.org/wiki/صحفي (Arabic: journalist); fc8d-064"},
}

// titleGenitives are the endings of a desk's name before its title in
// the languages that inflect it: Bengali "জনকণ্ঠের" (Janakantha's,
// fc5b-012; https://en.wiktionary.org/wiki/-ের, /-এর).
var titleGenitives = []string{"ের", "এর"}

// titleNonDesks are the words that stand before a title in the desk's
// place and are no desk: Bengali "আমাদের" (our), "আমার" (my), "তার"
// (his, her; https://en.wiktionary.org/wiki/আমাদের): "ছবিটি তুলেছেন
// আমাদের নিজস্ব আলোকচিত্রী" is our own photographer.
var titleNonDesks = map[string]bool{"আমাদের": true, "আমার": true, "তার": true}

// titleVerbs end the name of a credit sentence written with a title and
// no label: Tamil "எடுத்த" (took, https://en.wiktionary.org/wiki/எடு;
// fc5b-061), "எடுத்தது", "எடுத்துள்ளார்".
var titleVerbs = []string{"எடுத்த", "எடுத்தது", "எடுத்துள்ளார்",
	// Hausa "(he) took", "(she) took" (https://en.wiktionary.org/wiki/ɗauka;
	// fc7a-062: "NAME ya dauki hotunan").
	"ya dauki", "ta dauki",
	// Malayalam "captured" (the relative participle of പകർത്തുക, to copy,
	// to capture; https://en.wiktionary.org/wiki/പകർത്തുക): "NAME പകർത്തിയ
	// സന്നിധാന കാഴ്ചകൾ" (the sights NAME captured, fc8a-087).
	"പകർത്തിയ"}

// titlePassives, before a title in the same sentence, say the picture
// was taken by the one the title names, whose name ends the sentence:
// Swahili "ilipigwa" (it was taken, of one picture), "zilipigwa" (of
// several; https://sw.wiktionary.org/wiki/piga; fc5b-062).
//
// Arabic "التقطها" (he took it, of a picture; https://en.wiktionary.org/wiki/التقط)
// and "التقاطه" (its taking, the verbal noun with its pronoun, as Ma'an
// News writes "صورة التقاطه الصحفي …", fc8d-064).
var titlePassives = []string{"ilipigwa", "zilipigwa", "التقطها", "التقاطه"}

// TakenBefore reports whether s, the text before a title, holds one of
// titlePassives as a word after its last sentence end.
func TakenBefore(s string) bool {
	if i := strings.LastIndexAny(s, ".!?\n"); i >= 0 {
		s = s[i+1:]
	}
	for _, v := range titlePassives {
		if wordIndexFold(s, v) >= 0 {
			return true
		}
	}
	return false
}

// titleVerbsAfter are the verbs of taking that follow a title written
// after the name (staffTitle.nameBefore): Persian "ثبت کرده" (has
// recorded, https://en.wiktionary.org/wiki/ثبت_کردن; fc5b-086), "گرفته"
// (has taken, https://en.wiktionary.org/wiki/گرفتن).
var titleVerbsAfter = []string{"ثبت کرده", "گرفته"}

// TakenAfter reports whether s, the rest of the sentence after a title
// written after the name, holds one of titleVerbsAfter as words.
func TakenAfter(s string) bool {
	for _, v := range titleVerbsAfter {
		if wordIndex(s, v) >= 0 {
			return true
		}
	}
	return false
}

// relativeWords open the clause a photographer's name starts after a
// noun: Persian "که" (which, that; https://en.wiktionary.org/wiki/که),
// "این تصویر که NAME، …" (this picture, which NAME …, fc5b-086).
var relativeWords = []string{"که"}

// CutRelative returns what follows the last of relativeWords standing as
// a word in s, or s.
func CutRelative(s string) string {
	for _, w := range relativeWords {
		if i := wordIndex(s, w); i >= 0 {
			return strings.TrimSpace(s[i+len(w):])
		}
	}
	return s
}

// StaffTitle is a title found in a credit: the desk (or place) written
// before it, the text after it, and how to read them.
type StaffTitle struct {
	Before, After string
	Place         bool // Before is a correspondent's beat, not a desk
	DeskAfter     bool // the desk opens After (Arabic, Spanish)
	NoDesk        bool // no desk: the name follows
	NameBefore    bool // the name ends Before, set off by a comma
}

// CutStaffTitle finds the first staffTitle of the table in s, at its
// last place there as whole words (wordIndex), and
// returns what stands on each side of it, a genitive ending cut from the
// desk.
func CutStaffTitle(s string) (StaffTitle, bool) {
	for _, t := range staffTitles {
		i := wordIndexFold(s, t.title)
		if i < 0 {
			continue
		}
		before := strings.TrimSpace(s[:i])
		if titleNonDesks[before] {
			before = ""
		}
		for _, g := range titleGenitives {
			if w, ok := strings.CutSuffix(before, g); ok && w != "" {
				before = w
				break
			}
		}
		return StaffTitle{Before: before, After: strings.TrimSpace(s[i+len(t.title):]), Place: t.place, DeskAfter: t.deskAfter, NoDesk: t.noDesk, NameBefore: t.nameBefore}, true
	}
	return StaffTitle{}, false
}

// CutTitleVerb cuts s at the first of titleVerbs written as a word, and
// reports whether there was one.
func CutTitleVerb(s string) (string, bool) {
	for _, v := range titleVerbs {
		if i := wordIndex(s, v); i >= 0 {
			return strings.TrimSpace(s[:i]), true
		}
	}
	return s, false
}

// wordIndex is the index of the last place w stands in s as whole words
// (spaces, punctuation or the text's ends around it), or -1: a credit
// ends a caption, and a title earlier in it is a subject's ("Mzee Ernest
// Millinga ambaye alikuwa mpiga picha mkuu …", fc5b-062).
func wordIndex(s, w string) int {
	for to := len(s); to > 0; {
		i := strings.LastIndex(s[:to], w)
		if i < 0 {
			return -1
		}
		end := i + len(w)
		if (i == 0 || strings.ContainsRune(" ,(\n", rune(s[i-1])) || strings.HasSuffix(s[:i], "،")) && (end == len(s) || strings.ContainsRune(" ,.)\n", rune(s[end])) || strings.HasPrefix(s[end:], "،")) {
			return i
		}
		to = i + len(w) - 1
	}
	return -1
}

// wordIndexFold is wordIndex with the first letter in either case ("El
// fotógrafo", "Fotógrafo"; "Me daukar hoto").
func wordIndexFold(s, w string) int {
	i := wordIndex(s, w)
	r := []rune(w)
	if up := string(unicode.ToUpper(r[0])) + string(r[1:]); up != w {
		if j := wordIndex(s, up); j > i {
			i = j
		}
	}
	return i
}

// agencyPhotoPhrases are the words that follow an agency's name in a
// sentence and say the pictures are the agency's, its genitive ending
// with them: Kyrgyz "агенттигинин сүрөт" (the agency's photo: "Sputnik
// Кыргызстан агенттигинин сүрөт түрмөгүнөн көрүңүздөр", see in the photo
// series of the Sputnik Kyrgyzstan agency; fc8a-036 of
// firstcontact8-tune.jsonl; https://en.wiktionary.org/wiki/агенттик,
// /сүрөт), Armenian "-ի արած լուսանկար" (the photograph made by: "PAN
// Photo-ի արած լուսանկարը", fc8a-078; https://en.wiktionary.org/wiki/անել,
// /լուսանկար).
var agencyPhotoPhrases = []string{" агенттигинин сүрөт", "-ի արած լուսանկար"}

// AgencyPhotoPhrases lists the words after an agency's name that make it
// the pictures' credit.
func AgencyPhotoPhrases() []string { return agencyPhotoPhrases }
