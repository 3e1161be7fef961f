package gen

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/engine"
	"github.com/gozilla/gozilla/internal/engines"
	"github.com/gozilla/gozilla/internal/engines/random"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/testmod"
	"github.com/gozilla/gozilla/internal/value"
)

// magicSrc guards its body with a condition random inputs do not meet:
// x*3 == 370370367 holds for x = 123456789 only (the pool of constants
// has 3 and 370370367, neither of which is the answer).
const magicSrc = `package magic

func Magic(x int) int {
	if x*3 == 370370367 {
		return 1
	}
	return 0
}

func Sign(x int) int {
	if x < 0 {
		return -1
	}
	if x > 0 {
		return 1
	}
	return 0
}
`

func loadPkg(t *testing.T, files map[string]string, path string) *load.Package {
	t.Helper()
	dir := testmod.Write(t, files)
	pkgs, err := load.Load(load.Config{Dir: dir}, path)
	if err != nil {
		t.Fatal(err)
	}
	return pkgs[0]
}

// oracle is a deterministic pass that proposes the magic input for every
// mutant of Magic, whether or not it kills that mutant.
type oracle struct{ asked []int }

func (o *oracle) Name() string { return "oracle" }

func (o *oracle) Solve(_ context.Context, _ *engine.Problem, r engine.Requirement) (engine.Answer, error) {
	o.asked = append(o.asked, r.ID)
	if r.Unit == nil || r.Unit.Name != "Magic" {
		return engine.Answer{}, nil
	}
	return engine.Answer{Verdict: engine.Found, Inputs: [][]value.Value{{{I: 123456789}}}}, nil
}

// TestDeterministicPass checks that a pass's candidates are executed,
// not trusted: only the one that kills is kept, credited to the pass, and
// the mutants it kills are dropped before the pass is asked about them.
func TestDeterministicPass(t *testing.T) {
	pkg := loadPkg(t, map[string]string{"magic/magic.go": magicSrc}, "./magic")
	o := &oracle{}
	res, err := Generate(context.Background(), pkg, Config{Random: -1, Engines: []engine.Engine{o}, Run: regexp.MustCompile("^Magic$")})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Tests) != 1 {
		t.Fatalf("%d tests kept, want 1: %+v", len(res.Tests), res.Tests)
	}
	tt := res.Tests[0]
	if tt.Pass != "oracle" || tt.In[0].I != 123456789 {
		t.Errorf("kept test: pass %s, input %d; want oracle, 123456789", tt.Pass, tt.In[0].I)
	}
	if tt.Out.Results[0].I != 1 {
		t.Errorf("kept test expects Magic(123456789) = %d, want 1", tt.Out.Results[0].I)
	}
	// The mutant that turns "return 1" into "return 0" dies only on the
	// magic input.
	var ret *mutate.Mutant
	for _, m := range res.Set.Mutants {
		if m.Func == "Magic" && m.Orig == "1" && m.Repl == "0" {
			ret = m
		}
	}
	if ret == nil {
		t.Fatal("no mutant replaces Magic's constant 1 by 0")
	}
	if res.Status[ret.ID] != mutate.Killed {
		t.Errorf("mutant #%d (%s): %v, want killed", ret.ID, ret.Repl, res.Status[ret.ID])
	}
	// The candidate is not trusted: the mutant x*3 <= 370370367 agrees
	// with the original on it, is proposed the same input again when the
	// pass is asked about it, and lives.
	found := false
	for _, m := range res.Set.Mutants {
		if m.Func == "Magic" && m.Repl == "x*3 <= 370370367" {
			found = true
			if res.Status[m.ID] != mutate.Lived {
				t.Errorf("mutant #%d %s: %v, want lived", m.ID, m.Repl, res.Status[m.ID])
			}
			if !slices.Contains(o.asked, m.ID) {
				t.Errorf("the pass was not asked about live mutant #%d", m.ID)
			}
		}
	}
	if !found {
		t.Error("no mutant x*3 <= 370370367")
	}
	// Every mutant the kept test kills was asked about at most once
	// before it died; none after.
	for _, id := range tt.Kills {
		n := 0
		for _, a := range o.asked {
			if a == id {
				n++
			}
		}
		if n > 1 {
			t.Errorf("mutant #%d asked about %d times", id, n)
		}
	}
	if len(o.asked) > 0 && !slices.IsSorted(o.asked) {
		t.Errorf("mutants asked in order %v, want ascending IDs", o.asked)
	}
	// Sign has no test: with the random pass off and the oracle unable,
	// its mutants are not covered.
	for _, m := range res.Set.Mutants {
		if m.Func == "Sign" && res.Status[m.ID] != 0 && res.Status[m.ID] != mutate.NotCovered {
			t.Errorf("Sign mutant #%d: %v", m.ID, res.Status[m.ID])
		}
	}
}

