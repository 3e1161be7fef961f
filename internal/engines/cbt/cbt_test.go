package cbt

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/engine"
	"github.com/gozilla/gozilla/internal/engines/random"
	"github.com/gozilla/gozilla/internal/gen"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/testmod"
)

func loadSubject(t *testing.T, name string) *load.Package {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "subjects", name, name+".go"))
	if err != nil {
		t.Fatal(err)
	}
	dir := testmod.Write(t, map[string]string{name + "/" + name + ".go": string(src)})
	pkgs, err := load.Load(load.Config{Dir: dir, NoTests: true}, "./"+name)
	if err != nil {
		t.Fatal(err)
	}
	return pkgs[0]
}

// TestMagicGuards runs the CBT pass alone (no random inputs) on the
// magic subject: the guards x == 0xDEADBEEF, x^0x5A5A5A5A == 0x84F7E4B5
// and s == "open sesame" are each solved, so every mutant behind them
// dies, with the candidates the pass proposed and the pipeline ran.
func TestMagicGuards(t *testing.T) {
	pkg := loadSubject(t, "magic")
	p := New()
	res, err := gen.Generate(context.Background(), pkg, gen.Config{Random: -1, Engines: []engine.Engine{p}, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range res.Stats {
		switch s.Unit.Name {
		case "Unlock", "Scrambled":
			if s.Killed != s.Mutants {
				t.Errorf("%s: %d of %d mutants killed, want all", s.Unit.Name, s.Killed, s.Mutants)
			}
		case "Login":
			// Only the mutants comparing strings by order (password >
			// "open sesame") are beyond the IR.
			if s.Killed < s.Mutants-4 {
				t.Errorf("Login: %d of %d mutants killed", s.Killed, s.Mutants)
			}
		}
	}
	for _, tt := range res.Tests {
		if tt.Pass != "cbt" {
			t.Errorf("test %v from pass %s", tt.In, tt.Pass)
		}
	}
	// The mutant that returns 0 instead of 42 dies only on the key.
	for _, m := range res.Set.Mutants {
		if m.Func == "Scrambled" && m.Orig == "42" && m.Repl == "0" && res.Status[m.ID] != mutate.Killed {
			t.Errorf("Scrambled: mutant #%d 42 → 0 lives (why: %s)", m.ID, res.Why[m.ID])
		}
	}
	found := false
	for _, tt := range res.Tests {
		if tt.Unit.Name == "Login" && string(tt.In[0].S) == "open sesame" {
			found = true
		}
	}
	if !found {
		t.Error(`no Login test uses the password "open sesame"`)
	}
}

// TestWhy checks that a mutant the pass cannot help with gets a reason.
func TestWhy(t *testing.T) {
	dir := testmod.Write(t, map[string]string{"p/p.go": `package p

func Pos(x int) int {
	if x > 0 {
		return x
	}
	return 0
}
`})
	pkgs, err := load.Load(load.Config{Dir: dir, NoTests: true}, "./p")
	if err != nil {
		t.Fatal(err)
	}
	p := New()
	res, err := gen.Generate(context.Background(), pkgs[0], gen.Config{Random: -1, Engines: []engine.Engine{p}, Run: regexp.MustCompile("Pos")})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, m := range res.Set.Mutants {
		// return x → return abs(x) is equivalent under x > 0: reduction
		// alone finds x < 0 ∧ x > 0 empty.
		if m.Orig == "x" && strings.HasPrefix(m.Repl, "max(") && m.Line == 5 {
			found = true
			if res.Status[m.ID] == mutate.Killed {
				t.Errorf("#%d %s killed", m.ID, m.Repl)
			}
			if !strings.Contains(res.Why[m.ID], "detectably unsolvable") {
				t.Errorf("#%d %s: why = %q, want detectably unsolvable", m.ID, m.Repl, res.Why[m.ID])
			}
		}
	}
	if !found {
		t.Error("no ABS mutant max(x, -x) on line 5")
	}
}

// TestAssume checks //gozilla:assume: every emitted input, from the
// random pass and from CBT, meets the directives, CBT solves within them,
// and a malformed directive is an error naming its file and line.
func TestAssume(t *testing.T) {
	dir := testmod.Write(t, map[string]string{"p/p.go": `package p

// F is only meant for positive a and short xs.
//
//gozilla:assume a > 0 && len(xs) < 3
//gozilla:assume a != 7
func F(a int, xs []int) int {
	if a*5 == 35+5 {
		return -1
	}
	if a > 100 {
		return 1
	}
	return len(xs)
}
`, "q/q.go": `package q

//gozilla:assume a >
func G(a int) int { return a }
`})
	pkgs, err := load.Load(load.Config{Dir: dir, NoTests: true}, "./p", "./q")
	if err != nil {
		t.Fatal(err)
	}
	res, err := gen.Generate(context.Background(), pkgs[0], gen.Config{Engines: []engine.Engine{random.New(), New()}, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Tests) == 0 {
		t.Fatal("no tests")
	}
	cbtMagic := false
	for _, tt := range res.Tests {
		a, xs := tt.In[0].I, tt.In[1]
		if a <= 0 || a == 7 || len(xs.E) >= 3 {
			t.Errorf("test F(%d, %v) breaks the assumptions", a, xs.E)
		}
		cbtMagic = cbtMagic || a == 8
	}
	if !cbtMagic {
		t.Error("no test with a = 8, the solution of a*5 == 40")
	}
	_, err = gen.Generate(context.Background(), pkgs[1], gen.Config{Engines: []engine.Engine{random.New()}})
	if err == nil || !strings.Contains(err.Error(), "q.go:3:21: gozilla:assume: expected operand") {
		t.Errorf("malformed directive: error %v, want one naming q.go:3:21, the expression's end", err)
	}
}

// TestKillsAlone runs the CBT pass with the random pass off on subjects
// and checks mutants that need each part of it: a predicate constraint
// solved over an equality (TRITYP), a modulus class and a path after the
// mutant (Cal's leap years), element stores and symbolic indexes (the
// sorts), a byte of a string (wc).
func TestKillsAlone(t *testing.T) {
	testmod.Long(t)
	tests := []struct {
		subject    string
		line       int
		orig, repl string
	}{
		{"tritype", 49, "i", "(i - 1)"},
		{"cal", 29, "year % 400", "year * 400"},
		{"cal", 30, "m400 != 0", "m400 == 0"},
		{"bubble", 12, "a[j] > a[j+1]", "a[j] < a[j+1]"},
		{"bubble", 14, "a[j] = a[j+1]", ""}, // deleted
		{"insert", 13, "a[j] > x", "a[j] < x"},
		{"wc", 24, `'\t'`, `'\n'`},
	}
	// Each subject's pass runs on these mutants alone (Config.Only):
	// each must be killed by its own system, and the pass costs a
	// fraction of the whole subject's.
	bySubject := map[string]*gen.Result{}
	for _, tt := range tests {
		res := bySubject[tt.subject]
		if res == nil {
			pkg := loadSubject(t, tt.subject)
			set, err := mutate.Generate(pkg, mutate.Options{})
			if err != nil {
				t.Fatal(err)
			}
			only := map[int]bool{}
			for _, m := range set.Mutants {
				for _, want := range tests {
					if want.subject == tt.subject && m.Line == want.line && m.Orig == want.orig && m.Repl == want.repl {
						only[m.ID] = true
					}
				}
			}
			res, err = gen.Generate(context.Background(), pkg, gen.Config{Random: -1, Engines: []engine.Engine{New()}, Workers: 2, Set: set, Only: only})
			if err != nil {
				t.Fatal(err)
			}
			bySubject[tt.subject] = res
		}
		found := false
		for _, m := range res.Set.Mutants {
			if m.Line != tt.line || m.Orig != tt.orig || m.Repl != tt.repl {
				continue
			}
			found = true
			if res.Status[m.ID] != mutate.Killed {
				t.Errorf("%s:%d %s → %s lives: %s\n%s", tt.subject, tt.line, tt.orig, tt.repl, res.Why[m.ID], res.Explain(m.ID))
			}
		}
		if !found {
			t.Errorf("%s:%d: no mutant %s → %s", tt.subject, tt.line, tt.orig, tt.repl)
		}
	}
	for s, res := range bySubject {
		for _, tt := range res.Tests {
			if tt.Pass != "cbt" {
				t.Errorf("%s: test from pass %s", s, tt.Pass)
			}
		}
	}
}

// TestExplain checks the failure information of a mutant left alive: a
// reason, and the system printed clause by clause with each outcome.
func TestExplain(t *testing.T) {
	res, err := gen.Generate(context.Background(), loadSubject(t, "tritype"), gen.Config{Random: -1, Engines: []engine.Engine{New()}, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range res.Set.Mutants {
		// trityp > 3 → trityp > 4: trityp is never 4 there (equivalent).
		if m.Line == 47 && m.Orig == "3" && m.Repl == "4" {
			if res.Status[m.ID] == mutate.Killed {
				t.Fatalf("#%d killed", m.ID)
			}
			if !strings.HasPrefix(res.Why[m.ID], "cbt: ") {
				t.Errorf("why = %q", res.Why[m.ID])
			}
			x := res.Explain(m.ID)
			for _, want := range []string{"constraint system: ", "  1. i > 0 && j > 0 && k > 0", "     → "} {
				if !strings.Contains(x, want) {
					t.Errorf("explanation lacks %q:\n%s", want, x)
				}
			}
			return
		}
	}
	t.Fatal("no mutant 3 → 4 on line 47")
}

// TestExactPass checks the sat pass on a guard domain reduction does not
// solve (a sum of squares): CBT alone leaves the mutant
// behind it alive, the exact pass kills it.
func TestExactPass(t *testing.T) {
	dir := testmod.Write(t, map[string]string{"p/p.go": `package p

func Squares(a, b int32) int {
	if a*a+b*b == 1000001 && a > b && b > 0 {
		return 7
	}
	return 0
}
`})
	pkgs, err := load.Load(load.Config{Dir: dir, NoTests: true}, "./p")
	if err != nil {
		t.Fatal(err)
	}
	seven := func(res *gen.Result) mutate.Status {
		for _, m := range res.Set.Mutants {
			if m.Orig == "7" && m.Repl == "0" {
				return res.Status[m.ID]
			}
		}
		t.Fatal("no mutant 7 → 0")
		return 0
	}
	// The passes run on that mutant alone (Config.Only): the SAT
	// systems of the others cost most of the time otherwise.
	set, err := mutate.Generate(pkgs[0], mutate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	only := map[int]bool{}
	for _, m := range set.Mutants {
		if m.Orig == "7" && m.Repl == "0" {
			only[m.ID] = true
		}
	}
	res, err := gen.Generate(context.Background(), pkgs[0], gen.Config{Random: -1, Engines: []engine.Engine{New()}, Workers: 2, Set: set, Only: only})
	if err != nil {
		t.Fatal(err)
	}
	if seven(res) == mutate.Killed {
		t.Error("domain reduction solved the hash guard: the test no longer shows the exact pass's worth")
	}
	res, err = gen.Generate(context.Background(), pkgs[0], gen.Config{Random: -1, Engines: []engine.Engine{NewExact()}, Workers: 2, Set: set, Only: only})
	if err != nil {
		t.Fatal(err)
	}
	if st := seven(res); st != mutate.Killed {
		t.Errorf("sat pass: 7 → 0 is %v, want killed (%v)", st, res.Why)
	}
	for _, tt := range res.Tests {
		if tt.Pass != "sat" {
			t.Errorf("test from pass %s", tt.Pass)
		}
	}
}

// TestCoverGoals runs CBT alone, with no mutants and no random inputs,
// on units whose branch outcomes and def-use pairs random values would
// not reach: each goal is covered by an input the engine built from its
// system (an if condition true and false, a switch's clauses over an
// integer and a string and its implicit default, a loop condition after
// two iterations, and the def-use pairs through them), and the one pair
// no path has stays open.
func TestCoverGoals(t *testing.T) {
	dir := testmod.Write(t, map[string]string{"p/p.go": `package p

func Magic(x int64, s string) int {
	r := 0
	if x*3 == 123456789 {
		r = 1
	}
	switch s {
	case "hello":
		r += 2
	case "gozilla", "godzilla":
		r += 3
	}
	switch {
	case x > 1000000 && x < 1000010:
		r += 4
	}
	return r
}

func Count(n uint8) int {
	k := 0
	for i := uint8(0); i < n && i < 4; i++ {
		k += int(i)
	}
	if k == 1 {
		return -1
	}
	return k
}
`})
	pkgs, err := load.Load(load.Config{Dir: dir, NoTests: true}, "./p")
	if err != nil {
		t.Fatal(err)
	}
	p := New()
	res, err := gen.Generate(context.Background(), pkgs[0], gen.Config{Random: -1, Engines: []engine.Engine{p}, Ops: map[mutate.Op]bool{}, Cover: true})
	if err != nil {
		t.Fatal(err)
	}
	cov := res.Coverage
	if cov == nil {
		t.Fatal("no coverage")
	}
	for id, b := range cov.Plan.Branches {
		if !cov.Covered.Branches[id] {
			t.Errorf("branch %s %q not covered (why: %s)", b.Pos, b.Label, cov.Why[gen.Goal{Kind: engine.CoverBranch, ID: id}])
		}
	}
	// Magic's r = 1 needs x == 41152263 and r += 4 needs x in
	// (1000000, 1000010): that pair is infeasible. Every other pair of
	// r, k and i is feasible.
	var open []string
	for id, pr := range cov.Plan.Pairs {
		if !cov.Covered.Pairs[id] {
			open = append(open, pr.DefText+" → "+pr.UseText)
			if why := cov.Why[gen.Goal{Kind: engine.CoverPair, ID: id}]; !strings.HasPrefix(why, "cbt: ") {
				t.Errorf("pair %s → %s: why %q, want cbt's", pr.DefText, pr.UseText, why)
			}
			t.Logf("pair %s %s → %s open (why: %s)", pr.Var, pr.DefText, pr.UseText, cov.Why[gen.Goal{Kind: engine.CoverPair, ID: id}])
		}
	}
	if len(open) != 1 || open[0] != "r = 1 → r += 4" {
		t.Errorf("open pairs %q, want only the infeasible r = 1 → r += 4", open)
	}
	for _, tt := range res.Tests {
		if tt.Pass != "cbt" {
			t.Errorf("test %v from %s", tt.In, tt.Pass)
		}
	}
}
