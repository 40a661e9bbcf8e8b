//go:build !linux

package desk

// openImage is openImageFile where no cheaper way is written.
func openImage(path string) (imageFile, int64, error) { return openImageFile(path) }
