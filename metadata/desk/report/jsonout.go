package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"

	"github.com/captag/captag/metadata/desk"
)

// The JSON reports are written piece by piece, so that a report on a
// hundred thousand images is never held in memory a second time as one
// big byte slice. The bytes are exactly those json.MarshalIndent with a
// two-space indent would give for the whole value.

// writeJSONArray writes n items as an indented JSON array whose lines
// start with prefix (the array itself starts where the writer is).
func writeJSONArray(w *bufio.Writer, prefix string, n int, item func(i int) any) error {
	if n == 0 {
		_, err := w.WriteString("[]")
		return err
	}
	w.WriteString("[\n")
	// One encoder and one buffer for every item: an Encoder with SetIndent
	// writes what MarshalIndent returns, and a newline, without leaving
	// the two copies MarshalIndent makes of each item for the collector.
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent(prefix+"  ", "  ")
	for i := range n {
		buf.Reset()
		if err := enc.Encode(item(i)); err != nil {
			return err
		}
		b := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
		w.WriteString(prefix + "  ")
		w.Write(b)
		if i < n-1 {
			w.WriteByte(',')
		}
		w.WriteByte('\n')
	}
	_, err := w.WriteString(prefix + "]")
	return err
}

// jsonField is one key of a top-level JSON object and how to write its
// value.
type jsonField struct {
	key   string
	value func(w *bufio.Writer) error
}

// writeJSONObject writes a top-level indented object, field by field.
func writeJSONObject(w *bufio.Writer, fields []jsonField) error {
	w.WriteString("{\n")
	for i, f := range fields {
		k, _ := json.Marshal(f.key)
		w.WriteString("  ")
		w.Write(k)
		w.WriteString(": ")
		if err := f.value(w); err != nil {
			return err
		}
		if i < len(fields)-1 {
			w.WriteByte(',')
		}
		w.WriteByte('\n')
	}
	_, err := w.WriteString("}\n")
	return err
}

// indented is a field value written with MarshalIndent: small values.
func indented(v any) func(w *bufio.Writer) error {
	return func(w *bufio.Writer) error {
		b, err := json.MarshalIndent(v, "  ", "  ")
		if err != nil {
			return err
		}
		_, err = w.Write(b)
		return err
	}
}

// reportJSON writes a report as json.MarshalIndent with a two-space
// indent would write {"summary", key, "unmatched_records",
// "unmatched_images", "superseded"}, the n items of key one at a time.
func reportJSON(w io.Writer, summary any, key string, n int, item func(i int) any, records, images, superseded any, more ...jsonField) error {
	b := bufio.NewWriter(w)
	err := writeJSONObject(b, append([]jsonField{
		{"summary", indented(summary)},
		{key, func(w *bufio.Writer) error { return writeJSONArray(w, "  ", n, item) }},
		{"unmatched_records", indented(records)},
		{"unmatched_images", indented(images)},
		{"superseded", indented(superseded)},
	}, more...))
	if err != nil {
		return err
	}
	return b.Flush()
}

// resultJSON is a check result with exiftool's key for its image first:
// "SourceFile", the same as "image".
type resultJSON struct {
	SourceFile string `json:"SourceFile"`
	desk.Result
}

// checkJSON writes the check report, one result at a time (captag check
// --format json); a run with a caption file per folder adds "folders",
// and one shard of its folders "shard" before it.
func checkJSON(w io.Writer, r *desk.CheckReport) error {
	var more []jsonField
	if r.Shard != nil {
		more = append(more, jsonField{"shard", indented(r.Shard)})
	}
	if r.Folders != nil {
		more = append(more, jsonField{"folders", indented(r.Folders)})
	}
	return reportJSON(w, r.Summary, "results", r.Len(), func(i int) any { res := r.Result(i); return resultJSON{res.Image, res} },
		r.UnmatchedRecords, r.UnmatchedImages, r.Superseded, more...)
}

// pairJSON is a pair of the plan with exiftool's key for its image
// first: "SourceFile", the same as "image".
type pairJSON struct {
	SourceFile string `json:"SourceFile"`
	desk.MatchPair
}

// matchJSON writes the plan, one pair at a time (captag match --format
// json).
func matchJSON(w io.Writer, r *desk.MatchReport) error {
	return reportJSON(w, r.Summary, "pairs", len(r.Pairs), func(i int) any { return pairJSON{r.Pairs[i].Image, r.Pairs[i]} },
		r.UnmatchedRecords, r.UnmatchedImages, r.Superseded)
}

// writeJSON writes the write report, one result at a time (captag write
// --format json). Without Embedding no result has an "embed" key and the
// summary none.
func writeJSON(w io.Writer, r *desk.WriteReport) error {
	return reportJSON(w, r.Summary(), "results", len(r.Results), func(i int) any { return r.Results[i].JSON() },
		r.UnmatchedRecords, r.UnmatchedImages, r.Superseded)
}
