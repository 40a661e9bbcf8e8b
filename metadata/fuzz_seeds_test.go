package metadata

import (
	"os"
	"path/filepath"
	"testing"
)

// sharedCorpusDir is the shared outside corpus, beside the repository.
func sharedCorpusDir() string { return filepath.Join("..", "..", "shared", "corpora") }

// requireCorpus returns sharedCorpusDir when its INDEX.tsv is there.
// Without it the test skips, except when CI is set (.ci/run sets CI=true
// and checks the folder first): there it fails, so that CI cannot pass
// without having read the corpus.
func requireCorpus(tb testing.TB) string {
	tb.Helper()
	dir := sharedCorpusDir()
	if _, err := os.Stat(filepath.Join(dir, "INDEX.tsv")); err != nil {
		if os.Getenv("CI") != "" {
			tb.Fatalf("outside corpus not found (%v): CI needs ../shared/corpora beside the repository", err)
		}
		tb.Skipf("outside corpus not found (%v): this test needs ../shared/corpora beside the repository", err)
	}
	return dir
}

// corpusSeeds returns up to max small corpus files (relative paths listed)
// for fuzz seeding; none when the corpus is absent.
func corpusSeeds(tb testing.TB, paths ...string) [][]byte {
	tb.Helper()
	var out [][]byte
	for _, p := range paths {
		b, err := os.ReadFile(filepath.Join(sharedCorpusDir(), filepath.FromSlash(p)))
		if err != nil || len(b) > 256<<10 {
			continue
		}
		out = append(out, b)
	}
	return out
}

var jpegSeedFiles = []string{
	"exiftool/ExifTool.jpg", "exiftool/XMP.jpg", "exiftool/IPTC.jpg", "exiftool/Canon.jpg",
	"exiftool/PhotoMechanic.jpg", "bep-imagemeta/bep/sunrise.jpg", "exiftool/Writer.jpg",
	"bep-imagemeta/metadata_demo_exif_only.jpg",
}

var tiffSeedFiles = []string{
	"exiftool/DNG.dng", "exiftool/CanonRaw.cr2", "exiftool/Nikon.nef", "exiftool/ExifTool.tif",
	"exiftool/BigTIFF.btf", "exiftool/GeoTiff.tif", "exiftool/Panasonic.rw2", "bep-imagemeta/bep/jølstravatnet.pef",
}
