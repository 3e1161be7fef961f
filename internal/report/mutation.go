package report

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/gozilla/gozilla/internal/mutate"
)

// Mutation is what the formats of mutation reports (HTML, Stryker's
// schema, SARIF, GitHub annotations) read from a command's document:
// `gozilla score`'s or `gozilla gen`'s, alike.
type Mutation struct {
	Command  string // "score" or "gen"
	Summary  Counts
	Score    *float64
	Seconds  float64
	Partial  bool
	Packages []MutationPackage
	Mutants  []Mutant // by package, then ID
	// Coverage, when set, is a `gozilla cover` report's requirements,
	// which the HTML page shows beside the mutants.
	Coverage []CoverRequirement
}

// MutationPackage is one package's line of a Mutation.
type MutationPackage struct {
	Path    string
	Counts  Counts
	Score   *float64
	Skipped string
}

// Mutation returns the document's mutation view.
func (s *Score) Mutation() *Mutation {
	m := &Mutation{Command: "score", Summary: s.Summary.Counts, Score: s.Summary.Score, Seconds: s.Summary.Seconds, Partial: s.Summary.Partial, Mutants: s.Mutants}
	for _, p := range s.Packages {
		m.Packages = append(m.Packages, MutationPackage{Path: p.Path, Counts: p.Counts, Score: p.Score, Skipped: p.Skipped})
	}
	return m
}

// Mutation returns the document's mutation view.
func (g *Gen) Mutation() *Mutation {
	m := &Mutation{Command: "gen", Summary: g.Summary.Counts, Score: g.Summary.Score, Seconds: g.Summary.Seconds, Partial: g.Summary.Partial, Mutants: g.Mutants}
	for _, p := range g.Packages {
		m.Packages = append(m.Packages, MutationPackage{Path: p.Path, Counts: p.Counts, Score: p.Score, Skipped: p.Skipped})
	}
	return m
}

// Survives reports whether a mutant is one the tests should have
// noticed and did not.
func Survives(st mutate.Status) bool { return st == mutate.Lived || st == mutate.NotCovered }

// Why says in plain words what a mutant's status means for it: why a
// survivor matters, how a mutant was killed, why an equivalent one is.
func Why(m Mutant) string {
	switch m.Status {
	case mutate.Lived:
		s := "the tests run this code and all pass with the change: no test checks what it alters"
		switch {
		case m.RunBy != "" && m.Tests > 1:
			s = fmt.Sprintf("%d tests run this code (%s does the least work) and all pass with the change: none checks what it alters", m.Tests, m.RunBy)
		case m.RunBy != "":
			s = m.RunBy + " runs this code and passes with the change: it does not check what the change alters"
		}
		if m.Why != "" && m.Verdict == "" {
			s += " (" + m.Why + ")"
		}
		return s + decided(m)
	case mutate.NotCovered:
		return "no test runs this code" + decided(m)
	case mutate.Killed:
		if m.KilledBy != "" {
			return "killed by " + m.KilledBy
		}
		return "killed"
	case mutate.TimedOut:
		return "the tests ran far longer with the change (counted as killed)"
	case mutate.Equivalent:
		return "equivalent: " + PlainProof(m.Reason)
	case mutate.NotRun:
		return "not run: the run was stopped first"
	}
	return m.Status.String()
}

// decided says what is known of a survivor beyond the tests: the input
// that kills it (run on the code and the mutant, with the row to add),
// or that it is undecided; a prover's input not run is offered as such.
func decided(m Mutant) string {
	switch {
	case m.Verdict == "killable" && m.Row != "":
		return "; killable: the input " + m.Input + " tells it apart (run on both); the row " + oneLine(m.Row) + " of " + m.RowTest + " kills it"
	case m.Verdict == "killable":
		return "; killable: the input " + m.Input + " tells it apart (run on both)"
	case m.Verdict == "unknown":
		s := "; undecided: no proof that it is equivalent, and no input gozilla's engines tried kills it"
		if m.Why != "" {
			s += " (" + m.Why + ")"
		}
		return s
	case m.Input != "" && m.InputOf != "":
		return "; an input of " + m.InputOf + " tells it apart: " + m.Input + " (a case with it kills the mutant)"
	case m.Input != "":
		return "; the prover finds an input that tells it apart: " + m.Input + " (a case with it kills the mutant)"
	}
	return ""
}

