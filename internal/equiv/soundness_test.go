package equiv_test

// TestSoundness checks the prover's verdicts against execution
// (internal/oracle) on every subject of testdata/subjects:
//
//   - every mutant declared Equivalent survives heavy random testing on
//     its unit, and, where the unit's domain is small enough to
//     enumerate, every input of it: a kill is a false proof, the worst
//     bug the prover can have;
//   - every Killable verdict's input kills its mutant when the harness
//     runs it, and no mutant enumeration shows to be equivalent is
//     called Killable;
//   - where enumeration knows the truth, it logs how many of the true
//     equivalents the prover finds.
//
// TestSoundnessSelfCheck corrupts the verdicts of one subject (every
// mutant Equivalent; every mutant Killable on one input) and checks that
// the same checks catch every wrong one, so that the test can fail.
// TestSoundnessFloatBug puts issue 13's bug back into the prover (float
// != as the necessity condition) and checks that the float subject's
// grid refutes the false proof it makes.

import (
	"context"
	"fmt"
	"github.com/gozilla/gozilla/internal/testmod"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/gozilla/gozilla/internal/analysis"
	"github.com/gozilla/gozilla/internal/equiv"
	"github.com/gozilla/gozilla/internal/equiv/check"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/oracle"
	"github.com/gozilla/gozilla/internal/solve/sat"
	"github.com/gozilla/gozilla/internal/unit"
	"github.com/gozilla/gozilla/internal/value"
)

const root = "../.."

// subject is one package of testdata/subjects, its mutants, the prover's
// report and an oracle.
type subject struct {
	name string
	pkg  *load.Package
	set  *mutate.Set
	rep  *equiv.Report
	o    *oracle.Oracle
	// analyze is the time Analyze took.
	analyze time.Duration
	// truth holds, for each unit whose domain was enumerated, the
	// mutants every input kills (those absent are truly equivalent).
	truth map[*unit.Unit]map[int][]value.Value
}

func openSubject(t *testing.T, name string) *subject {
	t.Helper()
	ctx := context.Background()
	pkgs, err := load.Load(load.Config{Dir: root, NoTests: true}, "./testdata/subjects/"+name)
	if err != nil {
		t.Fatal(err)
	}
	s := &subject{name: name, pkg: pkgs[0], truth: map[*unit.Unit]map[int][]value.Value{}}
	if s.set, err = mutate.Generate(s.pkg, mutate.Options{}); err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	if s.rep, err = equiv.Analyze(ctx, analysis.New(s.pkg, s.set, nil), s.set, proverConfig()); err != nil {
		t.Fatal(err)
	}
	s.analyze = time.Since(t0)
	if s.o, err = oracle.New(ctx, s.pkg, s.set, 2); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.o.Close)
	return s
}

// proverConfig is the zero configuration (every stage, the default SAT
// budget), with a smaller budget with -short: fewer proofs, as sound.
func proverConfig() equiv.Config {
	if testing.Short() {
		return equiv.Config{Budget: int64(sat.DefaultBudget) / 4}
	}
	return equiv.Config{}
}

// enumerable reports whether the truth of u's mutants is to be computed
// by enumeration: its domain is small, and with -short smaller still.
func enumerable(u *unit.Unit) bool {
	d := oracle.Domain(u)
	limit := uint64(oracle.DefaultLimit)
	if testing.Short() {
		limit = 1 << 12
	}
	return d > 0 && d <= limit
}

// randomInputs is the number of random inputs each unit's Equivalent
// mutants must survive.
func randomInputs() int {
	if testing.Short() {
		return 400
	}
	return 3000
}

func (s *subject) describe(id int, v *equiv.Verdict) string {
	m := s.set.Mutants[id-1]
	d := fmt.Sprintf("%s #%d %s %s line %d: %q → %q", s.name, id, m.Op, m.Func, m.Line, m.Orig, m.Repl)
	if v != nil {
		d += fmt.Sprintf(" [%s/%s: %s]", v.Status, v.Method, v.Reason)
		if v.Assumed {
			d += " (assumed)"
		}
	}
	return d
}

// check runs the checks on u's mutants under verdicts (by mutant ID).
func (s *subject) check(ctx context.Context, u *unit.Unit, verdicts map[int]*equiv.Verdict, nRandom int) (*check.Result, error) {
	var truth map[int][]value.Value
	if exh, ok := s.truth[u]; ok {
		truth = exh
		if truth == nil {
			truth = map[int][]value.Value{}
		}
	}
	return check.Unit(ctx, s.o, u, verdicts, truth, check.Options{Random: nRandom, Box: boxLimit(), Grid: gridLimit()})
}

// gridLimit bounds the float grid (oracle.Grid) each unit with float
// inputs runs in full.
func gridLimit() uint64 {
	if testing.Short() {
		return 1 << 14
	}
	return 1 << 16
}

// boxLimit bounds the small-integer inputs (oracle.Box) each unit's
// Equivalent mutants must survive when its domain is not enumerated.
func boxLimit() int {
	if testing.Short() {
		return 1024
	}
	return 8192
}

