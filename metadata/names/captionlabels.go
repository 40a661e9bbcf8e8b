package names

// captionLabels are the labels that introduce a picture's description
// right after its credit, as BBC pages write them in the language of the
// page: "Ffynhonnell y llun, NAME Disgrifiad o’r llun, CAPTION" (Welsh,
// the picture's source … the picture's description; BBC Cymru Fyw,
// fc7a-012, -014, -015 of firstcontact7-tune.jsonl,
// https://feeds.bbci.co.uk/cymrufyw/55160714;
// https://en.wiktionary.org/wiki/disgrifiad, description), "صدر الصورة،
// EPA التعليق على الصورة، …" (Arabic, the picture's comment; BBC Arabic,
// fc-205 of firstcontact-tune.jsonl;
// https://en.wiktionary.org/wiki/تعليق), and the English field label
// "Image caption" the BBC's pages in other languages keep ("Image
// copyright Colin Cameron Image caption Bha cuirmean-ciùil …", BBC
// Naidheachdan, g9b-092 of firstcontact9-tune.jsonl,
// https://www.bbc.co.uk/naidheachdan/53564876). A credit ends where one begins.
// Lower case, both apostrophes.
//
// BBC Amharic's "አጭር የምስል መግለጫ" (short picture description), which a
// page copy glues to the caption's first word: "Image
// copyrightINSTAGRAM\nአጭር የምስል መግለጫሳሃር ታባር …" (g9a-012 of
// firstcontact9-tune.jsonl, https://zethiopians.blogspot.com/2019/11/;
// https://en.wiktionary.org/wiki/መግለጫ, description).
var captionLabels = []string{"disgrifiad o’r llun,", "disgrifiad o'r llun,", "التعليق على الصورة،", " image caption ", "አጭር የምስል መግለጫ"}

// CaptionLabels lists the labels that open a picture's description after
// its credit.
func CaptionLabels() []string { return captionLabels }
