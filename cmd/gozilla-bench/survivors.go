package main

// This file implements the survivors benchmark (issue 33): how many of
// the mutants a package's own tests leave alive gozilla score decides —
// equivalent (the prover's proofs), killable (an input of gen's engines,
// run on the code and the mutant, with the row that kills it) or
// unknown — what that costs score, and whether the verdicts are true.
//
// For each target (the report benchmark's: the subjects with their
// tests, the packages of testdata/realistic, standard library copies),
// two runs side by side, each with -cache=off: `score -json
// -evidence=false` (the prover alone, the score as it was) and `score
// -json` (the survivors decided). Then, in this process, the truth:
// score's evidence step again on the same survivors (the prover's inputs
// first, then gen's engines) and every input it finds run by the oracle
// (internal/oracle: its own harness binary), which must see it kill its
// mutant; every Equivalent verdict checked by the oracle, exhaustively
// where the unit's domain is small, else on its random, boundary and
// small inputs (internal/equiv/check).

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/gozilla/gozilla/internal/analysis"
	"github.com/gozilla/gozilla/internal/equiv"
	"github.com/gozilla/gozilla/internal/equiv/check"
	"github.com/gozilla/gozilla/internal/gen"
	"github.com/gozilla/gozilla/internal/gen/evidence"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/oracle"
	"github.com/gozilla/gozilla/internal/report"
	"github.com/gozilla/gozilla/internal/value"
)

// survRow is one target's figures.
type survRow struct {
	reportTarget
	mutants int
	// Of the mutants the package's tests do not kill (lived, not
	// covered, equivalent): before, the prover alone; after, decided.
	alive0, eq0                int
	eq, killable, unknown      int
	secs0, secs1               float64
	checkedEq, falseEq         int
	eqHow                      map[string]int // how the Equivalent verdicts were checked
	checkedKill, confirmedKill int
	badKill                    []string // killable inputs the oracle does not see kill
	flakyKill                  []string // killable inputs the oracle sees kill in some runs only
	falseEqs                   []string
	differs                    int            // survivors the in-process search decides otherwise than score did
	why                        map[string]int // why the unknown ones are unknown (the prover's reason, in classes)
	unknownRun, unknownKilled  int            // unknown survivors the oracle ran, and those it killed
	unknownKills               []string       // some of the oracle's killing inputs for unknown survivors
	fails                      []string
}

func (r *survRow) decided() int { return r.eq + r.killable }
func (r *survRow) alive() int   { return r.eq + r.killable + r.unknown }

func benchSurvivors(jobs, random int, subjects []string, realistic bool, std []string, write string) error {
	env, err := setup("gozilla-bench-survivors-", false)
	if err != nil {
		return err
	}
	defer os.RemoveAll(env.tmp)
	cfg := &reportConfig{jobs: jobs, subjects: subjects, realistic: realistic, std: std}
	targets, err := reportTargets(env, cfg)
	if err != nil {
		return err
	}
	var rows []*survRow
	for _, t := range targets {
		r := survivorsOne(env.gz, t, jobs, random)
		fmt.Fprintf(os.Stderr, "survivors %s: %d alive, %d equivalent, %d killable, %d unknown; %.1fs → %.1fs; killable confirmed %d/%d, equivalent false %d/%d, unknown killed by the oracle %d/%d%s\n",
			r.name, r.alive(), r.eq, r.killable, r.unknown, r.secs0, r.secs1, r.confirmedKill, r.checkedKill, r.falseEq, r.checkedEq, r.unknownKilled, r.unknownRun, failText(r.fails))
		for _, s := range r.unknownKills {
			fmt.Fprintln(os.Stderr, "  unknown, killed by the oracle:", s)
		}
		rows = append(rows, r)
		// The section is written as the run goes (a run of an hour that
		// is stopped keeps what it measured), marked until it ends.
		if write != "" && len(rows) < len(targets) {
			text := survivorsMarkdown(rows, cfg, random, headRevision(env.root), machine(), time.Now().UTC().Format("2006-01-02"))
			text += fmt.Sprintf("\n*Unfinished run: %d of %d targets so far.*\n", len(rows), len(targets))
			if err := updateSection(write, "survivors", text); err != nil {
				return err
			}
		}
	}
	text := survivorsMarkdown(rows, cfg, random, headRevision(env.root), machine(), time.Now().UTC().Format("2006-01-02"))
	fmt.Print(text)
	if write != "" {
		return updateSection(write, "survivors", text)
	}
	return nil
}

