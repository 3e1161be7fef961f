package report

// This file holds the report of `gozilla cover` (schema
// "gozilla.cover/v1"): statement, branch and all-uses (def-use pair)
// coverage of a package's tests, with the requirements proven
// infeasible left out of the denominators.

import (
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"
)

// CoverSchema names the JSON schema of a Cover document.
const CoverSchema = "gozilla.cover/v1"

// Cover is the document `gozilla cover` writes.
//
// Schema gozilla.cover/v1:
//
//	{
//	  "schema": "gozilla.cover/v1",
//	  "summary": {"statements": Tally, "branches": Tally, "pairs": Tally, "seconds": N, "partial": bool},
//	  "packages": [{"path", "dir", "tests", "statements", "branches", "pairs", "seconds", "skipped"?, "notes"?,
//	                "funcs": [{"name", "file", "line", "statements", "branches", "pairs"}]}],
//	  "requirements": [Requirement …]   // every requirement not covered: uncovered or infeasible (all of them with -v)
//	}
//
// A Tally is {"total", "covered", "infeasible", "percent"}: percent is
// covered / (total − infeasible) × 100, null when that is 0.
type Cover struct {
	Schema       string             `json:"schema"`
	Summary      CoverSummary       `json:"summary"`
	Packages     []CoverPackage     `json:"packages"`
	Requirements []CoverRequirement `json:"requirements"`
	// Errors are the packages (or patterns) the run could not process.
	Errors []PackageError `json:"errors,omitempty"`
}

// Tally counts the requirements of one kind.
type Tally struct {
	Total      int      `json:"total"`
	Covered    int      `json:"covered"`
	Infeasible int      `json:"infeasible"` // proven unreachable or infeasible: out of the denominator
	Percent    *float64 `json:"percent"`    // covered / (total − infeasible) × 100; null when that is 0
}

// Add adds t2's counts to t (Percent is recomputed by Finish).
func (t *Tally) Add(t2 Tally) {
	t.Total += t2.Total
	t.Covered += t2.Covered
	t.Infeasible += t2.Infeasible
}

// Count adds one requirement.
func (t *Tally) Count(status string) {
	t.Total++
	switch status {
	case Covered:
		t.Covered++
	case Infeasible:
		t.Infeasible++
	}
}

// Finish computes Percent.
func (t *Tally) Finish() {
	t.Percent = nil
	if d := t.Total - t.Infeasible; d > 0 {
		p := math.Round(float64(t.Covered)/float64(d)*1000) / 10
		t.Percent = &p
	}
}

// Statuses of a coverage requirement.
const (
	Covered    = "covered"
	Uncovered  = "uncovered"
	Infeasible = "infeasible" // proven: no input covers it
)

// CoverSummary totals the packages.
type CoverSummary struct {
	Statements Tally   `json:"statements"`
	Branches   Tally   `json:"branches"`
	Pairs      Tally   `json:"pairs"`
	Seconds    float64 `json:"seconds"`
	Partial    bool    `json:"partial,omitempty"`
	Stopped    string  `json:"stopped,omitempty"`
	// Cause is what stopped a partial run ("deadline", "signal"), Phase
	// the first phase it cut (CoverPackage.Phase).
	Cause string `json:"cause,omitempty"`
	Phase string `json:"phase,omitempty"`
}

// The phases of a cover package a stop can cut.
const (
	CoverPhaseTests  = "tests"
	CoverPhaseProofs = "proofs"
	CoverPhaseNotRun = "not started"
)

// CoverPackage is one package's coverage.
type CoverPackage struct {
	Path       string      `json:"path"`
	Dir        string      `json:"dir"`
	Tests      int         `json:"tests"`
	Statements Tally       `json:"statements"`
	Branches   Tally       `json:"branches"`
	Pairs      Tally       `json:"pairs"`
	Seconds    float64     `json:"seconds"`
	Funcs      []CoverFunc `json:"funcs"`
	Skipped    string      `json:"skipped,omitempty"`
	Notes      []string    `json:"notes,omitempty"`
	Partial    bool        `json:"partial,omitempty"`
	// Phase, on a partial package, is the phase the stop cut: "tests"
	// (the instrumented run), "proofs" (of what no test covers), "not
	// started".
	Phase string `json:"phase,omitempty"`
}

// CoverFunc is one function's coverage (its closures included).
type CoverFunc struct {
	Name       string `json:"name"` // F, T.M or (*T).M
	File       string `json:"file"`
	Line       int    `json:"line"`
	Statements Tally  `json:"statements"`
	Branches   Tally  `json:"branches"`
	Pairs      Tally  `json:"pairs"`
}