func subjectNames(t *testing.T) []string {
	ents, err := os.ReadDir(filepath.Join(root, "testdata", "subjects"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		if e.IsDir() {
			names = append(names, e.Name())
		}
	}
	if len(names) < 20 {
		t.Fatalf("%d subjects in testdata/subjects", len(names))
	}
	return names
}

func TestSoundness(t *testing.T) {
	testmod.Long(t)
	nRandom := randomInputs()
	names := subjectNames(t)
	summary := make([]string, len(names))
	tallies := make([]tally, len(names))
	// Two subjects at a time (-parallel): one's prover runs while the
	// other's harness does.
	t.Run("subjects", func(t *testing.T) {
		for i, name := range names {
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				summary[i], tallies[i] = checkSubject(t, name, nRandom)
			})
		}
	})
	var tot tally
	for i, l := range summary {
		if l == "" {
			continue
		}
		t.Log(l)
		x := tallies[i]
		tot.m += x.m
		tot.e += x.e
		tot.falseN += x.falseN
		tot.badN += x.badN
		tot.kills += x.kills
		tot.trueEq += x.trueEq
		tot.found += x.found
	}
	t.Logf("all: %d mutants in units, %d declared equivalent, %d false; %d killable inputs run, %d wrong killable verdicts", tot.m, tot.e, tot.falseN, tot.kills, tot.badN)
	t.Logf("small-domain units: %d of %d true equivalents found, detection %s (seed 003 Table 6: 47.63%%)", tot.found, tot.trueEq, rate(tot.found, tot.trueEq))
}

// tally is what the checks found on one subject.
type tally struct{ m, e, falseN, badN, kills, trueEq, found int }

// checkSubject runs the checks on every unit of one subject and returns
// its summary line and counts.
func checkSubject(t *testing.T, name string, nRandom int) (string, tally) {
	ctx := context.Background()
	t0 := time.Now()
	s := openSubject(t, name)
	opened := time.Since(t0)
	var m, e, falseN, badN, trueEq, found, known, kills, noInput, unchecked int
	var rin, gin, grid int64
	methods := map[equiv.Method]int{}
	checked := map[int]bool{}
	for _, u := range s.o.Units() {
		if enumerable(u) {
			exh, err := s.o.Exhaustive(ctx, u, nil)
			if err != nil {
				t.Fatal(err)
			}
			s.truth[u] = exh
		}
		r, err := s.check(ctx, u, s.rep.Verdicts, nRandom)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range s.o.Mutants(u) {
			checked[id] = true
		}
		for _, f := range r.False {
			t.Errorf("FALSE EQUIVALENT: %s: killed by %s (%s)", s.describe(f.ID, s.rep.Verdicts[f.ID]), check.Call(u, f.In), f.How)
		}
		for _, p := range r.BadKill {
			t.Errorf("WRONG KILLABLE: %s: %s", s.describe(p.ID, s.rep.Verdicts[p.ID]), p.Why)
		}
		if len(r.Equivalent) > 0 {
			usable := r.Random.Inputs - r.Random.Rejected - r.Random.Unusable
			rin += usable
			gin += int64(r.Given)
			grid += int64(r.Grid)
			if !r.Known && usable < r.Random.Inputs/2 {
				t.Logf("%s: weak random check: of %d inputs, %d rejected by the assumptions, %d the original cannot finish", u.Name, r.Random.Inputs, r.Random.Rejected, r.Random.Unusable)
			}
		}
		m += len(r.Mutants)
		e += len(r.Equivalent)
		falseN += len(r.False)
		badN += len(r.BadKill)
		kills += r.KillChecked
		noInput += r.KillNoInput
		if r.Known {
			known++
			trueEq += r.TrueEq
			found += r.Found
			t.Logf("%s: %d inputs, %d mutants, %d true equivalents, %d found, %d false, detection %s",
				u.Name, oracle.Domain(u), len(r.Mutants), r.TrueEq, r.Found, len(r.False), rate(r.Found, r.TrueEq))
			for _, id := range r.Missed {
				t.Logf("  missed: %s", s.describe(id, s.rep.Verdicts[id]))
			}
		}
	}
	for _, mu := range s.set.Mutants {
		v := s.rep.Verdicts[mu.ID]
		if v == nil {
			t.Errorf("%s: no verdict", s.describe(mu.ID, nil))
			continue
		}
		if v.Status == mutate.Equivalent {
			methods[v.Method]++
			if !checked[mu.ID] {
				unchecked++
			}
		}
	}
	truth := "—"
	if known > 0 {
		truth = fmt.Sprintf("%d/%d (%d units)", found, trueEq, known)
	}
	line := fmt.Sprintf("%-9s M %4d  E %3d (unreachable %d, rules %d, exact %d, sufficiency %d; %d unchecked)  false %d  bad killable %d/%d (+%d without input)  truth found/true %s  random inputs %d, given %d, float grid %d  %.1fs (analyze %.1fs, load+mutate+build %.1fs)",
		name, len(s.set.Mutants), methods[equiv.Unreachable]+methods[equiv.Rules]+methods[equiv.Exact]+methods[equiv.Sufficiency],
		methods[equiv.Unreachable], methods[equiv.Rules], methods[equiv.Exact], methods[equiv.Sufficiency], unchecked,
		falseN, badN, kills, noInput, truth, rin, gin, grid, time.Since(t0).Seconds(), s.analyze.Seconds(), (opened - s.analyze).Seconds())
	t.Log(line)
	return line, tally{m, e, falseN, badN, kills, trueEq, found}
}