func failText(fails []string) string {
	if len(fails) == 0 {
		return ""
	}
	return "; FAILED: " + strings.Join(fails, "; ")
}

// scoreDoc runs gozilla score -json on the target and returns its
// document and wall time.
func scoreDoc(gz string, t reportTarget, jobs int, args ...string) (*report.Score, float64, error) {
	args = append([]string{"score", "-json", "-j", strconv.Itoa(jobs), "-cache=off", "-q"}, args...)
	c := exec.Command(gz, append(args, t.pattern)...)
	c.Dir = t.mod
	c.Env = append(os.Environ(), "GOZILLA_CACHE=off")
	var stdout, stderr bytes.Buffer
	c.Stdout, c.Stderr = &stdout, &stderr
	t0 := time.Now()
	err := c.Run()
	secs := time.Since(t0).Seconds()
	if err != nil && stdout.Len() == 0 {
		return nil, secs, fmt.Errorf("%v: %s", err, firstLine(stderr.String()))
	}
	var doc report.Score
	if err := json.Unmarshal(stdout.Bytes(), &doc); err != nil {
		return nil, secs, err
	}
	if doc.Summary.Partial {
		return nil, secs, fmt.Errorf("a partial report")
	}
	return &doc, secs, nil
}

func survivorsOne(gz string, t reportTarget, jobs, random int) *survRow {
	r := &survRow{reportTarget: t, eqHow: map[string]int{}, why: map[string]int{}}
	before, secs0, err := scoreDoc(gz, t, jobs, "-evidence=false")
	r.secs0 = secs0
	if err != nil {
		r.fails = append(r.fails, "score -evidence=false: "+oneLineErr(err))
		return r
	}
	after, secs1, err := scoreDoc(gz, t, jobs)
	r.secs1 = secs1
	if err != nil {
		r.fails = append(r.fails, "score: "+oneLineErr(err))
		return r
	}
	r.mutants = after.Summary.Mutants
	c0 := before.Summary.Counts
	r.alive0, r.eq0 = c0.Lived+c0.NotCovered+c0.Equivalent, c0.Equivalent
	status := map[int]report.Mutant{}
	for _, m := range after.Mutants {
		status[m.ID] = m
		switch {
		case m.Status == mutate.Equivalent:
			r.eq++
		case m.Verdict == "killable":
			r.killable++
		case report.Survives(m.Status):
			r.unknown++
		}
	}
	if err := survivorsTruth(r, t, status, jobs, random); err != nil {
		r.fails = append(r.fails, "truth: "+oneLineErr(err))
	}
	return r
}

