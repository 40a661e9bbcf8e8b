package embed

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/captag/captag/metadata/fixture"
	"github.com/captag/captag/sidecar"
)

func TestFile(t *testing.T) {
	dir := t.TempDir()
	then := time.Date(2016, 12, 19, 14, 5, 0, 0, time.UTC)
	put := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o640); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, 0o640); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, then, then); err != nil {
			t.Fatal(err)
		}
		return p
	}
	orig := fixture.JPEG(fixture.All(wire))
	rec := aleppo()

	t.Run("dry run writes nothing and says what would change", func(t *testing.T) {
		p := put("dry.jpg", orig)
		res, err := File(p, rec, FileOptions{DryRun: true})
		if err != nil {
			t.Fatal(err)
		}
		if res.Outcome != sidecar.Updated || len(res.XMP) == 0 || len(res.IIM) == 0 {
			t.Errorf("dry run: outcome %v, XMP %q, IIM %q; want Updated with fields", res.Outcome, res.XMP, res.IIM)
		}
		if b, _ := os.ReadFile(p); !bytes.Equal(b, orig) {
			t.Error("dry run changed the file")
		}
	})

	t.Run("embeds, keeps mode and mtime, then is idempotent", func(t *testing.T) {
		p := put("a.jpg", orig)
		res, err := File(p, rec, FileOptions{KeepModTime: true})
		if err != nil {
			t.Fatal(err)
		}
		if res.Outcome != sidecar.Updated {
			t.Fatalf("outcome %v, want Updated", res.Outcome)
		}
		b, _ := os.ReadFile(p)
		checkUntouched(t, orig, b)
		im := read(t, b)
		if im.IPTC.Credit != "Anadolu Agency" || im.XMP.Credit != "Anadolu Agency" {
			t.Errorf("credit IIM %q XMP %q", im.IPTC.Credit, im.XMP.Credit)
		}
		fi, _ := os.Stat(p)
		if fi.Mode().Perm() != 0o640 || !fi.ModTime().Equal(then) {
			t.Errorf("mode %v mtime %v, want 0640 and %v", fi.Mode().Perm(), fi.ModTime(), then)
		}
		res, err = File(p, rec, FileOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if b2, _ := os.ReadFile(p); res.Outcome != sidecar.Unchanged || !bytes.Equal(b, b2) {
			t.Errorf("second run: outcome %v, bytes equal %v", res.Outcome, bytes.Equal(b, b2))
		}
		if tmps, _ := sidecar.FindTemps(dir); len(tmps) != 0 {
			t.Errorf("temporary files left: %v", tmps)
		}
	})

	t.Run("a refused file stays byte for byte", func(t *testing.T) {
		in := append(append([]byte(nil), orig...), "trailer"...)
		p := put("refused.jpg", in)
		_, err := File(p, rec, FileOptions{})
		var re *RefusedError
		if !errors.As(err, &re) || re.Path != p {
			t.Fatalf("expected a *RefusedError for %s, found %v", p, err)
		}
		b, _ := os.ReadFile(p)
		fi, _ := os.Stat(p)
		if !bytes.Equal(b, in) || !fi.ModTime().Equal(then) {
			t.Error("a refused file was changed")
		}
	})

	t.Run("a temporary file that fails verification is not put in place", func(t *testing.T) {
		p := put("verify.jpg", orig)
		_, err := sidecar.Update(p, func(old []byte) ([]byte, error) {
			return embedBytes(t, old)
		}, sidecar.UpdateOptions{MaxSize: MaxFileSize, Verify: func(string) error { return ErrScanChanged }})
		var we *sidecar.WriteError
		if !errors.As(err, &we) || we.Op != "verify" || !errors.Is(err, ErrScanChanged) {
			t.Fatalf("expected a verify *WriteError, found %v", err)
		}
		if b, _ := os.ReadFile(p); !bytes.Equal(b, orig) {
			t.Error("the file changed although verification failed")
		}
		if tmps, _ := sidecar.FindTemps(dir); len(tmps) != 0 {
			t.Errorf("temporary files left: %v", tmps)
		}
	})

	t.Run("a file changed during the write is not overwritten", func(t *testing.T) {
		p := put("race.jpg", orig)
		other := fixture.JPEG(fixture.Spec{})
		_, err := sidecar.Update(p, func(old []byte) ([]byte, error) {
			return embedBytes(t, old)
		}, sidecar.UpdateOptions{MaxSize: MaxFileSize, Merges: 1, BeforeReplace: func(string, int) {
			os.WriteFile(p, other, 0o640)
		}})
		var ce *sidecar.ConflictError
		if !errors.As(err, &ce) {
			t.Fatalf("expected a conflict, found %v", err)
		}
		if b, _ := os.ReadFile(p); !bytes.Equal(b, other) {
			t.Error("the other program's file was overwritten")
		}
	})
}

// embedBytes embeds the Aleppo caption into b.
func embedBytes(t *testing.T, b []byte) ([]byte, error) {
	res, err := JPEG(b, aleppo(), nil, Options{})
	return res.Data, err
}