// Sources reads the files a report's mutants are in, once each.
type Sources map[string]*Source

// Source is one file's text and where its lines start.
type Source struct {
	Text   string
	starts []int
}

// Get returns file's source, or nil when it cannot be read.
func (s Sources) Get(file string) *Source {
	if src, ok := s[file]; ok {
		return src
	}
	data, err := os.ReadFile(file)
	if err != nil {
		s[file] = nil
		return nil
	}
	src := &Source{Text: string(data), starts: []int{0}}
	for i, c := range src.Text {
		if c == '\n' {
			src.starts = append(src.starts, i+1)
		}
	}
	s[file] = src
	return src
}

// Position is the 1-based line and column (in runes) of a byte offset.
func (s *Source) Position(offset int) (line, col int) {
	offset = min(max(offset, 0), len(s.Text))
	line = 1
	for line < len(s.starts) && s.starts[line] <= offset {
		line++
	}
	return line, len([]rune(s.Text[s.starts[line-1]:offset])) + 1
}

// Line is the text of line n (1-based), without its newline.
func (s *Source) Line(n int) string {
	if n < 1 || n > len(s.starts) {
		return ""
	}
	end := len(s.Text)
	if n < len(s.starts) {
		end = s.starts[n] - 1
	}
	return strings.TrimSuffix(s.Text[s.starts[n-1]:end], "\r")
}

// NumLines is the number of lines: a final newline ends the last line,
// it does not start another.
func (s *Source) NumLines() int {
	n := len(s.starts)
	if n > 1 && s.starts[n-1] == len(s.Text) {
		n--
	}
	return n
}

// Explain writes what the report knows of the mutants numbered ids (of
// every package that has one): where and what each is, its line of
// source, its status and why, in plain words.
func Explain(w io.Writer, m *Mutation, ids []int) {
	srcs := Sources{}
	for _, id := range ids {
		found := false
		for _, mu := range m.Mutants {
			if mu.ID != id {
				continue
			}
			found = true
			fmt.Fprintf(w, "\nmutant %d of %s: %s %s:%d:%d in %s\n", id, mu.Package, mu.Op, mu.File, mu.Line, mu.Col, mu.Func)
			if op, ok := mutate.OpByName(mu.Op); ok {
				fmt.Fprintf(w, "  change: %s (%s)\n", Change(mu.Orig, mu.Repl), op.Doc())
			}
			if src := srcs.Get(mu.File); src != nil {
				fmt.Fprintf(w, "  line:   %d | %s\n", mu.Line, strings.TrimSpace(src.Line(mu.Line)))
			}
			if mu.Status == mutate.Equivalent {
				fmt.Fprintf(w, "  status: %s\n", Why(mu))
			} else {
				fmt.Fprintf(w, "  status: %s: %s\n", mu.Status, Why(mu))
			}
			if mu.Reason != "" && mu.Status == mutate.Equivalent {
				fmt.Fprintf(w, "  proof:  %s\n", mu.Reason)
			}
			if mu.Row != "" {
				fmt.Fprintf(w, "  row:    add to %s (gozilla gen writes it):\n", mu.RowTest)
				for _, line := range strings.Split(mu.Row, "\n") {
					fmt.Fprintf(w, "          %s\n", line)
				}
			}
		}
		if !found {
			fmt.Fprintf(w, "\nmutant %d: no such mutant in the report\n", id)
		}
	}
}