// TestRandomPassAndCompaction checks the invariants of the emitted
// tests: each is the first to kill some mutant (reverse-order simulation
// and set cover leave no redundant test), their kills are exactly the
// killed mutants, and the result depends on the seed only, not on the
// number of workers.
func TestRandomPassAndCompaction(t *testing.T) {
	pkg := loadPkg(t, map[string]string{"magic/magic.go": magicSrc}, "./magic")
	summary := func(res *Result) string {
		s := ""
		for _, tt := range res.Tests {
			s += fmt.Sprintf("%s%v kills %v credit %v; ", tt.Unit.Name, tt.In, tt.Kills, tt.Credit)
		}
		return s
	}
	one, err := Generate(context.Background(), pkg, Config{Engines: randomOnly(), Seed: 7, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	two, err := Generate(context.Background(), pkg, Config{Engines: randomOnly(), Seed: 7, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if summary(one) != summary(two) {
		t.Errorf("1 worker and 2 workers differ:\n%s\n%s", summary(one), summary(two))
	}
	killed := map[int]bool{}
	for _, tt := range one.Tests {
		if len(tt.Credit) == 0 {
			t.Errorf("%s%v is emitted but is not the first to kill any mutant", tt.Unit.Name, tt.In)
		}
		for _, id := range tt.Credit {
			if killed[id] {
				t.Errorf("mutant #%d credited twice", id)
			}
			if !slices.Contains(tt.Kills, id) {
				t.Errorf("%s%v credited with #%d it does not kill", tt.Unit.Name, tt.In, id)
			}
		}
		for _, id := range tt.Kills {
			killed[id] = true
		}
	}
	for _, m := range one.Set.Mutants {
		if (one.Status[m.ID] == mutate.Killed) != killed[m.ID] {
			t.Errorf("mutant #%d: status %v, killed by an emitted test: %v", m.ID, one.Status[m.ID], killed[m.ID])
		}
	}
	// Sign is easy for random inputs: every mutant but the equivalent
	// ones dies, with values a reader checks by hand.
	for _, tt := range one.Tests {
		if tt.Unit.Name == "Sign" && (tt.In[0].I < -3 || tt.In[0].I > 3) {
			t.Errorf("Sign test input %d is not small", tt.In[0].I)
		}
	}
	var lived []string
	for _, m := range one.Set.Mutants {
		if m.Func == "Sign" && one.Status[m.ID] != mutate.Killed {
			lived = append(lived, fmt.Sprintf("#%d %s %s→%s", m.ID, m.Op, m.Orig, m.Repl))
		}
	}
	t.Logf("Sign mutants alive: %v", lived)
	// Magic's guard stops random inputs: its return-1 mutants live.
	for _, m := range one.Set.Mutants {
		if m.Func == "Magic" && m.Orig == "1" && m.Repl == "0" && one.Status[m.ID] == mutate.Killed {
			t.Errorf("random inputs killed #%d behind the magic guard; the subject no longer tests what it should", m.ID)
		}
	}
}

// randomOnly is the engine list of -engine random.
func randomOnly() []engine.Engine { return []engine.Engine{random.New()} }

// TestNoNilCallbackCrashRows: a row whose only outcome is the crash of a
// nil callback (or a nil receiver) is never kept: the callback gets a
// recorder, and what kills the loop's mutants is a row that calls it.
func TestNoNilCallbackCrashRows(t *testing.T) {
	const src = `package each

// Each calls f on every x of xs, and returns how many it called f on.
func Each(xs []int, f func(int) bool) int {
	n := 0
	for _, x := range xs {
		if !f(x) {
			break
		}
		n++
	}
	return n
}
`
	pkg := loadPkg(t, map[string]string{"each/each.go": src}, "./each")
	res, err := Generate(context.Background(), pkg, Config{Engines: randomOnly(), Seed: 1, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Tests) == 0 {
		t.Fatal("no test kept")
	}
	for _, tt := range res.Tests {
		if len(tt.In) > 1 && tt.In[1].Nil && tt.Out.Panic != nil {
			t.Errorf("a row pins the crash of a nil callback: %+v, panic %v", tt.In, tt.Out.Panic)
		}
	}
}

// TestSearchStopped: when Config.Search ends before the context (gen's
// -deadline), the search stops where it is and the tests found so far
// come back, compacted, with Result.Stopped its cause; the mutants they
// do not kill are undecided (NotRun), not alive.
func TestSearchStopped(t *testing.T) {
	pkg := loadPkg(t, map[string]string{"magic/magic.go": magicSrc}, "./magic")
	stop := errors.New("the search's deadline")
	search, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	cfg := Config{Engines: randomOnly(), Seed: 7, Workers: 1, Search: search}
	cfg.Progress = func(p Progress) {
		if p.Unit == "Sign" { // Magic's random pass is done
			cancel(stop)
		}
	}
	res, err := Generate(context.Background(), pkg, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !errors.Is(res.Stopped, stop) {
		t.Fatalf("Stopped = %v, want %v", res.Stopped, stop)
	}
	if len(res.Tests) == 0 {
		t.Fatal("no tests: what Magic's random pass found is lost")
	}
	for _, tt := range res.Tests {
		if tt.Unit.Name != "Magic" {
			t.Errorf("a test of %s, whose search never ran", tt.Unit.Name)
		}
	}
	counts := map[string]map[mutate.Status]int{}
	for _, m := range res.Set.Mutants {
		if counts[m.Func] == nil {
			counts[m.Func] = map[mutate.Status]int{}
		}
		counts[m.Func][res.Status[m.ID]]++
	}
	if n := len(res.Set.Mutants); counts["Magic"][mutate.Killed] == 0 || counts["Magic"][mutate.NotRun] == 0 || counts["Sign"][mutate.NotRun] == 0 {
		t.Errorf("statuses %v of %d mutants: want Magic's killed and the rest undecided, Sign's undecided", counts, n)
	}
	for f, c := range counts {
		if c[mutate.Lived] > 0 || c[mutate.NotCovered] > 0 {
			t.Errorf("%s: %v: a stopped search decides no mutant alive", f, c)
		}
	}
}

// TestNoControlTextRows: an ABS zero-push mutant on a byte of the text
// (it dies only when the byte is 0) is killed only by a row of NUL text,
// which a reviewer does not keep: no kept row is credited with it, no
// row's text holds a control character for it, and the mutant says why.
func TestNoControlTextRows(t *testing.T) {
	const src = `package up

// Join returns a and b with sep between them.
func Join(a, b string, sep byte) string {
	return a + string(rune(sep)) + b
}
`
	pkg := loadPkg(t, map[string]string{"up/up.go": src}, "./up")
	res, err := Generate(context.Background(), pkg, Config{Engines: randomOnly(), Seed: 1, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	zpush := 0
	for _, m := range res.Set.Mutants {
		if m.ABSForm() != "zpush" || m.Orig != "sep" {
			continue
		}
		zpush++
		if res.Status[m.ID] == mutate.Killed {
			t.Errorf("#%d %s → %s killed: by a row of NUL text", m.ID, m.Orig, m.Repl)
		}
		if !strings.Contains(res.Why[m.ID], "control character") {
			t.Errorf("#%d: why = %q, want the NUL text named", m.ID, res.Why[m.ID])
		}
	}
	if zpush == 0 {
		t.Fatal("no zero-push mutant of sep: the subject no longer tests what it should")
	}
	for _, tt := range res.Tests {
		if tt.controlText() && len(tt.Credit) > 0 {
			for _, id := range tt.Credit {
				if res.Set.Mutants[id-1].ABSForm() == "zpush" {
					t.Errorf("row %v of control text credited with zero-push #%d", tt.In, id)
				}
			}
		}
	}
}

// TestDocumentedRanges: values of a type whose documentation gives
// their range (an angle "in the range [-π, π]", a span's endpoints) are
// drawn and shrunk inside it, and no kept row holds one outside it.
func TestDocumentedRanges(t *testing.T) {
	const src = `package ang

// Angle is an angle in radians, in the range [-π, π].
type Angle float64

// Sign is the sign of a.
func (a Angle) Sign() int {
	if a < -1 {
		return -2
	}
	if a < 0 {
		return -1
	}
	if a > 2 {
		return 2
	}
	return 0
}

// A Span holds the points between its endpoints, which are in the
// range [0, 10].
type Span struct{ Lo, Hi float64 }

// Len is how long s is.
func (s Span) Len() float64 {
	if s.Hi < s.Lo {
		return 0
	}
	return s.Hi - s.Lo
}
`
	pkg := loadPkg(t, map[string]string{"ang/ang.go": src}, "./ang")
	res, err := Generate(context.Background(), pkg, Config{Engines: randomOnly(), Seed: 3, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	units := map[string]bool{}
	for _, tt := range res.Tests {
		units[tt.Unit.Name] = true
		for i, typ := range tt.Unit.Inputs() {
			if why := value.OutOfRange(typ, tt.In[i]); why != "" {
				t.Errorf("%s row %v: %s", tt.Unit.Name, tt.In, why)
			}
			if typ.Range == nil && (typ.Kind != value.Struct || typ.Fields[0].Type.Range == nil || typ.Fields[1].Type.Range == nil) {
				t.Errorf("%s input %d (%s): no documented range", tt.Unit.Name, i, typ.Name)
			}
		}
	}
	if !units["Angle.Sign"] || !units["Span.Len"] {
		t.Errorf("rows for %v, want Angle.Sign and Span.Len", units)
	}
}

// TestHeavyInputsCheap: a GCD by subtraction loops about a for GCD(a, 1):
// a 64-bit random input runs the original millions of times under its
// budget, and each mutant and shrinking step on it as much again (gen
// took minutes on this unit). Such inputs are no rows and tame the
// stream: the unit costs little work, and small inputs kill what they
// kill.
func TestHeavyInputsCheap(t *testing.T) {
	const src = `package gcd

// GCD is the greatest common divisor of a and b, by subtraction.
func GCD(a, b int) int {
	if a <= 0 || b <= 0 {
		return 0
	}
	for a != b {
		if a > b {
			a -= b
		} else {
			b -= a
		}
	}
	return a
}
`
	pkg := loadPkg(t, map[string]string{"gcd/gcd.go": src}, "./gcd")
	res, err := Generate(context.Background(), pkg, Config{Engines: randomOnly(), Seed: 1, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range res.Stats {
		if st.Unit.Name != "GCD" {
			continue
		}
		t.Logf("GCD: %d runs, %d ticks, %d of %d killed", st.Runs, st.Ticks, st.Killed, st.Mutants)
		if st.Ticks > 400_000_000 {
			t.Errorf("GCD cost %d ticks: heavy inputs were run and shrunk", st.Ticks)
		}
		if st.Killed*10 < st.Mutants*8 {
			t.Errorf("GCD: %d of %d mutants killed, want 80%%", st.Killed, st.Mutants)
		}
	}
}

// TestCompiledEquivalents: with the equiv engine, the mutants the
// compiler turns into the original's code are equivalent in gen's
// result as in score's and equiv's (the engine proves one function at a
// time and leaves that stage out; gen counted fewer than they did).
func TestCompiledEquivalents(t *testing.T) {
	const src = `package words

// Words counts the bytes of s and the words in it.
func Words(s string) (nw, nc int) {
	inword := false
	nw = 0
	for i := 0; i < len(s); i++ {
		nc = nc + 1
		if s[i] == ' ' {
			inword = false
		} else if !inword {
			inword = true
			nw = nw + 1
		}
	}
	return nw, nc
}
`
	pkg := loadPkg(t, map[string]string{"words/words.go": src}, "./words")
	infos, err := engines.Parse("random,equiv")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Generate(context.Background(), pkg, Config{Engines: engines.New(infos), Seed: 1, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, m := range res.Set.Mutants {
		if m.Orig == "0" && m.Repl == "nc" && m.Line == 6 {
			found = true
			if res.Status[m.ID] != mutate.Equivalent || !strings.Contains(res.Equivalent[m.ID], "compiled") {
				t.Errorf("#%d nw = 0 → nc: %v (%q), want equivalent by the compiler", m.ID, res.Status[m.ID], res.Equivalent[m.ID])
			}
		}
	}
	if !found {
		t.Fatal("no mutant 0 → nc on line 6: the test no longer tests what it should")
	}
}

// TestMapOrderKillsSteady: a mutant of a unit that ranges over a map,
// which differs from the code in some iteration orders only (v > n ||
// k < best takes a lesser key met after the fullest one, which the code
// never does: whatever the map, some order visits the least key first),
// is killed by a row that calls the unit many times, each call meeting
// the keys anew (Fullest changes nothing of its map: Result.Repeat), and
// is never called killed in a unit whose rows cannot call it again (Drop
// deletes a key of its map): there the file would pass on it in the
// other orders. A mutant some row kills in every
// order (v > n → v < n) is killed in both.
func TestMapOrderKillsSteady(t *testing.T) {
	const src = `package full

// Fullest returns the key of m with the largest value, the least such
// key on a tie, "" for none.
func Fullest(m map[string]int) string {
	best, n := "", -1
	for k, v := range m {
		if v > n || v == n && k < best {
			best, n = k, v
		}
	}
	return best
}

// Drop deletes the key "" of m, and returns the fullest of the others.
func Drop(m map[string]int) string {
	delete(m, "")
	best, n := "", -1
	for k, v := range m {
		if v > n || v == n && k < best {
			best, n = k, v
		}
	}
	return best
}
`
	pkg := loadPkg(t, map[string]string{"full/full.go": src}, "./full")
	res, err := Generate(context.Background(), pkg, Config{Engines: randomOnly(), Seed: 1, Workers: 2, Ops: map[mutate.Op]bool{mutate.ROR: true, mutate.LCR: true}})
	if err != nil {
		t.Fatal(err)
	}
	repeat := map[string]int{}
	for u, n := range res.Repeat {
		repeat[u.Name] = n
	}
	if repeat["Fullest"] != mapRepeat || repeat["Drop"] != 0 {
		t.Errorf("repeats %v, want Fullest's rows to call it %d times, Drop's once", repeat, mapRepeat)
	}
	found := map[string]int{}
	for _, m := range res.Set.Mutants {
		switch {
		case m.Orig == "v == n && k < best" && m.Repl == "bool(k < best)":
			found[m.Func]++
			switch m.Func {
			case "Fullest":
				if res.Status[m.ID] != mutate.Killed {
					t.Errorf("mutant #%d of Fullest (v == n && k < best → k < best) is %v, want killed by a row that calls it %d times", m.ID, res.Status[m.ID], mapRepeat)
				}
			case "Drop":
				// (Its reason says so when the search saw an input kill
				// it: a small map's order changes in one range of eight,
				// and the search may not have.)
				if res.Status[m.ID] == mutate.Killed {
					t.Errorf("mutant #%d of Drop (v == n && k < best → k < best) is called killed; it differs in some map orders only, and Drop's rows call it once", m.ID)
				} else if why := res.Why[m.ID]; why != "" && strings.Contains(why, "kills it") && !strings.Contains(why, "some map orders only") {
					t.Errorf("mutant #%d of Drop (v == n && k < best → k < best): why %q, want it to say an input kills it in some map orders only", m.ID, why)
				}
			}
		case m.Orig == "v > n" && m.Repl == "v < n":
			found[m.Func]++
			if res.Status[m.ID] != mutate.Killed {
				t.Errorf("mutant #%d of %s (v > n → v < n) is %v, want killed", m.ID, m.Func, res.Status[m.ID])
			}
		}
	}
	if found["Fullest"] != 2 || found["Drop"] != 2 {
		t.Fatalf("found %v of the 2 mutants looked at in each function", found)
	}
}
