package report

// This file holds the report of `gozilla equiv` (schema
// "gozilla.equiv/v1"): mutants proven equivalent with their proofs,
// statements proven unreachable, branches proven infeasible.

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/gozilla/gozilla/internal/mutate"
)

// EquivSchema names the JSON schema of an Equiv document.
const EquivSchema = "gozilla.equiv/v1"

// Equiv is the document `gozilla equiv` writes.
type Equiv struct {
	Schema      string          `json:"schema"`
	Summary     EquivSummary    `json:"summary"`
	Packages    []EquivPackage  `json:"packages"`
	Mutants     []EquivMutant   `json:"mutants"` // every mutant, or only the equivalent ones (see the -v flag)
	Unreachable []Finding       `json:"unreachable"`
	Infeasible  []BranchFinding `json:"infeasible"`
	// Errors are the packages (or patterns) the run could not process.
	Errors []PackageError `json:"errors,omitempty"`
}

// EquivCounts tallies verdicts.
type EquivCounts struct {
	Mutants    int `json:"mutants"`
	Equivalent int `json:"equivalent"`
	Killable   int `json:"killable"` // an input makes the outputs differ (the miter's model)
	Unknown    int `json:"unknown"`
	// ByMethod counts the equivalent mutants by the stage that proved
	// them: unreachable, rules, exact, sufficiency, compiled.
	ByMethod    map[string]int `json:"by_method"`
	Unreachable int            `json:"unreachable_statements"`
	Infeasible  int            `json:"infeasible_branches"`
	NotRun      int            `json:"not_run,omitempty"` // partial reports: mutants of units not analysed
}

// Add counts one verdict.
func (c *EquivCounts) Add(m EquivMutant) {
	c.Mutants++
	switch m.Status {
	case mutate.Equivalent:
		c.Equivalent++
		if c.ByMethod == nil {
			c.ByMethod = map[string]int{}
		}
		c.ByMethod[m.Method]++
	case mutate.Killable:
		c.Killable++
	case mutate.NotRun:
		c.NotRun++
	default:
		c.Unknown++
	}
}

// EquivSummary totals the packages.
type EquivSummary struct {
	EquivCounts
	Seconds float64 `json:"seconds"`
	// Partial is set when the analysis stopped (signal, -deadline)
	// before every unit was analysed; Stopped says why.
	// Cause is what stopped it ("deadline", "signal"), Phase the first
	// phase the stop cut (EquivPackage.Phase).
	Partial bool   `json:"partial,omitempty"`
	Stopped string `json:"stopped,omitempty"`
	Cause   string `json:"cause,omitempty"`
	Phase   string `json:"phase,omitempty"`
}

// The phases of an equiv package a stop can cut.
const (
	EquivPhaseMutants  = "mutants"
	EquivPhaseAnalysis = "analysis"
	EquivPhaseCompiled = "compiled"
	EquivPhaseConfirm  = "confirm"
	EquivPhaseNotRun   = "not started"
)

// EquivPackage is one package's analysis.
type EquivPackage struct {
	Path string `json:"path"`
	Dir  string `json:"dir"`
	EquivCounts
	Units   []EquivUnit `json:"units"`
	Seconds float64     `json:"seconds"`
	// Partial is set when some of the package's units were not
	// analysed: their mutants are not_run.
	// Phase is then the phase the stop cut: "mutants" (their
	// generation), "analysis" (the prover), "compiled" (the compiler's
	// check), "confirm" (running the killing inputs), or "not started".
	Partial bool   `json:"partial,omitempty"`
	Phase   string `json:"phase,omitempty"`
	// Skipped is why the package was not analysed (it has only test
	// files), when it was not.
	Skipped string `json:"skipped,omitempty"`
}

// EquivUnit is one function's analysis.
type EquivUnit struct {
	Name    string `json:"name"`
	Mutants int    `json:"mutants"`
	Paths   int    `json:"paths"`
	// Incomplete is why the exploration does not cover every execution
	// (no proof comes from it); empty when it does.
	Incomplete string  `json:"incomplete,omitempty"`
	Seconds    float64 `json:"seconds"`
}

