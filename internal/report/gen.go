package report

// This file holds the report of `gozilla gen` (schema "gozilla.gen/v1").

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/gozilla/gozilla/internal/mutate"
)

// GenSchema names the JSON schema of a Gen document.
const GenSchema = "gozilla.gen/v1"

// Gen is the document `gozilla gen` writes.
type Gen struct {
	Schema   string       `json:"schema"`
	Packages []GenPackage `json:"packages"`
	Summary  GenSummary   `json:"summary"`
	Mutants  []Mutant     `json:"mutants"` // every mutant, status killed, lived or not_covered
	// Errors are the packages (or patterns) the run could not process.
	Errors []PackageError `json:"errors,omitempty"`
}

// GenSummary totals the packages.
type GenSummary struct {
	Counts
	// Score is D/(M−E) over every mutant, as each package's: the
	// mutants not run count as not killed. Null when M−E = 0.
	Score   *float64 `json:"score"`
	Tests   int      `json:"tests"`
	Seconds float64  `json:"seconds"`
	// Partial is set when generation stopped (signal, -deadline) before
	// every package was done, or the safety clock (-unit) stopped a
	// unit; Stopped says why, Cause what stopped it ("deadline",
	// "signal", "unit clock") and Phase the phase the stop cut (the
	// first partial package's; "loading" before any was loaded).
	Partial bool   `json:"partial,omitempty"`
	Stopped string `json:"stopped,omitempty"`
	Cause   string `json:"cause,omitempty"`
	Phase   string `json:"phase,omitempty"`
	// Diff says which lines a -diff run mutated.
	Diff string `json:"diff,omitempty"`
	// Clock counts the units, over all packages, whose safety clock
	// stopped their passes (GenPackage.Clock): their rows may differ on
	// an idle machine. The result is partial (exit 4), the files written.
	Clock int `json:"clock,omitempty"`
}

// GenPackage is one package's generation.
type GenPackage struct {
	Path    string   `json:"path"`
	File    string   `json:"file,omitempty"` // the test file written ("" when none was)
	Dry     bool     `json:"dry,omitempty"`  // -n: File is the file that would have been written
	Counts           // over all the package's mutants
	Score   *float64 `json:"score"`
	Tests   int      `json:"tests"`
	Seconds float64  `json:"seconds"`
	Runs    int64    `json:"runs"`          // harness executions (original and mutants)
	Build   float64  `json:"build_seconds"` // of Seconds, building the test binary
	// Phases is where Seconds and Runs went: generation's phases (the
	// mutants, the build, the random pass, shrinking, each engine's
	// solving and its candidates' runs, compaction…) and the check of
	// the file under go test, in the order they began.
	Phases []GenPhase `json:"phases,omitempty"`
	Units  []Unit     `json:"units"`
	// Other counts the mutants of functions that are not units (skipped
	// ones, closures' enclosing functions that are skipped): generated
	// tests may still kill them through callers.
	Other   Counts    `json:"other"`
	Cases   []GenTest `json:"cases"`             // the emitted test cases, in file order
	Skipped string    `json:"skipped,omitempty"` // why the package produced nothing
	Notes   []string  `json:"notes,omitempty"`
	// Suspects are the rows left out because their outcome looks like a
	// bug (a NaN from finite inputs, a nil dereference on values without
	// a nil): pinned, they would make the bug the expected behaviour.
	Suspects []Suspect `json:"suspects,omitempty"`
	// Rejected are the candidate rows left out because they build a
	// value of the package directly from its fields in a state its
	// constructors and methods never build ("unit: *Cache: capacity is
	// -1, built values have at least 1").
	Rejected []string `json:"rejected,omitempty"`
	// SkippedCode is the code not mutated on purpose (//gozilla:skip,
	// -skip).
	SkippedCode []SkippedCode `json:"skipped_code,omitempty"`
	// OwnFailing lists the package's own tests that fail on the current
	// code (run with the generated file): go test fails on the package
	// whatever gozilla writes.
	OwnFailing []string `json:"own_failing,omitempty"`
	// OwnVet is the first finding of go test's vet checks in the
	// package's own files ("v.go:7:21: non-constant format string in
	// call to fmt.Sprintf"): go test fails on the package before any
	// test runs, whatever gozilla writes.
	OwnVet string `json:"own_vet,omitempty"`
	// Partial is set when generation of the package was stopped, or the
	// safety clock stopped one of its units (Clock). With neither
	// Stopped nor Clock, no test file is written for it and its mutants
	// are not_run.
	Partial bool `json:"partial,omitempty"`
	// Phase, on a partial package, is the phase the stop cut: "mutants
	// and units", "build", one of Phases' names (a pass: "random",
	// "shrink", "cbt solve"…; "passes" between two), "compact", "check
	// under go test", or "unit passes" when only the safety clock
	// stopped (a unit's).
	Phase string `json:"phase,omitempty"`
	// Stopped, on a partial package, is why its search ended early (gen
	// -deadline stops the search soon enough to finish): the file holds
	// the rows found before, checked like any, and the mutants they do
	// not kill are not_run.
	Stopped string `json:"stopped,omitempty"`
	// Clock lists the units whose wall clock, a safety net (gen -unit),
	// stopped their passes. What counted budgets decide is the same on
	// any machine; these units' rows may not be. The file is written (it
	// passes and kills what it claims); the run exits 4.
	Clock []string `json:"clock,omitempty"`
	// Saved, on a partial package, counts the units whose finished
	// passes the run wrote to the cache (-cache) before the stop: the
	// next run with the same flags resumes them where this one was.
	Saved int `json:"saved,omitempty"`
	// Coverage is what the emitted tests cover of the units' functions
	// (gen -cover): tallies as in gozilla.cover/v1, and the branches and
	// def-use pairs left uncovered or proven infeasible, with why.
	Coverage *GenCoverage `json:"coverage,omitempty"`
}

