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
