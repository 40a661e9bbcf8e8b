package main

import (
	"context"
	"io"
)

// STUB(owner: CLI helper) — replace with the real dispatcher.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return 2
}
