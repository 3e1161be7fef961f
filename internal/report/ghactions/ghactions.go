// Package ghactions writes the mutants the tests leave alive as GitHub
// Actions workflow commands: annotations a pull request shows on the
// lines they name.
package ghactions

import (
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"

	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/report"
)

// maxAnnotations bounds the annotations of one run: GitHub shows at most
// 10 warnings and 10 notices per step, and more would only be dropped.
const maxAnnotations = 50

// maxChanges bounds the changes one annotation lists.
const maxChanges = 5

// Write writes one annotation per line with surviving mutants, lived
// ones first ("::warning"), then the uncovered ones ("::notice"), each
// listing the line's changes; then a summary notice.
func Write(w io.Writer, m *report.Mutation) error {
	type line struct {
		file string
		line int
		st   mutate.Status
		ms   []report.Mutant
	}
	var lines []*line
	at := map[string]*line{}
	for _, mu := range m.Mutants {
		if !report.Survives(mu.Status) {
			continue
		}
		k := fmt.Sprintf("%s:%d:%d", mu.File, mu.Line, mu.Status)
		l := at[k]
		if l == nil {
			l = &line{file: mu.File, line: mu.Line, st: mu.Status}
			at[k] = l
			lines = append(lines, l)
		}
		l.ms = append(l.ms, mu)
	}
	sort.SliceStable(lines, func(i, j int) bool { return lines[i].st == mutate.Lived && lines[j].st != mutate.Lived })
	for i, l := range lines {
		if i == maxAnnotations {
			break
		}
		kind, what := "warning", "the tests run this line and all pass with"
		if l.st == mutate.NotCovered {
			kind, what = "notice", "no test runs this line, so none notices"
		}
		var b strings.Builder
		fmt.Fprintf(&b, "%s %d change(s):", what, len(l.ms))
		for k, mu := range l.ms {
			if k == maxChanges {
				fmt.Fprintf(&b, "\n… and %d more", len(l.ms)-k)
				break
			}
			fmt.Fprintf(&b, "\n#%d %s: %s", mu.ID, mu.Op, report.Change(mu.Orig, mu.Repl))
		}
		title := fmt.Sprintf("gozilla: %d mutant(s) survive", len(l.ms))
		if _, err := fmt.Fprintf(w, "::%s file=%s,line=%d,col=%d,title=%s::%s\n", kind, property(filepath.ToSlash(l.file)), l.line, l.ms[0].Col, property(title), data(b.String())); err != nil {
			return err
		}
	}
	score := "n/a"
	if m.Score != nil {
		score = fmt.Sprintf("%.3f", *m.Score)
	}
	summary := fmt.Sprintf("mutation score %s: %d mutants, %d survive on %d line(s)", score, m.Summary.Mutants, m.Summary.Lived+m.Summary.NotCovered, len(lines))
	if len(lines) > maxAnnotations {
		summary += fmt.Sprintf(" (the first %d annotated)", maxAnnotations)
	}
	_, err := fmt.Fprintf(w, "::notice title=gozilla %s::%s\n", m.Command, data(summary))
	return err
}

// data escapes a command's message.
func data(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// property escapes a command's property value.
func property(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
