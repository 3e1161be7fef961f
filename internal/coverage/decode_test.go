package coverage

import (
	"go/ast"
	"reflect"
	"testing"
)

// smallPlan has 3 blocks (block 2 with two statements), 2 branches, 2
// pairs and two functions.
func smallPlan() *Plan {
	return &Plan{
		Funcs: []*Func{
			{Name: "F", Blocks: []int{0, 1}, Stmts: []int{0, 1}, Branches: []int{0, 1}, Pairs: []int{0}},
			{Name: "(*T).M", Blocks: []int{2}, Stmts: []int{2, 3}, Pairs: []int{1}},
		},
		Blocks:   []Block{{Func: 0, NumStmt: 1}, {Func: 0, NumStmt: 1}, {Func: 1, NumStmt: 2}},
		Stmts:    []Stmt{{Func: 0, Probe: 0}, {Func: 0, Probe: 1}, {Func: 1, Probe: 2}, {Func: 1, Probe: 2}},
		Branches: []Branch{{Func: 0}, {Func: 0}},
		Pairs:    []Pair{{Func: 0}, {Func: 1}},
	}
}

func TestDecode(t *testing.T) {
	p := smallPlan()
	for _, c := range []struct {
		name string
		data string
		want Covered
	}{
		{"empty", "", Covered{
			Blocks: []bool{false, false, false}, Stmts: []bool{false, false, false, false},
			Branches: []bool{false, false}, Pairs: []bool{false, false}}},
		{"records", "s2\nb1\np0\n", Covered{
			Blocks: []bool{false, false, true}, Stmts: []bool{false, false, true, true},
			Branches: []bool{false, true}, Pairs: []bool{true, false}}},
		{"schemata lines and junk ignored", "17\nt3\ns0\nsx\ns\nb9\np-1\n\ns1", Covered{
			Blocks: []bool{true, true, false}, Stmts: []bool{true, true, false, false},
			Branches: []bool{false, false}, Pairs: []bool{false, false}}},
		{"errors", "p1\n!use 3 def 0\n", Covered{
			Blocks: []bool{false, false, false}, Stmts: []bool{false, false, false, false},
			Branches: []bool{false, false}, Pairs: []bool{false, true}, Errors: []string{"use 3 def 0"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := p.Decode([]byte(c.data))
			if !reflect.DeepEqual(*got, c.want) {
				t.Errorf("Decode(%q) = %+v, want %+v", c.data, *got, c.want)
			}
		})
	}
}

func TestMergeAndSummary(t *testing.T) {
	p := smallPlan()
	a := p.Decode([]byte("s0\nb0\n"))
	b := p.Decode([]byte("s2\np1\nb0\n"))
	a.Merge(b)
	want := p.Decode([]byte("s0\ns2\nb0\np1\n"))
	if !reflect.DeepEqual(a, want) {
		t.Errorf("Merge = %+v, want %+v", a, want)
	}
	sum := p.Summary(a)
	if len(sum) != 2 {
		t.Fatalf("Summary: %d functions", len(sum))
	}
	for i, w := range []string{
		"stmts 1/2 branches 1/2 pairs 0/1",
		"stmts 2/2 branches 0/0 pairs 1/1",
	} {
		if got := sum[i].String(); got != w {
			t.Errorf("%s: %q, want %q", sum[i].Name, got, w)
		}
	}
	if got := p.Summary(nil)[1].String(); got != "stmts 0/2 branches 0/0 pairs 0/1" {
		t.Errorf("Summary(nil) = %q", got)
	}
}

func TestApply(t *testing.T) {
	for _, c := range []struct {
		src  string
		ins  []Insert
		want string
	}{
		{"abc", nil, "abc"},
		{"abc", []Insert{{Offset: 0, Text: "<"}, {Offset: 3, Text: ">"}}, "<abc>"},
		{"abc", []Insert{{Offset: 1, Text: "1"}, {Offset: 1, Text: "2"}, {Offset: 2, Text: "3"}}, "a12b3c"},
	} {
		if got := string(Apply([]byte(c.src), c.ins)); got != c.want {
			t.Errorf("Apply(%q, %v) = %q, want %q", c.src, c.ins, got, c.want)
		}
	}
}

// TestInsertOrder checks the order of insertions at one offset: closing
// text before opening text, closing innermost first, opening outermost
// first, then by rank, then as added.
func TestInsertOrder(t *testing.T) {
	outer, inner := &ast.Ident{Name: "outer"}, &ast.Ident{Name: "inner"}
	fb := &fileBuilder{depth: map[ast.Node]int{outer: 1, inner: 2}}
	fb.add(5, "(open outer)", startGroup, outer, rankCond)
	fb.add(5, "(close outer)", endGroup, outer, rankProbe)
	fb.add(5, "(open inner use)", startGroup, inner, rankUse)
	fb.add(5, "(close inner)", endGroup, inner, rankUse)
	fb.add(5, "(open inner cond)", startGroup, inner, rankCond)
	fb.add(5, "(open outer 2)", startGroup, outer, rankCond)
	fb.add(1, "(first)", startGroup, inner, rankUse)
	var got []string
	for _, x := range fb.sorted() {
		got = append(got, x.Text)
	}
	want := []string{"(first)", "(close inner)", "(close outer)", "(open outer)", "(open outer 2)", "(open inner cond)", "(open inner use)"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("order = %q, want %q", got, want)
	}
}
