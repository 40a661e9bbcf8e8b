package desk

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/sidecar"
)

// maxJobs caps --jobs: beyond this more workers only add open files.
const maxJobs = 256

// scanned is one file found by the walk and what reading it gave.
type scanned struct {
	path string
	// explicit is set when the path was named on the command line.
	explicit bool
	img      *metadata.Image // nil when err is set
	// dir indexes the sidecars in the file's folder (shared by the files
	// of one folder), for finding them without listing it again.
	dir *folderSidecars
	// err is why the file could not be read: an *metadata.UnsupportedError
	// (not an image captag reads), a *metadata.FormatError, or an I/O error.
	err error
}

// isUnsupported reports whether err says that a file is of a type captag
// does not read.
func isUnsupported(err error) bool {
	var ue *metadata.UnsupportedError
	return errors.As(err, &ue)
}

// WalkError is a root or a folder under it that could not be listed.
type WalkError struct {
	Path string
	Err  error
}

func (e WalkError) Error() string {
	return "cannot read " + e.Path + ": " + unwrapPathError(e.Err).Error()
}
func (e WalkError) Unwrap() error { return e.Err }

// WalkErrors is Open's error when some roots or folders could not be
// listed, in path order. Nothing is read then.
type WalkErrors []WalkError

func (e WalkErrors) Error() string {
	msgs := make([]string, len(e))
	for i, w := range e {
		msgs[i] = w.Error()
	}
	return "desk: " + strings.Join(msgs, "; ")
}

// fileJob is one file for the worker pool.
type fileJob struct {
	path     string
	explicit bool
	dir      *folderSidecars // the sidecars in the file's folder
	// err is set when the walk already knows that the entry cannot be
	// read: a symbolic link (with --follow) that dangles or loops. The
	// entry is then reported like a file that could not be read, and the
	// rest of the folder is still read.
	err error
}

// scanner lists the files under the roots (walk) and reads one file
// (read); the job runs read in a bounded worker pool (forEachOrdered).
type scanner struct {
	follow, recursive bool
	sidecars          bool // also read the sidecar beside each image as a store
	// found, when set, is called on the walking goroutine for each file
	// listed.
	found func(n int)
	// budget is the run's metadata budget (metadataBudget), shared by
	// the workers.
	budget *metadata.Budget
	// sawFolder is set by walk when a path is a folder.
	sawFolder bool
	// imageNames makes a file whose name says it is an image of a type
	// captag reads and which is not one a *NotImageError (check, match,
	// write: the gate stops it), where inspect lists it as unsupported;
	// an entry of a folder that is not a regular file but has such a
	// name is then listed too, with that error, and never opened.
	imageNames bool
}

// metadataBudget is the memory that all the workers of a run share for the
// metadata they read and parse (metadata.Budget): a file's bytes beyond
// its first 64 KiB, the assembled ExtendedXMP and the XMP nodes. An
// ordinary image charges a few hundred kilobytes at most, so the budget
// holds a hundred or more at once and never slows a run; a crafted image
// (a 16 MB JPEG of ExtendedXMP with 250,000 keywords charges about
// 210 MB) waits until it can be read alone. Without it the peak grew with
// --jobs: check on 16 such files peaked at 210 MB with -j 1, 450 MB with
// -j 4 and 1.5 GB with -j 16; with it at 130-160 MB whatever -j
// (cmd/captag's TestMemoryBoundedWhateverJobs).
const metadataBudget = 96 << 20 // bytes

// walk lists the files under paths (files and folders), without reading
// them. Folders give their regular files, skipping hidden names (".*"),
// sidecars (*.xmp), exiv2's metadata-only *.exv and symbolic links unless
// --follow; subfolders only
// with -r. A file named on the command line is always listed. The list is
// sorted by path, a file named twice is listed once; walkErrs lists what
// could not be walked. When ctx is cancelled the walk stops early.
//
// Listing first and reading after costs one pass over the folder entries
// (a small part of reading the files) and lets the readers hand their
// results on in path order as soon as they come, instead of holding every
// image until the last one is read.
func (sc *scanner) walk(ctx context.Context, paths []string) (files []fileJob, walkErrs []WalkError) {
	w := walker{ctx: ctx, follow: sc.follow, recursive: sc.recursive, specials: sc.imageNames, dirs: map[string]*folderSidecars{}}
	for _, p := range paths {
		if ctx.Err() != nil {
			break
		}
		w.arg(p, func(j fileJob) {
			files = append(files, j)
			if sc.found != nil {
				sc.found(len(files))
			}
		})
	}
	sort.SliceStable(files, func(i, j int) bool { return files[i].path < files[j].path })
	// Two command-line arguments can name one file: read it once.
	out := files[:0]
	for i, f := range files {
		if i > 0 && f.path == files[i-1].path {
			out[len(out)-1].explicit = out[len(out)-1].explicit || f.explicit
			continue
		}
		out = append(out, f)
	}
	walkErrs = w.errs
	sc.sawFolder = w.sawFolder
	sort.Slice(walkErrs, func(i, j int) bool { return walkErrs[i].Path < walkErrs[j].Path })
	return out, walkErrs
}