// survivorsTruth redoes score's evidence step in this process and runs
// what it finds, and every Equivalent verdict, through the oracle.
func survivorsTruth(r *survRow, t reportTarget, status map[int]report.Mutant, jobs, random int) error {
	ctx := context.Background()
	pkgs, err := load.Load(load.Config{Dir: t.mod}, t.pattern)
	if err != nil {
		return err
	}
	pkg := pkgs[0]
	set, err := mutate.Generate(pkg, mutate.Options{})
	if err != nil {
		return err
	}
	if len(set.Mutants) != r.mutants {
		return fmt.Errorf("%d mutants here, %d in score's report", len(set.Mutants), r.mutants)
	}
	var alive []*mutate.Mutant
	var ids []int
	for _, m := range set.Mutants {
		st := status[m.ID]
		if st.Orig != m.Orig || st.Repl != m.Repl {
			return fmt.Errorf("mutant %d is %s → %s here, %s → %s in score's report", m.ID, m.Orig, m.Repl, st.Orig, st.Repl)
		}
		if report.Survives(st.Status) {
			alive = append(alive, m)
			ids = append(ids, m.ID)
		}
	}
	a := analysis.New(pkg, set, nil)
	rep, err := equiv.Analyze(ctx, a, &mutate.Set{Pkg: set.Pkg, Mutants: alive}, equiv.Config{})
	if err != nil {
		return err
	}
	var seeds []gen.Seed
	for _, m := range alive {
		if v := rep.Verdicts[m.ID]; v != nil && v.Status == mutate.Killable && v.Input != nil {
			seeds = append(seeds, gen.Seed{Unit: m.Func, In: v.Input, Pass: "equiv"})
		}
	}
	found, err := evidence.Find(ctx, pkg, set, ids, evidence.Config{Workers: jobs, Seeds: seeds, Verdicts: rep.Verdicts})
	if err != nil {
		return err
	}
	for _, m := range alive {
		_, ok := found[m.ID]
		if ok != (status[m.ID].Verdict == "killable") {
			r.differs++
		}
		if !ok {
			r.why[unknownClass(rep.Verdicts[m.ID])]++
		}
	}
	o, err := oracle.New(ctx, pkg, set, jobs)
	if err != nil {
		return err
	}
	defer o.Close()
	for _, id := range sortedKeys(found) {
		f := found[id]
		r.checkedKill++
		u := o.Unit(f.Unit)
		if u == nil {
			r.badKill = append(r.badKill, fmt.Sprintf("#%d: the oracle has no unit %s", id, f.Unit))
			continue
		}
		// The oracle runs the input oracleRuns times: a kill in every
		// run confirms it; in some only, the code is not deterministic
		// (it ranges over a map, say); in none, the verdict is false.
		kills, why := 0, ""
		for k := 0; k < oracleRuns && why == ""; k++ {
			killed, rejected, err := o.Run(ctx, u, f.In, []int{id})
			switch {
			case err != nil:
				why = err.Error()
			case rejected:
				why = "the unit's assumptions reject the input"
			case len(killed) == 1 && killed[0] == id:
				kills++
			}
		}
		switch {
		case why != "":
			r.badKill = append(r.badKill, fmt.Sprintf("#%d %s(%s): %s", id, f.Unit, f.Input, why))
		case kills == oracleRuns:
			r.confirmedKill++
		case kills > 0:
			r.flakyKill = append(r.flakyKill, fmt.Sprintf("#%d %s(%s): killed in %d of %d runs", id, f.Unit, f.Input, kills, oracleRuns))
		default:
			r.badKill = append(r.badKill, fmt.Sprintf("#%d %s(%s): no oracle run kills it", id, f.Unit, f.Input))
		}
	}
	// The Equivalent verdicts, unit by unit.
	// The unknown survivors are checked the same way, as if claimed
	// equivalent: a kill the oracle finds is one the search missed.
	verdicts := map[int]*equiv.Verdict{}
	unknown := map[int]bool{}
	for id, m := range status {
		switch {
		case m.Status == mutate.Equivalent:
			verdicts[id] = &equiv.Verdict{ID: id, Status: mutate.Equivalent}
		case report.Survives(m.Status) && m.Verdict != "killable":
			verdicts[id] = &equiv.Verdict{ID: id, Status: mutate.Equivalent}
			unknown[id] = true
		}
	}
	checked := map[int]bool{}
	for _, u := range o.Units() {
		claims, unknowns := 0, 0
		for _, id := range o.Mutants(u) {
			switch {
			case unknown[id]:
				unknowns++
			case verdicts[id] != nil:
				claims++
			default:
				continue
			}
			checked[id] = true
		}
		if claims+unknowns == 0 {
			continue
		}
		var truth map[int][]value.Value
		how := "random, boundary and small inputs"
		if d := oracle.Domain(u); d > 0 && d <= oracle.DefaultLimit {
			if truth, err = o.Exhaustive(ctx, u, nil); err != nil {
				return err
			}
			if truth == nil {
				truth = map[int][]value.Value{}
			}
			how = "every input"
		} else if oracle.Grid(u) > 0 {
			how = "the float grid and random inputs"
		}
		res, err := check.Unit(ctx, o, u, verdicts, truth, check.Options{Random: random, Box: 1 << 14, Grid: 1 << 16})
		if err != nil {
			return err
		}
		r.checkedEq += claims
		if claims > 0 {
			r.eqHow[how] += claims
		}
		r.unknownRun += unknowns
		for _, f := range res.False {
			m := set.Mutants[f.ID-1]
			if unknown[f.ID] {
				r.unknownKilled++
				if len(r.unknownKills) < 5 {
					r.unknownKills = append(r.unknownKills, fmt.Sprintf("#%d %s line %d: `%s` → `%s`: killed by %s (%s)", f.ID, m.Func, m.Line, shortCode(m.Orig), shortCode(m.Repl), cut(check.Call(u, f.In), 100), f.How))
				}
				continue
			}
			r.falseEq = len(r.falseEqs) + 1
			r.falseEqs = append(r.falseEqs, fmt.Sprintf("#%d %s line %d: `%s` → `%s`: killed by %s (%s)", f.ID, m.Func, m.Line, shortCode(m.Orig), shortCode(m.Repl), cut(check.Call(u, f.In), 100), f.How))
		}
	}
	for id := range verdicts {
		if !checked[id] && !unknown[id] {
			r.eqHow["not run: the oracle does not run its function"]++
		}
	}
	return nil
}

