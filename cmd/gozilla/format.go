package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sync"

	"github.com/gozilla/gozilla/internal/diff"
	"github.com/gozilla/gozilla/internal/report"
	"github.com/gozilla/gozilla/internal/report/formats"
	"github.com/gozilla/gozilla/internal/report/ghactions"
	"github.com/gozilla/gozilla/internal/report/htmlreport"
)

// mutationDoc is a report of mutants (score's, gen's): its own text and
// JSON, and the view the other formats read.
type mutationDoc interface {
	reportDoc
	Mutation() *report.Mutation
}

// checkFormat validates -format against -json: the effective format
// ("" for the default text).
func checkFormat(format string, asJSON bool) (string, error) {
	switch {
	case asJSON && format != "" && format != "json":
		return "", &exitError{code: 2, msg: fmt.Sprintf("-json and -format %s: choose one", format)}
	case asJSON:
		return "json", nil
	case format == "" || format == "text" || format == "json":
		return format, nil
	}
	if _, ok := formats.Lookup(format); !ok {
		return "", &exitError{code: 2, msg: fmt.Sprintf("bad -format %q: want text, json, html, stryker, sarif or github", format)}
	}
	return format, nil
}

// writeFormatted writes doc in format. The default text is followed, on
// GitHub Actions (GITHUB_ACTIONS=true), by the annotations of the
// surviving mutants.
func writeFormatted(w io.Writer, format string, verbose bool, doc mutationDoc) error {
	switch format {
	case "", "text":
		if err := doc.Text(w, verbose); err != nil {
			return err
		}
		if format == "" && os.Getenv("GITHUB_ACTIONS") == "true" {
			return ghactions.Write(w, doc.Mutation())
		}
		return nil
	case "json":
		return doc.JSON(w)
	}
	f, _ := formats.Lookup(format)
	return f.Write(w, doc.Mutation())
}

// writeHTML writes the -html directory's index.html.
func writeHTML(dir string, doc mutationDoc) error {
	if dir == "" {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return &exitError{code: 2, msg: err.Error()}
	}
	f, err := os.Create(filepath.Join(dir, "index.html"))
	if err != nil {
		return &exitError{code: 2, msg: err.Error()}
	}
	if err := htmlreport.Write(f, doc.Mutation()); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// diffLines reads -diff: the filter of the changed lines, and the words
// the report says them in; nil and "" without -diff.
func diffLines(ref string) (func(file string, line int) bool, string, error) {
	if ref == "" {
		return nil, "", nil
	}
	lines, err := diff.Changed(ref, ".")
	if err != nil {
		return nil, "", &exitError{code: 2, msg: err.Error()}
	}
	var mu sync.Mutex
	real := map[string]string{} // a file's path with symbolic links resolved
	keep := func(file string, line int) bool {
		mu.Lock()
		defer mu.Unlock()
		r, ok := real[file]
		if !ok {
			r = file
			if e, err := filepath.EvalSymlinks(file); err == nil {
				r = e
			}
			real[file] = r
		}
		return lines.Has(r, line) || lines.Has(file, line)
	}
	n, files := lines.Count()
	what := "since " + ref
	if st, err := os.Stat(ref); err == nil && !st.IsDir() {
		what = "by " + ref
	}
	return keep, fmt.Sprintf("the %d line(s) changed %s, in %d file(s),", n, what, files), nil
}

// defaultCache is -cache's default: $GOZILLA_CACHE, else gozilla's
// directory in the user's cache directory.
func defaultCache() string {
	if d := os.Getenv("GOZILLA_CACHE"); d != "" {
		return d
	}
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "gozilla")
	}
	return "off"
}

// cachePath is -cache's directory, "" when off.
func cachePath(v string) string {
	switch v {
	case "off", "false", "0", "none", "":
		return ""
	}
	return v
}