// read reads one file's stores and, when asked, its sidecar. The image is
// opened read-only and closed before read returns.
func (sc *scanner) read(rd *metadata.Reader, j fileJob) scanned {
	s := scanned{path: j.path, explicit: j.explicit, dir: j.dir}
	if j.err != nil {
		s.err = j.err
		return s
	}
	f, size, err := openImage(j.path)
	if err != nil {
		s.err = err
		return s
	}
	defer f.Close()
	opts := metadata.ReadOptions{Budget: sc.budget}
	img, err := rd.ReadWith(f, size, j.path, opts)
	if err != nil {
		s.err = err
		var ue *metadata.UnsupportedError
		if typ, reads := metadata.ImageType(j.path); sc.imageNames && typ != "" && errors.As(err, &ue) {
			switch {
			case !reads && size > 0 && (ue.Format == "unknown" || ue.Format == strings.ToLower(typ)):
				// An image, of a type captag does not read.
				s.err = &UnreadTypeError{Path: j.path, Named: typ}
			default:
				s.err = &NotImageError{Path: j.path, Named: typ, Found: contentFound(ue.Format, size)}
			}
		}
		return s
	}
	// A standalone .xmp named on the command line is read as its
	// picture's XMP: it is its own sidecar, not read a second time.
	if sc.sidecars && img.Format != "xmp" {
		readSidecarStore(img, j.dir, sc.follow, opts)
	}
	s.img = img
	return s
}

// imageFile is an image opened for reading its metadata (openImage).
type imageFile interface {
	io.ReaderAt
	Close() error
}

// openImageFile opens path read-only, without waiting (a named pipe given
// as a file, captag check * in a folder that holds one, would block the
// open until a writer came), and returns it with its size; a file that is
// not a regular file is an error, and is closed. openImage is this, or a
// cheaper way to the same result (imagefile_linux.go).
func openImageFile(path string) (imageFile, int64, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, 0, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, 0, fmt.Errorf("expected a regular file, found %s", sidecar.FileKind(st.Mode()))
	}
	return f, st.Size(), nil
}

// readSidecarStore fills img.Sidecar from the sidecar beside the image
// (IMG.xmp first, else IMG.jpg.xmp). A sidecar that cannot be read or
// parsed is a warning on the image; two sidecars are a warning too.
func readSidecarStore(img *metadata.Image, dir *folderSidecars, follow bool, opts metadata.ReadOptions) {
	found := sidecarsOf(img.Path, dir)
	if len(found) == 0 && dir != nil && dir.err != nil {
		img.Warnings = append(img.Warnings, metadata.Warning{Code: metadata.WarnGeneral, Store: metadata.StoreSidecar,
			Message: "sidecar: expected to list " + filepath.Dir(img.Path) + " to find the sidecar, found " + unwrapPathError(dir.err).Error() + "; a sidecar spelled otherwise than " +
				filepath.Base(sidecar.Path(img.Path, sidecar.NameBase)) + " or " + filepath.Base(sidecar.Path(img.Path, sidecar.NameExt)) + " is not read"})
		return
	}
	if len(found) == 0 {
		return
	}
	if len(found) > 1 {
		// The others are not read: check reports it (WarnUnsupportedPart).
		img.Warnings = append(img.Warnings, metadata.Warning{Code: metadata.WarnUnsupportedPart, Store: metadata.StoreSidecar,
			Message: fmt.Sprintf("sidecar: found %d sidecars (%s); reading %s", len(found), strings.Join(baseNames(found), ", "), filepath.Base(found[0]))})
	}
	f, err := sidecar.OpenForReading(found[0], follow) // a link out of the folder only with --follow
	if err != nil {
		msg := err.Error() // a *sidecar.RefusedError names the path
		if !errors.As(err, new(*sidecar.RefusedError)) {
			msg = "sidecar: cannot read " + found[0] + ": " + unwrapPathError(err).Error()
		}
		img.Warnings = append(img.Warnings, metadata.Warning{Code: metadata.WarnGeneral, Store: metadata.StoreSidecar, Message: msg})
		return
	}
	defer f.Close()
	var st *metadata.Store
	var ws []metadata.Warning
	fi, err := f.Stat()
	if err == nil {
		st, ws, err = metadata.ReadSidecarWith(f, fi.Size(), opts)
	}
	img.Warnings = append(img.Warnings, ws...)
	if err != nil {
		img.Warnings = append(img.Warnings, metadata.Warning{Code: metadata.WarnGeneral, Store: metadata.StoreSidecar,
			Message: fmt.Sprintf("sidecar: %s is not readable XMP, ignored: %v", filepath.Base(found[0]), err)})
		return
	}
	img.Sidecar = st
}

