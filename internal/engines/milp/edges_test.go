package milp

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

const edgeSrc = `package p

func IfElse(a bool) int {
	x := 0
	if a {
		x = 1
	} else {
		x = 2
	}
	return x
}

func IfOnly(a bool) int {
	x := 0
	if a {
		x = 1
	}
	return x
}

func Loop(n int) int {
	s := 0
	for i := 0; i < n; i++ {
		s += i
	}
	return s
}

func Two(a, b int) int {
	r := 0
	if a > 0 {
		r++
	}
	if b > 0 {
		r += 2
	}
	return r
}

func Short(a, b, c int) int {
	if a > 0 && (b > 0 || c > 0) {
		return 1
	}
	switch {
	case a < -5:
		return 2
	case b == 3:
		return 3
	}
	return 0
}

func Tri(a, b, c int) int {
	if a <= 0 || b <= 0 || c <= 0 {
		return 4
	}
	t := 0
	if a == b {
		t++
	}
	if a == c {
		t += 2
	}
	if b == c {
		t += 3
	}
	if t == 0 {
		if a+b <= c || b+c <= a || a+c <= b {
			return 4
		}
		return 1
	}
	if t > 3 {
		return 3
	}
	return 2
}
`

func buildSSA(t *testing.T, src string) *ssa.Package {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg := types.NewPackage("p", "p")
	sp, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default()}, fset, pkg, []*ast.File{f}, ssa.BuilderMode(0))
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

// pathImplies enumerates the entry-to-exit paths of an acyclic
// function: x implies e when every path that takes x takes e.
func pathImplies(a *Arcs, fn *ssa.Function) [][]bool {
	n := len(a.Edges)
	imp := make([][]bool, n)
	for i := range imp {
		imp[i] = make([]bool, n)
		for j := range imp[i] {
			imp[i][j] = true
		}
	}
	var path []int
	var walk func(b *ssa.BasicBlock)
	walk = func(b *ssa.BasicBlock) {
		if len(b.Succs) == 0 {
			on := make([]bool, n)
			for _, e := range path {
				on[e] = true
			}
			for _, x := range path {
				for e := 0; e < n; e++ {
					if !on[e] {
						imp[x][e] = false
					}
				}
			}
			return
		}
		for i := range b.Succs {
			path = append(path, a.Index(Edge{b, i}))
			walk(b.Succs[i])
			path = path[:len(path)-1]
		}
	}
	walk(fn.Blocks[0])
	return imp
}

func TestUnconstrained(t *testing.T) {
	pkg := buildSSA(t, edgeSrc)
	for _, tc := range []struct {
		name    string
		acyclic bool
		want    int // unconstrained edges (hand-counted)
	}{
		{"IfElse", true, 2}, // one per way
		{"IfOnly", true, 2}, // the then edge and the skip
		{"Loop", false, 1},  // an iteration implies entering and leaving
		{"Two", true, 4},    // each way of each if, independent
		{"Short", true, 0},  // checked by enumeration only
		{"Tri", true, 0},    // checked by enumeration only
	} {
		t.Run(tc.name, func(t *testing.T) {
			fn := pkg.Func(tc.name)
			a := Analyse(fn)
			if tc.want > 0 && len(a.Unconstrained) != tc.want {
				t.Errorf("%d unconstrained of %d edges, want %d", len(a.Unconstrained), len(a.Edges), tc.want)
			}
			// Every edge is implied by an unconstrained one, and none of
			// these by another.
			for e := range a.Edges {
				if len(a.Covering(e)) == 0 {
					t.Errorf("edge %d (%s → %s) is implied by no unconstrained edge", e, a.Edges[e].From, a.Edges[e].To())
				}
			}
			for _, u := range a.Unconstrained {
				for _, v := range a.Unconstrained {
					if u != v && a.Implies(u, v) {
						t.Errorf("unconstrained edge %d implies unconstrained edge %d", u, v)
					}
				}
			}
			if !tc.acyclic {
				return
			}
			imp := pathImplies(a, fn)
			for x := range a.Edges {
				for e := range a.Edges {
					if imp[x][e] != a.Implies(x, e) {
						t.Errorf("edge %d implies edge %d: by paths %v, by dominators %v", x, e, imp[x][e], a.Implies(x, e))
					}
				}
			}
			// Minimal: the unconstrained edges are the classes no other
			// edge implies, counted from the enumeration.
			classes := 0
			for e := range a.Edges {
				top, rep := true, true
				for x := range a.Edges {
					if x != e && imp[x][e] {
						if !imp[e][x] {
							top = false
						} else if x < e {
							rep = false
						}
					}
				}
				if top && rep {
					classes++
				}
			}
			if classes != len(a.Unconstrained) {
				t.Errorf("%d unconstrained edges, the enumeration finds %d", len(a.Unconstrained), classes)
			}
		})
	}
}
