package names

import (
	"strings"

	"github.com/captag/captag/metadata"
)

// Labels introduce a credit ("Photo by", "Foto:", "Mandatory Credit:",
// "©"); CutLabels cuts them from its start, any case. Longer labels come
// before their prefixes. They are labelTable's (labels.go).
func Labels() []string { return labels }

// roleWords are the credit parts that are neither a person nor an agency,
// the ONE list of them: the caption parser drops them from a credit (and
// "file" marks an archive picture), the check does not take them for an
// agency in a store's Credit or Source, nor for a person in its creator.
// The value says what they mean: "pool", "handout", "file", "staff",
// "illustration", "tag", or "" for a bare "Photo". Keys are
// metadata.FoldName keys of the spellings (see roleKeys).
var roleWords = map[string]string{
	"pool": "pool", "pool photo": "pool", "pool photos": "pool", "pool picture": "pool",
	"handout": "handout", "handout photo": "handout", "handout picture": "handout", "ho": "handout",
	"supplied": "handout", "courtesy": "handout", "divulgação": "handout", "divulgacao": "handout",
	"reprodução": "handout", "reproducao": "handout", "reproduction": "handout", "reproducción": "handout",
	"file": "file", "file photo": "file", "file picture": "file", "files": "file", "archive": "file",
	"archivbild": "file", "archiv": "file", "archivo": "file", "archives": "file", "arquivo": "file",
	"str": "staff", "stringer": "staff", "staff": "staff", "staff photo": "staff", "contributor": "staff",
	"illustration": "illustration", "illustrations": "illustration", "photo illustration": "illustration",
	"tpx images of the day": "tag", "screengrab": "handout", "video grab": "handout", "social media": "handout",
	"photo": "", "photos": "", "foto": "",
	// Issue 22: a summit's official photographers, whom Reuters credits
	// as "Host photo agency via Reuters" (firstcontact-tune.jsonl fc-217).
	"host photo agency": "handout",
	// Issue 22: the words for "archive" (a file picture) and "courtesy,
	// given, private" (a handout) of the label table's languages, each
	// the Wiktionary translation of the English word
	// (https://en.wiktionary.org/wiki/archive#Translations,
	// /courtesy#Translations, /private#Translations; Romanian "arhiva",
	// https://ro.wiktionary.org/wiki/arhivă, fc5a-051); CJK "file photo"
	// (資料写真 ja, 자료사진 ko, 资料图 and 資料照片 zh).
	"archiwum": "file", "архив": "file", "архів": "file", "arkiv": "file", "arkisto": "file", "archief": "file",
	"archivio": "file", "arxiu": "file", "arhiva": "file", "arhivă": "file", "αρχείο": "file", "arşiv": "file", "資料写真": "file", "자료사진": "file",
	"资料图": "file", "資料照片": "file", "资料图片": "file", "資料圖片": "file", "archívum": "file", "archiwum prywatne": "file",
	"cedida": "handout", "cortesía": "handout", "cortesia": "handout", "gentileza": "handout", "privat": "handout",
	"prywatne": "handout", "soukromý archiv": "file",
	// Swahili "mpiga picha wetu", our photographer: a staff credit naming
	// nobody ("Picha na Mpiga Picha Wetu", fc3b-028;
	// https://sw.wiktionary.org/wiki/mpiga_picha, /wetu).
	"mpiga picha wetu": "staff", "mpigapicha wetu": "staff",
	// A photographer's status after the name, no agency: "亞軍:陳國誠 Chan
	// Kwok Shing Freelance Photographer" (fc6b-053,
	// https://hkppa.net/《前線‧焦點-2023》比賽結果-focus-at-the-frontline-2023-results).
	"freelance": "staff", "freelancer": "staff", "freelance photographer": "staff",
	// "Photo courtesy", the picture lent by whoever follows: "(Photo
	// Courtesy - www.sesatha.com.uk)" under a Sinhala gallery (fc6b-066 of
	// firstcontact6-tune.jsonl, https://www.news24.lk; https://en.wiktionary.org/wiki/courtesy).
	"photo courtesy": "handout", "photos courtesy": "handout", "picture courtesy": "handout", "image courtesy": "handout",
	// The permission notice after the photographer's name, as Global
	// Voices writes it in each language: "Image by NAME, used with
	// permission." (fc8a-152 of firstcontact8-tune.jsonl), Arabic "تصوير
	// NAME، استخدمت بإذن." (used with permission, fc8a-084;
	// https://en.wiktionary.org/wiki/إذن, permission). A courtesy.
	"used with permission": "handout", "استخدمت بإذن": "handout", "تستخدم بإذن": "handout",
	// Handed-out pictures in the plural and in Indonesian, naming nobody:
	// Spanish "FOTOS: Cedidas." (ceded, the plural of cedida, fc8b-017,
	// https://es.wiktionary.org/wiki/cedido), Indonesian "Foto: Dok
	// istimewa" (special documentation, a supplied picture, fc8d-060;
	// https://id.wiktionary.org/wiki/istimewa, dok for dokumentasi),
	// firstcontact8-tune.jsonl.
	"cedidas": "handout", "cedidos": "handout", "cedido": "handout", "dok istimewa": "handout",
	"dok. istimewa": "handout", "istimewa": "handout",
}

