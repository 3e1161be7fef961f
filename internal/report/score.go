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
	"regexp"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/gozilla/gozilla/internal/mutate"
)

// ScoreSchema names the JSON schema of a Score document.
const ScoreSchema = "gozilla.score/v1"

// Mutant is one mutant's line in the report.
type Mutant struct {
	ID int `json:"id"` // unique within its package, for the command line (-explain); changes when code is added above
	// Key is the mutant's identity across commits (mutate.StableKey):
	// its function, line in it, column, operator and a hash of the
	// change; the same under edits to other functions, so that a CI job
	// can compare survivors across commits.
	Key      string        `json:"key"`
	Package  string        `json:"package"` // import path
	Func     string        `json:"func"`    // enclosing function: F, T.M or (*T).M
	Op       string        `json:"op"`      // operator name, e.g. "ROR"
	File     string        `json:"file"`    // path, relative to the working directory when inside it
	Line     int           `json:"line"`    // 1-based
	Col      int           `json:"col"`     // 1-based, in bytes
	Offset   int           `json:"offset"`  // byte offset of the replaced span
	End      int           `json:"end"`     // byte offset just past it
	Orig     string        `json:"orig"`    // source text of [offset,end)
	Repl     string        `json:"repl"`    // its replacement
	Status   mutate.Status `json:"status"`
	KilledBy string        `json:"killed_by,omitempty"` // first failing test (or panic) for killed mutants
	Reason   string        `json:"reason,omitempty"`    // why it is equivalent, when it is
	// Input is, for a survivor, an input (its function's parameters as
	// Go literals) on which the mutant's outputs differ from the code's:
	// the test case that would kill it. With Verdict "killable" it was
	// run on both; without a Verdict it is the prover's, not run.
	Input string `json:"input,omitempty"`
	// InputOf names the function Input is the arguments of, when that
	// is not Func (a constructor whose result's method reaches the
	// mutant): the input is spelled with that function's parameters.
	InputOf string `json:"input_of,omitempty"`
	// Verdict decides a survivor (score, unless -evidence=false):
	// "killable" when an input gen's engines found was run and tells
	// the mutant apart (Row is the table row that kills it, in the test
	// function RowTest, as gozilla gen writes it), "unknown" when
	// neither the prover nor the engines decided it. An equivalent
	// mutant's status says so, with its proof in Reason.
	Verdict string `json:"verdict,omitempty"`
	Row     string `json:"row,omitempty"`
	RowTest string `json:"row_test,omitempty"`
	RowName string `json:"row_name,omitempty"` // the row's name field
	Why     string `json:"why,omitempty"`      // gen: why the deterministic passes left it alive
	// RunBy is, for a mutant that lived, the test that runs its code
	// with the least work, and Tests how many tests run it: all of them
	// pass with the change.
	RunBy string `json:"run_by,omitempty"`
	Tests int    `json:"tests,omitempty"`
}

// searchFailed says why the search for killing inputs failed, when it
// did for a survivor (its build, say), "" otherwise: the report says so
// rather than "no input found".
func searchFailed(ms []Mutant) string {
	for _, m := range ms {
		if m.Verdict == "unknown" && strings.HasPrefix(m.Why, "the search for a killing input failed") {
			why := []rune(strings.Join(strings.Fields(m.Why), " "))
			if len(why) > 240 {
				why = append(why[:237], []rune("...")...)
			}
			return string(why)
		}
	}
	return ""
}

// Counts tallies mutants by status.
type Counts struct {
	Mutants    int `json:"mutants"`
	Killed     int `json:"killed"`
	Lived      int `json:"lived"`
	TimedOut   int `json:"timed_out"`
	NotCovered int `json:"not_covered"`
	Equivalent int `json:"equivalent"`
	NotRun     int `json:"not_run,omitempty"` // partial reports only
	// Killable and Unknown split the survivors (lived and not covered)
	// by their Verdict: a killing input found and run, or undecided.
	Killable int `json:"killable,omitempty"`
	Unknown  int `json:"unknown,omitempty"`
}

// Add counts one mutant of status st.
func (c *Counts) Add(st mutate.Status) {
	c.Mutants++
	switch st {
	case mutate.Killed:
		c.Killed++
	case mutate.Lived:
		c.Lived++
	case mutate.TimedOut:
		c.TimedOut++
	case mutate.NotCovered:
		c.NotCovered++
	case mutate.Equivalent:
		c.Equivalent++
	case mutate.NotRun:
		c.NotRun++
	}
}

