package report

import (
	"fmt"
	"io"
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