// Suspect is a row whose outcome looks like a bug.
type Suspect struct {
	Unit  string `json:"unit"`
	Input string `json:"input"` // the row's name: its inputs
	Why   string `json:"why"`
}

// GenPhase is what one phase of generation spent.
type GenPhase struct {
	Name    string  `json:"name"`
	Seconds float64 `json:"seconds"`
	Runs    int64   `json:"runs,omitempty"`
	Entered int     `json:"entered,omitempty"` // times the phase began (an engine's solve: the requirements it was asked about)
}

// GenCoverage is the coverage of a package's generated tests.
type GenCoverage struct {
	Statements   Tally              `json:"statements"`
	Branches     Tally              `json:"branches"`
	Pairs        Tally              `json:"pairs"`
	Requirements []CoverRequirement `json:"requirements,omitempty"` // not covered: uncovered (Why says why) or infeasible (with the Proof)
}

// Unit is one function or method.
type Unit struct {
	Name    string `json:"name"` // F, T.M or (*T).M
	File    string `json:"file"`
	Line    int    `json:"line"`
	Skipped string `json:"skipped,omitempty"` // reason the unit has no tests generated
	// Cached is set when the unit did not change since an earlier run
	// and its tests came back from the cache (-cache) instead of its
	// passes.
	Cached bool `json:"cached,omitempty"`
	// Resumed, on a unit a stopped run had begun, is the last pass that
	// run finished for it (its checkpoint in the cache): the tests of
	// the passes up to it came back from the cache, and the passes after
	// it ran.
	Resumed string `json:"resumed,omitempty"`
	Mutants int    `json:"mutants"`
	Killed  int    `json:"killed"`
	Live    int    `json:"live"`
	// Equivalent counts the unit's mutants proven equivalent (in neither
	// Killed nor Live, and out of Score's denominator).
	Equivalent int            `json:"equivalent"`
	Score      *float64       `json:"score"`
	Tests      int            `json:"tests"`
	Seconds    float64        `json:"seconds"`
	ByPass     map[string]int `json:"by_pass,omitempty"` // tests emitted per pass
	// Limits are the budgets and resource limits generation hit for the
	// unit (gen.Limit): a run a limit ended (blocked, stack, memory,
	// crash, slow) with its mutant (0 = the original), or a budget that
	// stopped the unit's passes (unit runs, unit ticks, package runs,
	// package ticks, unit wall).
	Limits []GenLimit `json:"limits,omitempty"`
}