// addMutant counts m by its status and, for a survivor, its verdict.
func (c *Counts) addMutant(m Mutant) {
	c.Add(m.Status)
	switch m.Verdict {
	case "killable":
		c.Killable++
	case "unknown":
		c.Unknown++
	}
}

// Score is the mutation score D/(M−E): D the detected mutants (killed or
// timed out), M all mutants, E the equivalent ones. It is NaN when every
// mutant is equivalent or there are none. In a partial report the
// mutants not run are left out of M: the score is over the mutants
// decided.
func (c Counts) Score() float64 {
	den := c.Mutants - c.Equivalent - c.NotRun
	if den == 0 {
		return math.NaN()
	}
	return float64(c.Killed+c.TimedOut) / float64(den)
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
	// Arid counts the mutants of arid code not made: the text of log
	// lines, error messages and panics (score -arid makes them).
	Arid int `json:"arid,omitempty"`
	// Cached counts the mutants whose verdict was reused from an earlier
	// run (-cache): their functions and the tests did not change.
	Cached int `json:"cached,omitempty"`
	// SkippedCode is the code not mutated on purpose (//gozilla:skip,
	// -skip).
	SkippedCode []SkippedCode `json:"skipped_code,omitempty"`
	// Partial is set when the run stopped (signal, -deadline) before
	// every mutant of the package was decided: those are not_run, or,
	// stopped in the survivors' search, every mutant ran and the
	// survivors it did not get to are undecided (verdict unknown).
	Partial bool `json:"partial,omitempty"`
	// Phase, on a partial package, is the phase the stop cut: "mutant
	// generation", "build", "test listing", "baseline", "mutant runs",
	// "equivalence proofs" or "survivors' search"; "" for a package the
	// run did not start.
	Phase string `json:"phase,omitempty"`
	// Flaky lists the tests left out of the mutant runs because they
	// both passed and failed on the unmutated code.
	Flaky []FlakyTest `json:"flaky,omitempty"`
	// TestsTime says where the run's time went: per test that ran
	// against mutants, its baseline time × the mutants it ran for,
	// slowest first.
	TestsTime []TestTime `json:"tests_time,omitempty"`
}

// FlakyTest is a test seen both to pass and to fail on the original.
type FlakyTest struct {
	Test string `json:"test"`
	// Runs and Failed count its runs on the unmutated code.
	Runs   int `json:"runs"`
	Failed int `json:"failed"`
	// Killed counts the mutants it had "killed" before it was found
	// flaky; they were run again without it.
	Killed int `json:"killed,omitempty"`
}

// TestTime is one test's share of a package's mutant runs.
type TestTime struct {
	Test            string  `json:"test"`
	BaselineSeconds float64 `json:"baseline_seconds"` // one run on the original, in coverage mode
	Mutants         int     `json:"mutants"`          // mutants it ran for
	Seconds         float64 `json:"seconds"`          // baseline_seconds × mutants: an estimate
}

// Summary totals a Score document.
type Summary struct {
	Counts
	Score   *float64 `json:"score"` // null when M−E = 0
	Seconds float64  `json:"seconds"`
	// Partial is set when the report is not of a finished run; Stopped
	// says why ("interrupted", "deadline 5m0s reached"), Cause what
	// stopped it ("deadline", "signal") and Phase the phase the stop cut
	// (Package.Phase; "loading" before any package was loaded).
	Partial bool   `json:"partial,omitempty"`
	Stopped string `json:"stopped,omitempty"`
	Cause   string `json:"cause,omitempty"`
	Phase   string `json:"phase,omitempty"`
	// Shard is "K/N" when the run scored part K of N of the mutants
	// (-shard): gozilla merge joins the parts.
	Shard string `json:"shard,omitempty"`
	// Diff says which lines a -diff run mutated ("the 12 lines changed
	// since main, in 3 files").
	Diff string `json:"diff,omitempty"`
	// Arid totals the packages' mutants of arid code not made.
	Arid int `json:"arid,omitempty"`
}

// Score is the result of `gozilla score`.
type Score struct {
	Schema   string    `json:"schema"`
	Summary  Summary   `json:"summary"`
	Packages []Package `json:"packages"`
	Mutants  []Mutant  `json:"mutants"`
	// Errors are the packages (or patterns) the run could not process.
	Errors []PackageError `json:"errors,omitempty"`
}

