package metadata

import "io"

// STUB(owner: XMP helper) — replace with the real implementation.

// xmpStore builds a Store of the given kind from an XMP packet and, when
// the JPEG carried one, the assembled ExtendedXMP packet (nil otherwise).
// It returns nil when the packet holds none of the properties captag reads.
func xmpStore(kind StoreKind, packet, extended []byte) (*Store, []Warning) {
	panic("unimplemented")
}

// ReadSidecar reads an XMP sidecar file's bytes as a Store of kind
// StoreSidecar. An error means the sidecar could not be parsed at all.
func ReadSidecar(r io.Reader) (*Store, []Warning, error) { panic("unimplemented") }
