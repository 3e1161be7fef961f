// Package report owns what gozilla tells people and CI jobs: the text
// summaries and listings, and the JSON documents with their stable
// schemas. It computes nothing itself beyond counts and scores; the
// stages fill its records.
//
// The score document (schema "gozilla.score/v1") is documented in the
// README. Fields are only ever added, never renamed or removed, within a
// schema version.
package report

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/gozilla/gozilla/internal/mutate"
)

// ScoreSchema names the JSON schema of a Score document.
const ScoreSchema = "gozilla.score/v1"

// Status is the verdict on one mutant.
type Status string

const (
	Killed     Status = "killed"      // a test failed, panicked or exited
	Lived      Status = "lived"       // every test that reaches it passed
	TimedOut   Status = "timed_out"   // the tests ran past the timeout: counted as detected
	NotCovered Status = "not_covered" // no test reaches the mutated code; not run
	Equivalent Status = "equivalent"  // proven to behave like the original; excluded from MS
)

// Mutant is one mutant's line in the report.
type Mutant struct {
	ID       int    `json:"id"`      // unique within its package
	Package  string `json:"package"` // import path
	Func     string `json:"func"`    // enclosing function: F, T.M or (*T).M
	Op       string `json:"op"`      // operator name, e.g. "ROR"
	File     string `json:"file"`    // path, relative to the working directory when inside it
	Line     int    `json:"line"`    // 1-based
	Col      int    `json:"col"`     // 1-based, in bytes
	Offset   int    `json:"offset"`  // byte offset of the replaced span
	End      int    `json:"end"`     // byte offset just past it
	Orig     string `json:"orig"`    // source text of [offset,end)
	Repl     string `json:"repl"`    // its replacement
	Status   Status `json:"status"`
	KilledBy string `json:"killed_by,omitempty"` // first failing test (or panic) for killed mutants
	Reason   string `json:"reason,omitempty"`    // why it is equivalent, when it is
	Why      string `json:"why,omitempty"`       // gen: why the deterministic passes left it alive
}

// Counts tallies mutants by status.
type Counts struct {
	Mutants    int `json:"mutants"`
	Killed     int `json:"killed"`
	Lived      int `json:"lived"`
	TimedOut   int `json:"timed_out"`
	NotCovered int `json:"not_covered"`
	Equivalent int `json:"equivalent"`
}

// Add counts one mutant of status st.
func (c *Counts) Add(st Status) {
	c.Mutants++
	switch st {
	case Killed:
		c.Killed++
	case Lived:
		c.Lived++
	case TimedOut:
		c.TimedOut++
	case NotCovered:
		c.NotCovered++
	case Equivalent:
		c.Equivalent++
	}
}

// Score is the mutation score D/(M−E): D the detected mutants (killed or
// timed out), M all mutants, E the equivalent ones. It is NaN when every
// mutant is equivalent or there are none.
func (c Counts) Score() float64 {
	if c.Mutants-c.Equivalent == 0 {
		return math.NaN()
	}
	return float64(c.Killed+c.TimedOut) / float64(c.Mutants-c.Equivalent)
}

// Package is one package's part of a Score document.
type Package struct {
	Path         string   `json:"path"`
	Dir          string   `json:"dir"`
	Tests        int      `json:"tests"` // tests, examples and fuzz targets run
	Counts                // mutant tallies, inlined
	Score        *float64 `json:"score"` // null when M−E = 0
	BuildSeconds float64  `json:"build_seconds"`
	Seconds      float64  `json:"seconds"` // whole package: generate, build, baseline, runs
	Skipped      string   `json:"skipped,omitempty"`
	Dropped      int      `json:"dropped"` // generated mutants rejected (ill-typed)
}

// Summary totals a Score document.
type Summary struct {
	Counts
	Score   *float64 `json:"score"` // null when M−E = 0
	Seconds float64  `json:"seconds"`
}

// Score is the result of `gozilla score`.
type Score struct {
	Schema   string    `json:"schema"`
	Summary  Summary   `json:"summary"`
	Packages []Package `json:"packages"`
	Mutants  []Mutant  `json:"mutants"`
}

