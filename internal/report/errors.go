package report

import (
	"fmt"
	"io"

	"github.com/gozilla/gozilla/internal/mutate"
)

// PackageError is a package a command could not process (it does not
// compile, its tests fail on the unmutated code) or a pattern that
// matched no package: the other packages of the run went on. A report
// lists them, and the command exits 2 after writing it.
type PackageError struct {
	Package string `json:"package"` // the import path, or the pattern
	Error   string `json:"error"`   // one line: the compiler's file:line:col: message where there is one
}

// String is the error's line, as the command writes it on standard
// error after "gozilla: ".
func (e PackageError) String() string { return e.Package + ": " + e.Error }

// textErrors writes a report's package errors, one line each.
func textErrors(w io.Writer, errs []PackageError) {
	if len(errs) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%d package(s) not processed:\n", len(errs))
	for _, e := range errs {
		fmt.Fprintf(w, "  %s\n", e)
	}
}

// SkippedCode is code not mutated on purpose: a //gozilla:skip
// directive, a line -skip matches, or a file that imports "C" (its
// mutants are not counted: 0).
type SkippedCode struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Func    string `json:"func,omitempty"`
	Why     string `json:"why"`
	Mutants int    `json:"mutants"` // the mutants not made there
}

// textSkipped writes the code not mutated on purpose, one line each.
func textSkipped(w io.Writer, skipped []SkippedCode) {
	if len(skipped) == 0 {
		return
	}
	n := 0
	for _, s := range skipped {
		n += s.Mutants
	}
	count := func(n int) string {
		if n == 0 {
			return "" // not counted (a cgo file)
		}
		return fmt.Sprintf(" (%d mutants)", n)
	}
	fmt.Fprintf(w, "\nnot mutated on purpose%s:\n", count(n))
	for _, s := range skipped {
		fn := ""
		if s.Func != "" {
			fn = " " + s.Func
		}
		fmt.Fprintf(w, "  %s:%d%s: %s%s\n", s.File, s.Line, fn, s.Why, count(s.Mutants))
	}
}

// Errors is the error of a run none of whose packages could be
// processed: one line each.
type Errors []PackageError

func (es Errors) Error() string {
	s := ""
	for i, e := range es {
		if i > 0 {
			s += "\n"
		}
		s += e.String()
	}
	return s
}

// SkippedOf converts mutate's skipped code for a report.
func SkippedOf(sk []mutate.Skipped) []SkippedCode {
	var out []SkippedCode
	for _, s := range sk {
		out = append(out, SkippedCode{File: RelPath(s.File), Line: s.Line, Func: s.Func, Why: s.Why, Mutants: s.Mutants})
	}
	return out
}
