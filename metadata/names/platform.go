package names

import (
	"slices"
	"strings"
)

// platforms name the social-media sites a picture is taken from, the one
// list of them: a credit part that is one is a handout's source (roleKeys
// gives them the role "handout"), and a name it follows is whose page it
// was (CutPlatform).
var platforms = []string{"facebook", "instagram", "twitter", "youtube", "tiktok",
	"telegram",  // "Фото: Telegram/Офіс Президента" (fc5a-079 of firstcontact5-tune.jsonl)
	"फेसबुक",    // Nepali/Hindi "Facebook" (https://ne.wiktionary.org/wiki/फेसबुक)
	"ေဖ့စ္ဘုတ္"} // Burmese "Facebook" in the Zawgyi encoding: "ဓာတ္ပံု- NAME ေဖ့စ္ဘုတ္" (fc7b-019 of firstcontact7-tune.jsonl, http://blog.irrawaddy.com/2013/01/blog-post_5120.html)

// genitives are the endings of a name's possessive before a platform.
var genitives = []string{"'s", "’s",
	"को"} // Nepali genitive postposition (https://en.wiktionary.org/wiki/को)

// CutPlatform cuts a social-media site written after a name, with the
// name's genitive: "PHOTO/ Ciiru Waweru Waithaka Facebook" (fc5b-075),
// "तस्बिरः उद्धव प्याकुरेलको फेसबुक" (NAME's Facebook, fc5b-104); and one
// written before it, as a page copy credits the account it took the
// picture from: "Ảnh: facebook Nguyễn Lân Thắng." (fc7b-052 of
// firstcontact7-tune.jsonl,
// https://lamtamnhu.blogspot.com/2012/12/chieu-thuc-am-nhu-bieu-tinh-bat-ngo.html).
func CutPlatform(n string) string {
	n = strings.TrimSpace(n)
	if first, rest, ok := strings.Cut(n, " "); ok && slices.Contains(platforms, strings.ToLower(first)) {
		if rest = strings.TrimSpace(rest); rest != "" {
			return rest
		}
	}
	i := strings.LastIndexByte(n, ' ')
	if i <= 0 {
		return n
	}
	last := strings.ToLower(n[i+1:])
	if !slices.Contains(platforms, last) {
		return n
	}
	n = strings.TrimSpace(n[:i])
	for _, g := range genitives {
		if strings.HasSuffix(n, g) && len(n) > len(g) {
			return n[:len(n)-len(g)]
		}
	}
	return n
}

// pageWords name the page an owner keeps on a social-media site: "The
// National Election Committee holds a meeting … (National Election
// Committee's Facebook page)" (fc8d-024 of firstcontact8-tune.jsonl,
// https://vodenglish.news/author/mechdara-2/page/23/), "Courtesy
// Facebook/Armani Chua Fashion Page" (fc8a-154, https://rmn.ph/tignan-malinis-at-maluwag-na-divisoria).
var pageWords = []string{"page"}

// IsPlatform reports whether w, one credit part, is a social-media site
// of platforms ("Facebook", "TWITTER").
func IsPlatform(w string) bool {
	return slices.Contains(platforms, strings.ToLower(strings.TrimSpace(w)))
}

// EndsWithPage reports whether the last word of n is a page word: "Armani
// Chua Fashion Page" after "Facebook/" names the page the picture came
// from.
func EndsWithPage(n string) bool {
	f := strings.Fields(n)
	return len(f) >= 2 && slices.Contains(pageWords, strings.ToLower(f[len(f)-1]))
}

// PlatformPage reports whether n names a page on a social-media site by
// its owner, with the owner's genitive: "National Election Committee's
// Facebook page", "Hun Sen's Facebook page" (fc8d-024, fc8d-023 of
// firstcontact8-tune.jsonl). The desk credits the page as a whole, the
// source it took the picture from.
func PlatformPage(n string) bool {
	var f [3]string // the last three words, last first; no list of all of them
	rest := strings.TrimSpace(n)
	for i := range f {
		j := strings.LastIndexAny(rest, " \t\n")
		f[i], rest = rest[j+1:], strings.TrimSpace(rest[:max(j, 0)])
		if f[i] == "" || j < 0 && i < 2 {
			return false
		}
	}
	if !slices.Contains(pageWords, strings.ToLower(f[0])) || !IsPlatform(f[1]) {
		return false
	}
	owner := f[2]
	for _, g := range genitives {
		if strings.HasSuffix(owner, g) && len(owner) > len(g) {
			return true
		}
	}
	return false
}