// roleKeys are roleWords by the metadata.FoldName key of each spelling.
var roleKeys = func() map[string]string {
	m := make(map[string]string, len(roleWords)+len(platforms))
	for w, r := range roleWords {
		m[metadata.FoldName(w)] = r
	}
	for _, w := range platforms { // the social-media sites (platform.go)
		m[metadata.FoldName(w)] = "handout"
	}
	return m
}()

// maxRoleBytes is the longest part Role folds: the words it knows are
// short.
const maxRoleBytes = 32

// Role reports whether the credit part s is a role word, and what it
// means ("pool", "handout", "file", "staff", "illustration", "tag", or ""
// for a bare "Photo"). Parts compare after metadata.FoldName ("Pool
// Photo", "POOL-PHOTO", "H.O.").
func Role(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if len(s) > maxRoleBytes {
		return "", false
	}
	var buf [maxRoleBytes]byte
	if k, ascii := foldASCII(buf[:0], s); ascii {
		r, ok := roleKeys[string(k)]
		return r, ok
	}
	r, ok := roleKeys[metadata.FoldName(s)]
	return r, ok
}

// NotAgency reports whether a part of a credit chain is a role word
// rather than an agency ("Pool", "Handout", "File Photo", "STR").
func NotAgency(p string) bool {
	_, ok := Role(p)
	return ok
}

// NotPerson reports whether a creator value is a role word or a word that
// stands for no one in particular ("Staff", "Stringer", "STR", "Handout",
// "Unknown"), who sent the picture rather than who took it.
func NotPerson(p string) bool {
	if NotAgency(p) {
		return true
	}
	switch metadata.FoldName(p) {
	case "staffphotographer", "unknown", "anonymous":
		return true
	}
	return false
}

// FoldASCII appends metadata.FoldName(s) to dst when s is ASCII (its
// letters and digits, lower-cased: metadata.FoldName drops everything else
// of ASCII) and reports whether it was; dst is then unchanged for other s.
func FoldASCII(dst []byte, s string) ([]byte, bool) { return foldASCII(dst, s) }

func foldASCII(dst []byte, s string) ([]byte, bool) {
	n := len(dst)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 0x80:
			return dst[:n], false
		case 'A' <= c && c <= 'Z':
			dst = append(dst, c+'a'-'A')
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
			dst = append(dst, c)
		}
	}
	return dst, true
}

