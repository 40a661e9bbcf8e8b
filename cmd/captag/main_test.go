package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

var update = flag.Bool("update", false, "rewrite the expected output inside the testscript files")

// TestMain lets the scripts run "captag" in-process: testscript re-executes
// this test binary under that name, and the function below is the program.
//
// "exitcode N captag ARGS..." runs captag the same way and succeeds only
// when captag's exit code is exactly N (testscript's "! exec" only says
// "not zero"); it passes captag's stdout and stderr through.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"captag": func() { os.Exit(runProcess(os.Args[1:])) },
		"exitcode": func() {
			if len(os.Args) < 3 || os.Args[2] != "captag" {
				fmt.Fprintln(os.Stderr, "usage: exitcode N captag ARGS...")
				os.Exit(99)
			}
			want, err := strconv.Atoi(os.Args[1])
			if err != nil {
				fmt.Fprintln(os.Stderr, "exitcode: N must be a number:", err)
				os.Exit(99)
			}
			if got := runProcess(os.Args[3:]); got != want {
				fmt.Fprintf(os.Stderr, "exitcode: captag exited %d, want %d\n", got, want)
				os.Exit(98)
			}
			os.Exit(0)
		},
	})
}

// runProcess is what main does.
func runProcess(args []string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return run(ctx, args, os.Stdin, os.Stdout, os.Stderr)
}

// TestScripts runs the end-to-end scripts in testdata/*.txtar. Each script
// starts in a work folder that holds a copy of the repository's sample
// caption file and, once generated, the sample image folder.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata",
		UpdateScripts:       *update,
		RequireExplicitExec: true,
		Setup: func(e *testscript.Env) error {
			return copySamples(e.WorkDir)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"truncate": cmdTruncate,
			"hardlink": cmdHardlink,
		},
	})
}

// cmdTruncate is the script command "truncate FILE N": it cuts FILE to its
// first N bytes (to make a damaged image from a good one).
func cmdTruncate(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: truncate FILE N")
	}
	n, err := strconv.ParseInt(args[1], 10, 64)
	ts.Check(err)
	ts.Check(os.Truncate(ts.MkAbs(args[0]), n))
}

// cmdHardlink is the script command "hardlink OLD NEW": NEW becomes a
// second name of the file OLD (testscript has symlink, not this).
func cmdHardlink(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: hardlink OLD NEW")
	}
	ts.Check(os.Link(ts.MkAbs(args[0]), ts.MkAbs(args[1])))
}

// copySamples copies the repository's shared samples (top-level testdata)
// into dir, so scripts can name them with short relative paths.
func copySamples(dir string) error {
	src := filepath.Join("..", "..", "testdata")
	for _, name := range []string{"aleppo-2016-captions.txt", "aleppo"} {
		from := filepath.Join(src, name)
		if _, err := os.Stat(from); err != nil {
			continue
		}
		if err := copyTree(from, filepath.Join(dir, name)); err != nil {
			return err
		}
	}
	return nil
}

func copyTree(from, to string) error {
	return filepath.WalkDir(from, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, p)
		if err != nil {
			return err
		}
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, b, 0o644)
	})
}
