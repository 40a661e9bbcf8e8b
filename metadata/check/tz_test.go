package check

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
)

// tzEnv marks a child process of TestCompareUnderHostZones.
const tzEnv = "CAPTAG_CHECK_TZ_CHILD"

// tzTable is a small Compare and Match table whose dates sit where a host
// zone would move them: just before and after local midnight with and
// without offsets, and a caption without a year across New Year.
func tzTable() string {
	type pair struct {
		r  caption.Record
		im *metadata.Image
	}
	pairs := []pair{
		{rec(1, "a", 2016, 12, 19, "AA", "Aref Watad"), img("a.jpg", atOff(2016, 12, 19, 23, 59, 330), "Aref Watad")},
		{rec(2, "b", 2016, 12, 19, "AA", "Aref Watad"), img("b.jpg", atOff(2016, 12, 20, 0, 30, 330), "Aref Watad")},
		{rec(3, "c", 2016, 12, 19, "AA", "Aref Watad"), img("c.jpg", atOff(2016, 12, 19, 0, 10, -210), "Aref Watad")},
		{rec(4, "d", 2016, 12, 31, "AA", "Aref Watad"), img("d.jpg", at(2016, 12, 31, 23, 59), "Aref Watad")},
		{rec(5, "e", 0, 12, 31, "AA", "Aref Watad"), img("e.jpg", atOff(2017, 1, 1, 0, 5, 0), "Aref Watad")},
		{rec(6, "f", 0, 1, 1, "AA", "Aref Watad"), img("f.jpg", atOff(2016, 12, 31, 23, 55, -720), "Aref Watad")},
	}
	var b strings.Builder
	recs := make([]caption.Record, len(pairs))
	imgs := make([]*metadata.Image, len(pairs))
	for i, p := range pairs {
		recs[i], imgs[i] = p.r, p.im
		js, err := json.Marshal(Compare(p.r, p.im, ByDateCreator, Options{}))
		if err != nil {
			return err.Error()
		}
		fmt.Fprintf(&b, "%s %s\n", p.im.Path, js)
	}
	plan, err := Match(recs, imgs, StrategyAuto)
	fmt.Fprintf(&b, "match %+v %v\n", plan, err)
	return b.String()
}

// TestCompareUnderHostZones runs tzTable in child processes under other
// TZ values (Go reads TZ once at start-up, so t.Setenv cannot show it) and
// wants the same findings and plan as in this process.
func TestCompareUnderHostZones(t *testing.T) {
	if os.Getenv(tzEnv) != "" {
		fmt.Print("<<<" + tzTable() + ">>>")
		return
	}
	if testing.Short() {
		t.Skip("starts child processes")
	}
	want := tzTable()
	for _, tz := range []string{"UTC", "Asia/Kolkata", "America/St_Johns", "Pacific/Kiritimati"} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCompareUnderHostZones$", "-test.count=1")
		cmd.Env = append(os.Environ(), "TZ="+tz, tzEnv+"=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("TZ=%s: %v\n%s", tz, err, out)
		}
		s := string(out)
		i, j := strings.Index(s, "<<<"), strings.Index(s, ">>>")
		if i < 0 || j < i {
			t.Fatalf("TZ=%s: no table in the child's output:\n%s", tz, s)
		}
		if got := s[i+3 : j]; got != want {
			t.Errorf("TZ=%s gives other results:\n got  %s\n want %s", tz, got, want)
		}
	}
}
