package emit

import (
	"testing"

	"github.com/gozilla/gozilla/internal/gen"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/unit"
)

// TestCommentOwnFunction: a row's comment names the mutants of its own
// function it is credited with, and says it kills those of the
// functions it calls without naming them (their credit moves when those
// functions' tests change; the comment does not).
func TestCommentOwnFunction(t *testing.T) {
	ms := []*mutate.Mutant{
		{ID: 1, Func: "ParseLimit", FuncLine: 10, Line: 11, Op: mutate.CSR, Orig: "s", Repl: `""`},
		{ID: 2, Func: "NewLimiter", FuncLine: 20, Line: 22, Op: mutate.ROR, Orig: "maxKeys < 1", Repl: "maxKeys <= 1"},
		{ID: 3, Func: "NewLimiter", FuncLine: 20, Line: 22, Op: mutate.ROR, Orig: "maxKeys < 1", Repl: "true"},
		{ID: 4, Func: "NewLimiter", FuncLine: 20, Line: 23, Op: mutate.SDL, Orig: "return x", Repl: ""},
		{ID: 5, Func: "(*Bucket).refill", FuncLine: 30, Line: 31, Op: mutate.UOI, Orig: "d", Repl: "(d - 1)"},
	}
	e := &emitter{res: &gen.Result{Set: &mutate.Set{Mutants: ms}}}
	u := &unit.Unit{Name: "NewLimiter"}
	for _, tt := range []struct {
		credit []int
		want   string
	}{
		{[]int{1, 2, 3, 4, 5}, "// kills ROR maxKeys < 1 → maxKeys <= 1 (NewLimiter:3), ROR maxKeys < 1 → true (NewLimiter:3), and 1 more, and mutants of the functions it calls\n"},
		{[]int{2}, "// kills ROR maxKeys < 1 → maxKeys <= 1 (NewLimiter:3)\n"},
		{[]int{1, 5}, "// kills mutants of the functions it calls\n"},
	} {
		if got := e.comment(&gen.Test{Unit: u, Credit: tt.credit}); got != tt.want {
			t.Errorf("credit %v: comment\n%q, want\n%q", tt.credit, got, tt.want)
		}
	}
}
