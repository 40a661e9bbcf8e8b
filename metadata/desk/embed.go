package desk

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/captag/captag/metadata"
	"github.com/captag/captag/metadata/caption"
	"github.com/captag/captag/metadata/check"
	"github.com/captag/captag/metadata/field"
	"github.com/captag/captag/sidecar"
	"github.com/captag/captag/sidecar/embed"
)

// EmbedStatus is what happened to the image itself with
// WriteOptions.Embed.
type EmbedStatus int

const (
	Embedded       EmbedStatus = iota + 1 // the caption was written into the JPEG (with DryRun: would be)
	EmbedUnchanged                        // the JPEG already said all of it; not a byte changed
	Refused                               // left byte for byte as it was: Err says why (a JPEG captag does not fully understand, a file another program kept changing)
	EmbedFailed                           // the write failed (disk full, no permission, a verification that failed): Err; the file is as it was
	NotEmbedded                           // not a JPEG: Format; the sidecar has the caption
)

func (s EmbedStatus) String() string {
	switch s {
	case Embedded:
		return "embedded"
	case EmbedUnchanged:
		return "unchanged"
	case Refused:
		return "refused"
	case EmbedFailed:
		return "failed"
	case NotEmbedded:
		return "not embedded"
	}
	return "not done"
}

// EmbedResult is what became of one image with WriteOptions.Embed.
type EmbedResult struct {
	Status EmbedStatus
	Format string // the image's format (NotEmbedded: why)
	// IIM, XMP and EXIF name the fields that changed (Embedded), as
	// embed.Result names them: "2:120 Caption-Abstract",
	// "dc:description", "IFD0 Artist".
	IIM, XMP, EXIF []string
	// Warnings: an IIM value cut at its byte limit (naming the field and
	// the cut), a file replaced whose folder could not be synced.
	Warnings []string
	// Rights is the copyright notice that replaced one check would flag
	// (embedRights), "" when the image's own was kept or nothing changed.
	Rights string
	Err    error // Refused, EmbedFailed: why
}

// Fields are the fields that changed, IIM then XMP then EXIF.
func (r *EmbedResult) Fields() []string {
	out := make([]string, 0, len(r.IIM)+len(r.XMP)+len(r.EXIF))
	out = append(out, r.IIM...)
	out = append(out, r.XMP...)
	return append(out, r.EXIF...)
}

// embedRights is the copyright rule of write --embed: when a copyright
// store of img (EXIF Copyright, IIM CopyrightNotice, XMP dc:rights) names
// an agency the caption's credit chain does not contain — the credit
// finding check.Compare makes for the pair names it — the embedding
// replaces the copyright with "© YEAR AGENCY" (YEAR the caption's, left
// out when unknown; AGENCY as the caption spells it, rec.WrittenAgency). A
// copyright that agrees, that names a person, or a caption that has its
// own copyright (a CSV column) or no agency: "", the image's is kept.
// Sidecars are not changed by the rule.
func embedRights(rec *caption.Record, img *metadata.Image, by check.Method, al *check.Aliases) string {
	if rec.Copyright != "" || strings.TrimSpace(rec.WrittenAgency()) == "" || img == nil {
		return ""
	}
	has := false
	for _, s := range []*metadata.Store{img.EXIF, img.IPTC, img.XMP} {
		has = has || s != nil && s.Copyright != ""
	}
	if !has {
		return "" // nothing to flag: no need to compare
	}
	opt := check.Options{AllowMissingDate: true, AllowMissingCreator: true, Aliases: al}
	for _, f := range check.Compare(*rec, img, by, opt) {
		if f.Field != check.FieldCredit || f.NotChecked {
			continue
		}
		for _, v := range f.Values {
			// The image's copyright stores; the sidecar's excepted: the
			// rule is the image's.
			if v.Prop == check.PropCopyright && (v.Store == metadata.StoreEXIF || v.Store == metadata.StoreIPTC || v.Store == metadata.StoreXMP) {
				return agencyRights(rec)
			}
		}
	}
	return ""
}

// agencyRights is the notice embedRights puts in place of a flagged
// copyright: "© YEAR AGENCY", YEAR the caption's (left out when unknown,
// when it was inferred from the image, and when the caption wrote it with
// two digits, its century guessed), AGENCY as the caption spells it.
func agencyRights(rec *caption.Record) string {
	if rec.Date.Year > 0 && !rec.DateInferred && !rec.TwoDigitYear {
		return fmt.Sprintf("© %d %s", rec.Date.Year, rec.WrittenAgency())
	}
	return "© " + rec.WrittenAgency()
}

// isCopyrightField reports whether an embed.Result field name is a
// copyright store's: the field table's field.Copyright, by its IIM
// dataset, XMP property or EXIF tag.
func isCopyrightField(f string) bool {
	return field.Named(f) == field.Copyright
}

// embedImage is a task's embed step: it writes the record into the
// image file itself (JPEG only).
func embedImage(t *writeTask, img *metadata.Image, opts WriteOptions) {
	er := &EmbedResult{Format: img.Format}
	t.Embed = er
	if img.Format != "jpeg" {
		er.Status = NotEmbedded
		return
	}
	rec := *t.Record
	// A template's copyright is the user's own notice: the rule leaves it.
	if r := embedRights(t.Record, img, t.Pair.By, opts.Aliases); r != "" && !opts.Sidecar.Template.Has(field.Copyright) {
		rec.Copyright, er.Rights = r, r
	}
	res, err := embed.File(t.Image, rec, embed.FileOptions{
		Options:     embed.Options{Sidecar: opts.Sidecar, EXIF: opts.EmbedEXIF},
		DryRun:      opts.DryRun,
		KeepModTime: opts.KeepModTime,
	})
	var we *sidecar.WriteError
	switch {
	case errors.As(err, &we) && we.Replaced:
		// The new file is in place; only the folder sync failed.
		er.Warnings = append(er.Warnings, err.Error())
	case errors.As(err, &we), errors.Is(err, embed.ErrScanChanged):
		er.Status, er.Err = EmbedFailed, err
		return
	case err != nil:
		er.Status, er.Err = Refused, err
		return
	}
	er.IIM, er.XMP, er.EXIF = res.IIM, res.XMP, res.EXIF
	er.Warnings = append(res.Warnings, er.Warnings...)
	if er.Rights != "" && !slices.ContainsFunc(er.Fields(), isCopyrightField) {
		er.Rights = "" // the rule's notice changed nothing (KeepExisting, or already there)
	}
	if res.Outcome == sidecar.Unchanged && we == nil {
		er.Status = EmbedUnchanged
		return
	}
	er.Status = Embedded
}
