package emit

import (
	"math"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/gen"
	"github.com/gozilla/gozilla/internal/testmod"
	"github.com/gozilla/gozilla/internal/unit"
	"github.com/gozilla/gozilla/internal/value"
)

// TestCaseName checks that a row's name reads as the row: values as the
// row's literals spell them, an input left out for room said so, a float
// never shown as another value.
func TestCaseName(t *testing.T) {
	i64 := &value.Type{Kind: value.Int, Bits: 64, Name: "int"}
	u64 := &value.Type{Kind: value.Uint, Bits: 64, Name: "uint64"}
	f64 := &value.Type{Kind: value.Float, Bits: 64, Name: "float64"}
	str := &value.Type{Kind: value.String, Name: "string"}
	seq := &value.Type{Kind: value.Pointer, Name: "*Tree", Alts: []*value.Alt{{Key: "s", Label: "New.ReplaceOrInsert.ReplaceOrInsert.ReplaceOrInsert",
		Expr: "func() *Tree { t := New($0); t.ReplaceOrInsert($1); t.ReplaceOrInsert($2); t.ReplaceOrInsert($3); return t }()", Params: []*value.Type{i64, i64, i64, i64}}}}
	push := &value.Type{Kind: value.Pointer, Name: "*Stack", Alts: []*value.Alt{{Key: "p", Label: "New.Push",
		Expr: "func() *Stack { s := New($0); s.Push($1); return s }()", Params: []*value.Type{str, str}}}}
	tests := []struct {
		name  string
		types []*value.Type
		in    []value.Value
		names []string
		want  string
	}{
		{"small", []*value.Type{i64, i64}, []value.Value{{I: 1}, {}}, []string{"qty", "n"}, "qty=1"},
		{"MaxInt64 as the row spells it", []*value.Type{i64}, []value.Value{{I: math.MaxInt64}}, []string{"x"}, "x=MaxInt64"},
		{"MinInt64+1", []*value.Type{i64}, []value.Value{{I: math.MinInt64 + 1}}, []string{"x"}, "x=MinInt64+1"},
		{"MaxUint64-2", []*value.Type{u64}, []value.Value{{U: math.MaxUint64 - 2}}, []string{"u"}, "u=MaxUint64-2"},
		{"exact float", []*value.Type{f64}, []value.Value{value.FloatValue(0.1)}, []string{"f"}, "f=0.1"},
		{"float shortened", []*value.Type{f64}, []value.Value{value.FloatValue(math.E)}, []string{"f"}, "f=~2.718"},
		{"π by its name", []*value.Type{f64}, []value.Value{value.FloatValue(-math.Pi / 2)}, []string{"f"}, "f=-π/2"},
		{"input left out for room", []*value.Type{str, i64}, []value.Value{{S: "abcdefghijkl"}, {I: 7}},
			[]string{strings.Repeat("s", 30), strings.Repeat("n", 20)}, strings.Repeat("s", 30) + "=abcdefghijkl,…"},
		{"all zero", []*value.Type{i64}, []value.Value{{}}, []string{"n"}, "n=0"},
		{"a long sequence by its constructor", []*value.Type{seq}, []value.Value{{X: "s", E: []value.Value{{I: 2}, {I: 1}, {I: 2}, {I: 3}}}},
			[]string{"t"}, "t=New…"},
		{"a sequence without its operands", []*value.Type{push, i64}, []value.Value{{X: "p", E: []value.Value{{S: value.Str(strings.Repeat("a", 40))}, {S: "b"}}}, {I: 1}},
			[]string{strings.Repeat("s", 25), "n"}, strings.Repeat("s", 25) + "=New.Push,n=1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := caseName(tt.types, tt.in, tt.names); got != tt.want {
				t.Errorf("caseName = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestUniqueName checks that a second row of one name gets a suffix
// that cannot read as part of its last value ("qty=12" for qty 1).
func TestUniqueName(t *testing.T) {
	used := map[string]bool{}
	var got []string
	for _, n := range []string{"qty=1", "qty=1", "qty=12", "qty=1"} {
		got = append(got, uniqueName(n, used))
	}
	want := []string{"qty=1", "qty=1#2", "qty=12", "qty=1#3"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("names %q, want %q", got, want)
	}
}

// TestNeedsNote checks the comment line that says which mutant needs a
// value outside the plain set: only a mutant the row is credited with.
func TestNeedsNote(t *testing.T) {
	dir := testmod.Write(t, map[string]string{"lib/lib.go": libSrc})
	res := result(t, dir, nil)
	var u *unit.Unit
	for _, x := range res.Units {
		if x.Name == "Must" {
			u = x
		}
	}
	var id int
	for _, m := range res.Set.Mutants {
		if m.Func == "Must" {
			id = m.ID
			break
		}
	}
	if u == nil || id == 0 {
		t.Fatal("no unit Must, or no mutant of it")
	}
	m := res.Set.Mutants[id-1]
	e := &emitter{res: res}
	tests := []struct {
		name   string
		in     value.Value
		needs  map[int][]int
		credit []int
		want   string
	}{
		{"a bound a credited mutant needs", value.Value{I: math.MaxInt64}, map[int][]int{0: {id}}, []int{id},
			"// x is a bound of int for " + m.Op.String() + " "},
		{"beyond 32 bits", value.Value{I: 1 << 40}, map[int][]int{0: {id}}, []int{id}, "// x is beyond 32 bits for " + m.Op.String() + " "},
		{"needed by a mutant credited elsewhere", value.Value{I: math.MaxInt64}, map[int][]int{0: {id}}, nil, ""},
		{"plain", value.Value{I: 7}, map[int][]int{0: {id}}, []int{id}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := e.needsNote(&gen.Test{Unit: u, In: []value.Value{tt.in}, Needs: tt.needs, Credit: tt.credit})
			if tt.want == "" && got != "" || !strings.HasPrefix(got, tt.want) {
				t.Errorf("note %q, want %q…", got, tt.want)
			}
		})
	}
}
