package metadata

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/captag/captag/metadata/sniff"
	"github.com/captag/captag/metadata/tiffifd"
)

// Limits on what one file may make captag read or allocate. Every length
// taken from a file is checked against the file size and against these.
const (
	// headSize is what the first ReadAt of a file reads: the metadata of a
	// wire JPEG (EXIF, IPTC, XMP: a few kilobytes) lies inside. When a
	// segment or value runs past it the head grows, by doubling, up to
	// headMax (source.inHead), so that what lies in a file's first 64 KiB
	// is read into the one buffer as before, uncharged, without reading
	// 64 KiB of every file: cold, this VM's read-ahead made a 64 KiB first
	// read move 4× the bytes of a 16 KiB one (issue 24).
	headSize = 16 << 10 // bytes
	headMax  = 64 << 10 // bytes the head grows to at most

	maxMetadataBytes  = 32 << 20 // all segments or tag values kept from one file
	maxAPP13Total     = 4 << 20  // Photoshop APP13 payloads joined
	maxExtendedXMP    = 16 << 20 // ExtendedXMP full length
	maxJPEGSegments   = 8192     // marker segments walked before SOS
	maxIFDEntries     = 2048     // entries in one IFD
	maxIFDs           = 32       // IFDs visited in one TIFF structure
	maxTIFFStoreValue = 8 << 20  // one IPTC, Photoshop or XMP tag value in a TIFF file
	maxTIFFASCIIValue = 64 << 10 // one ASCII tag value read from a TIFF file
)

// Reader reads images. It keeps buffers between calls so that a worker can
// reuse one Reader for many files. A Reader is not safe for concurrent use:
// give each worker its own.
type Reader struct {
	head []byte // the current file's head: its first headSize bytes, grown up to headMax (cap)
}

// NewReader returns a Reader with its buffers allocated.
func NewReader() *Reader {
	return &Reader{head: make([]byte, headMax)}
}

// ReadOptions are the options of Reader.ReadWith and ReadSidecarWith.
type ReadOptions struct {
	// Budget, when set, is the memory that this read shares with the other
	// reads of a run (see Budget): the read charges to it the metadata
	// bytes it reads beyond the first block of the file and the XMP it
	// parses, and waits for its turn when they do not fit. nil charges
	// nothing: each file is then bounded on its own only.
	Budget *Budget
}

// Read reads the embedded stores of the image in r (size bytes). path is
// only copied into Image.Path. An unsupported type returns an
// *UnsupportedError, a container too malformed to read a *FormatError; a
// problem inside one store is a Warning, and the other stores are still read.
func Read(r io.ReaderAt, size int64, path string) (*Image, error) {
	return NewReader().Read(r, size, path)
}

// Read reads the embedded stores of the image in r (size bytes). See the
// package function Read.
func (rd *Reader) Read(r io.ReaderAt, size int64, path string) (*Image, error) {
	return rd.ReadWith(r, size, path, ReadOptions{})
}

// ReadWith is Read with options. With a Budget, a file whose metadata does
// not fit beside what the other reads hold is read again once it fits (see
// Budget); the result is the same as without one.
func (rd *Reader) ReadWith(r io.ReaderAt, size int64, path string, o ReadOptions) (im *Image, err error) {
	im, _, err = rd.ReadExtended(r, size, path, o, nil)
	return im, err
}

// ReadExtended is ReadWith that also keeps, of a JPEG's ExtendedXMP, the
// top-level properties want reports true for, beside what the stores
// take, in the one parse of it the stores make, and returns them with the
// packet, so that a caller that looks into the ExtendedXMP (embed's check
// of it for captag's properties) does not parse it again (issue 24). The
// ExtendedXMP is nil when the read assembled and parsed none (none in the
// file, chunks that do not make one, a main packet that does not parse,
// not a JPEG, want nil); the Image is ReadWith's.
func (rd *Reader) ReadExtended(r io.ReaderAt, size int64, path string, o ReadOptions, want func(ns, name string) bool) (im *Image, ext *ExtendedXMP, err error) {
	o.Budget.do(func(l *lease) (over bool) {
		im, ext, over, err = rd.read(r, size, path, l, want)
		return over
	})
	return im, ext, err
}

