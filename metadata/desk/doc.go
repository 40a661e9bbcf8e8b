// Package desk is a photo desk's caption run, for cmd/captag and any Go
// program: Open loads the captions and lists the folders once; Match,
// Check and Write, on one Job in any order, read the images in a bounded
// pool under a memory budget, pair them with the captions and return a
// report (the plan, the findings, what was written under write's guards).
// Package desk/report renders the reports. desk prints nothing and reads
// no environment or clock.
package desk
