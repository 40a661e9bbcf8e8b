//go:build !(linux && (amd64 || arm64))

package sidecar

// exchange is not available here: Update checks the sidecar, then renames.
func exchange(a, b string) error { return errUnsupported }
