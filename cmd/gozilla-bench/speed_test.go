package main

import (
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/report"
)

func TestApplyMutant(t *testing.T) {
	src := "package p\n\nfunc F(a, b int) bool {\n\treturn a < b\n}\n"
	at := strings.Index(src, "<")
	tests := []struct {
		name string
		m    report.Mutant
		want string // "" when the mutant does not apply
	}{
		{"applies", report.Mutant{Offset: at, End: at + 1, Orig: "<", Repl: "<="}, strings.Replace(src, "a < b", "a <= b", 1)},
		{"longer span", report.Mutant{Offset: at - 2, End: at + 3, Orig: "a < b", Repl: "b"}, strings.Replace(src, "a < b", "b", 1)},
		{"other text at the span", report.Mutant{Offset: at, End: at + 1, Orig: ">", Repl: ">="}, ""},
		{"out of range", report.Mutant{Offset: len(src) - 1, End: len(src) + 4, Orig: "}\n", Repl: "x"}, ""},
		{"reversed span", report.Mutant{Offset: at + 1, End: at, Orig: "", Repl: "x"}, ""},
		{"spans lines", report.Mutant{Offset: at, End: at + 4, Orig: "< b\n", Repl: "<"}, ""},
		{"no change", report.Mutant{Offset: at, End: at + 1, Orig: "<", Repl: "<"}, ""},
	}
	for _, tt := range tests {
		out, ok := applyMutant([]byte(src), tt.m)
		if ok != (tt.want != "") || string(out) != tt.want {
			t.Errorf("%s: applyMutant = %q, %v; want %q", tt.name, out, ok, tt.want)
		}
	}
}

func TestCountRows(t *testing.T) {
	file := "package p\n\nfunc TestGozillaF(t *testing.T) {\n\ttests := []struct {\n\t\tname string\n\t\ta    int\n\t}{\n" +
		"\t\t// kills #2\n\t\t{name: \"a=1\", a: 1},\n\t\t{name: \"a=2\", a: 2},\n\t}\n" +
		"\tfor _, tt := range tests {\n\t\t_ = tt\n\t}\n}\n\nvar x = []struct{ name string }{\n\t{name: \"not a row\"},\n}\n"
	if got := countRows([]byte(file)); got != 2 {
		t.Errorf("countRows = %d; want 2", got)
	}
	if got := countRows(nil); got != 0 {
		t.Errorf("countRows(nil) = %d; want 0", got)
	}
}
