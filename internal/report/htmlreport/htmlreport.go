// Package htmlreport writes a mutation report as one self-contained HTML
// file (no network: its style and script are inline): the packages and
// their scores, then each file's source line by line with its mutants
// (status, change, the test that killed it, the proof of an equivalent
// one, why a survivor matters), with filters by status and operator.
package htmlreport

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"sort"
	"strings"

	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/report"
	"github.com/gozilla/gozilla/internal/version"
)

//go:embed report.css
var css string

//go:embed report.js
var js string

//go:embed report.html
var page string

var tmpl = template.Must(template.New("report").Funcs(template.FuncMap{
	"score": func(p *float64) string {
		if p == nil {
			return "n/a"
		}
		return fmt.Sprintf("%.3f", *p)
	},
}).Parse(page))

// view is the template's data.
type view struct {
	Title    string
	Version  string
	CSS      template.CSS
	JS       template.JS
	M        *report.Mutation
	Covered  bool // the page shows coverage
	Files    []*file
	Statuses []status
	Ops      []op
	Funcs    []*function
}

// function is a row of the per-function summary: its counts, and a link
// to each survivor's line.
type function struct {
	Package, Name, File string
	Anchor              string // its first mutant's line
	Counts              report.Counts
	Score               *float64
	Survivors           []link
	More                int // survivors past maxLinks
}

type link struct{ ID, Anchor string }

// maxLinks bounds the survivor links of one function's row.
const maxLinks = 24

type status struct{ Name, Words string }

type op struct{ Name, Doc string }

type file struct {
	Path  string
	ID    string
	Lines []*line
	Count map[string]int // by status
	Found bool           // the source was read
}

// Summary is the file's mutants by status, in words.
func (f *file) Summary() string {
	var parts []string
	for _, st := range statuses {
		if n := f.Count[st.Name]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, st.Words))
		}
	}
	return strings.Join(parts, ", ")
}

type line struct {
	N       int
	Text    string
	Mutants []mutant
	Worst   string // the status the line's badge shows: a survivor's first
	Cov     string // the line's coverage (gozilla cover): uncovered, infeasible or covered, the worst
	CovText string // the requirements on the line, one per line
}

// covRank orders coverage statuses: what needs a look first.
var covRank = map[string]int{"uncovered": 3, "infeasible": 2, "covered": 1}

type mutant struct {
	ID, Op, Status, Words, Change, Why, Package string
}

var statuses = []status{
	{"lived", "lived"}, {"not_covered", "not covered"}, {"killed", "killed"},
	{"timed_out", "timed out"}, {"equivalent", "equivalent"}, {"not_run", "not run"},
}

func words(st mutate.Status) string {
	for _, s := range statuses {
		if s.Name == st.String() {
			return s.Words
		}
	}
	return st.String()
}

// rank orders statuses for a line's badge: what needs a look first.
func rank(st string) int {
	for i, s := range statuses {
		if s.Name == st {
			return i
		}
	}
	return len(statuses)
}

// Write writes the report of m.
func Write(w io.Writer, m *report.Mutation) error {
	v := &view{Title: "gozilla " + m.Command, Version: version.Module(), CSS: template.CSS(css), JS: template.JS(js), M: m, Statuses: statuses}
	srcs := report.Sources{}
	byFile := map[string]*file{}
	funcs := map[[2]string]*function{}
	usedOps := map[string]bool{}
	for _, mu := range m.Mutants {
		f := byFile[mu.File]
		if f == nil {
			f = &file{Path: mu.File, ID: fmt.Sprintf("f%d", len(byFile)+1), Count: map[string]int{}}
			byFile[mu.File] = f
			v.Files = append(v.Files, f)
			if src := srcs.Get(mu.File); src != nil {
				f.Found = true
				for n := 1; n <= src.NumLines(); n++ {
					f.Lines = append(f.Lines, &line{N: n, Text: src.Line(n)})
				}
			}
		}
		f.Count[mu.Status.String()]++
		usedOps[mu.Op] = true
		anchor := fmt.Sprintf("%s-L%d", f.ID, mu.Line)
		fk := [2]string{mu.Package, mu.Func}
		fn := funcs[fk]
		if fn == nil {
			name := mu.Func
			if name == "" {
				name = "(package level)"
			}
			fn = &function{Package: mu.Package, Name: name, File: mu.File, Anchor: anchor}
			funcs[fk] = fn
			v.Funcs = append(v.Funcs, fn)
		}
		fn.Counts.Add(mu.Status)
		if mu.Status == mutate.Lived || mu.Status == mutate.NotCovered {
			if len(fn.Survivors) < maxLinks {
				fn.Survivors = append(fn.Survivors, link{ID: fmt.Sprint(mu.ID), Anchor: anchor})
			} else {
				fn.More++
			}
		}
		l := f.at(mu.Line)
		l.Mutants = append(l.Mutants, mutant{
			ID: fmt.Sprint(mu.ID), Op: mu.Op, Status: mu.Status.String(), Words: words(mu.Status),
			Change: report.Change(mu.Orig, mu.Repl), Why: report.Why(mu), Package: mu.Package,
		})
		if l.Worst == "" || rank(mu.Status.String()) < rank(l.Worst) {
			l.Worst = mu.Status.String()
		}
	}
	// Coverage, on the files with mutants and the others it names.
	for _, r := range m.Coverage {
		if r.Kind == "pair" {
			continue // a def-use pair spans lines: the page shows statements and branches
		}
		v.Covered = true
		f := byFile[r.File]
		if f == nil {
			f = &file{Path: r.File, ID: fmt.Sprintf("f%d", len(byFile)+1), Count: map[string]int{}}
			byFile[r.File] = f
			v.Files = append(v.Files, f)
			if src := srcs.Get(r.File); src != nil {
				f.Found = true
				for n := 1; n <= src.NumLines(); n++ {
					f.Lines = append(f.Lines, &line{N: n, Text: src.Line(n)})
				}
			}
		}
		l := f.at(r.Line)
		if covRank[r.Status] > covRank[l.Cov] {
			l.Cov = r.Status
		}
		text := r.Kind + " " + r.Text + ": " + r.Status
		if r.Proof != "" {
			text += " (" + r.Proof + ")"
		}
		if l.CovText != "" {
			l.CovText += "\n"
		}
		l.CovText += text
	}
	sort.SliceStable(v.Files, func(i, j int) bool { return v.Files[i].Path < v.Files[j].Path })
	for _, fn := range v.Funcs {
		fn.Score = report.ScoreOf(fn.Counts)
	}
	for _, o := range mutate.AllOps() {
		if usedOps[o.String()] {
			v.Ops = append(v.Ops, op{o.String(), o.Doc()})
		}
	}
	return tmpl.Execute(w, v)
}

// at returns line n of f, adding it (with no text) if the file was not
// read or is shorter.
func (f *file) at(n int) *line {
	for len(f.Lines) < n {
		f.Lines = append(f.Lines, &line{N: len(f.Lines) + 1})
	}
	return f.Lines[n-1]
}