func sortedKeys[V any](m map[int]V) []int {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	return keys
}

// unknownClass sorts why the prover left a survivor undecided, as
// report.PlainReason words it, into a few classes.
func unknownClass(v *equiv.Verdict) string {
	if v == nil {
		return "not analysed (outside the functions the prover analyses)"
	}
	reason := v.Reason
	switch {
	case v.Status == mutate.Killable:
		return "killable by the prover's model, but no run confirms it"
	case strings.Contains(reason, "budget"):
		return "the prover's budget ran out"
	case strings.Contains(reason, "floating-point"):
		return "floating-point values"
	case strings.Contains(reason, "call"):
		return "calls the prover does not follow"
	case strings.Contains(reason, "loop") || strings.Contains(reason, "exploration incomplete") || strings.Contains(reason, "arrivals"):
		return "loops and paths the prover does not follow to the end"
	case strings.Contains(reason, "no miter"):
		return "code the prover does not model (" + firstWords(reason, 6) + ")"
	case reason == "":
		return "no reason given"
	}
	return firstWords(reason, 6)
}

// shortCode puts a mutant's code on one line (a deleted statement spans
// several), cut at 60 characters.
func shortCode(s string) string {
	return cut(strings.Join(strings.Fields(s), " "), 60)
}

// cut shortens s to n runes, the last three "...".
func cut(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-3]) + "..."
	}
	return s
}

func firstWords(s string, n int) string {
	f := strings.Fields(s)
	if len(f) > n {
		f = f[:n]
	}
	return strings.Join(f, " ")
}