// sidecarsOf are the sidecars of imagePath that exist, in the order
// sidecar.Find gives them: those the index of its folder holds, or, when
// the folder could not be listed, the two names as they are spelled
// (opening a known name may still be allowed).
func sidecarsOf(imagePath string, dir *folderSidecars) []string {
	found := dir.find(imagePath)
	if len(found) > 0 || dir == nil || dir.err == nil {
		return found
	}
	for _, n := range []sidecar.Naming{sidecar.NameBase, sidecar.NameExt} {
		if p := sidecar.Path(imagePath, n); p != imagePath {
			if _, err := os.Lstat(p); err == nil {
				found = append(found, p)
			}
		}
	}
	return found
}

func baseNames(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = filepath.Base(p)
	}
	return out
}

// walker lists the files under the command-line paths. It runs in one
// goroutine.
type walker struct {
	ctx               context.Context
	follow, recursive bool
	specials          bool // list special files with image names (scanner.imageNames)
	errs              []WalkError
	dirs              map[string]*folderSidecars // for files named one by one
	visited           []os.FileInfo              // folders entered, against symlink loops
	sawFolder         bool                       // a command-line path is a folder
}

// arg handles one command-line path.
func (w *walker) arg(p string, emit func(fileJob)) {
	st, err := os.Stat(p) // a link named on the command line is followed
	if err != nil {
		w.errs = append(w.errs, WalkError{p, err})
		return
	}
	if st.IsDir() {
		w.sawFolder = true
		w.dir(p, st, emit)
		return
	}
	dir := filepath.Dir(p)
	side, ok := w.dirs[dir]
	if !ok {
		ents, err := os.ReadDir(dir)
		side = indexSidecars(ents)
		// A folder that cannot be listed hides the image's sidecar: the
		// read says so (readSidecarStore) instead of finding none.
		side.err = err
		w.dirs[dir] = side
	}
	emit(fileJob{path: p, explicit: true, dir: side})
}

// folderSidecars indexes the *.xmp names of one folder by their lower-case
// form, so that finding an image's sidecar costs a map lookup, not a pass
// over a folder of tens of thousands of names.
type folderSidecars struct {
	byLower map[string][]string
	// err is why the folder could not be listed (an image named on the
	// command line in a folder its user may open but not list): a
	// sidecar there cannot be found, and each image says so.
	err error
}

func indexSidecars(ents []os.DirEntry) *folderSidecars {
	f := &folderSidecars{byLower: map[string][]string{}}
	for _, e := range ents {
		if n := e.Name(); isSidecarName(n) {
			k := strings.ToLower(n)
			f.byLower[k] = append(f.byLower[k], n)
		}
	}
	return f
}

// find returns the existing sidecars of imagePath as sidecar.Find does,
// looking only at the names that can be its sidecar in either naming.
func (f *folderSidecars) find(imagePath string) []string {
	if f == nil {
		return nil
	}
	var cands []string
	for _, n := range []sidecar.Naming{sidecar.NameBase, sidecar.NameExt} {
		cands = append(cands, f.byLower[strings.ToLower(filepath.Base(sidecar.Path(imagePath, n)))]...)
	}
	if len(cands) == 0 {
		return nil
	}
	return sidecar.Find(imagePath, cands)
}

// dir lists one folder in name order and emits its files, descending
// into subfolders with -r.
func (w *walker) dir(p string, st os.FileInfo, emit func(fileJob)) {
	for _, v := range w.visited {
		if os.SameFile(v, st) {
			return // a link loop, or the same folder named twice
		}
	}
	w.visited = append(w.visited, st)
	ents, err := os.ReadDir(p)
	if err != nil {
		w.errs = append(w.errs, WalkError{p, err})
		// ReadDir returns what it could read before the error.
	}
	side := indexSidecars(ents)
	for _, e := range ents {
		if w.ctx.Err() != nil {
			return
		}
		name := e.Name()
		if strings.HasPrefix(name, ".") {
			continue // hidden files and folders, and sidecar temp files
		}
		full := filepath.Join(p, name)
		mode := e.Type()
		var info os.FileInfo
		if mode&fs.ModeSymlink != 0 {
			if !w.follow {
				continue
			}
			fi, err := os.Stat(full)
			if err != nil {
				// A dangling or looping link is one entry that cannot be
				// read, not a folder that cannot be walked: it is
				// reported with the files, and the walk goes on.
				if !isSidecarName(name) {
					emit(fileJob{path: full, dir: side, err: linkError(full, err)})
				}
				continue
			}
			info, mode = fi, fi.Mode().Type()
		}
		switch {
		case mode.IsDir():
			if !w.recursive {
				continue
			}
			if info == nil {
				fi, err := e.Info()
				if err != nil {
					w.errs = append(w.errs, WalkError{full, err})
					continue
				}
				info = fi
			}
			w.dir(full, info, emit)
		case mode.IsRegular():
			if isSidecarName(name) || isMetadataOnlyName(name) {
				continue
			}
			emit(fileJob{path: full, dir: side})
		case w.specials && imageTypeOf(name) != "":
			// A named pipe, a device or a socket named like an image: not
			// opened (a pipe would block, a device may never end), but
			// reported, since a gate must not pass it as checked.
			emit(fileJob{path: full, dir: side, err: &NotImageError{Path: full, Named: imageTypeOf(name), Found: sidecar.FileKind(mode) + "; not opened"}})
		}
	}
}

