package sidecar

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Naming is how a sidecar is named after its image.
type Naming int

const (
	// NameBase replaces the image's extension: IMG_1.CR2 → IMG_1.xmp. The
	// XMP specification's and Adobe's convention (Lightroom, Bridge,
	// Capture One, Photo Mechanic, exiv2), and captag's default.
	NameBase Naming = iota
	// NameExt keeps it: IMG_1.CR2 → IMG_1.CR2.xmp (darktable, digiKam).
	NameExt
)

// String returns the name ParseNaming accepts.
func (n Naming) String() string {
	switch n {
	case NameBase:
		return "base"
	case NameExt:
		return "ext"
	}
	return fmt.Sprintf("Naming(%d)", int(n))
}

// NamingError is a sidecar naming that is not "base" or "ext".
type NamingError struct {
	Found string
}

func (e *NamingError) Error() string {
	return fmt.Sprintf("sidecar: expected naming \"base\" (IMG_1.xmp) or \"ext\" (IMG_1.jpg.xmp), found %q", e.Found)
}

// ParseNaming reads a naming: "base" or "ext".
func ParseNaming(s string) (Naming, error) {
	switch s {
	case "base":
		return NameBase, nil
	case "ext":
		return NameExt, nil
	}
	return NameBase, &NamingError{Found: s}
}

// sidecarExt is the extension captag gives the sidecars it creates.
const sidecarExt = ".xmp"

// Path returns the sidecar path of imagePath under naming n, in the image's
// folder. An image name without an extension gets ".xmp" appended in both
// namings.
func Path(imagePath string, n Naming) string {
	if n == NameExt {
		return imagePath + sidecarExt
	}
	return stem(imagePath) + sidecarExt
}

// stem is path without the extension of its last element. A leading dot
// (".hidden") is not an extension.
func stem(path string) string {
	base := filepath.Base(path)
	i := strings.LastIndexByte(base, '.')
	if i <= 0 {
		return path
	}
	return path[:len(path)-(len(base)-i)]
}

// Find returns the existing sidecars of imagePath in either naming —
// IMG_1.xmp and IMG_1.jpg.xmp, matched case-insensitively (IMG_1.XMP) —
// as paths in the image's folder: base-named ones first, each group in name
// order. dirEntries are the names in that folder, so that a caller can
// list a folder once for all its images; when dirEntries is nil Find lists
// the folder itself (and returns nil when it cannot).
func Find(imagePath string, dirEntries []string) []string {
	dir := filepath.Dir(imagePath)
	if dirEntries == nil {
		ents, err := os.ReadDir(dir)
		if err != nil {
			return nil
		}
		dirEntries = make([]string, 0, len(ents))
		for _, e := range ents {
			dirEntries = append(dirEntries, e.Name())
		}
	}
	baseName := filepath.Base(Path(imagePath, NameBase))
	extName := filepath.Base(Path(imagePath, NameExt))
	var byBase, byExt []string
	for _, e := range dirEntries {
		switch {
		case strings.EqualFold(e, baseName):
			byBase = append(byBase, e)
		case strings.EqualFold(e, extName):
			byExt = append(byExt, e)
		}
	}
	if len(byBase)+len(byExt) == 0 {
		return nil
	}
	sort.Strings(byBase)
	sort.Strings(byExt)
	out := make([]string, 0, len(byBase)+len(byExt))
	for _, e := range append(byBase, byExt...) {
		out = append(out, filepath.Join(dir, e))
	}
	return out
}

// Collisions groups the images that would share one sidecar under naming
// n — IMG_1.CR2 and IMG_1.JPG both want IMG_1.xmp with NameBase. Names are
// compared case-insensitively within a folder (IMG_1.xmp and img_1.XMP are
// one file on macOS and Windows). The result maps a sidecar path (that of
// the first image in name order) to its images in name order; images
// that have a sidecar to themselves are not in it.
func Collisions(imagePaths []string, n Naming) map[string][]string {
	type group struct {
		images []string
	}
	groups := make(map[string]*group)
	for _, p := range imagePaths {
		sc := Path(p, n)
		key := filepath.Join(filepath.Dir(filepath.Clean(sc)), strings.ToLower(filepath.Base(sc)))
		g := groups[key]
		if g == nil {
			g = &group{}
			groups[key] = g
		}
		g.images = append(g.images, p)
	}
	var out map[string][]string
	for _, g := range groups {
		if len(g.images) < 2 {
			continue
		}
		sort.Strings(g.images)
		g.images = dedupSorted(g.images)
		if len(g.images) < 2 {
			continue
		}
		if out == nil {
			out = make(map[string][]string)
		}
		out[Path(g.images[0], n)] = g.images
	}
	return out
}

func dedupSorted(s []string) []string {
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}
