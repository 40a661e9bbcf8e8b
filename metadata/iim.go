package metadata

// STUB(owner: dates/IIM helper) — replace with the real implementation.

// readPhotoshopIRB reads Photoshop image resource blocks (the APP13 payload
// after its "Photoshop 3.0\x00" header, all APP13 segments joined, or TIFF
// tag 34377), finds IPTC-NAA 0x0404 and the IPTC digest 0x0425, and returns
// the IPTC store (nil when absent) and warnings.
func readPhotoshopIRB(b []byte) (*Store, []Warning) { panic("unimplemented") }

// readIIM reads a bare IIM stream (0x0404 data, or TIFF tag 33723). digest
// is the 0x0425 value when one was found (nil otherwise).
func readIIM(b []byte, digest []byte) (*Store, []Warning) { panic("unimplemented") }
