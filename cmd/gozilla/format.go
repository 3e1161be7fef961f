package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
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
