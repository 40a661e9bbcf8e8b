package main

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"
)

// enumValue is a string flag that accepts one of a fixed set of words.
type enumValue struct {
	value   *string
	allowed []string
}

func newEnum(fs *pflag.FlagSet, p *string, name, short, def string, allowed []string, usage string) {
	*p = def
	fs.VarP(&enumValue{value: p, allowed: allowed}, name, short, usage)
}

func (v *enumValue) String() string { return *v.value }
func (v *enumValue) Type() string   { return strings.Join(v.allowed, "|") }
func (v *enumValue) Set(s string) error {
	for _, a := range v.allowed {
		if s == a {
			*v.value = s
			return nil
		}
	}
	return fmt.Errorf("expected one of %s", strings.Join(v.allowed, ", "))
}

// flagUsages renders the options of fs: each flag on its own line, its
// description below it, wrapped. pflag's own FlagUsages (v1.1.0) shows
// every boolean as "--flag[=true|false]"; people type "--flag", so the
// help says that.
func flagUsages(fs *pflag.FlagSet) string {
	var b strings.Builder
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		left := "      --" + f.Name
		if f.Shorthand != "" {
			left = "  -" + f.Shorthand + ", --" + f.Name
		}
		varname, usage := pflag.UnquoteUsage(f)
		if f.Value.Type() != "bool" {
			if _, ok := f.Value.(*enumValue); ok {
				varname = f.Value.Type()
			}
			if varname != "" {
				left += " " + varname
			}
			if f.DefValue != "" && f.DefValue != "0" && f.DefValue != "[]" && !strings.Contains(usage, "(default") {
				usage += fmt.Sprintf(" (default %s)", f.DefValue)
			}
		}
		b.WriteString(left + "\n")
		for _, l := range wrap(usage, 70) {
			b.WriteString("        " + l + "\n")
		}
	})
	return b.String()
}

// wrap breaks s into lines of at most width bytes at spaces.
func wrap(s string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		if line != "" && len(line)+1+len(w) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