// slowestListed is how many tests the text report names in its
// "slowest tests" block.
const slowestListed = 5

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
		s.Summary.addMutant(m)
		if c := byPkg[m.Package]; c != nil {
			c.addMutant(m)
		}
	}
	for i := range pkgs {
		pkgs[i].Score = scorePtr(pkgs[i].Counts)
	}
	s.Summary.Score = scorePtr(s.Summary.Counts)
	s.Summary.Seconds = seconds
	for _, p := range pkgs {
		s.Summary.Partial = s.Summary.Partial || p.Partial
		s.Summary.Arid += p.Arid
		if s.Summary.Phase == "" {
			s.Summary.Phase = p.Phase
		}
	}
	if s.Mutants == nil {
		s.Mutants = []Mutant{}
	}
	if s.Packages == nil {
		s.Packages = []Package{}
	}
	return s
}

// ScoreOf is c's mutation score, rounded as the reports write it; nil
// when no mutant counts.
func ScoreOf(c Counts) *float64 { return scorePtr(c) }

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
	if err := s.text(w, verbose); err != nil {
		return err
	}
	textErrors(w, s.Errors)
	return nil
}

func (s *Score) text(w io.Writer, verbose bool) error {
	c := s.Summary
	// The headline: the score and what it counts, after what a partial
	// report leaves out.
	if c.Partial {
		why := stopWhy(c.Stopped, c.Phase)
		if c.Mutants == 0 {
			what := "before any mutant was made"
			if len(s.Packages) == 0 {
				what = "while loading the packages"
			}
			fmt.Fprintf(w, "PARTIAL REPORT (%s): stopped %s; nothing was scored\n", why, what)
			for _, p := range s.Packages {
				fmt.Fprintf(w, "not scored: %s\n", p.Path)
			}
			return nil
		}
		if c.NotRun == 0 {
			fmt.Fprintf(w, "PARTIAL REPORT (%s): every mutant ran; %d survivors are undecided, the search for killing inputs stopped first\n", why, c.Unknown)
		} else {
			fmt.Fprintf(w, "PARTIAL REPORT (%s): %d of %d mutants not run, left out of the score\n", why, c.NotRun, c.Mutants)
		}
	}
	switch {
	case c.Score == nil:
		fmt.Fprintf(w, "mutation score n/a: no mutant to score (%d mutants, %d equivalent)\n", c.Mutants, c.Equivalent)
	default:
		fmt.Fprintf(w, "mutation score %s: the tests kill %d of %d mutants", fmtScore(c.Score), c.Killed+c.TimedOut, c.Mutants-c.Equivalent-c.NotRun)
		if c.Equivalent > 0 {
			fmt.Fprintf(w, " (%d more are equivalent to the code and left out)", c.Equivalent)
		}
		fmt.Fprintf(w, "; %d survive\n", c.Lived+c.NotCovered)
	}
	if c.Arid > 0 {
		fmt.Fprintf(w, "not counted: %d mutants of arid code (log lines, error and panic messages), not made; -arid makes and counts them\n", c.Arid)
	}
	if c.Diff != "" {
		fmt.Fprintf(w, "diff: only %s were mutated\n", c.Diff)
	}
	if c.Shard != "" {
		fmt.Fprintf(w, "shard %s: this run scored every mutant whose number is in its part; gozilla merge joins the parts' JSON reports\n", c.Shard)
	}

	// The packages.
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 4, 1, ' ', 0)
	fmt.Fprintln(tw, "PACKAGE\tMUTANTS\tKILLED\tLIVED\tTIMED OUT\tNOT COVERED\tEQUIVALENT\tMS\tSECONDS")
	var skipped []Package
	for _, p := range s.Packages {
		if p.Skipped != "" {
			skipped = append(skipped, p)
			continue
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%s\t%.1f\n", p.Path, p.Mutants, p.Killed, p.Lived, p.TimedOut, p.NotCovered, p.Equivalent, fmtScore(p.Score), p.Seconds)
	}
	if len(s.Packages)-len(skipped) > 1 {
		fmt.Fprintf(tw, "total\t%d\t%d\t%d\t%d\t%d\t%d\t%s\t%.1f\n", c.Mutants, c.Killed, c.Lived, c.TimedOut, c.NotCovered, c.Equivalent, fmtScore(c.Score), c.Seconds)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, p := range skipped {
		fmt.Fprintf(w, "skipped: %s: %s\n", p.Path, p.Skipped)
	}
	cached := 0
	for _, p := range s.Packages {
		cached += p.Cached
	}
	if cached > 0 {
		fmt.Fprintf(w, "reused: the verdicts of %d mutants, from the cache (their functions and the tests did not change)\n", cached)
	}
	var sk []SkippedCode
	for _, p := range s.Packages {
		sk = append(sk, p.SkippedCode...)
	}
	textSkipped(w, sk)

	// The survivors, by function and line: what to look at.
	src := Sources{}
	used := map[string]bool{} // operators and statuses shown, for the legend
	row := func(tw io.Writer, m Mutant, extra string) {
		used[m.Op] = true
		fmt.Fprintf(tw, "      #%d\t%s\t%s%s\n", m.ID, m.Op, Change(m.Orig, m.Repl), extra)
	}
	if n := c.Lived + c.NotCovered; n > 0 && !verbose {
		s.textSurvivors(w, src, used)
	} else if n > 0 {
		fmt.Fprintf(w, "\nSURVIVORS (%d): mutants no test notices, by function and line\n", n)
		writeByFunc(w, s.Mutants, func(m Mutant) bool { return m.Status == mutate.Lived || m.Status == mutate.NotCovered }, func(ms []Mutant) bool {
			if verbose {
				return false
			}
			for _, m := range ms {
				if m.Status != mutate.NotCovered {
					return false
				}
			}
			used["not_covered"] = true
			fmt.Fprintf(w, "  no test runs it: its %d mutants are not covered (-v lists them)\n", len(ms))
			return true
		}, func(tw io.Writer, line []Mutant) {
			m := line[0]
			used[m.Status.String()] = true
			why := "tests run this line, and pass with each change below"
			if m.Status == mutate.NotCovered {
				why = "no test runs this line"
			}
			writeSource(tw, src, m, why)
			for _, m := range line {
				extra := ""
				switch {
				case m.Verdict == "unknown":
					extra = "\tundecided"
				case m.Input != "":
					extra = "\t" + tellsApart(m)
				}
				row(tw, m, extra)
				if m.Row != "" {
					fmt.Fprintf(tw, "      \t\t  row of %s: %s\n", m.RowTest, oneLine(m.Row))
				}
			}
		})
	}
	if verbose && c.Equivalent > 0 {
		fmt.Fprintf(w, "\nEQUIVALENT (%d): mutants that behave like the code on every input, left out of the score\n", c.Equivalent)
		writeByFunc(w, s.Mutants, func(m Mutant) bool { return m.Status == mutate.Equivalent }, nil, func(tw io.Writer, line []Mutant) {
			writeSource(tw, src, line[0], "")
			for _, m := range line {
				row(tw, m, "")
				fmt.Fprintf(tw, "           proof: %s\n", PlainProof(m.Reason))
			}
		})
	}
	if verbose && c.Killed+c.TimedOut > 0 {
		fmt.Fprintf(w, "\nKILLED (%d)\n", c.Killed+c.TimedOut)
		writeByFunc(w, s.Mutants, func(m Mutant) bool { return m.Status == mutate.Killed || m.Status == mutate.TimedOut }, nil, func(tw io.Writer, line []Mutant) {
			writeSource(tw, src, line[0], "")
			for _, m := range line {
				by := "by " + m.KilledBy
				if m.Status == mutate.TimedOut {
					by = "timed out"
				}
				row(tw, m, "\t"+by)
			}
		})
	}

	s.textSlowest(w)
	for _, p := range s.Packages {
		for _, f := range p.Flaky {
			fmt.Fprintf(w, "flaky: %s %s failed %d of %d runs on the unmutated code: left out of the mutant runs\n", p.Path, f.Test, f.Failed, f.Runs)
		}
	}
	if s.Summary.Partial {
		_, partial := unfinished(s.Summary.Stopped, s.Packages, func(p Package) (string, bool) { return p.Path, p.Partial })
		why := stopWhy(s.Summary.Stopped, s.Summary.Phase)
		if s.Summary.NotRun == 0 {
			fmt.Fprintf(w, "PARTIAL REPORT (%s): every mutant ran, %d survivors undecided (verdict unknown) in %s\n", why, s.Summary.Unknown, partial)
		} else {
			fmt.Fprintf(w, "PARTIAL REPORT (%s): %d of %d mutants not run (status not_run, left out of MS) in %s\n",
				why, s.Summary.NotRun, s.Summary.Mutants, partial)
		}
	}
	writeLegend(w, used, verbose)
	return nil
}

// textSurvivors writes the survivors as a reviewer wants them: one per
// line of code, the most telling, with what to do about it; the others
// are counted, and -v (and the JSON) lists them all. A function's
// heading says which test runs it, so that a line says only what is its
// own: the change, the input that tells it apart, a test other than the
// function's. Lines no test runs, without an input to suggest, are one
// line a function; a function no test runs is its heading alone.
func (s *Score) textSurvivors(w io.Writer, src Sources, used map[string]bool) {
	survives := func(m Mutant) bool { return m.Status == mutate.Lived || m.Status == mutate.NotCovered }
	lines := map[[2]any]bool{}
	n := 0
	for _, m := range s.Mutants {
		if survives(m) {
			n++
			lines[[2]any{m.File, m.Line}] = true
		}
	}
	decided, hint := "", ""
	if c := s.Summary; c.Killable+c.Unknown > 0 {
		decided = fmt.Sprintf(" (%d with an input that kills them, %d undecided)", c.Killable, c.Unknown)
		if why := searchFailed(s.Mutants); why != "" {
			decided = fmt.Sprintf(" (%d with an input that kills them, %d undecided: %s)", c.Killable, c.Unknown, why)
		}
		if c.Killable > 0 {
			hint = "; -explain ID shows the row that kills one"
		}
	}
	fmt.Fprintf(w, "\nSURVIVORS: %d %s no test notices, on %d %s%s; below, the most telling of each line (-v lists all%s)\n", n, plural(n, "mutant", "mutants"), len(lines), plural(len(lines), "line", "lines"), decided, hint)
	for _, g := range groupByFunc(s.Mutants, survives) {
		head := fmt.Sprintf("\n%s  %s:%d  %d %s", g.name(), g.file, g.ms[0].Line, len(g.ms), plural(len(g.ms), "survives", "survive"))
		runBy, tests := funcRunBy(g.ms)
		if runBy == "" {
			used["not_covered"] = true
			fmt.Fprintf(w, "%s: no test runs it; a test that calls it kills many at once\n", head)
			continue
		}
		used["lived"] = true
		fmt.Fprintf(w, "%s; %s with each change below\n", head, runsIt(runBy, tests, "it"))
		var unrun []Mutant // lines no test runs, without an input
		var unrunLines []string
		for _, line := range byLine(g.ms) {
			best := line[0]
			for _, m := range line[1:] {
				if telling(m) > telling(best) {
					best = m
				}
			}
			if best.Status == mutate.NotCovered && best.Input == "" {
				unrun = append(unrun, line...)
				unrunLines = append(unrunLines, strconv.Itoa(best.Line))
				continue
			}
			used[best.Op] = true
			used[best.Status.String()] = true
			writeSource(w, src, best, "")
			var step string
			switch {
			case best.Status == mutate.NotCovered:
				step = ": no test runs this line"
			case best.RunBy != "" && best.RunBy != runBy:
				step = ": " + runsIt(best.RunBy, best.Tests, "this line")
			}
			if best.Verdict == "unknown" {
				if best.Why != "" {
					step += ": undecided (" + best.Why + ")"
				} else {
					step += ": undecided (no proof it is equivalent, no input found that kills it)"
				}
			}
			if tells := tellsApart(best); tells != "" {
				if step == "" {
					step = ":"
				} else {
					step += ";"
				}
				step += " " + tells
			}
			more := ""
			if k := len(line) - 1; k > 0 {
				more = fmt.Sprintf("  (%d more on this line)", k)
			}
			fmt.Fprintf(w, "         #%d  %s  %s%s%s\n", best.ID, best.Op, Change(best.Orig, best.Repl), step, more)
		}
		if len(unrun) > 0 {
			used["not_covered"] = true
			word := "line"
			if len(unrunLines) > 1 {
				word = "lines"
			}
			fmt.Fprintf(w, "  no test runs %s %s: %d %s not covered\n", word, strings.Join(unrunLines, ", "), len(unrun), plural(len(unrun), "mutant is", "mutants are"))
		}
	}
}

// maxInputShown is the longest input a survivor's line spells out;
// past it, the line names the row that kills the mutant.
const maxInputShown = 60

// tellsApart says what kills a survivor: the input, when it is short, or
// the row of the generated tests that kills it ("" for neither).
func tellsApart(m Mutant) string {
	switch {
	case m.Input != "" && (len(m.Input) <= maxInputShown || m.RowName == ""):
		if m.InputOf != "" {
			return "a case of " + m.InputOf + " with " + m.Input + " tells it apart"
		}
		return "a case with " + m.Input + " tells it apart"
	case m.RowName != "":
		return fmt.Sprintf("the row %q of %s tells it apart (-explain %d)", m.RowName, m.RowTest, m.ID)
	}
	return ""
}

// funcRunBy is the test that runs most of a function's lived mutants
// with the least work, and the most tests that run one of them; "" when
// no test runs any.
func funcRunBy(ms []Mutant) (string, int) {
	count := map[string]int{}
	best, tests := "", 0
	for _, m := range ms {
		if m.Status != mutate.Lived {
			continue
		}
		name := m.RunBy
		if name == "" {
			name = "tests"
		}
		count[name]++
		if c := count[name]; c > count[best] || c == count[best] && name < best {
			best = name
		}
		tests = max(tests, m.Tests)
	}
	return best, tests
}

// runsIt says that test runs what (it, this line) and passes, with how
// many other tests do.
func runsIt(test string, tests int, what string) string {
	switch {
	case test == "tests":
		return "tests run " + what + " and pass"
	case tests > 1:
		return fmt.Sprintf("%s (and %d more %s) run %s and pass", test, tests-1, plural(tests-1, "test", "tests"), what)
	}
	return test + " runs " + what + " and passes"
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// telling ranks a survivor by how much it tells a reviewer: one with an
// input that kills it first, then by operator (a boundary moved by one,
// a result or a statement dropped, before a constant nudged), then the
// first.
func telling(m Mutant) int {
	rank := map[string]int{"ROR": 10, "RSR": 9, "SDL": 8, "LCR": 7, "AOR": 6, "ASG": 5, "BOR": 5, "UOI": 4, "CRP": 3, "ABS": 3, "SVR": 2, "CSR": 1, "SCR": 1}[m.Op]
	switch {
	case m.Op == "ROR" && (m.Repl == "true" || m.Repl == "false"):
		rank = 8
	case m.Op == "ROR" && strings.ContainsAny(m.Orig+m.Repl, "<>") && strings.ReplaceAll(m.Orig, "=", "") == strings.ReplaceAll(m.Repl, "=", ""):
		rank = 12 // a boundary moved by one: < for <=
	}
	if m.Input != "" {
		rank += 100
	}
	return rank
}

// funcGroup is the mutants of one function, in source order.
type funcGroup struct {
	file, fn string
	ms       []Mutant
}

func (g *funcGroup) name() string {
	if g.fn == "" {
		return "(package level)"
	}
	return g.fn
}

// groupByFunc groups the mutants keep selects by function, in file
// order, each function's in source order.
func groupByFunc(ms []Mutant, keep func(Mutant) bool) []*funcGroup {
	var groups []*funcGroup
	at := map[[2]string]*funcGroup{}
	for _, m := range ms {
		if !keep(m) {
			continue
		}
		k := [2]string{m.File, m.Func}
		g := at[k]
		if g == nil {
			g = &funcGroup{file: m.File, fn: m.Func}
			at[k] = g
			groups = append(groups, g)
		}
		g.ms = append(g.ms, m)
	}
	for _, g := range groups {
		sort.SliceStable(g.ms, func(i, j int) bool { return g.ms[i].Offset < g.ms[j].Offset })
	}
	sort.SliceStable(groups, func(i, j int) bool {
		if groups[i].file != groups[j].file {
			return groups[i].file < groups[j].file
		}
		return groups[i].ms[0].Offset < groups[j].ms[0].Offset
	})
	return groups
}

// byLine splits mutants in source order into runs of one line each.
func byLine(ms []Mutant) [][]Mutant {
	var out [][]Mutant
	for i := 0; i < len(ms); {
		j := i + 1
		for j < len(ms) && ms[j].Line == ms[i].Line {
			j++
		}
		out = append(out, ms[i:j])
		i = j
	}
	return out
}

// writeByFunc writes the mutants keep selects, grouped by function (in
// file order) and by line and status: a heading per function, then,
// unless whole writes the function in one line and returns true, each
// line's mutants through each.
func writeByFunc(w io.Writer, ms []Mutant, keep func(Mutant) bool, whole func([]Mutant) bool, each func(tw io.Writer, line []Mutant)) {
	for _, g := range groupByFunc(ms, keep) {
		fmt.Fprintf(w, "\n%s  %s:%d  (%d)\n", g.name(), g.file, g.ms[0].Line, len(g.ms))
		if whole != nil && whole(g.ms) {
			continue
		}
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		for i := 0; i < len(g.ms); {
			j := i + 1
			for j < len(g.ms) && g.ms[j].Line == g.ms[i].Line && g.ms[j].Status == g.ms[i].Status {
				j++
			}
			each(tw, g.ms[i:j])
			i = j
		}
		tw.Flush()
	}
}

// writeSource writes m's line of source, numbered, and a note.
func writeSource(w io.Writer, src Sources, m Mutant, note string) {
	text := "(source not found)"
	if f := src.Get(m.File); f != nil {
		text = strings.TrimRight(strings.ReplaceAll(f.Line(m.Line), "\t", "    "), " ")
	}
	if note != "" {
		note = "   ← " + note
	}
	fmt.Fprintf(w, "  %4d | %s%s\n", m.Line, text, note)
}

// internalSymbol matches the prover's names for values without one in
// the source (?v#38, ?len#2).
var internalSymbol = regexp.MustCompile(`\?[\w.]*#\d+`)

// PlainProof says in plain words why a mutant is equivalent, from the
// prover's reason ("rules: …", "exact: …", "sufficiency: …",
// "compiled: …"), with the
// conflict the proof found where it names one.
func PlainProof(reason string) string {
	method, _, _ := strings.Cut(reason, ": ")
	switch {
	case strings.Contains(reason, "unreachable"):
		return "the mutated code never runs: no input reaches it"
	case method == "rules":
		plain := "wherever the change is reached, it cannot change a value"
		// The conflict, unless it names values the code does not (the
		// prover's own symbols, ?v#38): a reader cannot place those.
		if _, conflict, ok := strings.Cut(reason, "strategies): "); ok && conflict != "no clause" && !internalSymbol.MatchString(conflict) {
			plain += ": " + conflict
		}
		return plain + " (Offutt–Pan's rules)"
	case method == "exact":
		return "no input both reaches the change and makes it produce a different value (decided exactly by a SAT solver)"
	case method == "sufficiency":
		return "the function returns the same as the original for every input: both versions' paths compared side by side (SAT)"
	case method == "compiled":
		return "the Go compiler turns the mutant's function into the same machine code as the original's (trivial compiler equivalence)"
	}
	return reason
}

// PlainReason says in plain words a prover's verdict: the proof of an
// equivalent mutant (PlainProof), or why it is not decided, its
// technical reason kept in brackets.
func PlainReason(st mutate.Status, reason string) string {
	if st == mutate.Equivalent {
		return PlainProof(reason)
	}
	var plain string
	switch {
	case reason == "":
		return ""
	case strings.Contains(reason, "an input makes the outputs differ"):
		return "an input makes the outputs differ"
	case strings.Contains(reason, "no miter"):
		plain = "not decided: the prover does not model some of this code"
	case strings.Contains(reason, "undecided"), strings.Contains(reason, "budget"):
		plain = "not decided: the prover's budget ran out"
	case strings.Contains(reason, "exploration incomplete"), strings.Contains(reason, "arrivals"):
		plain = "not decided: the prover could not follow every path to the change"
	case strings.Contains(reason, "floating-point"):
		plain = "not decided: floating-point values, which the exact procedure does not decide"
	default:
		return reason
	}
	return plain + " [" + reason + "]"
}

// writeLegend explains the statuses and the operators the report shows,
// and the score.
func writeLegend(w io.Writer, used map[string]bool, verbose bool) {
	fmt.Fprintln(w, "\nlegend: MS, the mutation score = killed (timed out included) / (mutants - equivalent)")
	var st []string
	if used["lived"] {
		st = append(st, "lived: the tests run the mutated code and all pass")
	}
	if used["not_covered"] {
		st = append(st, "not covered: no test runs the mutated code")
	}
	if len(st) > 0 {
		fmt.Fprintln(w, "  "+strings.Join(st, "; "))
	}
	fmt.Fprintln(w, "  timed out: ran far longer than the code (an endless loop, say), counted as killed; equivalent: proven to behave like the code on every input, left out of MS")
	for _, op := range mutate.AllOps() {
		if used[op.String()] {
			fmt.Fprintf(w, "  %s: %s\n", op, op.Doc())
		}
	}
	if !verbose {
		fmt.Fprintln(w, "  -v lists the killed and the equivalent mutants too, with the proofs")
	}
}

// textSlowest writes the tests that took most of the mutant runs' time,
// with the arithmetic behind it, when a few tests dominate.
func (s *Score) textSlowest(w io.Writer) {
	var rows []string
	for _, p := range s.Packages {
		for i, t := range p.TestsTime {
			if i == slowestListed || t.Seconds < 1 {
				break
			}
			rows = append(rows, fmt.Sprintf("  %s %s\t%.3fs × %d mutants\t≈ %.1fs\n", p.Path, t.Test, t.BaselineSeconds, t.Mutants, t.Seconds))
		}
	}
	if len(rows) == 0 {
		return
	}
	fmt.Fprintln(w, "\nslowest tests (baseline time × mutants run for):")
	tw := tabwriter.NewWriter(w, 0, 4, 1, ' ', 0)
	for _, r := range rows {
		fmt.Fprint(tw, r)
	}
	tw.Flush()
}

func fmtScore(p *float64) string {
	if p == nil {
		return "n/a"
	}
	return fmt.Sprintf("%.3f", *p)
}

// Change renders "orig  →  repl" on one line, shortening long sides; a
// deleted statement shows as "(deleted)". Shortening keeps where the two
// differ in view: a common prefix and suffix are elided first, so two
// different texts never print the same.
func Change(orig, repl string) string {
	o := []rune(strings.Join(strings.Fields(orig), " "))
	r := []rune(plainRepl(strings.Join(strings.Fields(repl), " ")))
	if len(r) == 0 {
		return oneLine(orig) + "  →  (deleted)"
	}
	if len(o) > maxSide || len(r) > maxSide {
		o, r = elide(o, r)
	}
	return string(o) + "  →  " + string(r)
}

// Mutants that Go cannot spell as an operator are closures; a report
// says what they do instead (ABS's value that panics when zero, and abs
// before go1.21).
var (
	zeroPanic = regexp.MustCompile(`^func\(v [^)]+\) [^{]+ \{ if v == 0 \{ panic\("gozilla: ZPUSH"\) \}; return v \}\((.*)\)$`)
	oldAbs    = regexp.MustCompile(`^func\(v [^)]+\) [^{]+ \{ if v <= 0 \{ v = 0 - v \}; return (-?)v \}\((.*)\)$`)
)

// plainRepl is a replacement as a person reads it.
func plainRepl(repl string) string {
	if m := zeroPanic.FindStringSubmatch(repl); m != nil {
		return m[1] + ", but a panic when it is 0"
	}
	if m := oldAbs.FindStringSubmatch(repl); m != nil {
		return m[1] + "abs(" + m[2] + ")"
	}
	return repl
}

// maxSide is the longest side Change prints whole, in runes.
const maxSide = 60

// elide shortens two different texts to at most about maxSide runes
// each, keeping their difference: a long common prefix and suffix give
// way to "..." (with a few runes of context), then what is still too
// long is cut after the difference's start.
func elide(o, r []rune) ([]rune, []rune) {
	const context = 8
	p := 0
	for p < len(o) && p < len(r) && o[p] == r[p] {
		p++
	}
	q := 0
	for q < len(o)-p && q < len(r)-p && o[len(o)-1-q] == r[len(r)-1-q] {
		q++
	}
	cut := func(s []rune) []rune {
		var out []rune
		start := 0
		if p > context {
			start = p - context
			out = append(out, []rune("...")...)
		}
		end := len(s)
		if q > context {
			end = len(s) - q + context
		}
		mid := s[start:end]
		// What differs, with its context, may itself be too long: keep
		// its start, where the two part.
		if len(mid) > maxSide {
			mid, end = mid[:maxSide-3], -1
		}
		out = append(out, mid...)
		if end != len(s) {
			out = append(out, []rune("...")...)
		}
		return out
	}
	return cut(o), cut(r)
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
		ID: m.ID, Key: m.Key, Package: m.Pkg, Func: m.Func, Op: m.Op.String(),
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

// unfinished says why a partial report stopped ("stopped" when it does not
// know) and lists, comma-separated, the packages it did not finish.
// stopWhy is a partial report's reason: what stopped it, and the phase
// it cut ("deadline 45s reached; phase: survivors' search").
func stopWhy(stopped, phase string) string {
	if stopped == "" {
		stopped = "stopped"
	}
	if phase == "" {
		return stopped
	}
	return stopped + "; phase: " + phase
}

func unfinished[P any](stopped string, pkgs []P, of func(P) (path string, partial bool)) (why, list string) {
	why = stopped
	if why == "" {
		why = "stopped"
	}
	var paths []string
	for _, p := range pkgs {
		if path, partial := of(p); partial {
			paths = append(paths, path)
		}
	}
	return why, strings.Join(paths, ", ")
}
