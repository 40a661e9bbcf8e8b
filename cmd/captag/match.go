package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/captag/captag/metadata/check"
	"github.com/captag/captag/metadata/desk"
	"github.com/spf13/pflag"
)

func matchCommand() *command {
	var (
		jf      jobFlags
		format  string
		explain bool
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
by name (a file name whose folder holds no image but whose base name names
exactly one, "wire/IMG_1.jpg" in an export made elsewhere, is paired with that
image by --by name, as "base name", and left with a hint by --by auto);
otherwise by content:

  text          the image already carries the caption's text (EXIF, IPTC or
                XMP description, or its sidecar's), also when IPTC cut it
                at 2,000 bytes or it was lightly edited
  date+creator  date and photographer agree and no other caption does
  order         several different captions fit the same images (one
                photographer, one day): the k-th picture in capture time
                takes the k-th caption read oldest first. This is a choice,
                not a certainty; the plan says "order among N" and which
                way the caption file runs (newest first, oldest first:
                detected from its dates, or --caption-order). When that is
                unknown, such captions are left unmatched with the reason
  creator/date  only one of them agrees, and nothing else is left for it

Identical captions (bursts) are interchangeable. Files of one picture
(IMG_1.CR2 + IMG_1.JPG with one capture time) take one caption. What cannot
be paired is listed with the reason, never guessed. --explain shows, per
image, the captions considered and why the chosen one won.

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
			fs.BoolVar(&explain, "explain", false, "show, per image, the captions considered and why the chosen one won")
			return func(ctx context.Context, e *env, args []string) int {
				return runMatch(ctx, e, args, &jf, format, explain)
			}
		},
	}
}

// byOf words how a pair was made for text reports: "date+creator", "text",
// "order among 8 (Aref Watad, 2016-12-19)".
func byOf(p check.Pair) string {
	switch {
	case p.Group != nil:
		return fmt.Sprintf("order among %d (%s)", p.Group.Captions, termSafe(p.Group.Label()))
	case p.By == check.ByText && p.Text < 1:
		return fmt.Sprintf("text (%.2f)", p.Text)
	}
	return string(p.By)
}

func runMatch(ctx context.Context, e *env, args []string, jf *jobFlags, format string, explain bool) int {
	r, code := openJob(ctx, e, "match", jf, args)
	if code != exitOK {
		return code
	}
	out, err := r.job.Match(ctx, desk.MatchOptions{Explain: explain})
	if code := r.started(err); code != exitOK {
		return code
	}
	code = exitOK
	if len(out.UnmatchedRecords)+len(out.UnmatchedImages) > 0 {
		code = exitProblems
	}
	if format == "json" {
		err := out.WriteJSON(e.stdout)
		if err != nil {
			e.errorf("match: writing the report: %v", err)
			return exitCannotRun
		}
		return code
	}
	writeMatchText(termWriter(e.stdout), palette{e.useColour()}, out)
	return code
}

func writeMatchText(w io.Writer, p palette, out *desk.MatchReport) {
	b := bufio.NewWriter(w)
	defer b.Flush()
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
	byMethod := map[check.Method]int{}
	var groups []*check.Group // in the order their first pair is listed
	inGroup := map[*check.Group]int{}
	for _, pj := range out.Pairs {
		pr := pj.Pair
		byMethod[pr.By]++
		by := byOf(pr)
		if pr.By != check.ByName && pr.By != check.ByDateCreator && pr.By != check.ByText {
			by = p.yellow(by)
		}
		if pr.Group != nil {
			if _, ok := inGroup[pr.Group]; !ok {
				groups = append(groups, pr.Group)
			}
			inGroup[pr.Group]++
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", termSafe(pj.Image), termSafe(describeRecord(*pj.Caption)), by)
		if x := pj.Explain; x != nil {
			tw.Flush()
			writeExplain(b, x, true)
		}
	}
	tw.Flush()
	if len(out.UnmatchedRecords) > 0 {
		fmt.Fprintf(b, "\n%s\n", p.red("captions without an image:"))
		for _, u := range out.UnmatchedRecords {
			fmt.Fprintf(b, "  line %d: %s\n", u.Line, termSafe(u.Reason))
		}
	}
	if len(out.UnmatchedImages) > 0 {
		fmt.Fprintf(b, "\n%s\n", p.red("images without a caption:"))
		for _, u := range out.UnmatchedImages {
			fmt.Fprintf(b, "  %s: %s\n", termSafe(u.Image), termSafe(u.Reason))
			if u.Explain != nil {
				writeExplain(b, u.Explain, false) // the reason is the why
			}
		}
	}
	// Which way the caption file runs, and what was chosen by order.
	co := out.Summary.CaptionOrder
	fmt.Fprintf(b, "\ncaption file: %s (%s: %s)\n", strings.ReplaceAll(co.Direction, "-", " "), co.From, termSafe(co.Reason))
	if len(groups) > 0 {
		fmt.Fprintf(b, "%s\n", p.yellow("chosen by order among different captions that fit alike (not certain; write leaves them alone without --caption-order):"))
		for _, g := range groups {
			fmt.Fprintf(b, "  %s: %d images among %d captions (%d different texts), read %s\n", termSafe(g.Label()), inGroup[g], g.Captions, g.Texts, strings.ReplaceAll(string(g.Direction), "-", " "))
		}
	}
	var how []string
	for _, m := range []check.Method{check.ByName, check.ByBaseName, check.ByText, check.ByDateCreator, check.ByCreator, check.ByDate, check.ByOrder} {
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

// writeExplain prints one image's explanation under its line.
func writeExplain(b *bufio.Writer, x *desk.Explained, why bool) {
	if why {
		fmt.Fprintf(b, "    why: %s\n", termSafe(x.Why))
	}
	for _, c := range x.Candidates {
		mark := " "
		if c.Chosen {
			mark = "*"
		}
		text := "no text"
		if c.Text != nil {
			text = fmt.Sprintf("text %.2f", *c.Text)
		}
		fmt.Fprintf(b, "    %s line %-5d %-9s  date %-3s  creator %s\n", mark, c.Line, text, yesNo(c.Date), yesNo(c.Creator))
	}
	if x.More > 0 {
		fmt.Fprintf(b, "      and %d more captions of its day or creator\n", x.More)
	}
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// orderNote says which pairs were chosen by order among different
// captions, group by group, and whether the verdict depends on it: "by
// order among 8 (Aref Watad, 2016-12-19): 7 images; the captions share
// date, photographer and credit, so the verdict does not depend on which
// goes with which". Empty when there is none.
func orderNote(pairs []check.Pair) string {
	var groups []*check.Group
	n := map[*check.Group]int{}
	for _, p := range pairs {
		if p.Group == nil {
			continue
		}
		if n[p.Group] == 0 {
			groups = append(groups, p.Group)
		}
		n[p.Group]++
	}
	var b strings.Builder
	const maxLines = 10 // a large folder can have thousands of groups
	for k, g := range groups {
		if k == maxLines {
			same := 0
			for _, g := range groups[k:] {
				if g.SameVerdict {
					same++
				}
			}
			fmt.Fprintf(&b, "and %d more groups chosen by order (%d of them sharing date, photographer and credit); captag match lists them\n", len(groups)-k, same)
			break
		}
		fmt.Fprintf(&b, "by order among %d (%s): %s", g.Captions, termSafe(g.Label()), plural(n[g], "image"))
		if g.SameVerdict {
			b.WriteString("; the captions share date, photographer and credit, so the verdict does not depend on which goes with which\n")
		} else {
			b.WriteString("; the captions differ in more than their text, so check which goes with which\n")
		}
	}
	return b.String()
}
