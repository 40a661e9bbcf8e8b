package names

// The letters of the scripts Romanize reads, each spelled in Latin
// letters the way desks and agencies commonly write them. The spellings
// need not be one standard's: AcrossScripts compares them with a store's
// Latin name through sound classes (soundClasses), so "kh" and "h", "v"
// and "w", "ts" and "c" meet. Sources of each table:
//   - Cyrillic: BGN/PCGN romanization of Russian, with the Ukrainian,
//     Belarusian, Serbian, Macedonian and Kazakh letters
//     (https://en.wikipedia.org/wiki/Romanization_of_Russian,
//     https://en.wikipedia.org/wiki/Romanization_of_Ukrainian,
//     https://en.wikipedia.org/wiki/Romanization_of_Serbian,
//     https://en.wikipedia.org/wiki/Kazakh_alphabets);
//   - Greek: ELOT 743 / ISO 843 for modern Greek
//     (https://en.wikipedia.org/wiki/Romanization_of_Greek), accented
//     vowels as their plain letters;
//   - Armenian: https://en.wikipedia.org/wiki/Romanization_of_Armenian
//     (BGN/PCGN, Eastern);
//   - Georgian: national system of 2002
//     (https://en.wikipedia.org/wiki/Romanization_of_Georgian);
//   - Arabic script (Arabic, Persian, Urdu letters): the consonants of
//     ALA-LC (https://en.wikipedia.org/wiki/Romanization_of_Arabic,
//     https://en.wikipedia.org/wiki/Romanization_of_Persian); short vowels
//     are not written, so names of these scripts compare by consonants;
//   - Hebrew: https://en.wikipedia.org/wiki/Romanization_of_Hebrew
//     (consonants, as for Arabic);
//   - Hangul: the Revised Romanization of Korean of 2000
//     (https://en.wikipedia.org/wiki/Revised_Romanization_of_Korean), a
//     syllable read by its jamo as Unicode composes it (The Unicode
//     Standard, 3.12 "Conjoining Jamo Behavior").

