// Package formats is the registry of the mutation report formats that
// `gozilla score` and `gozilla gen` write with -format, beside their own
// text and JSON: each is a small package that reads report.Mutation.
package formats

import (
	"io"
	"strings"

	"github.com/gozilla/gozilla/internal/report"
	"github.com/gozilla/gozilla/internal/report/ghactions"
	"github.com/gozilla/gozilla/internal/report/htmlreport"
	"github.com/gozilla/gozilla/internal/report/sarif"
	"github.com/gozilla/gozilla/internal/report/stryker"
)

// Format is one report format.
type Format struct {
	Name  string
	Doc   string
	Write func(w io.Writer, m *report.Mutation) error
}

// All lists the formats, one line each.
var All = []Format{
	{"stryker", "JSON in the mutation-testing-report-schema of Stryker (the Stryker dashboard, mutation-testing-elements)", stryker.Write},
	{"sarif", "SARIF 2.1.0: the surviving mutants as results, for code scanning", sarif.Write},
	{"html", "one self-contained HTML page: the packages, each file's source line by line with its mutants, filters by status and operator (also -html DIR)", htmlreport.Write},
	{"github", "GitHub Actions annotations on the surviving mutants' lines (default in addition to text when GITHUB_ACTIONS is set)", ghactions.Write},
}

// Lookup returns the format named name.
func Lookup(name string) (Format, bool) {
	for _, f := range All {
		if f.Name == name {
			return f, true
		}
	}
	return Format{}, false
}

// Usage documents -format: text, json, and the registered formats.
func Usage() string {
	var b strings.Builder
	b.WriteString("report format:\n\ttext: for people (default)\n\tjson: the command's own JSON schema (as -json)")
	for _, f := range All {
		b.WriteString("\n\t" + f.Name + ": " + f.Doc)
	}
	return b.String()
}
