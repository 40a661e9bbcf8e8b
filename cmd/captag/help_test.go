package main

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/captag/captag/metadata"
)

// TestHelpFilled: the help files' placeholders are all filled in (the
// command list, the largest sidecar captag reads), in every help page.
func TestHelpFilled(t *testing.T) {
	t.Parallel()
	placeholder := regexp.MustCompile(`\{[a-z-]+\}`)
	pages := map[string][]string{"captag --help": {"--help"}}
	for _, c := range commands() {
		pages["captag help "+c.name] = []string{"help", c.name}
	}
	for name, args := range pages {
		e, out, _ := testEnv(false, false, nil)
		if code := runEnv(context.Background(), e, args); code != exitOK {
			t.Fatalf("%s: exit %d", name, code)
		}
		if p := placeholder.FindString(out.String()); p != "" {
			t.Errorf("%s shows %s unfilled", name, p)
		}
		if name == "captag --help" && !strings.Contains(out.String(), "\n  inspect    show the date") {
			t.Errorf("%s lacks the command list:\n%s", name, out)
		}
		if limit := fmt.Sprintf("outgrow %d MiB", metadata.MaxSidecarSize>>20); name == "captag help write" && !strings.Contains(out.String(), limit) {
			t.Errorf("%s does not say %q", name, limit)
		}
	}
}
