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
// derived keys of captag's own JSON output (line, dateline, date_inferred,
// agencies, problems, …) are accepted and ignored, and "text" and
// "creators" are read as caption and creator, so that output can be read
// back. An unknown key is skipped with one note for the file; a value of
// the wrong type or a bad line is an error problem on that record.
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
// with an optional space before the comma or colon, a hyphen, en dash or
// em dash, full or abbreviated month names ("Sept."), and day-month order
// ("24 FEBRUARY"). The prefixes "FILE - ", "FILE PHOTO:", "TOPSHOT - " and
// "APTOPIX" are skipped first. Place names are stored title-cased ("SÃO
// PAULO" → "São Paulo", "SAN'A" → "San'a"). Two parts are city and country,
// unless the second is a US state or Canadian province (code or name),
// which is the region; three parts are city, region, country.
//
// The body date is the first "Month Day, Year" ("Monday, Feb. 13, 2023",
// "December 19, 2016") or "Day Month Year" ("24 February 2023") in the
// text; month names must be capitalised. The year comes from the body
// date, else from Options.Year, else it is left unknown (Year 0, Date()
// "") for the matcher to infer from the image.
//
// When the dateline's month/day and the body date disagree, the record's
// date is the BODY date (it carries the year and is usually the sentence
// the photographer wrote about the scene) and the record gets a warning
// naming both; DatelineMonth/DatelineDay keep what the dateline says, so
// nothing is silently lost.
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
// untouched); comparisons elsewhere must be case-insensitive. A caption
// without a credit, or whose credit names no photographer or no agency,
// gets a warning with a Problem code (ProblemNoCredit, ProblemNoCreator,
// ProblemNoAgency), so that a check can say which comparison it could not
// make.
//
// # Untrusted input
//
// Input is read through a bufio.Reader; a record (paragraph, line, CSV row
// or JSON object) over MaxRecordBytes is skipped with an error problem on
// its line, so memory per record is bounded; in CSV and JSON arrays, where
// a runaway record (an unclosed quote) cannot be skipped, the rest of the
// file is dropped with that error. Invalid UTF-8 is replaced by
// U+FFFD with a warning; binary data is an error. An empty file or one
// with no record is an error. Parsing never panics (see FuzzParse).
package caption
