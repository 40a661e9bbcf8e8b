package caption

import (
	"reflect"
	"testing"
)

// A batch that keeps its credits gives every caption the record it gets
// alone, and a record's lists are its own: the tuning corpus's captions
// parsed twice over in one memo, each record compared with the one parsed
// afresh, then the first record's lists written over, which must not
// reach the second.
func TestCreditMemoGivesTheRecordsOfAFreshParse(t *testing.T) {
	memo := newCreditMemo()
	for _, name := range []string{"captions.jsonl", "firstcontact-tune.jsonl", "firstcontact7-tune.jsonl"} {
		for _, c := range readRealworld(t, name) {
			want := parseText(c.Caption, 0, nil)
			first := parseTextMemo(c.Caption, 0, nil, memo)
			second := parseTextMemo(c.Caption, 0, nil, memo)
			for i, got := range []Record{first, second} {
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%s %s: parse %d with the memo gives\n%+v\nafresh\n%+v", name, c.ID, i+1, got, want)
				}
			}
			for _, l := range [][]string{first.Creators, first.Agencies, first.CreatorsAsWritten} {
				for i := range l {
					l[i] = "overwritten"
				}
			}
			if !reflect.DeepEqual(second.Creators, want.Creators) || !reflect.DeepEqual(second.Agencies, want.Agencies) {
				t.Fatalf("%s %s: writing one record's lists changed another's: %q %q", name, c.ID, second.Creators, second.Agencies)
			}
		}
	}
	if len(memo.seen) == 0 {
		t.Fatal("the memo kept no credit")
	}
}
