//go:build !linux

package main

import "errors"

// evict is Linux's posix_fadvise eviction; elsewhere -cold is refused.
func evict(*corpus) error {
	return errors.New("-cold: expected Linux (posix_fadvise), found another system")
}
