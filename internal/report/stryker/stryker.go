// Package stryker writes a mutation report in the mutation testing
// report schema of the Stryker project (mutation-testing-report-schema,
// schema version 2), which the Stryker dashboard, the
// mutation-testing-elements HTML report and other tools read.
package stryker

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"

	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/report"
	"github.com/gozilla/gozilla/internal/version"
)

// Report is the document (the parts of the schema gozilla fills).
type Report struct {
	SchemaVersion string           `json:"schemaVersion"`
	Thresholds    Thresholds       `json:"thresholds"`
	ProjectRoot   string           `json:"projectRoot,omitempty"`
	Files         map[string]*File `json:"files"`
	Framework     Framework        `json:"framework"`
	System        System           `json:"system"`
	Config        map[string]any   `json:"config,omitempty"`
}

type Thresholds struct {
	High int `json:"high"`
	Low  int `json:"low"`
}

type File struct {
	Language string    `json:"language"`
	Source   string    `json:"source"`
	Mutants  []*Mutant `json:"mutants"`
}

type Mutant struct {
	ID           string   `json:"id"`
	MutatorName  string   `json:"mutatorName"`
	Replacement  string   `json:"replacement"`
	Description  string   `json:"description,omitempty"`
	Location     Location `json:"location"`
	Status       string   `json:"status"`
	StatusReason string   `json:"statusReason,omitempty"`
	KilledBy     []string `json:"killedBy,omitempty"`
}

type Location struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

type Position struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

type Framework struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
}

type System struct {
	CI bool `json:"ci"`
	OS OS   `json:"os"`
}

type OS struct {
	Platform string `json:"platform"`
}

// Status is the schema's status of a gozilla status: an equivalent
// mutant is Ignored (its reason says why), a mutant not run Pending.
func Status(st mutate.Status) string {
	switch st {
	case mutate.Killed:
		return "Killed"
	case mutate.Lived:
		return "Survived"
	case mutate.NotCovered:
		return "NoCoverage"
	case mutate.TimedOut:
		return "Timeout"
	case mutate.Equivalent:
		return "Ignored"
	}
	return "Pending"
}

// Build makes the document of a run; the files are read from disk.
func Build(m *report.Mutation) *Report {
	r := &Report{SchemaVersion: "2", Thresholds: Thresholds{High: 80, Low: 60}, Files: map[string]*File{},
		Framework: Framework{Name: "gozilla", Version: version.Module()},
		System:    System{CI: os.Getenv("CI") != "" || os.Getenv("GITHUB_ACTIONS") != "", OS: OS{Platform: runtime.GOOS}},
		Config:    map[string]any{"command": m.Command}}
	if wd, err := os.Getwd(); err == nil {
		r.ProjectRoot = wd
	}
	srcs := report.Sources{}
	for _, mu := range m.Mutants {
		src := srcs.Get(mu.File)
		if src == nil {
			continue // a file gone since the run: nothing to show it in
		}
		f := r.Files[mu.File]
		if f == nil {
			f = &File{Language: "go", Source: src.Text}
			r.Files[mu.File] = f
		}
		sl, sc := src.Position(mu.Offset)
		el, ec := src.Position(mu.End)
		sm := &Mutant{
			ID:           fmt.Sprintf("%s#%d", mu.Package, mu.ID),
			MutatorName:  mu.Op,
			Replacement:  mu.Repl,
			Description:  report.Change(mu.Orig, mu.Repl),
			Location:     Location{Position{sl, sc}, Position{el, ec}},
			Status:       Status(mu.Status),
			StatusReason: report.Why(mu),
		}
		if mu.KilledBy != "" {
			sm.KilledBy = []string{mu.KilledBy}
		}
		f.Mutants = append(f.Mutants, sm)
	}
	for _, f := range r.Files {
		sort.SliceStable(f.Mutants, func(i, j int) bool {
			a, b := f.Mutants[i].Location.Start, f.Mutants[j].Location.Start
			return a.Line < b.Line || a.Line == b.Line && a.Column < b.Column
		})
	}
	return r
}

// Write writes the run's document as JSON.
func Write(w io.Writer, m *report.Mutation) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(Build(m))
}