// CoverRequirement is one requirement of a function.
type CoverRequirement struct {
	Package string `json:"package"`
	Func    string `json:"func"`
	Kind    string `json:"kind"` // statement, branch, pair
	File    string `json:"file"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	// Text names it: the statement's first line; the branch ("if x < 0:
	// true", "case 1, 2", "default (implicit)"); the pair ("x: 12:2 → 15:9").
	Text   string `json:"text"`
	Status string `json:"status"` // covered, uncovered, infeasible
	// Proof is, for an infeasible requirement, why no input covers it.
	Proof string `json:"proof,omitempty"`
	// Why is, for a requirement gozilla gen left uncovered, what each
	// engine that tried it says ("cbt: …; equiv: …").
	Why string `json:"why,omitempty"`
}

// Finish fills the summary and the percentages.
func (c *Cover) Finish(seconds float64) {
	c.Schema = CoverSchema
	c.Summary.Statements, c.Summary.Branches, c.Summary.Pairs = Tally{}, Tally{}, Tally{}
	c.Summary.Seconds = seconds
	for i := range c.Packages {
		p := &c.Packages[i]
		for j := range p.Funcs {
			f := &p.Funcs[j]
			f.Statements.Finish()
			f.Branches.Finish()
			f.Pairs.Finish()
		}
		p.Statements.Finish()
		p.Branches.Finish()
		p.Pairs.Finish()
		c.Summary.Statements.Add(p.Statements)
		c.Summary.Branches.Add(p.Branches)
		c.Summary.Pairs.Add(p.Pairs)
		if p.Partial {
			c.Summary.Partial = true
		}
	}
	c.Summary.Statements.Finish()
	c.Summary.Branches.Finish()
	c.Summary.Pairs.Finish()
	if c.Requirements == nil {
		c.Requirements = []CoverRequirement{}
	}
}

// JSON writes the document, indented.
func (c *Cover) JSON(w io.Writer) error { return writeJSON(w, c) }

// Text writes the human-readable report: the totals first, a table per
// package (a row per function), then the requirements not covered with
// their file:line, and with verbose the infeasible ones with their
// proofs.
func (c *Cover) Text(w io.Writer, verbose bool) error {
	if err := c.text(w, verbose); err != nil {
		return err
	}
	textErrors(w, c.Errors)
	return nil
}

func (c *Cover) text(w io.Writer, verbose bool) error {
	s := c.Summary
	fmt.Fprintf(w, "coverage: statements %s, branches %s, def-use pairs %s\n", tallyText(s.Statements), tallyText(s.Branches), tallyText(s.Pairs))
	for _, p := range c.Packages {
		fmt.Fprintf(w, "\n%s", p.Path)
		switch {
		case p.Skipped != "":
			fmt.Fprintf(w, ": %s\n", p.Skipped)
			continue
		case p.Partial:
			if p.Phase != "" {
				fmt.Fprintf(w, " (partial: stopped in its %s)", p.Phase)
			} else {
				fmt.Fprint(w, " (partial: stopped)")
			}
		}
		fmt.Fprintf(w, " (%d tests)\n", p.Tests)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "FUNC\tSTATEMENTS\tBRANCHES\tDEF-USE PAIRS\t")
		for _, f := range p.Funcs {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t\n", f.Name, tallyText(f.Statements), tallyText(f.Branches), tallyText(f.Pairs))
		}
		fmt.Fprintf(tw, "total\t%s\t%s\t%s\t\n", tallyText(p.Statements), tallyText(p.Branches), tallyText(p.Pairs))
		tw.Flush()
		for _, n := range p.Notes {
			fmt.Fprintf(w, "note: %s\n", n)
		}
	}
	var unc, inf []CoverRequirement
	for _, r := range c.Requirements {
		switch r.Status {
		case Uncovered:
			unc = append(unc, r)
		case Infeasible:
			inf = append(inf, r)
		}
	}
	if len(unc) > 0 {
		fmt.Fprintf(w, "\nnot covered (%d):\n", len(unc))
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		for _, r := range unc {
			fmt.Fprintf(tw, "  %s:%d:%d\t%s\t%s\t%s\n", r.File, r.Line, r.Col, r.Func, r.Kind, oneLine(r.Text))
		}
		tw.Flush()
	}
	if len(inf) > 0 {
		if !verbose {
			fmt.Fprintf(w, "\n%d requirement(s) proven infeasible, left out of the percentages (-v lists them)\n", len(inf))
			return nil
		}
		fmt.Fprintf(w, "\nproven infeasible, left out (%d):\n", len(inf))
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		for _, r := range inf {
			fmt.Fprintf(tw, "  %s:%d:%d\t%s\t%s\t%s\t%s\n", r.File, r.Line, r.Col, r.Func, r.Kind, oneLine(r.Text), r.Proof)
		}
		tw.Flush()
	}
	return nil
}

// tallyText writes a tally as "covered/feasible pct%" (with the
// infeasible count when there are some).
func tallyText(t Tally) string {
	if t.Total == 0 {
		return "-"
	}
	s := fmt.Sprintf("%d/%d", t.Covered, t.Total-t.Infeasible)
	if t.Percent != nil {
		s += fmt.Sprintf(" %.1f%%", *t.Percent)
	}
	if t.Infeasible > 0 {
		s += fmt.Sprintf(" (+%d infeasible)", t.Infeasible)
	}
	return s
}

// Below lists the kinds whose total percentage is below their
// threshold (kind → minimum percent; kinds: statements, branches,
// pairs), as "branches 62.5% < 80%".
func (c *Cover) Below(min map[string]float64) []string {
	var out []string
	for _, k := range []struct {
		name string
		t    Tally
	}{{"statements", c.Summary.Statements}, {"branches", c.Summary.Branches}, {"pairs", c.Summary.Pairs}} {
		want, ok := min[k.name]
		if !ok || k.t.Percent == nil {
			continue
		}
		if *k.t.Percent < want {
			out = append(out, fmt.Sprintf("%s %.1f%% < %s%%", k.name, *k.t.Percent, strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.1f", want), "0"), ".")))
		}
	}
	return out
}