// read is one attempt of ReadExtended, charging l. over reports that a
// charge did not fit: the result is then incomplete and must be read
// again.
func (rd *Reader) read(r io.ReaderAt, size int64, path string, l *lease, extWant func(ns, name string) bool) (_ *Image, _ *ExtendedXMP, over bool, _ error) {
	if size < 0 {
		return nil, nil, false, &FormatError{Offset: 0, Msg: fmt.Sprintf("expected a non-negative size, found %d", size)}
	}
	if cap(rd.head) < headMax {
		rd.head = make([]byte, headMax)
	}
	n := int64(headSize)
	if size < n {
		n = size
	}
	head := rd.head[:n]
	got, err := r.ReadAt(head, 0)
	if int64(got) < n {
		if err == nil || errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return nil, nil, false, fmt.Errorf("metadata: reading the first %d bytes: %w", n, err)
	}
	src := &source{r: r, size: size, head: head, headMax: min(size, headMax), lease: l, extWant: extWant}
	// "jpeg" and "tiff" are read here (the TIFF family is told apart
	// later from IFD0), the other containers below; any other name is an
	// UnsupportedError.
	format := Sniff(head)
	im := &Image{Path: path}
	switch format {
	case "jpeg":
		im.Format = "jpeg"
		err = readJPEG(src, im)
	case "tiff":
		err = readTIFF(src, im)
	// The ISO base media family, JPEG XL and JPEG 2000 (bmff.go).
	case "heic", "heif", "avif", "cr3", "jxl", "jpeg2000":
		err = readBMFF(src, format, im)
	case "bigtiff", "png", "webp", "psd", "gif", "raf", "xmp", "exv": // other containers: container.go
		err = readContainer(format, src, im)
	case "jxr", "exif": // TIFF structures behind another header (tiffbehind.go)
		err = readTIFFBehind(format, src, im)
	default:
		return nil, nil, false, &UnsupportedError{Format: format}
	}
	if src.over {
		return nil, nil, true, nil
	}
	if err != nil {
		return nil, nil, false, err
	}
	return im, src.extended, false, nil
}

// source gives bounded access to a file: bytes inside head come from the
// buffer; anything else is read with one ReadAt into a fresh slice.
type source struct {
	r       io.ReaderAt
	size    int64
	head    []byte
	headMax int64 // head may grow (within its capacity) to this many bytes; 0 for never (inHead)
	kept    int64 // bytes read outside head for values kept, against maxMetadataBytes
	scratch [64]byte
	lease   *lease // the run's Budget, nil for none
	over    bool   // a charge did not fit: the read is given up and done again alone

	// extWant is ReadExtended's want (nil: none), extended what the
	// parse of a JPEG's ExtendedXMP found for it (see parseExtended).
	extWant  func(ns, name string) bool
	extended *ExtendedXMP
}

var (
	errTruncated  = errors.New("runs past the end of the file")
	errOverBudget = errors.New("needs more memory than the run's budget has free now")
)

// charge takes n bytes from the run's budget for this read. When they do
// not fit it marks the read to be done again alone and reports false; the
// caller then stops (whatever it returns is discarded).
func (s *source) charge(n int64) bool {
	if s == nil || s.over {
		return s == nil
	}
	if !s.lease.charge(n) {
		s.over = true
		return false
	}
	return true
}

// inHead reports whether the file's bytes up to end are in head, growing
// head to hold them when end is within headMax: by doubling, with one
// ReadAt of the bytes after it into the same buffer, so slices of head
// taken before stay valid. A read that comes up short leaves head as it
// was (the caller then reads the bytes itself and reports why).
func (s *source) inHead(end int64) bool {
	have := int64(len(s.head))
	if end < 0 { // an offset and length that overflowed
		return false
	}
	if end <= have {
		return true
	}
	if end > s.headMax || s.headMax > int64(cap(s.head)) {
		return false
	}
	grown := min(s.headMax, max(end, 2*have))
	buf := s.head[:grown]
	if got, _ := s.r.ReadAt(buf[have:], have); int64(got) < grown-have {
		return false
	}
	s.head = buf
	return true
}