// CutLabels cuts every credit label from the start of c and reports
// whether there was one; a year after a copyright sign goes with it
// ("© 2016 Anadolu Agency").
func CutLabels(c string) (string, bool) {
	labelled := false
	for again, n := true, 0; again && n < 8; n++ {
		again = false
		for _, l := range labelsStarting(c) {
			if hasPrefixFold(c, l) {
				c = strings.TrimSpace(c[len(l):])
				labelled, again = true, true
				break
			}
		}
		if labelled && len(c) > 5 && isDigits(c[:4]) && c[4] == ' ' {
			c = strings.TrimSpace(c[5:])
		}
	}
	return c, labelled
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// The Chinese credit, whose words follow the name instead of preceding it
// (issue 22; firstcontact-tune.jsonl): "新华社记者 陈思汗 摄" (fc-046,
// "Xinhua reporter NAME photographed"), glued "新华社记者申宏摄" (fc-148),
// "新华社发(高建中 摄)" (fc-044, "Xinhua released (NAME photographed)"),
// "中青报·中青网记者 陈剑/摄" (fc-152), "田嘉硕/摄" (fc-153), traditional
// "新華社記者 琚振華 攝" (fc-158) and "新華社發" (fc-157); the Japanese
// "(NAME撮影)", NAME photographing (fc3b-022;
// https://ja.wiktionary.org/wiki/撮影).
var (
	// cjkShotBy ends a credit after the photographer's name: "photographed".
	// "摄影报道" (photographed and reported, https://zh.wiktionary.org/wiki/报道):
	// "(张新军摄影报道)" ending fc8a-059 of firstcontact8-tune.jsonl.
	cjkShotBy = []string{"摄影报道", "攝影報道", "摄", "攝", "撮影"}
	// cjkStaff joins an agency to its photographer: "reporter"; "特约记者"
	// (special correspondent, https://zh.wiktionary.org/wiki/特約): "新華社特約記者
	// NAME攝" (fc8a-068 of firstcontact8-tune.jsonl). Longest first.
	cjkStaff = []string{"特约记者", "特約記者", "记者", "記者"}
	// cjkReleased follows an agency that released the picture; "圖片"
	// (picture, https://zh.wiktionary.org/wiki/圖片) an agency whose
	// picture it is: "…之間。香港中通社圖片" (a Hong Kong China News Agency
	// picture; g9b-125 of firstcontact9-tune.jsonl,
	// http://hkcna.hk./docDetail.jsp?channel=4372&id=100341950).
	cjkReleased = []string{"发", "發", "圖片", "图片"}
	// cjkSent ends a credit after the name of the agency's reporter who
	// sent the picture, and did not take it: "傳真" (fax, sent by fax,
	// https://zh.wiktionary.org/wiki/傳真): "(民眾提供)中央社記者蔡智明傳真"
	// (provided by a member of the public, sent by CNA reporter NAME;
	// g9b-073 of firstcontact9-tune.jsonl,
	// https://cna.com.tw/news/asoc/202410310166.aspx).
	cjkSent = []string{"傳真", "传真"}
)

// CJKSent lists the words that end a Chinese credit naming the reporter
// who sent the picture, not its photographer.
func CJKSent() []string { return cjkSent }

// cjkOwnPaper are the words a Chinese paper writes for itself before its
// staff word, "this paper" (https://zh.wiktionary.org/wiki/本報): "■本报记者
// NAME 摄" (our reporter NAME photographed; fc8a-064 of
// firstcontact8-tune.jsonl, a Hohhot daily). They name no agency. A
// county paper's "融媒体" (converged media, its own newsroom,
// https://zh.wikipedia.org/wiki/融媒体) is its word for itself too:
// "融媒体记者 廖晗 摄" (g10b-089 of firstcontact10-tune.jsonl,
// http://www.tzdaily.com.cn/html/2021-02/19/content_84951_13025921.htm).
var cjkOwnPaper = []string{"本报", "本報", "融媒体", "融媒體"}

// CJKOwnPaper reports whether s (after a leading bullet mark) is a Chinese
// paper's word for itself, "this paper".
func CJKOwnPaper(s string) bool {
	s = strings.TrimLeft(s, "■□◆◇●○▲△★☆ ")
	for _, w := range cjkOwnPaper {
		if s == w {
			return true
		}
	}
	return false
}

// cjkDispatch is the word a Chinese paper writes after its own name at the
// head of its text, "dispatch, reports" (https://zh.wiktionary.org/wiki/訊),
// the photographer's credit in parentheses after it: "天山网讯(记者
// 秦鹏摄影报道)8月8日,…" (Tianshan Net reports (reporter NAME photographed
// and reported); fc8a-058 of firstcontact8-tune.jsonl).
var cjkDispatch = []string{"讯", "訊"}

// CJKDispatch lists the Chinese dispatch words that follow a paper's name
// at the head of its text.
func CJKDispatch() []string { return cjkDispatch }

// cjkShotByLead is the photographing mark that Japanese regional papers
// write before the name, joined to it by the middle dot (U+30FB) inside
// the caption's last parentheses: "…JR神戸駅(撮影・小林良多)" (the Kobe
// Shimbun, firstcontact6-tune.jsonl fc6b-075,
// https://www.kobe-np.co.jp/news/society/202405/0017642293.shtml; "(撮影・藤家
// 武)", fc6b-076, https://www.kobe-np.co.jp/rentoku/photo_gallery/;
// https://ja.wiktionary.org/wiki/撮影).
var cjkShotByLead = []string{"撮影・", "撮影･"}

// CJKShotByLead lists the photographing marks written before the name.
func CJKShotByLead() []string { return cjkShotByLead }

// CJKShotBy, CJKStaff and CJKReleased are the words of the Chinese credit
// ("AGENCY记者 NAME 摄", "AGENCY发(NAME 摄)"): the photographed-by mark
// that ends it, the staff word between an agency and its photographer, and
// the released-by word after an agency.
func CJKShotBy() []string   { return cjkShotBy }
func CJKStaff() []string    { return cjkStaff }
func CJKReleased() []string { return cjkReleased }

// koreanReporter is the Korean word for "reporter" (기자, Hanja 記者 as in
// cjkStaff; https://ko.wiktionary.org/wiki/기자) that Korean papers write
// after their photographer's name, spaced or glued: "(사진=김대희 기자)",
// "/김철빈기자", "<김상선기자/ 중앙일보/ …>", "오장환 기자" on a line of its
// own (firstcontact4-tune.jsonl fc4b-003 … fc4b-007).
const koreanReporter = "기자"

// KoreanReporter is the Korean word for "reporter" that follows a
// photographer's name in a Korean paper's credit.
func KoreanReporter() string { return koreanReporter }

// koreanSubject is the subject particle 가 that a Korean credit sentence
// glues to the reporter word, and koreanTakenVerbs the verbs that close
// the sentence: "사진은 뉴스1 오현지 기자가 촬영했다." (the picture was
// taken by News1 reporter 오현지; g9b-135 of firstcontact9-tune.jsonl,
// http://www.jemin.com/news/articleView.html?idxno=768013;
// https://ko.wiktionary.org/wiki/가, /촬영하다: to photograph, past
// 촬영했다).
const koreanSubject = "가"

var koreanTakenVerbs = []string{"촬영했다", "촬영하였다"}

// koreanPictureTopic is "the picture" with the topic particle 은
// (https://ko.wiktionary.org/wiki/사진, /은) that opens the same sentence.
const koreanPictureTopic = "사진은"

// KoreanPictureTopic is the word that opens a Korean credit sentence.
func KoreanPictureTopic() string { return koreanPictureTopic }

// KoreanSubject is the subject particle after the reporter word in a
// Korean credit sentence.
func KoreanSubject() string { return koreanSubject }

// KoreanTakenVerbs lists the verbs of taking that end a Korean credit
// sentence.
func KoreanTakenVerbs() []string { return koreanTakenVerbs }

// koreanNoReprint is the notice Korean papers end a credit with,
// "unauthorised reproduction and redistribution prohibited" (무단전재 및
// 재배포 금지, https://ko.wiktionary.org/wiki/무단전재), in the spellings
// written.
var koreanNoReprint = []string{"무단전재 및 재배포 금지", "무단전재 재배포금지", "무단전재 및 재배포금지", "무단 전재 및 재배포 금지"}

// KoreanNoReprint lists the spellings of the Korean no-reprint notice.
func KoreanNoReprint() []string { return koreanNoReprint }

// gluedAgencySuffixes are agencies that a re-distributor glues to the end
// of the credit it passes on: Korean papers print Yonhap's "연합뉴스" right
// after the original agency, "AP연합뉴스" (fc-163).
var gluedAgencySuffixes = []string{"연합뉴스"}

// GluedAgencySuffixes lists the agency names that may be glued to the end
// of another agency's name ("AP연합뉴스").
func GluedAgencySuffixes() []string { return gluedAgencySuffixes }

// photographerWords follow a photographer's name after a comma and say
// what the name is: Swedish, Norwegian and Danish "fotograf" ("Alex
// Ljungdahl, fotograf", firstcontact-tune.jsonl fc-093), English
// "photographer".
var photographerWords = map[string]bool{"fotograf": true, "photographer": true}

// PhotographerWord reports whether w (any case) is a word that says the
// name before it is the photographer's ("NAME, fotograf").
func PhotographerWord(w string) bool {
	return len(w) <= maxRoleBytes && photographerWords[strings.ToLower(strings.TrimSpace(w))]
}

// ranks are the titles that military and government credits write before
// a photographer's name ("U.S. Army/Staff Sgt. Kyle Davis/Handout via
// REUTERS"; DVIDS credits "U.S. Navy photo by Mass Communication
// Specialist 2nd Class NAME"): the abbreviations of the AP Stylebook's
// military titles and the US services' enlisted and officer grades as
// DVIDS credits spell them. Longer titles come before their prefixes; a
// title is cut only when a name of two words or more follows it.
var ranks = []string{
	"mass communication specialist 1st class ", "mass communication specialist 2nd class ",
	"mass communication specialist 3rd class ", "mass communication specialist seaman ",
	"chief mass communication specialist ", "petty officer 1st class ", "petty officer 2nd class ",
	"petty officer 3rd class ", "chief petty officer ", "senior chief petty officer ",
	"master chief petty officer ", "chief master sgt. ", "senior master sgt. ", "master sgt. ",
	"tech. sgt. ", "staff sgt. ", "sgt. 1st class ", "sgt. maj. ", "1st sgt. ", "sgt. ", "spc. ",
	"pfc. ", "pvt. ", "lance cpl. ", "cpl. ", "senior airman ", "airman 1st class ", "airman ",
	"seaman ", "2nd lt. ", "1st lt. ", "lt. col. ", "lt. cmdr. ", "lt. gen. ", "maj. gen. ",
	"brig. gen. ", "lt. ", "capt. ", "maj. ", "col. ", "cmdr. ", "gen. ", "adm. ", "cpt. ",
	"ssgt ", "sgt ", "spc ", "cpl ", "pfc ",
}

// rankAbbrevs are the abbreviated words of ranks, without their dot
// ("pvt", "sgt", "lt"): a dot after one is no sentence end ("Army photo by
// Pvt. Randy Wren", firstcontact4-tune.jsonl fc4a-015).
var rankAbbrevs = func() map[string]bool {
	m := map[string]bool{}
	for _, r := range ranks {
		for _, w := range strings.Fields(r) {
			if strings.HasSuffix(w, ".") {
				m[strings.TrimSuffix(w, ".")] = true
			}
		}
	}
	return m
}()

// RankAbbrev reports whether w (any case, no dot) is the abbreviated word
// of a military title ("Pvt", "Sgt", "Capt").
func RankAbbrev(w string) bool { return rankAbbrevs[strings.ToLower(w)] }

// CutRank returns name without a military title before it ("Staff Sgt.
// Kyle Davis" → "Kyle Davis", "OR-8 Frank Wiedemann" → "Frank
// Wiedemann"; the titles of ranks and military.go), and whether there was
// one; a title with fewer than two words after it is kept ("Sgt. Pepper").
func CutRank(name string) (string, bool) {
	t := strings.TrimSpace(name)
	for _, r := range ranksStarting(t) {
		if len(t) > len(r) && hasPrefixFold(t, r) {
			rest := strings.TrimSpace(t[len(r):])
			if len(strings.Fields(rest)) >= 2 {
				return rest, true
			}
			return name, false
		}
	}
	return name, false
}
