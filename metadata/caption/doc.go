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
// Credits recognised: "( Name - Agency )", "(Photo by Name/Agency)",
// "(Photo by Name/Agency via Getty Images)", "(Photo by NAME / AFP)",
// "REUTERS/Name" (agency Reuters), "(AP Photo/Name)" and "(AP Photo/Name,
// Pool)" (agency AP), "Name/AFP/Getty Images", "(Photo credit should read
// NAME/AFP/Getty Images)", a leading "Mandatory Credit: Photo by
// Name/Agency/Shutterstock" line, and two creators joined by "and", "&" or
// ",". The agency is the one named right after the photographer: "Getty
// Images" is the agency only when no other agency is named (so
// "Name/NHLI via Getty Images" is NHLI, "Name/AFP/Getty Images" is AFP).
// When a caption ends in several parenthesised credits the last one wins.
// Creators are kept as written, except that ALL-CAPS words are title-cased
// ("JOHANNES EISELE" → "Johannes Eisele"; "McDonald" is untouched);
// comparisons elsewhere must be case-insensitive. A caption without a
// recognisable credit gets a warning.
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