// letterSpelling maps a letter of an alphabet or abjad to its Latin
// spelling; "" for a letter written without a sound of its own (ь, ъ, ع).
var letterSpelling = map[rune]string{
	// Cyrillic: Russian.
	'а': "a", 'б': "b", 'в': "v", 'г': "g", 'д': "d", 'е': "e", 'ё': "e", 'ж': "zh", 'з': "z", 'и': "i",
	'й': "y", 'к': "k", 'л': "l", 'м': "m", 'н': "n", 'о': "o", 'п': "p", 'р': "r", 'с': "s", 'т': "t",
	'у': "u", 'ф': "f", 'х': "kh", 'ц': "ts", 'ч': "ch", 'ш': "sh", 'щ': "shch", 'ъ': "", 'ы': "y", 'ь': "",
	'э': "e", 'ю': "yu", 'я': "ya",
	// Ukrainian, Belarusian, Serbian, Macedonian, Kazakh and other letters.
	'і': "i", 'ї': "yi", 'є': "ye", 'ґ': "g", 'ў': "w", 'ђ': "dj", 'ј': "j", 'љ': "lj", 'њ': "nj", 'ћ': "c",
	'џ': "dz", 'ѓ': "gj", 'ќ': "kj", 'ѕ': "dz", 'ә': "a", 'ғ': "gh", 'қ': "q", 'ң': "ng", 'ө': "o", 'ұ': "u",
	'ү': "u", 'һ': "h", 'ҳ': "h", 'ҷ': "j", 'ӣ': "i", 'ӯ': "u", 'ҡ': "q", 'ҙ': "dh", 'ҫ': "th", 'ӑ': "a",
	'ӗ': "e", 'ӳ': "u", 'ӧ': "o", 'ӱ': "u", 'ӓ': "a", 'ҥ': "ng", 'ӈ': "ng", 'ԥ': "p", 'ҭ': "t",
	// Greek (accented vowels as plain; final sigma).
	'α': "a", 'ά': "a", 'β': "v", 'γ': "g", 'δ': "d", 'ε': "e", 'έ': "e", 'ζ': "z", 'η': "i", 'ή': "i",
	'θ': "th", 'ι': "i", 'ί': "i", 'ϊ': "i", 'ΐ': "i", 'κ': "k", 'λ': "l", 'μ': "m", 'ν': "n", 'ξ': "x",
	'ο': "o", 'ό': "o", 'π': "p", 'ρ': "r", 'σ': "s", 'ς': "s", 'τ': "t", 'υ': "y", 'ύ': "y", 'ϋ': "y",
	'ΰ': "y", 'φ': "f", 'χ': "ch", 'ψ': "ps", 'ω': "o", 'ώ': "o",
	// Armenian (Eastern).
	'ա': "a", 'բ': "b", 'գ': "g", 'դ': "d", 'ե': "e", 'զ': "z", 'է': "e", 'ը': "y", 'թ': "t", 'ժ': "zh",
	'ի': "i", 'լ': "l", 'խ': "kh", 'ծ': "ts", 'կ': "k", 'հ': "h", 'ձ': "dz", 'ղ': "gh", 'ճ': "ch", 'մ': "m",
	'յ': "y", 'ն': "n", 'շ': "sh", 'ո': "o", 'չ': "ch", 'պ': "p", 'ջ': "j", 'ռ': "r", 'ս': "s", 'վ': "v",
	'տ': "t", 'ր': "r", 'ց': "ts", 'ւ': "v", 'փ': "p", 'ք': "k", 'օ': "o", 'ֆ': "f", 'և': "ev",
	// Georgian (Mkhedruli).
	'ა': "a", 'ბ': "b", 'გ': "g", 'დ': "d", 'ე': "e", 'ვ': "v", 'ზ': "z", 'თ': "t", 'ი': "i", 'კ': "k",
	'ლ': "l", 'მ': "m", 'ნ': "n", 'ო': "o", 'პ': "p", 'ჟ': "zh", 'რ': "r", 'ს': "s", 'ტ': "t", 'უ': "u",
	'ფ': "p", 'ქ': "k", 'ღ': "gh", 'ყ': "q", 'შ': "sh", 'ჩ': "ch", 'ც': "ts", 'ძ': "dz", 'წ': "ts", 'ჭ': "ch",
	'ხ': "kh", 'ჯ': "j", 'ჰ': "h",
	// Arabic script: Arabic, Persian, Urdu.
	'ا': "a", 'آ': "a", 'أ': "a", 'إ': "i", 'ٱ': "a", 'ب': "b", 'پ': "p", 'ت': "t", 'ٹ': "t", 'ث': "s",
	'ج': "j", 'چ': "ch", 'ح': "h", 'خ': "kh", 'د': "d", 'ڈ': "d", 'ذ': "z", 'ر': "r", 'ڑ': "r", 'ز': "z",
	'ژ': "zh", 'س': "s", 'ش': "sh", 'ص': "s", 'ض': "z", 'ط': "t", 'ظ': "z", 'ع': "", 'غ': "gh", 'ف': "f",
	'ق': "q", 'ک': "k", 'ك': "k", 'گ': "g", 'ل': "l", 'م': "m", 'ن': "n", 'ں': "n", 'و': "v", 'ه': "h",
	'ہ': "h", 'ھ': "h", 'ة': "a", 'ی': "i", 'ي': "i", 'ى': "a", 'ے': "e", 'ئ': "i", 'ؤ': "u", 'ء': "",
	// Hebrew (consonants; final forms as their letters).
	'א': "", 'ב': "v", 'ג': "g", 'ד': "d", 'ה': "h", 'ו': "v", 'ז': "z", 'ח': "kh", 'ט': "t", 'י': "y",
	'כ': "k", 'ך': "kh", 'ל': "l", 'מ': "m", 'ם': "m", 'נ': "n", 'ן': "n", 'ס': "s", 'ע': "", 'פ': "p",
	'ף': "f", 'צ': "ts", 'ץ': "ts", 'ק': "k", 'ר': "r", 'ש': "sh", 'ת': "t",
}

// Hangul: the initial, medial and final jamo of a composed syllable, in
// Unicode's order (syllable = 0xAC00 + (initial*21 + medial)*28 + final).
var (
	hangulInitial = [19]string{"g", "kk", "n", "d", "tt", "r", "m", "b", "pp", "s", "ss", "", "j", "jj", "ch", "k", "t", "p", "h"}
	hangulMedial  = [21]string{"a", "ae", "ya", "yae", "eo", "e", "yeo", "ye", "o", "wa", "wae", "oe", "yo", "u", "wo", "we", "wi", "yu", "eu", "ui", "i"}
	hangulFinal   = [28]string{"", "k", "k", "k", "n", "n", "n", "t", "l", "k", "m", "p", "l", "l", "p", "l", "m", "p", "p", "t", "t", "ng", "t", "t", "k", "t", "p", "t"}
)
