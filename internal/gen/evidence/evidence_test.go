package evidence

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/analysis"
	"github.com/gozilla/gozilla/internal/engine"
	"github.com/gozilla/gozilla/internal/equiv"

	"github.com/gozilla/gozilla/internal/gen"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/testmod"
	"github.com/gozilla/gozilla/internal/value"
)

const discount = `package shop

// Discount is the percentage taken off an order of qty items.
func Discount(qty int) int {
	switch {
	case qty >= 100:
		return 15
	case qty >= 10:
		return 5
	}
	return 0
}

// Same returns x: its mutant x + 0 cannot be told apart.
func Same(x int) int { return x }
`

// shop loads the package of discount, with its mutants of ops (nil:
// every operator).
func shop(t *testing.T, ops map[mutate.Op]bool) (*load.Package, *mutate.Set) {
	t.Helper()
	dir := testmod.Write(t, map[string]string{"shop/shop.go": discount})
	pkgs, err := load.Load(load.Config{Dir: dir, NoTests: true}, "./shop")
	if err != nil {
		t.Fatal(err)
	}
	set, err := mutate.Generate(pkgs[0], mutate.Options{Ops: ops})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs[0], set
}

// TestFind: the engines find, for the mutants asked about and no
// others, an input that kills each, with the row that kills it; a seed
// (the prover's input) is tried first and kept as its pass.
func TestFind(t *testing.T) {
	pkg, set := shop(t, map[mutate.Op]bool{mutate.ROR: true, mutate.RSR: true})
	find := func(orig, repl string) *mutate.Mutant {
		for _, m := range set.Mutants {
			if m.Orig == orig && m.Repl == repl {
				return m
			}
		}
		t.Fatalf("no mutant %s -> %s", orig, repl)
		return nil
	}
	boundary := find("qty >= 100", "qty > 100") // only qty == 100 kills it
	ret := find("return 15", "return 0")
	other := find("qty >= 10", "qty > 10") // not asked about
	seed := gen.Seed{Unit: "Discount", In: []value.Value{{I: 100}}, Pass: "equiv"}
	found, err := Find(context.Background(), pkg, set, []int{boundary.ID, ret.ID}, Config{Seeds: []gen.Seed{seed}})
	if err != nil {
		t.Fatal(err)
	}
	b, ok := found[boundary.ID]
	if !ok {
		t.Fatalf("no input kills %s -> %s: %v", boundary.Orig, boundary.Repl, found)
	}
	if b.Input != "qty=100" || b.Pass != "equiv" || b.Test != "TestGozillaDiscount" || b.Name == "" {
		t.Errorf("boundary mutant: %+v, want the seed qty=100 as pass equiv in TestGozillaDiscount", b)
	}
	if !strings.HasPrefix(b.Row, "{") || !strings.Contains(b.Row, "qty: 100") || !strings.Contains(b.Row, "want: 15") {
		t.Errorf("boundary mutant's row %q is not the table row with qty 100 and its result 15", b.Row)
	}
	if r, ok := found[ret.ID]; !ok || !strings.Contains(r.Row, "want: 15") {
		t.Errorf("return 15 -> return 0: %+v, want a row that expects 15", r)
	}
	if _, ok := found[other.ID]; ok {
		t.Errorf("mutant %d was not asked about, yet found", other.ID)
	}
}

func TestDedent(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"{a: 1}", "{a: 1}"},
		{"{\n\t\t\ta: 1,\n\t\t}", "{\n\ta: 1,\n}"},
	} {
		if got := dedent(tt.in); got != tt.want {
			t.Errorf("dedent(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestFindPreset: given the prover's verdicts (score has them), the
// search finds the same rows as when its equiv engine proves again.
func TestFindPreset(t *testing.T) {
	pkg, set := shop(t, nil)
	var ids []int
	for _, m := range set.Mutants {
		ids = append(ids, m.ID)
	}
	rep, err := equiv.Analyze(context.Background(), analysis.New(pkg, set, nil), set, equiv.Config{})
	if err != nil {
		t.Fatal(err)
	}
	alone, err := Find(context.Background(), pkg, set, ids, Config{})
	if err != nil {
		t.Fatal(err)
	}
	preset, err := Find(context.Background(), pkg, set, ids, Config{Verdicts: rep.Verdicts})
	if err != nil {
		t.Fatal(err)
	}
	if len(alone) == 0 {
		t.Fatal("no mutant found killable")
	}
	if !reflect.DeepEqual(alone, preset) {
		t.Errorf("with the prover's verdicts given, found %d mutants killable, %d without; they differ", len(preset), len(alone))
	}
}

// TestPresetUsed: the equiv engine answers from the verdicts it is
// given, without proving again: a verdict given as Equivalent (here a
// false one, to tell) is what gen reports for a mutant that only the
// prover's input (qty=100) would kill.
func TestPresetUsed(t *testing.T) {
	pkg, set := shop(t, map[mutate.Op]bool{mutate.ROR: true})
	var boundary *mutate.Mutant
	for _, m := range set.Mutants {
		if m.Orig == "qty >= 100" && m.Repl == "qty > 100" {
			boundary = m
		}
	}
	if boundary == nil {
		t.Fatal("no mutant qty >= 100 → qty > 100")
	}
	eq := equiv.NewEngine()
	eq.Preset(map[int]*equiv.Verdict{boundary.ID: {ID: boundary.ID, Status: mutate.Equivalent, Reason: "given"}})
	res, err := gen.Generate(context.Background(), pkg, gen.Config{Dir: pkg.Dir, Set: set, Only: map[int]bool{boundary.ID: true},
		Engines: []engine.Engine{eq}, Random: 1, Patience: 1, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Status[boundary.ID]; got != mutate.Equivalent {
		t.Errorf("mutant %d is %v, want the given verdict, equivalent", boundary.ID, got)
	}
}