// GenLimit is a limit hit: its kind, the mutant (0 = the original or the
// unit) and how many runs hit it.
type GenLimit struct {
	Kind   string `json:"kind"`
	Mutant int    `json:"mutant,omitempty"`
	Count  int    `json:"count"`
}

// GenTest is one emitted test case.
type GenTest struct {
	Unit  string `json:"unit"`
	Name  string `json:"name"`
	Pass  string `json:"pass"`  // the pass that produced it
	Kills []int  `json:"kills"` // mutants it kills
	// Credit is the mutants no earlier case of the file kills: the ones
	// its comment names.
	Credit []int `json:"credit"`
}

// NewGen builds the document and its summary.
func NewGen(pkgs []GenPackage, mutants []Mutant, seconds float64) *Gen {
	g := &Gen{Schema: GenSchema, Packages: pkgs, Mutants: mutants}
	for _, p := range pkgs {
		g.Summary.Mutants += p.Mutants
		g.Summary.Killed += p.Killed
		g.Summary.Lived += p.Lived
		g.Summary.NotCovered += p.NotCovered
		g.Summary.Equivalent += p.Equivalent
		g.Summary.NotRun += p.NotRun
		g.Summary.Tests += p.Tests
		g.Summary.Partial = g.Summary.Partial || p.Partial || len(p.Clock) > 0
		g.Summary.Clock += len(p.Clock)
		if g.Summary.Phase == "" {
			g.Summary.Phase = p.Phase
		}
	}
	// The packages' denominator: a mutant not run is not killed.
	g.Summary.Score = UnitScore(g.Summary.Killed, g.Summary.Mutants-g.Summary.Equivalent)
	g.Summary.Seconds = seconds
	return g
}

// textSaved says, of a stopped package, what the cache keeps for the
// next run.
func textSaved(w io.Writer, p GenPackage) {
	if p.Saved > 0 {
		fmt.Fprintf(w, "saved: the cache keeps the finished passes of %d unit(s): the next run with the same flags resumes there\n", p.Saved)
	}
}

// unwritten reports whether p is a package whose generation was stopped
// before its file was written.
func (p GenPackage) unwritten() bool {
	return p.Partial && p.Stopped == "" && len(p.Clock) == 0
}

// UnitScore is D/(M−E) for a unit's counts, nil when undefined.
func UnitScore(killed, mutants int) *float64 {
	return scorePtr(Counts{Mutants: mutants, Killed: killed})
}

// JSON writes the document, indented.
func (g *Gen) JSON(w io.Writer) error { return writeJSON(w, g) }

// Text writes the human report: per package, one line per unit, the
// skipped units with their reasons, the mutants left alive with -v.
func (g *Gen) Text(w io.Writer, verbose bool) error {
	if err := g.text(w, verbose); err != nil {
		return err
	}
	textErrors(w, g.Errors)
	return nil
}

