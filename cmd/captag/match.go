package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/captag/captag/metadata/check"
	"github.com/spf13/pflag"
)

func matchCommand() *command {
	var (
		jf     jobFlags
		format string
	)
	return &command{
		name:    "match",
		summary: "show which caption goes with which image, and what is left over",
		usage:   "captag match --captions FILE [options] FOLDER|FILE...",
		about: `Pairs each caption with its image and prints the plan: one line per image with
the caption's line in the caption file and how the pair was found, then the
captions and images left unmatched, each with the reason. Nothing is written.
This is the pairing that check and write use.

With --by auto (the default) captions that all name their files are matched
by name; a file name whose folder holds no image but whose base name names
exactly one ("wire/IMG_1.jpg" in an export made elsewhere) is paired with
that image by --by name ("base name"), and left with a hint by --by auto; otherwise by content: images and captions whose date and photographer
agree are paired first (the caption file's order does not matter), then those
that agree on the photographer only, then on the date only, then by order
within one day. A pair found without full agreement ("creator", "date",
"order") is one that check will report. Identical captions (bursts) are
interchangeable. Nothing is guessed: what cannot be paired is listed.

Folders give their image files (JPEG and TIFF-based, recognised by content);
other files in them are skipped. -r adds subfolders.`,
		example: `  # which caption goes with which picture?
  captag match --captions captions.txt photos/

  # the captions name their files (a "file" column, or a file name line)
  captag match --captions captions.csv --by name photos/

  # the plan as JSON
  captag match -c captions.txt --format json photos/ > plan.json`,
		exits: `  0    every caption and every image was paired
  1    some caption or image is left unmatched, or an image could not be read
  2    could not run: usage error, unreadable caption file or folder, or
       the --by strategy cannot work on these inputs
  130  interrupted`,
		setup: func(fs *pflag.FlagSet) func(context.Context, *env, []string) int {
			jf.add(fs)
			newEnum(fs, &format, "format", "", "text", []string{"text", "json"}, "report format")
			return func(ctx context.Context, e *env, args []string) int {
				return runMatch(ctx, e, args, &jf, format)
			}
		},
	}
}

// matchJSON is the plan in `captag match --format json`.
type matchJSON struct {
	Summary          matchSummary       `json:"summary"`
	Pairs            []matchPairJSON    `json:"pairs"`
	UnmatchedRecords []unmatchedRecJSON `json:"unmatched_records"`
	UnmatchedImages  []unmatchedImgJSON `json:"unmatched_images"`
}

type matchSummary struct {
	Images     int `json:"images"`
	Records    int `json:"records"`
	Matched    int `json:"matched"`
	Unreadable int `json:"unreadable"`
}

type matchPairJSON struct {
	Image     string    `json:"image"`
	Record    recordRef `json:"record"`
	MatchedBy string    `json:"matched_by"`
}

type unmatchedRecJSON struct {
	Line   int    `json:"line"`
	Text   string `json:"text"`
	Reason string `json:"reason"`
}

type unmatchedImgJSON struct {
	Image  string `json:"image"`
	Reason string `json:"reason"`
}

func runMatch(ctx context.Context, e *env, args []string, jf *jobFlags, format string) int {
	j, code := prepare(ctx, e, "match", jf, args, true, false)
	if code != exitOK {
		return code
	}
	p := j.plan
	out := matchJSON{
		Summary: matchSummary{Images: len(j.keys) + len(j.bad), Records: len(j.recs), Matched: len(p.Pairs), Unreadable: len(j.bad)},
		Pairs:   []matchPairJSON{}, UnmatchedRecords: []unmatchedRecJSON{}, UnmatchedImages: []unmatchedImgJSON{},
	}
	for _, pr := range p.Pairs {
		out.Pairs = append(out.Pairs, matchPairJSON{Image: j.keys[pr.Image].Path, Record: refOf(j.recs[pr.Record]), MatchedBy: string(pr.By)})
	}
	for _, u := range p.UnmatchedRecords {
		r := j.recs[u.Index]
		out.UnmatchedRecords = append(out.UnmatchedRecords, unmatchedRecJSON{Line: r.Line, Text: r.Text, Reason: u.Reason})
	}
	for _, u := range p.UnmatchedImages {
		out.UnmatchedImages = append(out.UnmatchedImages, unmatchedImgJSON{Image: j.keys[u.Index].Path, Reason: u.Reason})
	}
	for _, b := range j.bad {
		out.UnmatchedImages = append(out.UnmatchedImages, unmatchedImgJSON{Image: b.path, Reason: "could not be read: " + b.err.Error()})
	}
	sort.SliceStable(out.UnmatchedImages, func(a, b int) bool { return out.UnmatchedImages[a].Image < out.UnmatchedImages[b].Image })

	code = exitOK
	if len(out.UnmatchedRecords)+len(out.UnmatchedImages) > 0 {
		code = exitProblems
	}
	if format == "json" {
		b := bufio.NewWriter(e.stdout)
		err := writeJSONObject(b, []jsonField{
			{"summary", indented(out.Summary)},
			{"pairs", func(w *bufio.Writer) error {
				return writeJSONArray(w, "  ", len(out.Pairs), func(i int) any { return out.Pairs[i] })
			}},
			{"unmatched_records", indented(out.UnmatchedRecords)},
			{"unmatched_images", indented(out.UnmatchedImages)},
		})
		if err == nil {
			err = b.Flush()
		}
		if err != nil {
			e.errorf("match: writing the report: %v", err)
			return exitCannotRun
		}
		return code
	}
	writeMatchText(e.stdout, palette{e.useColour()}, j, out)
	return code
}

func writeMatchText(w io.Writer, p palette, j *job, out matchJSON) {
	b := bufio.NewWriter(w)
	defer b.Flush()
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
	byMethod := map[check.Method]int{}
	for _, pr := range j.plan.Pairs {
		byMethod[pr.By]++
		by := string(pr.By)
		if pr.By != check.ByName && pr.By != check.ByDateCreator {
			by = p.yellow(by)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", j.keys[pr.Image].Path, describeRecord(j.recs[pr.Record]), by)
	}
	tw.Flush()
	if len(out.UnmatchedRecords) > 0 {
		fmt.Fprintf(b, "\n%s\n", p.red("captions without an image:"))
		for _, u := range out.UnmatchedRecords {
			fmt.Fprintf(b, "  line %d: %s\n", u.Line, u.Reason)
		}
	}
	if len(out.UnmatchedImages) > 0 {
		fmt.Fprintf(b, "\n%s\n", p.red("images without a caption:"))
		for _, u := range out.UnmatchedImages {
			fmt.Fprintf(b, "  %s: %s\n", u.Image, u.Reason)
		}
	}
	var how []string
	for _, m := range []check.Method{check.ByName, check.ByBaseName, check.ByDateCreator, check.ByCreator, check.ByDate, check.ByOrder} {
		if n := byMethod[m]; n > 0 {
			how = append(how, fmt.Sprintf("%d by %s", n, m))
		}
	}
	summary := fmt.Sprintf("%s, %s: %d matched", plural(out.Summary.Images, "image"), plural(out.Summary.Records, "caption"), out.Summary.Matched)
	if len(how) > 0 {
		summary += " (" + strings.Join(how, ", ") + ")"
	}
	summary += fmt.Sprintf(", %d captions and %d images unmatched", len(out.UnmatchedRecords), len(out.UnmatchedImages))
	fmt.Fprintf(b, "\n%s\n", summary)
}