// NewScore assembles a document, filling the counts and scores from the
// mutants' statuses and sorting mutants by package and ID.
func NewScore(pkgs []Package, mutants []Mutant, seconds float64) *Score {
	sort.SliceStable(mutants, func(i, j int) bool {
		if mutants[i].Package != mutants[j].Package {
			return mutants[i].Package < mutants[j].Package
		}
		return mutants[i].ID < mutants[j].ID
	})
	byPkg := map[string]*Counts{}
	for i := range pkgs {
		pkgs[i].Counts = Counts{}
		byPkg[pkgs[i].Path] = &pkgs[i].Counts
	}
	s := &Score{Schema: ScoreSchema, Packages: pkgs, Mutants: mutants}
	for _, m := range mutants {
		s.Summary.Add(m.Status)
		if c := byPkg[m.Package]; c != nil {
			c.Add(m.Status)
		}
	}
	for i := range pkgs {
		pkgs[i].Score = scorePtr(pkgs[i].Counts)
	}
	s.Summary.Score = scorePtr(s.Summary.Counts)
	s.Summary.Seconds = seconds
	if s.Mutants == nil {
		s.Mutants = []Mutant{}
	}
	if s.Packages == nil {
		s.Packages = []Package{}
	}
	return s
}

func scorePtr(c Counts) *float64 {
	v := c.Score()
	if math.IsNaN(v) {
		return nil
	}
	v = math.Round(v*1e6) / 1e6 // stable text in the JSON
	return &v
}

// JSON writes the document, indented.
func (s *Score) JSON(w io.Writer) error { return writeJSON(w, s) }

// writeJSON writes a report document as indented JSON, leaving <, > and &
// readable (mutant texts hold them).
func writeJSON(w io.Writer, doc any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(doc)
}

// Text writes the human report: the mutants worth a look (all of them
// with verbose), then one line per package and the totals.
func (s *Score) Text(w io.Writer, verbose bool) error {
	tw := tabwriter.NewWriter(w, 0, 4, 1, ' ', 0)
	listed := 0
	for _, m := range s.Mutants {
		if !verbose && (m.Status == Killed || m.Status == Equivalent) {
			continue
		}
		if listed == 0 {
			fmt.Fprintln(tw, "STATUS\tID\tOP\tPOSITION\tFUNC\tMUTATION")
		}
		listed++
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s:%d:%d\t%s\t%s\n", m.Status, m.ID, m.Op, m.File, m.Line, m.Col, m.Func, Change(m.Orig, m.Repl))
	}
	if listed > 0 {
		fmt.Fprintln(tw)
	}
	fmt.Fprintln(tw, "PACKAGE\tMUTANTS\tKILLED\tLIVED\tTIMED OUT\tNOT COVERED\tEQUIVALENT\tMS\tSECONDS")
	for _, p := range s.Packages {
		if p.Skipped != "" {
			fmt.Fprintf(tw, "%s\tskipped: %s\n", p.Path, p.Skipped)
			continue
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%s\t%.1f\n", p.Path, p.Mutants, p.Killed, p.Lived, p.TimedOut, p.NotCovered, p.Equivalent, fmtScore(p.Score), p.Seconds)
	}
	if len(s.Packages) > 1 {
		c := s.Summary
		fmt.Fprintf(tw, "total\t%d\t%d\t%d\t%d\t%d\t%d\t%s\t%.1f\n", c.Mutants, c.Killed, c.Lived, c.TimedOut, c.NotCovered, c.Equivalent, fmtScore(c.Score), c.Seconds)
	}
	return tw.Flush()
}

func fmtScore(p *float64) string {
	if p == nil {
		return "n/a"
	}
	return fmt.Sprintf("%.3f", *p)
}

// Change renders "orig  →  repl" on one line, shortening long sides; a
// deleted statement shows as "(deleted)".
func Change(orig, repl string) string {
	r := oneLine(repl)
	if r == "" {
		r = "(deleted)"
	}
	return oneLine(orig) + "  →  " + r
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) > 60 {
		s = string([]rune(s)[:57]) + "..."
	}
	return s
}

// MutantOf is the report record of m, status unset.
func MutantOf(m *mutate.Mutant) Mutant {
	return Mutant{
		ID: m.ID, Package: m.Pkg, Func: m.Func, Op: m.Op.String(),
		File: RelPath(m.File), Line: m.Line, Col: m.Col, Offset: m.Offset, End: m.End,
		Orig: m.Orig, Repl: m.Repl,
	}
}

// RelPath shortens path relative to the working directory when inside it.
func RelPath(path string) string {
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	rel, err := filepath.Rel(wd, path)
	if err != nil || strings.HasPrefix(rel, "..") {
		return path
	}
	return filepath.ToSlash(rel)
}