func (g *Gen) text(w io.Writer, verbose bool) error {
	opsShown := map[string]bool{}
	if g.Summary.Diff != "" {
		fmt.Fprintf(w, "diff: only %s were mutated\n\n", g.Summary.Diff)
	}
	tw := tabwriter.NewWriter(w, 0, 4, 1, ' ', 0)
	for i, p := range g.Packages {
		if i > 0 {
			fmt.Fprintln(tw)
		}
		if p.Skipped != "" {
			fmt.Fprintf(tw, "%s: skipped: %s\n", p.Path, p.Skipped)
			continue
		}
		if p.unwritten() {
			fmt.Fprintf(tw, "%s: stopped before generation finished (%s): no test file written; %d mutants not run\n", p.Path, stopWhy(g.Summary.Stopped, p.Phase), p.NotRun)
			textSaved(tw, p)
			continue
		}
		file := p.File
		switch {
		case p.Dry:
			file += fmt.Sprintf(" (not written: -n; %d test(s))", p.Tests)
		case file == "":
			file = "no test file written: no test kills a mutant"
		}
		fmt.Fprintf(tw, "%s → %s\n", p.Path, file)
		fmt.Fprintln(tw, "UNIT\tMUTANTS\tKILLED\tLIVE\tEQUIV\tMS\tTESTS\tSECONDS\tPASSES")
		var skipped []Unit
		for _, u := range p.Units {
			if u.Skipped != "" {
				skipped = append(skipped, u)
				continue
			}
			ps := passes(u.ByPass)
			switch {
			case u.Cached:
				ps += " (from the cache)"
			case u.Resumed != "":
				ps += " (resumed after " + u.Resumed + ")"
			}
			fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%s\t%d\t%.2f\t%s\n", u.Name, u.Mutants, u.Killed, u.Live, u.Equivalent, fmtScore(u.Score), u.Tests, u.Seconds, ps)
		}
		if p.Other.Mutants > 0 {
			fmt.Fprintf(tw, "(not units)\t%d\t%d\t%d\t%d\t%s\t\t\t\n", p.Other.Mutants, p.Other.Killed, p.Other.Mutants-p.Other.Killed-p.Other.Equivalent, p.Other.Equivalent, fmtScore(scorePtr(p.Other)))
		}
		fmt.Fprintf(tw, "total\t%d\t%d\t%d\t%d\t%s\t%d\t%.2f\t\n", p.Mutants, p.Killed, p.Mutants-p.Killed-p.Equivalent, p.Equivalent, fmtScore(p.Score), p.Tests, p.Seconds)
		if p.Stopped != "" {
			fmt.Fprintf(tw, "search stopped early (%s): the tests are those found before; %d mutants not run\n", stopWhy(p.Stopped, p.Phase), p.NotRun)
			textSaved(tw, p)
		}
		if c := p.Coverage; c != nil {
			fmt.Fprintf(tw, "coverage of the generated tests: statements %s, branches %s, def-use pairs %s\n", tallyText(c.Statements), tallyText(c.Branches), tallyText(c.Pairs))
		}
		if verbose && len(p.Phases) > 0 {
			// Where the time went: the phases in the order they began.
			fmt.Fprintln(tw, "PHASE\tSECONDS\tRUNS\tENTERED")
			for _, ph := range p.Phases {
				fmt.Fprintf(tw, "%s\t%.2f\t%d\t%d\n", ph.Name, ph.Seconds, ph.Runs, ph.Entered)
			}
		}
		for _, u := range skipped {
			fmt.Fprintf(tw, "skipped %s (%s:%d): %s\n", u.Name, u.File, u.Line, u.Skipped)
		}
		for _, u := range p.Units {
			for _, l := range u.Limits {
				who := "the original"
				if strings.HasPrefix(l.Kind, "unit ") || strings.HasPrefix(l.Kind, "package ") {
					who = "passes stopped"
				} else if l.Mutant > 0 {
					who = fmt.Sprintf("mutant #%d", l.Mutant)
				}
				fmt.Fprintf(tw, "limit %s: %s, %s (%d runs)\n", u.Name, l.Kind, who, l.Count)
			}
		}
		for _, n := range p.Notes {
			fmt.Fprintf(tw, "note: %s\n", n)
		}
		for _, sp := range p.Suspects {
			fmt.Fprintf(tw, "suspected bug: %s on %s: %s; not pinned in the file (the mutants only it killed are left live): fix the code, or write the row by hand if this is what %s means to do\n", sp.Unit, sp.Input, sp.Why, sp.Unit)
		}
		tw.Flush()
		textSkipped(w, p.SkippedCode)
		if p.OwnVet != "" {
			fmt.Fprintf(tw, "warning: go test fails on the package's own code, whatever gozilla writes: go vet, which go test runs, says %s\n", p.OwnVet)
		}
		if len(p.OwnFailing) > 0 {
			fmt.Fprintf(tw, "warning: the package's own tests fail on the current code (%s): go test fails on the package whatever gozilla writes\n", strings.Join(p.OwnFailing, ", "))
		}
		if verbose && p.Coverage != nil && len(p.Coverage.Requirements) > 0 {
			fmt.Fprintln(tw, "\nCOVERAGE\tPOSITION\tFUNC\tREQUIREMENT\tWHY")
			for _, r := range p.Coverage.Requirements {
				fmt.Fprintf(tw, "%s\t%s:%d:%d\t%s\t%s %s\t%s\n", r.Status, r.File, r.Line, r.Col, r.Func, r.Kind, oneLine(r.Text), r.Proof+r.Why)
			}
		}
		if verbose {
			fmt.Fprintln(tw, "\nSTATUS\tID\tOP\tPOSITION\tFUNC\tMUTATION\tWHY")
			for _, m := range g.Mutants {
				if m.Package == p.Path && m.Status != mutate.Killed {
					opsShown[m.Op] = true
					fmt.Fprintf(tw, "%s\t%d\t%s\t%s:%d:%d\t%s\t%s\t%s\n", m.Status, m.ID, m.Op, m.File, m.Line, m.Col, m.Func, Change(m.Orig, m.Repl), m.Why)
				}
			}
		}
	}
	if len(g.Packages) > 1 {
		s := g.Summary
		notRun := ""
		if s.NotRun > 0 {
			notRun = fmt.Sprintf(" (%d not run, counted as not killed)", s.NotRun)
		}
		fmt.Fprintf(tw, "\nall packages: %d mutants, %d killed%s, MS %s, %d tests, %.1fs\n", s.Mutants, s.Killed, notRun, fmtScore(s.Score), s.Tests, s.Seconds)
	}
	if g.Summary.Partial {
		_, none := unfinished(g.Summary.Stopped, g.Packages, func(p GenPackage) (string, bool) { return p.Path, p.unwritten() })
		why := stopWhy(g.Summary.Stopped, g.Summary.Phase)
		_, early := unfinished(g.Summary.Stopped, g.Packages, func(p GenPackage) (string, bool) { return p.Path, p.Stopped != "" })
		switch {
		case none == "" && early == "":
			// Only the safety clock: its line below says it all.
		case none != "" && early != "":
			fmt.Fprintf(tw, "\nPARTIAL REPORT (%s): the search stopped early for %s (its tests are those found before); no test file written for %s\n", why, early, none)
		case early != "":
			fmt.Fprintf(tw, "\nPARTIAL REPORT (%s): the search stopped early for %s; its tests are those found before\n", why, early)
		default:
			fmt.Fprintf(tw, "\nPARTIAL REPORT (%s): no test file written for %s\n", why, none)
		}
	}
	if g.Summary.Clock > 0 {
		var units []string
		for _, p := range g.Packages {
			units = append(units, p.Clock...)
		}
		if len(units) > 3 {
			units = append(units[:3], "…")
		}
		who := ""
		if g.Summary.Cause == "unit clock" {
			who = " (the safety clock, not a deadline: exit 4)"
		}
		fmt.Fprintf(tw, "\nPARTIAL RESULT%s: the safety clock (-unit) stopped the passes of %d unit(s) (%s): their rows may differ on an idle machine; run again on one, or raise -unit\n", who, g.Summary.Clock, strings.Join(units, ", "))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w, "\nlegend: MS = killed / (mutants - equivalent), the mutants the generated tests kill; LIVE: none kills them (-v lists them and why);")
	fmt.Fprintln(w, "  EQUIV: proven to behave like the code, left out of MS; TESTS: the cases the file keeps; PASSES: the engines that found them")
	for _, op := range mutate.AllOps() {
		if opsShown[op.String()] {
			fmt.Fprintf(w, "  %s: %s\n", op, op.Doc())
		}
	}
	return nil
}

func passes(m map[string]int) string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	var parts []string
	for _, n := range names {
		parts = append(parts, fmt.Sprintf("%s %d", n, m[n]))
	}
	return strings.Join(parts, ", ")
}
