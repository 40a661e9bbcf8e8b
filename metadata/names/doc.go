// Package names is the one place that says who and which agency: the
// built-in agency table (agencies.txt, embedded) and its one index (by
// metadata.FoldName key, by words, by first word; brands and their
// distributors; the codes agencies write into IIM Source), the user's
// aliases (Aliases: one loader, one file syntax, over the built-in table),
// the credit-chain grammar (labels, separators, role words, the agency a
// part names), and person keys (FoldSet, PersonKey with the German and
// Nordic transliteration, the people a store's creator value names).
//
// The caption parser (caption files → records), matching and the check's
// comparison (package check) and the writer ask names the same questions
// and get the same answers. A new agency's credit form is one edit here
// (agencies.txt, credit.go or roles.go) plus its test.
//
// names imports only package metadata (for FoldName and FoldWords); it
// never imports caption, check or desk.
package names
