package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"unicode/utf8"
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

// rawName is the bytes of a file name that is not valid UTF-8, nil for one
// that is. JSON strings are Unicode: encoding/json writes such a name with
// U+FFFD in place of the bad bytes, and nobody can open the file by it; so
// the reports give these bytes beside the name ("path_bytes",
// "image_bytes"), which encoding/json writes as base64.
func rawName(s string) []byte {
	if utf8.ValidString(s) {
		return nil
	}
	return []byte(s)
}
