// Package caption reads caption files the way photo desks write them —
// wire-agency text, CSV (including exiftool's CSV form), JSON and JSON
// Lines — into Records, and parses each caption's dateline, body date and
// credit. A bad record is reported with its line number; the good records
// still come out.
//
// # Formats
//
// Text: one record per paragraph, paragraphs separated by blank lines. A
// UTF-8 BOM, CRLF line ends, NBSP and stray spaces are tolerated; the
// lines of a paragraph are joined with single spaces. A paragraph whose
// first line is a bare image file name ("IMG_0001.jpg", "DSC_1234.NEF")
// names the record's File; the rest is the caption.
//
// CSV: a header row names the columns, compared without case, spaces or
// punctuation, a group prefix such as "XMP-dc:" dropped: captag's names
// (file, caption, headline, title, keywords, city, region, country, date,
// creator, agency, source, copyright, instructions, job_id), exiftool's
// tag names as `exiftool -csv` and `-j` write them with or without -G/-G1
// (SourceFile, Caption-Abstract, Description, By-line, Creator, Credit,
// Source, CopyrightNotice, DateCreated, Province-State, …), and Photo
// Mechanic's IPTC labels (Caption, Photographer, Copyright Notice, Date
// Created, Country Code, Transmission Reference, …); see columnAliases.
// When several columns fill one field, XMP wins over IIM over EXIF. A
// column captag does not know is skipped with one note for the file
// (Result.Notes from ParseFile), never an error. A row with the wrong
// number of fields is still parsed, with an error problem. Several
// creators in one cell are separated by ";", keywords by ";" or ",".
//
// JSON: an array of objects with the same keys; exiftool -j values are
// taken as written (numbers, arrays, {"x-default": …}); creator and
// keywords arrays are lists. JSON Lines: one such object per line. The
// derived keys of captag's own JSON output (line, dateline, date_inferred, date_span,
// agencies, problems, …) are accepted and ignored, "text" and "creators"
// are read as caption and creator, and "creators_as_written" and
// "agency_as_written" as the written forms of those creators and that
// agency (Record.CreatorsAsWritten, AgencyAsWritten), so that output can
// be read back. An unknown key is skipped with one note for the file; a value of
// the wrong type or a bad line is an error problem on that record.
//
// NewsML-G2 (the IPTC's feed XML): one record per picture newsItem, of a
// file, a packageItem or a newsMessage; see newsml.go for what is read
// from which element.
//
// Explicit columns and keys always win over what is parsed out of the
// caption text; a Source that names an agency joins the record's
// Agencies. A date column accepts YYYY-MM-DD, YYYY:MM:DD, YYYYMMDD and
// "YYYY:MM:DD hh:mm:ss"; when it disagrees with a dated caption the
// record gets a warning.
//
// # Wire captions
//
// The dateline is "CITY[, REGION][, COUNTRY] - MONTH DAY:" in capitals,
// with an optional space before the comma or colon, a hyphen, en dash or em
// dash, full or abbreviated month names ("Sept.", "FÉVRIER", "MAYIS"), and
// day-month order ("24 FEBRUARY"). Place names are stored title-cased ("SÃO
// PAULO" → "São Paulo", "SAN'A" → "San'a"). Two parts are city and country,
// unless the second is a US state or Canadian province (code or name),
// which is the region; three parts are city, region, country. The agencies'
// datelines that put the date after the place are read too: EFE "Madrid, 17
// feb (EFE).-" and "Toronto (Canadá), 9 sep (EFE).-" (a parenthesised
// country), "Miami (EE.UU.), 23 ene.-", AFP "PARIS, 13 fév 2023 (AFP) -",
// ANSA "(ANSA) - ROMA, 15 AGO -", Agência Brasil's numeric "Brasília (DF),
// 09/05/2025 -" (a two-letter code in parentheses is the region, a name the
// country), month first as Xinhua, Yonhap, Kyodo and Reuters write them
// ("BEIJING, Feb. 13 (Xinhua) --", "KYIV, Feb 13 (Reuters) -"), PTI's "New
// Delhi, Feb 13 (PTI)" with no dash, TASS's "MOSCOW, FEBRUARY 13. /TASS/.",
// and dpa's date-first "13.02.2023, Berlin:" or "13.02.2023, Bayern,
// München:" (the city is the last part). "Berlin (dpa) -" carries no date;
// a weekday is not a place ("Viernes, 13 de marzo de 2026").
//
// Leading markers are skipped first: "TOPSHOT - ", "APTOPIX", and the file
// (archive) markers "FILE - ", "FILE PHOTO:", "FILE:", "FILES -",
// "(FILES)", "ARCHIV -", "ARCHIVO -", "ARQUIVO -", "(ARCHIVES)", "FOTO DE
// ARCHIVO:", "FOTO D'ARCHIVIO -", "Archivbild:", "Photo d'archives:", which
// set Record.Archive. So do "file photo", "Archivbild", "Archivfoto",
// "photo d'archives", "foto de archivo", "foto d'archivio", "foto de
// arquivo" and "(FILES)" anywhere in the text ("archivo" alone, as in "el
// archivo municipal", does not).
//
// Dates are read in English, German, French, Spanish, Italian, Portuguese,
// Dutch and Turkish (and the Nordic spellings "marts", "maj", "augusti",
// "desember"), with or without diacritics ("Februar", "Jänner", "Maerz",
// "févr.", "setiembre", "março", "mei", "Şubat"/"Subat", "Mayıs"), in any
// case, with weekdays before them: "Monday, Feb. 13, 2023", "February 13th,
// 2023", "13 February 2023", "am 13. Februar 2023", "le 13 février 2023",
// "1er mars 2023", "el lunes 13 de febrero de 2023", "1º de marzo", "13
// febbraio 2023", "13 de fevereiro de 2023", "13 februari 2023", "6 Şubat
// 2023'te". A month word needs a day next to it. Words that are also
// ordinary words or names need more: English "may", "march", "august" need
// a capital or a year; "mar" (sea), "set", "out", "ago", "gen", "mag",
// "marco", and Turkish "Ocak", "Mart", "Nisan", "Ekim", "Kasım", "Aralık"
// (names, or "gap") need a day and a year, except inside a dateline, whose
// shape vouches for them ("Bogotá, 4 mar (EFE).-"), or when written with a
// capital after their day ("31 Ocak", "4 Mar"), where neither a name nor
// the ordinary word stands.
//
// Numeric dates: "13.02.2023" (dots: always day first), "2020/06/15",
// "2020-06-15", "2020.06.15" (year first: always year-month-day), and
// "13/02/2023" or "13-02-2023" with the year last: day first when the first
// number exceeds 12, month first when the second does. When both readings
// are valid and differ ("03/04/2020"), a dateline that repeats one of them
// settles it (and a body date settles a numeric dateline); otherwise the
// caption's language does: month first (the US order) when its function
// words are mostly English, day first otherwise. When the function words
// leave doubt (a margin under three: "Denver 03/04/2020."), the record also
// gets a warning (code ambiguous-date) naming both readings. Two-digit
// years are not read. An ISO date-time ("2023-02-13T10:15:00+01:00") gives
// its date; Chinese and Japanese "2023年2月13日" and Korean "2023년 2월 13일" are
// read too.
//
// A range of days in one month ("13-14 February 2023", "February 13-14,
// 2023", "22 en 23 februari 1941", at most a week) gives its first day as
// the Date and the days after it as DateSpan: any of them is right. A
// caption that gives no day but a decade ("the 1950s", "1960er", a circa
// year "c. 1938", read as its decade) or, for a file picture, a year alone
// in brackets ("(1980)") gets a Date at that precision.
//
// The body date is the first date in the text after the dateline that
// repeats the dateline's month and day ("… since the February 6, 2023
// earthquake on February 13" under "FEBRUARY 13:"), else the first date
// with a year that is not another event's, else the first date with a year,
// else the first without one. A date is another event's when the word
// before it (small words skipped) is a cue such as "since", "shot", "died",
// "born", "dated", "hospital", "election", "seit", "depuis", "desde" ("a
// man who was shot on February 5, 2023, at his funeral in Jenin, February
// 13, 2023"), or the word after it names an event ("the February 6, 2023
// earthquake"). The year comes from the caption, else from Options.Year,
// else it is left unknown (Record.Date a date.Day of year 0, DateString()
// "") for the matcher to infer from the image.
//
// When the dateline's month/day and the body date disagree, the record's
// date is the BODY date (it carries the year and is usually the sentence
// the photographer wrote about the scene) and the record gets a warning
// (code date-mismatch) naming both; DatelineDate keeps what the dateline
// says, so nothing is silently lost.
//
// Words that date the picture itself give the record's date even when a
// dateline or another date comes first, and set Record.PictureDate: AP's
// "In this Jan. 5, 2015, file photo" and "This July 6, 2017 photo shows",
// Xinhua's "This photo taken on Sept. 18, 2022 shows", EPA's "A file
// picture dated 22 March 2016 shows", PA's "Picture date: Monday February
// 13, 2023.", "picture taken June 3, 2019", "taken and released by the …
// Press Service on February 13, 2023" (a picture verb, right after a
// picture noun, up to ten words before "on DATE" in the same sentence;
// "shot on", "taken to hospital on" and "a letter dated" do not count),
// "aufgenommen am 17.10.1962", "Archivbild vom 3. Juni 2019", "photo prise
// le 3 juin 2019", "foto de archivo fechada el 3 de junio de 2019", "foto
// de archivo del 3 de junio de 2019", "foto d'archivio del 3 giugno 2019".
// No date-mismatch warning is given then: a file picture's date differs
// from the story's by nature.
//
// An undated picture ("An undated handout picture", "undated photo",
// Getty's "UNDATED:", "undatiertes Handout", "photo non datée", "fotografía
// sin fecha", "foto senza data", "foto sem data", "date unknown", "Datum
// unbekannt", "fecha desconocida"; the Romance negations only after a photo
// word, at the start or in parentheses, so "sin fecha de salida" is not
// one) has Record.Undated set and no date, even if the text names another
// date (the release date); the "no date found" warning (code no-date) is
// given only to captions with no date that are not undated.
//
// The credit is read by one grammar, not a list of styles: after cutting
// what agencies write after it (Reuters' "(UNITED STATES - Tags: …)",
// "CHINA OUT", "NO SALES", "EDITORIAL USE ONLY", "TPX IMAGES OF THE DAY",
// "ATTENTION EDITORS - …", "+++ dpa-Bildfunk +++", a Shutterstock reference
// number), it is looked for in the trailing parentheticals (the last that
// is a credit wins), then after a label ("Photo by", "Photo:", "Foto:",
// "Mandatory Credit:", "Photo credit should read", "Credit Image: ©",
// "Fotografía:", "Crédit :", "©" …, also as a leading line), then in the
// words after the last sentence ("… 2020. THE CANADIAN PRESS/Paul
// Chiasson", "REUTERS/Name"). A credit is a chain of parts separated by
// "/", "|", ",", " via " or a spaced dash; each part is a person, an
// agency or a role word (Pool, Handout, File, STR). Agencies are known by
// the built-in table (LookupAgency: more than 140 agencies with the
// spellings seen in captions and IIM fields), so "AGENCY/Name" and
// "Name/AGENCY" read alike; only when no part is a known agency does
// position decide ("Name/Agency", "( Name - Agency )"). Agencies keeps the
// whole chain in order ("Name/NHLI via Getty Images" → NHLI, Getty
// Images) and Agency its first; a known agency is reported by the table's
// name ("AP Photo" → AP). A client after " for " is dropped when an agency
// precedes it ("Getty Images for Tommy Hilfiger"). "File" in the credit
// ("REUTERS/Name/File Photo", "(AP Photo/Name, File)") sets Archive.
// Creators are kept as written, except that ALL-CAPS words are
// title-cased ("JOHANNES EISELE" → "Johannes Eisele"; "McDonald" is
// untouched); comparisons elsewhere must be case-insensitive. The forms
// the caption writes are kept beside them for the writers:
// CreatorsAsWritten ("JOHANNES EISELE") and AgencyAsWritten ("EPA-EFE"
// where Agency is the table's "EPA", "AP" for "AP Photo"). A caption
// without a credit, or whose credit names no photographer or no agency,
// gets a warning with a Problem code (ProblemNoCredit, ProblemNoCreator,
// ProblemNoAgency), so that a check can say which comparison it could not
// make.
//
// # Untrusted input
//
// Input is read through a bufio.Reader; a record (paragraph, line, CSV row
// or JSON object) over MaxRecordBytes is skipped with an error problem on
// its line, so memory per record is bounded. A CSV row over MaxCSVFields
// fields or MaxCSVFieldBytes in a field is read to its end, unkept, and
// the next row is read; only a quote that is never closed takes the rest
// of the file, and its error says so. A JSON array is read value by
// value the same way: an object over MaxRecordBytes is read to its end,
// unkept, and the next object is read; only a value that never ends (a
// string or a bracket never closed) takes the rest of the file. The file is decoded first (see
// Encoding: UTF-16 and Windows-1252 files are read as what they are, the
// guess named in a note); bytes that are not UTF-8 in a UTF-8 file are
// replaced by U+FFFD, and a record holding U+FFFD gets a warning
// (Record.ReplacementField names the field). Binary data is an error, also
// when it starts after the first TextCheckBytes of text. An empty file or
// one with no record is an error. ParseFileContext stops at the context's
// cancel, so an endless input ends when the user interrupts. Parsing never
// panics (see FuzzParse and FuzzDecode).
package caption
