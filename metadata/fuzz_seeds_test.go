package metadata

import (
	"os"
	"path/filepath"
	"testing"
)

// corpusDir is the shared outside corpus, beside the repository.
func sharedCorpusDir() string { return filepath.Join("..", "..", "shared", "corpora") }

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