// unwrapPathError drops the "stat PATH: " that package os adds, since the
// message already names the path.
func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// linkError says why the symbolic link at path cannot be followed: it
// points to nothing (dangling) or to itself through other links (a loop).
func linkError(path string, err error) error {
	target, rerr := os.Readlink(path)
	switch {
	case rerr != nil:
		return fmt.Errorf("expected a symbolic link that can be followed, found one that cannot be read: %w", unwrapPathError(err))
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("expected a symbolic link to an existing file, found one to %s, which does not exist", target)
	case errors.Is(err, syscall.ELOOP):
		return fmt.Errorf("expected a symbolic link to a file, found a loop of links (%s)", target)
	}
	return fmt.Errorf("expected a symbolic link that can be followed, found one to %s: %w", target, unwrapPathError(err))
}

// NotImageError is a file whose name says it is an image of a type captag
// reads (IMG_1.jpg, IMG_1.CR2) and which is not one: empty, of no type
// captag knows, of another type (a video), or not a regular file at all
// (a named pipe, a device, a socket). check reports it as an error on the
// file, match and write as a file that could not be read; with
// Options.SkipNonImages a folder's such files are skipped (Job.Skipped).
type NotImageError struct {
	Path  string
	Named string // the type its name says: "JPEG", "TIFF", "CR2", …
	Found string // what it is: "an empty file", "a named pipe; not opened", …
}

func (e *NotImageError) Error() string {
	return "expected a " + e.Named + " image (its name ends in " + filepath.Ext(e.Path) + "), found " + e.Found
}

// isNotImage reports whether err is (or wraps) a *NotImageError.
func isNotImage(err error) bool {
	var ne *NotImageError
	return errors.As(err, &ne)
}

// UnreadTypeError is a file whose name says it is an image of a type
// captag does not read (a Canon CRW, a Sigma X3F, a Minolta MRW), and
// whose content does not say otherwise: nothing in it can be checked, so
// check reports it as an error on the file (a gate must not pass it as
// checked), match and write as a file that could not be read; with
// Options.SkipNonImages a folder's such files are skipped.
type UnreadTypeError struct {
	Path  string
	Named string // "CRW", "X3F", "MRW"
}

func (e *UnreadTypeError) Error() string {
	return "expected an image of a type captag reads, found one of type " + e.Named + " (its name ends in " + filepath.Ext(e.Path) + "); nothing in it checked"
}

// stopsGate reports whether err says a file named like an image could not
// be checked because of what it is (*NotImageError, *UnreadTypeError):
// an error finding in check, a file SkipNonImages skips.
func stopsGate(err error) bool {
	var ue *UnreadTypeError
	return isNotImage(err) || errors.As(err, &ue)
}

// contentFound says what a file of size bytes that sniffed as format (an
// UnsupportedError's) is.
func contentFound(format string, size int64) string {
	switch {
	case size == 0:
		return "an empty file"
	case format == "unknown":
		unit := "bytes"
		if size == 1 {
			unit = "byte"
		}
		return fmt.Sprintf("%d %s that start as no image type captag knows", size, unit)
	}
	return "a file of another type (" + format + ")"
}

// imageTypeOf is the image type name's extension says ("JPEG", "CRW"),
// "" for none.
func imageTypeOf(name string) string {
	typ, _ := metadata.ImageType(name)
	return typ
}

// isMetadataOnlyName reports whether name is a file of metadata without a
// picture that a folder may hold beside its pictures: exiv2's .exv (any
// case). Like a sidecar it is no picture of the folder's; named on the
// command line it is read (metadata reads EXV).
func isMetadataOnlyName(name string) bool {
	return strings.EqualFold(filepath.Ext(name), ".exv")
}

// isSidecarName reports whether name is an XMP sidecar (any case).
func isSidecarName(name string) bool {
	return strings.EqualFold(filepath.Ext(name), ".xmp")
}