// bytesAt returns n bytes at off. The slice is shared with head when it lies
// inside it; callers must not keep it past the Read call.
func (s *source) bytesAt(off int64, n int64) ([]byte, error) {
	if off < 0 || n < 0 || off > s.size || n > s.size-off {
		return nil, errTruncated
	}
	if s.inHead(off + n) {
		return s.head[off : off+n], nil
	}
	if s.kept+n > maxMetadataBytes {
		return nil, fmt.Errorf("needs more than %d bytes of metadata", maxMetadataBytes)
	}
	if !s.charge(n) {
		return nil, errOverBudget
	}
	s.kept += n
	b := make([]byte, n)
	got, err := s.r.ReadAt(b, off)
	if int64(got) < n {
		if err == nil || errors.Is(err, io.EOF) {
			return nil, errTruncated
		}
		return nil, err
	}
	return b, nil
}

// chargedBuffer is a bytes.Buffer for decompressed metadata whose growth
// is charged to the read's budget first (twice what is written: the
// buffer doubles as it grows). A write that does not fit fails, and over
// is set.
// (Not an embedded bytes.Buffer: io.Copy would call its ReadFrom and
// pass by Write.)
type chargedBuffer struct {
	buf  bytes.Buffer
	src  *source
	over bool
}

func (b *chargedBuffer) Write(p []byte) (int, error) {
	if !b.src.charge(2 * int64(len(p))) {
		b.over = true
		return 0, errOverBudget
	}
	return b.buf.Write(p)
}

// Bytes returns what was written.
func (b *chargedBuffer) Bytes() []byte { return b.buf.Bytes() }

// SniffLen is how many leading bytes Sniff needs at most to name any
// format it knows (see sniff.Len).
const SniffLen = sniff.Len

// Sniff names the format of a file from its first bytes (up to SniffLen of
// them): "jpeg", "tiff", "bigtiff", "png", "gif", "webp", "heic", "avif",
// "cr3", "crw", "raf", "psd", "jxl", "jpeg2000", "bmp", "xmp", "exv",
// "jxr", "exif" (a bare EXIF block) and the other names Read reports, or
// "unknown" (see sniff.Format). A caller
// about to write a file uses it to tell whether the file is one captag
// must never overwrite.
func Sniff(head []byte) string { return sniff.Format(head) }

// byteOrder reads a TIFF byte-order mark.
func byteOrder(b []byte) (binary.ByteOrder, bool) { return tiffifd.Order(b) }

// BytesAt is bytesAt, for tiffifd (a tiffifd.ByteSource).
func (s *source) BytesAt(off, n int64) ([]byte, error) { return s.bytesAt(off, n) }

// peek returns n ≤ len(scratch) bytes at off without keeping them: the
// slice is valid until the next peek.
func (s *source) peek(off int64, n int) ([]byte, error) {
	if off < 0 || n < 0 || off > s.size || int64(n) > s.size-off {
		return nil, errTruncated
	}
	if s.inHead(off + int64(n)) {
		return s.head[off : off+int64(n)], nil
	}
	b := s.scratch[:n]
	got, err := s.r.ReadAt(b, off)
	if got < n {
		if err == nil || errors.Is(err, io.EOF) {
			return nil, errTruncated
		}
		return nil, err
	}
	return b, nil
}

// ReadAt reads len(p) bytes at off from head when they lie inside it, else
// from the file (io.ReaderAt, for jpegseg's small reads; nothing is kept).
func (s *source) ReadAt(p []byte, off int64) (int, error) {
	if off >= 0 && s.inHead(off+int64(len(p))) {
		return copy(p, s.head[off:]), nil
	}
	if off < 0 || off >= s.size {
		return 0, io.EOF
	}
	n := min(int64(len(p)), s.size-off)
	got, err := s.r.ReadAt(p[:n], off)
	if got == len(p) {
		return got, nil
	}
	if err == nil {
		err = io.EOF
	}
	return got, err
}