// EquivMutant is one mutant's verdict. Status is "equivalent",
// "killable" or "unknown"; Reason says why (the proof's gist, or why
// there is none).
type EquivMutant struct {
	Mutant
	Method  string   `json:"method,omitempty"` // unreachable, rules, exact, sufficiency, compiled
	Proof   []string `json:"proof,omitempty"`
	Assumed bool     `json:"assumed,omitempty"` // the proof needs the unit's //gozilla:assume directives
	Input   string   `json:"input,omitempty"`   // killable: an input on which the outputs differ, as Go literals
}

// Finding is a statement proven unreachable.
type Finding struct {
	Package string `json:"package"`
	Func    string `json:"func"`
	File    string `json:"file"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Text    string `json:"text"`
}

// BranchFinding is a branch proven infeasible: the condition never
// takes the value Never.
type BranchFinding struct {
	Finding
	Never bool `json:"never"`
}

// Finish fills the counts from the mutants and findings.
func (e *Equiv) Finish(seconds float64) {
	e.Schema = EquivSchema
	e.Summary = EquivSummary{Seconds: seconds}
	byPkg := map[string]*EquivCounts{}
	for i := range e.Packages {
		p := &e.Packages[i]
		p.EquivCounts = EquivCounts{}
		byPkg[p.Path] = &p.EquivCounts
		e.Summary.Partial = e.Summary.Partial || p.Partial
		if p.Partial && e.Summary.Phase == "" {
			e.Summary.Phase = p.Phase
		}
	}
	for _, m := range e.Mutants {
		e.Summary.Add(m)
		if c := byPkg[m.Package]; c != nil {
			c.Add(m)
		}
	}
	for _, f := range e.Unreachable {
		e.Summary.Unreachable++
		if c := byPkg[f.Package]; c != nil {
			c.Unreachable++
		}
	}
	for _, f := range e.Infeasible {
		e.Summary.Infeasible++
		if c := byPkg[f.Package]; c != nil {
			c.Infeasible++
		}
	}
	if e.Mutants == nil {
		e.Mutants = []EquivMutant{}
	}
	if e.Unreachable == nil {
		e.Unreachable = []Finding{}
	}
	if e.Infeasible == nil {
		e.Infeasible = []BranchFinding{}
	}
}

// Filter keeps the equivalent mutants only (what the JSON lists unless
// every verdict is asked for), and in a partial report those not run.
func (e *Equiv) Filter() {
	var keep []EquivMutant
	for _, m := range e.Mutants {
		if m.Status == mutate.Equivalent || m.Status == mutate.NotRun {
			keep = append(keep, m)
		}
	}
	e.Mutants = keep
	if e.Mutants == nil {
		e.Mutants = []EquivMutant{}
	}
}

// JSON writes the document, indented.
func (e *Equiv) JSON(w io.Writer) error { return writeJSON(w, e) }

// Text writes the human report: the equivalent mutants with their proofs
// (every verdict with verbose), the unreachable statements, the
// infeasible branches, then one line per package.
func (e *Equiv) Text(w io.Writer, verbose bool) error {
	if err := e.text(w, verbose); err != nil {
		return err
	}
	textErrors(w, e.Errors)
	return nil
}

func (e *Equiv) text(w io.Writer, verbose bool) error {
	tw := tabwriter.NewWriter(w, 0, 4, 1, ' ', 0)
	listed := 0
	for _, m := range e.Mutants {
		if !verbose && m.Status != mutate.Equivalent {
			continue
		}
		if listed == 0 {
			fmt.Fprintln(tw, "STATUS\tID\tOP\tPOSITION\tFUNC\tMUTATION\tWHY")
		}
		listed++
		st := m.Status.String()
		if m.Method != "" {
			st += " (" + m.Method + ")"
		}
		reason := m.Reason
		if m.Method != "" {
			reason = m.Method + ": " + reason
		}
		why := PlainReason(m.Status, reason)
		if m.Input != "" {
			why += ": " + m.Input
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s:%d:%d\t%s\t%s\t%s\n", st, m.ID, m.Op, m.File, m.Line, m.Col, m.Func, Change(m.Orig, m.Repl), why)
	}
	if listed > 0 {
		fmt.Fprintln(tw)
	}
	if len(e.Unreachable) > 0 {
		fmt.Fprintln(tw, "UNREACHABLE\tFUNC\tSTATEMENT")
		for _, f := range e.Unreachable {
			fmt.Fprintf(tw, "%s:%d:%d\t%s\t%s\n", f.File, f.Line, f.Col, f.Func, oneLine(f.Text))
		}
		fmt.Fprintln(tw)
	}
	if len(e.Infeasible) > 0 {
		fmt.Fprintln(tw, "INFEASIBLE\tFUNC\tBRANCH")
		for _, f := range e.Infeasible {
			fmt.Fprintf(tw, "%s:%d:%d\t%s\t%s is never %v\n", f.File, f.Line, f.Col, f.Func, oneLine(f.Text), f.Never)
		}
		fmt.Fprintln(tw)
	}
	fmt.Fprintln(tw, "PACKAGE\tMUTANTS\tEQUIVALENT\tUNREACHABLE\tRULES\tEXACT\tSUFFICIENCY\tCOMPILED\tKILLABLE\tUNKNOWN\tDEAD STMTS\tINFEASIBLE BRANCHES\tSECONDS")
	row := func(name string, c EquivCounts, secs float64) {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%.1f\n", name, c.Mutants, c.Equivalent,
			c.ByMethod["unreachable"], c.ByMethod["rules"], c.ByMethod["exact"], c.ByMethod["sufficiency"], c.ByMethod["compiled"],
			c.Killable, c.Unknown, c.Unreachable, c.Infeasible, secs)
	}
	var skipped []EquivPackage
	for _, p := range e.Packages {
		if p.Skipped != "" {
			skipped = append(skipped, p)
			continue
		}
		row(p.Path, p.EquivCounts, p.Seconds)
	}
	if len(e.Packages)-len(skipped) > 1 {
		row("total", e.Summary.EquivCounts, e.Summary.Seconds)
	}
	for _, p := range skipped {
		fmt.Fprintf(tw, "%s: skipped: %s\n", p.Path, p.Skipped)
	}
	if e.Summary.Partial {
		why, partial := unfinished(e.Summary.Stopped, e.Packages, func(p EquivPackage) (string, bool) {
			if p.Phase != "" {
				return p.Path + " (" + p.Phase + ")", p.Partial
			}
			return p.Path, p.Partial
		})
		fmt.Fprintf(tw, "\nPARTIAL REPORT (%s): %d mutants not analysed (status not_run); not finished: %s\n", why, e.Summary.NotRun, partial)
	}
	return tw.Flush()
}

// Explain writes the prover's verdict on the mutants numbered ids: where
// and what each is, its verdict in plain words, the proof's steps or the
// input that tells it apart.
func (e *Equiv) Explain(w io.Writer, ids []int) {
	for _, id := range ids {
		found := false
		for _, m := range e.Mutants {
			if m.ID != id {
				continue
			}
			found = true
			fmt.Fprintf(w, "\nmutant %d of %s: %s %s:%d:%d in %s: %s\n", id, m.Package, m.Op, m.File, m.Line, m.Col, m.Func, Change(m.Orig, m.Repl))
			reason := m.Reason
			if m.Method != "" {
				reason = m.Method + ": " + reason
			}
			fmt.Fprintf(w, "  verdict: %s: %s\n", m.Status, PlainReason(m.Status, reason))
			if m.Input != "" {
				fmt.Fprintf(w, "  input that tells it apart: %s\n", m.Input)
			}
			if m.Row != "" {
				fmt.Fprintf(w, "  row:    add to %s (gozilla gen writes it):\n", m.RowTest)
				for _, line := range strings.Split(m.Row, "\n") {
					fmt.Fprintf(w, "          %s\n", line)
				}
			}
			if m.Assumed {
				fmt.Fprintln(w, "  the proof needs the function's //gozilla:assume directives")
			}
			for _, step := range m.Proof {
				fmt.Fprintf(w, "  proof step: %s\n", step)
			}
		}
		if !found {
			fmt.Fprintf(w, "\nmutant %d: not in the report (equiv -json lists only the equivalent ones without -v)\n", id)
		}
	}
}