// reportFlags are the flags of the commands that report mutants (score,
// gen, merge): the formats, the destination, the HTML page.
type reportFlags struct {
	jsonOut, verbose                   *bool
	format, outFile, htmlDir, coverage *string
	name                               string                    // the format, once checked ("" = text)
	cov                                []report.CoverRequirement // -coverage's requirements
}

func addReportFlags(fs *flag.FlagSet, schema, verbose string) *reportFlags {
	return &reportFlags{
		jsonOut:  fs.Bool("json", false, "write the JSON report (schema "+schema+") instead of text"),
		format:   fs.String("format", "", formats.Usage()),
		outFile:  fs.String("o", "", "write the report to this file instead of standard output"),
		htmlDir:  fs.String("html", "", "also write the HTML report to this directory (DIR/index.html)"),
		verbose:  fs.Bool("v", false, verbose),
		coverage: fs.String("coverage", "", "show in the HTML report the statement and branch coverage of this gozilla cover -json report (with cover -v, the covered lines too)"),
	}
}

// withCoverage is a report whose mutation view carries coverage.
type withCoverage struct {
	mutationDoc
	cov []report.CoverRequirement
}

func (d withCoverage) Mutation() *report.Mutation {
	m := d.mutationDoc.Mutation()
	m.Coverage = d.cov
	return m
}

// check validates the flags once parsed.
func (r *reportFlags) check() error {
	var err error
	if r.name, err = checkFormat(*r.format, *r.jsonOut); err != nil {
		return err
	}
	if *r.coverage != "" {
		data, err := os.ReadFile(*r.coverage)
		if err != nil {
			return &exitError{code: 2, msg: err.Error()}
		}
		var c report.Cover
		if err := json.Unmarshal(data, &c); err != nil || c.Schema != report.CoverSchema {
			return &exitError{code: 2, msg: fmt.Sprintf("-coverage %s: not a gozilla cover -json report (%s)", *r.coverage, report.CoverSchema)}
		}
		r.cov = c.Requirements
	}
	return nil
}

// machine reports whether the report is for a program (JSON, SARIF, …),
// which other output must stay out of.
func (r *reportFlags) machine() bool { return r.name != "" && r.name != "text" }

// write writes doc in the format to -o or stdout, then the -html page,
// then more (explanations) after a text report, or on stderr after a
// machine one.
func (r *reportFlags) write(stdout, stderr io.Writer, doc mutationDoc, more func(w io.Writer)) error {
	if r.cov != nil {
		doc = withCoverage{doc, r.cov}
	}
	w, closeOut, err := output(*r.outFile, stdout)
	if err != nil {
		return err
	}
	defer closeOut()
	if err := writeFormatted(w, r.name, *r.verbose, doc); err != nil {
		return err
	}
	if err := writeHTML(*r.htmlDir, doc); err != nil {
		return err
	}
	if more != nil {
		if r.machine() {
			more(stderr)
		} else {
			more(w)
		}
	}
	return nil
}

// selectFlags choose which code to mutate beyond -ops: -skip and -diff.
type selectFlags struct {
	skip, diff *string
	arid       *bool
	skipRE     *regexp.Regexp
	keep       func(file string, line int) bool
	diffText   string
}

func addSelectFlags(fs *flag.FlagSet, withDiff bool) *selectFlags {
	s := &selectFlags{skip: fs.String("skip", "", "do not mutate lines whose text (or whose file's path) matches this regular expression, e.g. 'log\\.|Debugf' (also //gozilla:skip on a function or line)")}
	s.arid = fs.Bool("arid", false, "also mutate arid code: the text of log lines, error messages and panics, and statements that only log (left alone by default)")
	if withDiff {
		s.diff = fs.String("diff", "", "mutate only the lines changed since this git revision (a branch, a commit), or added by this unified diff file")
	}
	return s
}

// check compiles -skip and reads -diff's lines.
func (s *selectFlags) check() error {
	var err error
	if s.skipRE, err = parseSkip(*s.skip); err != nil {
		return err
	}
	if s.diff != nil {
		s.keep, s.diffText, err = diffLines(*s.diff)
	}
	return err
}
