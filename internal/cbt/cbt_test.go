package cbt

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/gen"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/testmod"
)

func loadSubject(t *testing.T, name string) *load.Package {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "..", "testdata", "subjects", name, name+".go"))
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
	res, err := gen.Generate(context.Background(), pkg, gen.Config{Random: -1, Passes: []gen.Pass{p}, Workers: 2})
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
		if m.Func == "Scrambled" && m.Orig == "42" && m.Repl == "0" && res.Status[m.ID] != gen.Killed {
			t.Errorf("Scrambled: mutant #%d 42 → 0 lives (why: %s)", m.ID, p.Why(m.ID))
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
	res, err := gen.Generate(context.Background(), pkgs[0], gen.Config{Random: -1, Passes: []gen.Pass{p}, Run: regexp.MustCompile("Pos")})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, m := range res.Set.Mutants {
		// return x → return abs(x) is equivalent under x > 0: reduction
		// alone finds x < 0 ∧ x > 0 empty.
		if m.Orig == "x" && strings.HasPrefix(m.Repl, "max(") && m.Line == 5 {
			found = true
			if res.Status[m.ID] == gen.Killed {
				t.Errorf("#%d %s killed", m.ID, m.Repl)
			}
			if !strings.Contains(p.Why(m.ID), "detectably unsolvable") {
				t.Errorf("#%d %s: why = %q, want detectably unsolvable", m.ID, m.Repl, p.Why(m.ID))
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
	res, err := gen.Generate(context.Background(), pkgs[0], gen.Config{Passes: []gen.Pass{New()}, Workers: 2})
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
	_, err = gen.Generate(context.Background(), pkgs[1], gen.Config{})
	if err == nil || !strings.Contains(err.Error(), "q.go:3: gozilla:assume:") {
		t.Errorf("malformed directive: error %v, want one naming q.go:3", err)
	}
}