func rate(found, total int) string {
	if total == 0 {
		return "—"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(found)/float64(total))
}

// TestSoundnessSelfCheck corrupts minval's verdicts and checks that the
// checks of TestSoundness catch every wrong one: the test can fail.
func TestSoundnessSelfCheck(t *testing.T) {
	ctx := context.Background()
	s := openSubject(t, "minval")
	u := s.o.Unit("Min")
	exh, err := s.o.Exhaustive(ctx, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	ids := s.o.Mutants(u)
	if len(exh) == 0 || len(exh) == len(ids) {
		t.Fatalf("Min: %d of %d mutants killed", len(exh), len(ids))
	}
	// Every mutant Equivalent: enumeration and random testing must each
	// refute the killable ones.
	allEq := map[int]*equiv.Verdict{}
	for _, id := range ids {
		allEq[id] = &equiv.Verdict{ID: id, Status: mutate.Equivalent, Method: equiv.Rules, Reason: "corrupted"}
	}
	r, err := s.check(ctx, u, allEq, 400)
	if err != nil {
		t.Fatal(err)
	}
	if r.Known || len(r.False) == 0 {
		t.Errorf("without enumeration: %d false verdicts found, want some", len(r.False))
	}
	s.truth[u] = exh
	r, err = s.check(ctx, u, allEq, 400)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.False) != len(exh) || r.Found != len(ids)-len(exh) {
		t.Errorf("with enumeration: %d false verdicts, %d found; want %d, %d", len(r.False), r.Found, len(exh), len(ids)-len(exh))
	}
	// Every mutant Killable on the zero input: the truly equivalent ones
	// are flagged by enumeration, and those the zero input does not kill
	// by running it.
	zero := []value.Value{{}, {}}
	killedByZero, _, err := s.o.Run(ctx, u, zero, ids)
	if err != nil {
		t.Fatal(err)
	}
	allKill := map[int]*equiv.Verdict{}
	want := 0
	for _, id := range ids {
		allKill[id] = &equiv.Verdict{ID: id, Status: mutate.Killable, Input: zero, Reason: "corrupted"}
		if !slices.Contains(killedByZero, id) {
			want++
		}
	}
	r, err = s.check(ctx, u, allKill, 400)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.BadKill) != want || want == 0 {
		t.Errorf("Killable on %s: %d flagged, want %d (> 0)", check.Call(u, zero), len(r.BadKill), want)
	}
}

// TestSoundnessFloatBug reintroduces issue 13's bug — the necessity
// condition of a float value is orig != mut, which -0 == 0 makes false
// where the bits differ — and checks that the prover then declares
// Scale's `return 0, ""` → `return v, ""` (under v == 0) equivalent, and
// that the check TestSoundness runs on the float subject refutes it with
// v = -0 from the float grid alone (no random or small-integer input):
// the soundness check can fail on floats. Without the bug the mutant is
// not Equivalent.
func TestSoundnessFloatBug(t *testing.T) {
	testmod.Long(t)
	ctx := context.Background()
	s := openSubject(t, "floats")
	u := s.o.Unit("Scale")
	var id int
	for _, m := range s.set.Mutants {
		if m.Func == "Scale" && m.Line == 19 && m.Op == mutate.SCR && m.Orig == "0" && m.Repl == "v" {
			id = m.ID
		}
	}
	if id == 0 {
		t.Fatal(`no mutant 0 -> v of Scale's return 0, ""`)
	}
	if v := s.rep.Verdicts[id]; v.Status == mutate.Equivalent {
		t.Fatalf("fixed prover: %s", s.describe(id, v))
	}
	restore := equiv.FloatNeqBug()
	rep, err := equiv.Analyze(ctx, analysis.New(s.pkg, s.set, nil), s.set, proverConfig())
	restore()
	if err != nil {
		t.Fatal(err)
	}
	v := rep.Verdicts[id]
	if v.Status != mutate.Equivalent {
		t.Fatalf("with the bug: %s, want the false proof", s.describe(id, v))
	}
	r, err := check.Unit(ctx, s.o, u, map[int]*equiv.Verdict{id: v}, nil, check.Options{Grid: gridLimit()})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.False) != 1 || r.False[0].ID != id || r.False[0].How != "the float grid" {
		t.Fatalf("with the bug: refutations %+v, want mutant %d by the float grid", r.False, id)
	}
	if in := r.False[0].In[0].Float(); in != 0 || !math.Signbit(in) {
		t.Errorf("refuted by Scale(%v), want Scale(-0)", in)
	}
}
