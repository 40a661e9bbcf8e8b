package report

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strings"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/check"
	"github.com/captag/captag/metadata/desk"
)

// FindingText words a finding for people: the message alone for a check
// not made ("date not checked: …"), "field: message" when the message
// names the stores' properties (a comparison of the caption with
// the stores: "date: caption says X; EXIF DateTimeOriginal and IIM
// DateCreated say Y"), else "field store: message".
func FindingText(f check.Finding) string {
	if f.NotChecked {
		return f.Message // "date not checked: …" names its field
	}
	head := string(f.Field)
	if f.Store != "" && len(f.Values) == 0 {
		head += " " + string(f.Store)
	}
	// The message names the property ("EXIF DateTimeOriginal says …"), so
	// a desk knows which field to fix; want/got alone cannot say that.
	if f.Message != "" {
		return head + ": " + f.Message
	}
	if f.Want != "" || f.Got != "" {
		want, got := f.Want, f.Got
		if want == "" {
			want = "nothing"
		}
		if got == "" {
			got = "nothing"
		}
		return fmt.Sprintf("%s: caption says %s, image says %s", head, want, got)
	}
	return head + ": " + f.Message
}

// JUnit XML: one testsuite, one testcase per image (and per caption left
// without an image). A testcase fails when it has a finding at or above
// the fail-on severity; every finding is listed in its failure text or system-out.
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Failure   *junitFailure `xml:"failure,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

// checkJUnit writes the report as a JUnit document (captag check --format
// junit), as xml.MarshalIndent would write it whole, one testcase at a
// time: the totals in the header are counted in a first pass over the
// results (they are built from memory, not read again), then the
// testcases are encoded as they come. A testcase fails on an error, and
// on a warning too with failOnWarning.
func checkJUnit(w io.Writer, rep *desk.CheckReport, failOnWarning bool) error {
	fails := func(f check.Finding) bool {
		return f.Severity == metadata.SeverityError || failOnWarning
	}
	newCase := func(name string, fs []check.Finding) junitCase {
		c := junitCase{Name: name, Classname: "captag.check"}
		var failed, other []string
		failType := ""
		for _, f := range fs {
			line := string(f.Severity) + ": " + FindingText(f)
			if fails(f) {
				failed = append(failed, line)
				if failType == "" {
					failType = string(f.Field)
				}
			} else {
				other = append(other, line)
			}
		}
		if len(failed) > 0 {
			c.Failure = &junitFailure{Message: failed[0], Type: failType, Text: strings.Join(failed, "\n")}
		}
		if len(other) > 0 {
			c.SystemOut = strings.Join(other, "\n")
		}
		return c
	}
	eachCase := func(fn func(junitCase) error) error {
		for i := range rep.Len() {
			r := rep.Result(i)
			if err := fn(newCase(r.Image, r.Findings)); err != nil {
				return err
			}
		}
		for i, r := range rep.UnmatchedRecords {
			if err := fn(newCase(fmt.Sprintf("caption line %d", r.Line), []check.Finding{rep.UnmatchedFindings[i]})); err != nil {
				return err
			}
		}
		return nil
	}
	suite := junitSuite{Name: "captag check"}
	eachCase(func(c junitCase) error {
		suite.Tests++
		if c.Failure != nil {
			suite.Failures++
		}
		return nil
	})
	doc := junitSuites{Name: "captag check", Tests: suite.Tests, Failures: suite.Failures, Suites: []junitSuite{suite}}
	head, err := xml.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	b := bufio.NewWriter(w)
	b.WriteString(xml.Header)
	// The document without its testcases ends "...></testsuite>\n</testsuites>";
	// the testcases go between the testsuite's tags.
	const emptySuite = "></testsuite>"
	cut := bytes.LastIndex(head, []byte(emptySuite))
	if suite.Tests == 0 || cut < 0 {
		b.Write(head)
	} else {
		b.Write(head[:cut+1])
		b.WriteString("\n")
		enc := xml.NewEncoder(b)
		enc.Indent("    ", "  ")
		start := xml.StartElement{Name: xml.Name{Local: "testcase"}}
		if err := eachCase(func(c junitCase) error { return enc.EncodeElement(c, start) }); err != nil {
			return err
		}
		b.WriteString("\n  </testsuite>")
		b.Write(head[cut+len(emptySuite):])
	}
	b.WriteString("\n")
	return b.Flush()
}
