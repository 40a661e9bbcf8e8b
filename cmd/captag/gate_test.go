//go:build unix

package main

import (
	"fmt"
	"os"
	"syscall"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestGateScripts runs testdata/gate/*.txtar: what captag check does with
// what it could not read (sidecars that are links out of the folder,
// dangling links, named pipes, unreadable, too big or not XMP). The script
// command "mkfifo PATH" makes a named pipe; the condition [root] holds
// when the test runs as root, for whom file permissions do not apply.
// Unix only: named pipes and permission bits are what it tests.
func TestGateScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/gate",
		RequireExplicitExec: true,
		Setup: func(e *testscript.Env) error {
			return copySamples(e.WorkDir)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"truncate": cmdTruncate,
			"mkfifo": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 1 {
					ts.Fatalf("usage: mkfifo PATH")
				}
				ts.Check(syscall.Mkfifo(ts.MkAbs(args[0]), 0o644))
			},
		},
		Condition: func(cond string) (bool, error) {
			if cond != "root" {
				return false, fmt.Errorf("unknown condition %q", cond)
			}
			return os.Geteuid() == 0, nil
		},
	})
}
