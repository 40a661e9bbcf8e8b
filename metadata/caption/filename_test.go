package caption

import "testing"

// TestIsFileNameBoxFamily checks that a bare file-name line naming a
// picture of the ISO base media family, JPEG XL or JPEG 2000 (types
// metadata reads) is taken as the record's file.
func TestIsFileNameBoxFamily(t *testing.T) {
	for _, name := range []string{"IMG_0001.HEIC", "IMG_0001.heif", "DSC00001.HIF", "IMG_0001.CR3", "pic.avif",
		"pic.jxl", "scan.jp2", "scan.JPX", "scan.jpf", "scan.jpm", "scan.j2k", "scan.j2c"} {
		if !isFileName(name) {
			t.Errorf("isFileName(%q) = false, want true", name)
		}
	}
	for _, line := range []string{"Brooklyn.", "heic", ".jp2"} {
		if isFileName(line) {
			t.Errorf("isFileName(%q) = true, want false", line)
		}
	}
}
