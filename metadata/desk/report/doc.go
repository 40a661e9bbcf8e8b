// Package report turns desk's reports into bytes: Render writes a check,
// match or write report (or a CaptionsReport) as text for people, JSON in
// the stable schema of captag's --format json, JUnit for CI, or an HTML
// contact sheet, each format one renderer; NewInspectReport writes inspect's
// as the files come. The renderers are functions, not methods of desk's
// types, because report imports desk (desk never imports it).
//
// The JSON is written piece by piece, as json.MarshalIndent would give the
// whole value, so that a report on a hundred thousand images is not held
// twice. The contact sheet (package metadata/sheet) goes out in path order
// while the job's workers read each image's stores again and make its
// thumbnail a few cards ahead (desk.CheckReport.Each), under the job's
// memory budget, so the page's memory does not grow with the folder.
//
// Text goes through SafeWriter, so that a value from a file cannot drive
// the terminal it is shown on. JobNotes, WriteNotes and CaptionNotes word
// what a run did that its user should know beside its report, each Note
// with a level and a code for the caller's own words (a flag to try);
// Output writes a report to a file beside its path and renames it into
// place, never over a file the run reads. report never writes to stdout or
// stderr itself.
package report