func survivorsMarkdown(rows []*survRow, cfg *reportConfig, random int, rev, host, date string) string {
	var b strings.Builder
	b.WriteString("## Survivors decided (issue 33)\n\n")
	flags := reportFlags(cfg)
	if random != defaultSurvivorsRandom {
		flags += fmt.Sprintf(" -random %d", random)
	}
	fmt.Fprintf(&b, "Measured %s on %s, this tree at %s; `go run ./cmd/gozilla-bench survivors%s -w BENCHMARKS.md`.\n", date, host, rev, flags)
	b.WriteString("On each target (the subjects with their tests, the packages of testdata/realistic, standard library copies), side by side: `gozilla score -json -evidence=false` (the prover alone) and `gozilla score -json` (every survivor the prover does not prove equivalent goes to gen's engines, the prover's inputs first; a survivor is killable only with an input run on the code and the mutant). " +
		"*Alive* are the mutants the package's own tests do not kill (lived, not covered, equivalent); *decided* those equivalent or killable. *Truth*: score's evidence step is run again in the benchmark's process on the same survivors and every input it finds is run by the oracle (its own harness binary), which must see it kill its mutant in each of 5 runs (*killable confirmed*; a kill in some runs only is listed below the table: the package's code is not deterministic); every Equivalent verdict is run by the oracle on every input where the unit's domain is small, else on " +
		fmt.Sprintf("%d random inputs, the boundary and small ones and a float grid (`internal/equiv/check`). ", random) +
		"*Same* counts the survivors the second search decides as score did (the search is deterministic: counted budgets).\n\n")
	b.WriteString("| package | mutants | alive | equivalent | killable | unknown | decided | score s, prover only / decided | growth | killable confirmed | equivalent checked / false | same |\n")
	b.WriteString("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	var t survRow
	t.why, t.eqHow = map[string]int{}, map[string]int{}
	n := 0
	var failed []string
	for _, r := range rows {
		if len(r.fails) > 0 {
			failed = append(failed, fmt.Sprintf("%s: %s", r.name, strings.Join(r.fails, "; ")))
			fmt.Fprintf(&b, "| %s † | %d | — | — | — | — | — | %.1f / %.1f | — | — | — | — |\n", r.name, r.mutants, r.secs0, r.secs1)
			continue
		}
		n++
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d | %s | %.1f / %.1f | %s | %d / %d | %d / %d | %d / %d |\n", r.name, r.mutants, r.alive(), r.eq, r.killable, r.unknown,
			pct(r.decided(), r.alive()), r.secs0, r.secs1, growth(r.secs0, r.secs1), r.confirmedKill, r.checkedKill, r.checkedEq, r.falseEq, r.alive()-r.eq-r.differs, r.alive()-r.eq)
		t.mutants += r.mutants
		t.eq += r.eq
		t.eq0 += r.eq0
		t.killable += r.killable
		t.unknown += r.unknown
		t.secs0 += r.secs0
		t.secs1 += r.secs1
		t.confirmedKill += r.confirmedKill
		t.checkedKill += r.checkedKill
		t.checkedEq += r.checkedEq
		t.falseEq += r.falseEq
		t.differs += r.differs
		t.unknownRun += r.unknownRun
		t.unknownKilled += r.unknownKilled
		t.unknownKills = append(t.unknownKills, prefixed(r.name, r.unknownKills)...)
		t.badKill = append(t.badKill, prefixed(r.name, r.badKill)...)
		t.flakyKill = append(t.flakyKill, prefixed(r.name, r.flakyKill)...)
		t.falseEqs = append(t.falseEqs, prefixed(r.name, r.falseEqs)...)
		for k, v := range r.why {
			t.why[k] += v
		}
		for k, v := range r.eqHow {
			t.eqHow[k] += v
		}
	}
	fmt.Fprintf(&b, "| **total** (%d targets) | %d | %d | %d | %d | %d | %s | %.1f / %.1f | %s | %d / %d | %d / %d | %d / %d |\n\n", n, t.mutants, t.alive(), t.eq, t.killable, t.unknown,
		pct(t.decided(), t.alive()), t.secs0, t.secs1, growth(t.secs0, t.secs1), t.confirmedKill, t.checkedKill, t.checkedEq, t.falseEq, t.alive()-t.eq-t.differs, t.alive()-t.eq)
	fmt.Fprintf(&b, "Over the %d targets, score decides %s of the %d mutants the packages' own tests leave alive (the prover alone: %d equivalent, %s); %d killable inputs of %d are confirmed by the oracle and %d of %d Equivalent verdicts are contradicted by a run. Score's time grows %s in all (%.1f s → %.1f s).\n",
		n, pct(t.decided(), t.alive()), t.alive(), t.eq0, pct(t.eq0, t.alive()), t.confirmedKill, t.checkedKill, t.falseEq, t.checkedEq, growth(t.secs0, t.secs1), t.secs0, t.secs1)
	if len(t.eqHow) > 0 {
		b.WriteString("\nHow the Equivalent verdicts were checked: " + countsText(t.eqHow) + ".\n")
	}
	if len(t.why) > 0 {
		b.WriteString("\nWhy the unknown survivors are unknown (the prover's reason): " + countsText(t.why) + ".\n")
	}
	if t.unknownRun > 0 {
		fmt.Fprintf(&b, "\nThe oracle ran %d of the %d unknown survivors the same way as the Equivalent verdicts: %d are killed by one of its inputs (the search missed them; the rest may be equivalent).\n", t.unknownRun, t.unknown, t.unknownKilled)
		for _, s := range t.unknownKills {
			b.WriteString("\n- unknown, killed by the oracle: " + s)
		}
		if len(t.unknownKills) > 0 {
			b.WriteString("\n")
		}
	}
	for _, s := range t.badKill {
		b.WriteString("\n- killable, not confirmed: " + s)
	}
	for _, s := range t.flakyKill {
		b.WriteString("\n- killable, on some runs only (the code is not deterministic): " + s)
	}
	for _, s := range t.falseEqs {
		b.WriteString("\n- FALSE equivalent: " + s)
	}
	for _, f := range failed {
		b.WriteString("\n\n† " + f)
	}
	b.WriteString("\n")
	return b.String()
}

// oracleRuns is how many times the oracle runs each killing input.
const oracleRuns = 5

// defaultSurvivorsRandom is how many random inputs each Equivalent
// verdict's unit runs when its domain is too large to enumerate.
const defaultSurvivorsRandom = 10_000

func growth(a, b float64) string {
	if a <= 0 {
		return "—"
	}
	return fmt.Sprintf("%+.0f%%", 100*(b-a)/a)
}

func prefixed(name string, ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = name + " " + s
	}
	return out
}

// countsText writes counts by key, largest first.
func countsText(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	return strings.Join(parts, "; ")
}
