package value

import (
	"go/types"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

const altsSrc = `package p

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"
)

var ErrBad = errors.New("bad")

type Shape interface{ Area() float64 }
type Sq struct{ S float64 }
func (s Sq) Area() float64 { return s.S * s.S }

type Guarded struct {
	mu sync.Mutex
	n  int
}

func Pos(x int) bool { return x > 0 }

var (
	m   map[string]int
	cx  complex64
	r   io.Reader
	w   io.Writer
	st  fmt.Stringer
	e   error
	an  any
	fn  func(int) bool
	ch  <-chan int
	tm  time.Time
	ctx context.Context
	sh  Shape
	g   Guarded
	sp  bufio.SplitFunc
)
`

// altTypes models the variables of altsSrc with alternatives.
func altTypes(t *testing.T) map[string]*Type {
	t.Helper()
	return varTypes(t, altsSrc)
}

// varTypes models the lower-case package-level variables of src.
func varTypes(t *testing.T, src string) map[string]*Type {
	t.Helper()
	pkg := checkPkg(t, src)
	ts := map[string]*Type{}
	for _, name := range pkg.Scope().Names() {
		if v, ok := pkg.Scope().Lookup(name).(*types.Var); ok && name[0] >= 'a' {
			vt, err := Build(v.Type(), &Env{Pkg: pkg}, false)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			ts[name] = vt
		}
	}
	return ts
}

func labels(t *Type) []string {
	var ls []string
	for _, a := range t.Alts {
		ls = append(ls, a.Label)
	}
	return ls
}

func TestBuildAlts(t *testing.T) {
	ts := altTypes(t)
	for _, tt := range []struct {
		name string
		kind Kind
		want []string // labels among the alternatives
		not  []string
	}{
		{"r", Built, []string{"strings.NewReader", "bytes.NewReader", "bytes.Buffer", "failing reader"}, []string{"strings.Builder"}},
		{"w", Built, []string{"bytes.Buffer", "strings.Builder", "gozillaIoWriter"}, []string{"strings.NewReader", "failing reader"}},
		{"st", Built, []string{"bytes.Buffer", "strings.Builder"}, nil},
		{"e", Built, []string{"ErrBad", "errors.New", "wrapped"}, nil},
		{"an", Built, []string{"int", "string", "float64", "bool", "[]int", "map[string]int"}, nil},
		{"fn", Built, []string{"Pos", "const", "positive", "even"}, []string{"identity"}},
		{"ch", Built, []string{"closed"}, nil},
		{"tm", Built, []string{"time.Date"}, nil},
		{"ctx", Built, []string{"context.Background", "cancelled"}, nil},
		{"sh", Built, []string{"Sq"}, nil},
		{"sp", Built, []string{"bufio.ScanLines", "bufio.ScanWords", "bufio.ScanRunes", "bufio.ScanBytes"}, nil}, // its package's functions of the type
		{"m", Map, nil, nil},
		{"cx", Complex, nil, nil},
	} {
		typ := ts[tt.name]
		if typ.Kind != tt.kind {
			t.Errorf("%s: kind %v, want %v", tt.name, typ.Kind, tt.kind)
		}
		for _, l := range tt.want {
			if !slices.Contains(labels(typ), l) {
				t.Errorf("%s: alternatives %v lack %s", tt.name, labels(typ), l)
			}
		}
		for _, l := range tt.not {
			if slices.Contains(labels(typ), l) {
				t.Errorf("%s: alternatives %v hold %s, which does not implement it", tt.name, labels(typ), l)
			}
		}
	}
	if g := ts["g"]; g.Kind != Struct || g.Fields[0].Type.Kind != Opaque {
		t.Errorf("Guarded: %v with a %v mutex, want a struct with an opaque one", g.Kind, g.Fields[0].Type.Kind)
	}
	if !ts["fn"].Unseen || !ts["ch"].Unseen || ts["r"].Unseen {
		t.Error("funcs and channels are unseen, interfaces are not")
	}
	if ts["ctx"].Iface {
		t.Error("a nil context is drawn")
	}
}

func TestLiteralBuilt(t *testing.T) {
	ts := altTypes(t)
	alt := func(name, label string) *Alt {
		for _, a := range ts[name].Alts {
			if a.Label == label {
				return a
			}
		}
		t.Fatalf("%s has no alternative %s", name, label)
		return nil
	}
	for _, tt := range []struct {
		name string
		v    Value
		want string
	}{
		{"r", Value{X: alt("r", "strings.NewReader").Key, E: []Value{{S: "a\n"}}}, `strings.NewReader("a\n")`},
		{"r", Value{Nil: true}, "nil"},
		{"r", Value{X: alt("r", "failing reader").Key, E: []Value{{S: "a b"}}}, `io.MultiReader(strings.NewReader("a b"), iotest.ErrReader(errors.New("read failed")))`},
		{"an", Value{X: alt("an", "float64").Key, E: []Value{FloatValue(2)}}, "float64(2)"},
		{"an", Value{X: alt("an", "int").Key, E: []Value{{I: 3}}}, "3"},
		{"an", Value{X: alt("an", "[]int").Key, E: []Value{{Nil: true}}}, "[]int(nil)"},
		{"fn", Value{X: alt("fn", "const").Key, E: []Value{{I: 1}}}, "func(int) bool { return true }"},
		{"fn", Value{X: alt("fn", "Pos").Key}, "Pos"},
		{"tm", Value{X: alt("tm", "time.Date").Key, E: []Value{{I: 2024}, {I: 2}, {I: 29}, {}, {}, {}, {}}}, "time.Date(2024, 2, 29, 0, 0, 0, 0, time.UTC)"},
		{"tm", Value{Nil: true}, "time.Time{}"},
		{"m", Value{E: []Value{{S: "a"}, {I: 1}, {S: "b"}, {I: 2}}}, `map[string]int{"a": 1, "b": 2}`},
		{"m", Value{Nil: true}, "nil"},
		{"cx", Value{E: []Value{FloatValue(1), FloatValue(math.Inf(1))}}, "complex64(complex(1, math.Inf(1)))"},
		{"g", Value{E: []Value{{Nil: true}, {I: 2}}}, "Guarded{n: 2}"},
	} {
		p := &Printer{}
		if got := p.Literal(ts[tt.name], tt.v); got != tt.want {
			t.Errorf("%s %+v: %s, want %s", tt.name, tt.v, got, tt.want)
		}
	}
}

func TestEqualKinds(t *testing.T) {
	ts := altTypes(t)
	m := ts["m"]
	if Equal(m, Value{Nil: true}, Value{E: []Value{}}) {
		t.Error("nil map equals empty map")
	}
	if Equal(m, Value{E: []Value{{S: "a"}, {I: 1}}}, Value{E: []Value{{S: "a"}, {I: 2}}}) {
		t.Error("maps with different elements are equal")
	}
	fn := ts["fn"]
	if !Equal(fn, Value{}, Value{Nil: true}) {
		t.Error("observed funcs differ (they are never observed)")
	}
	pos := fn.Alts[0].Key
	if Equal(fn, Value{X: pos}, Zero(fn)) {
		t.Error("an input built by an alternative equals the zero func")
	}
	r := ts["r"]
	if !Renderable(r, Value{X: r.Alts[0].Key, E: []Value{{S: "x"}}}) || Renderable(r, Value{X: Unknown + "*os.File"}) {
		t.Error("Renderable")
	}
	if !Cyclic(Value{E: []Value{{E: []Value{{X: Cycle + "2"}}}}}) || Cyclic(Value{E: []Value{{I: 1}}}) {
		t.Error("Cyclic")
	}
}

// TestCompareOrder: the order of map keys, which the harness's _gzCompare
// must give too (same list in harness/rt's kinds_test.go).
func TestCompareOrder(t *testing.T) {
	vs := []Value{{I: -1}, {I: 0}, {E: []Value{{I: 1}}}, {Nil: true}, {X: "k"}, {S: "a"}, {S: "b"}, {U: 1}}
	for i := range vs {
		for j := range vs {
			c := Compare(vs[i], vs[j])
			if (i < j && c >= 0) || (i > j && c <= 0) || (i == j && c != 0) {
				t.Errorf("Compare(%d, %d) = %d", i, j, c)
			}
		}
	}
}

// TestShrinkKinds: shrinking values of the new kinds ends, and random
// values render as literals.
func TestShrinkKinds(t *testing.T) {
	ts := altTypes(t)
	g := &Gen{R: rand.New(rand.NewPCG(3, 4))}
	for name, typ := range ts {
		for n := 0; n < 40; n++ {
			v := g.Random(typ)
			if lit := (&Printer{}).Literal(typ, v); strings.Contains(lit, "/*") {
				t.Errorf("%s: %+v renders as %s", name, v, lit)
			}
			for steps := 0; ; steps++ {
				if steps > 10000 {
					t.Fatalf("%s: shrinking %+v does not end", name, v)
				}
				cs := Shrink(typ, v)
				if len(cs) == 0 {
					break
				}
				if Equal(typ, cs[0], v) && cs[0].X == v.X {
					t.Fatalf("%s: %+v shrinks to itself", name, v)
				}
				v = cs[0]
			}
		}
	}
}

// TestRandomSquare: a slice of slices is drawn square (every row as long
// as the matrix, n ≥ 2) often, which independent lengths almost never do.
func TestRandomSquare(t *testing.T) {
	m := &Type{Kind: Slice, Name: "[][]int", Elem: &Type{Kind: Slice, Name: "[]int", Elem: &Type{Kind: Int, Bits: 64, Name: "int"}}}
	g := &Gen{R: rand.New(rand.NewPCG(5, 6))}
	square := 0
	for i := 0; i < 200; i++ {
		v := g.Random(m)
		ok := len(v.E) >= 2
		for _, row := range v.E {
			ok = ok && !row.Nil && len(row.E) == len(v.E)
		}
		if ok {
			square++
		}
	}
	if square < 30 {
		t.Errorf("%d square matrices of n ≥ 2 in 200 draws, want at least 30", square)
	}
}

// TestAddSequences: a receiver is also built by the package's variables
// of its type, its constructors, and constructors followed by calls of
// its methods.
func TestAddSequences(t *testing.T) {
	const src = `package p

type Stack struct{ items []int; max int }

var Default = Stack{max: 3}

func NewStack(max int) (*Stack, error) { return &Stack{max: max}, nil }

// NewOf is variadic: its operands are spread (NewOf(1, 2), NewOf()).
func NewOf(xs ...int) *Stack { return &Stack{items: xs} }


func (s *Stack) Push(x int) bool { s.items = append(s.items, x); return true }

func (s *Stack) Len() int { return len(s.items) }

// Queries: a builder's call of one changes nothing.
func (s *Stack) IsSuperSet(o *Stack) bool { return len(s.items) >= len(o.items) }

func (s *Stack) AppendTo(buf []int) []int { return append(buf, s.items...) }
`
	pkg := checkPkg(t, src)
	ptr := types.NewPointer(pkg.Scope().Lookup("Stack").Type())
	// The queries, as package unit's analysis finds them.
	pure := func(f *types.Func) bool { return f.Name() == "IsSuperSet" || f.Name() == "AppendTo" }
	env := &Env{Pkg: pkg, Pure: pure}
	vt, err := Build(ptr, env, false)
	if err != nil {
		t.Fatal(err)
	}
	AddSequences(vt, ptr, env)
	// Stack has hidden state: drawn mostly as its users build it.
	if built := builtOf(vt, 9, 200); built < 150 {
		t.Errorf("%d of 200 Stacks drawn built by the package, want at least 150", built)
	}
	for _, l := range []string{"Default", "NewStack", "NewStack.Push", "NewStack.Push.Push", "NewStack.Push.Push.Push", "NewOf"} {
		if !slices.Contains(labels(vt), l) {
			t.Errorf("alternatives %v lack %s", labels(vt), l)
		}
	}
	for _, a := range vt.Alts {
		if a.Label == "NewStack.Push" {
			want := "func() *Stack { s, err := NewStack(2); if err != nil { panic(err) }; s.Push(5); return s }()"
			if got := (&Printer{}).Literal(vt, Value{X: a.Key, E: []Value{{I: 2}, {I: 5}}}); got != want {
				t.Errorf("NewStack.Push renders as %s, want %s", got, want)
			}
			if !a.Small {
				t.Error("a constructor's operands are not drawn small")
			}
		}
		if strings.HasSuffix(a.Label, "*") && strings.Contains(a.Expr, "range $") {
			// A loop over no operands: range nil does not compile.
			got := (&Printer{}).Literal(vt, Value{X: a.Key, E: []Value{{I: 2}, {Nil: true}}})
			if strings.Contains(got, "range nil") || !strings.Contains(got, "range []int{}") {
				t.Errorf("%s over a nil slice renders as %s, want range []int{}", a.Label, got)
			}
		}
		if a.Label == "NewOf" {
			for _, c := range []struct {
				v    Value
				want string
			}{
				{Value{X: a.Key, E: []Value{{E: []Value{{I: 1}, {I: 2}}}}}, "NewOf(1, 2)"},
				{Value{X: a.Key, E: []Value{{Nil: true}}}, "NewOf()"},
			} {
				if got := (&Printer{}).Literal(vt, c.v); got != c.want {
					t.Errorf("NewOf renders as %s, want %s", got, c.want)
				}
			}
		}
		for _, q := range []string{"Len", "IsSuperSet", "AppendTo"} {
			if strings.Contains(a.Label, q) {
				t.Errorf("%s: %s changes nothing: a builder that calls it reads as noise", a.Label, q)
			}
		}
	}
}

// TestWideConstructor: a constructor of six parameters builds its type
// (text/tabwriter's NewWriter(output, minwidth, tabwidth, padding,
// padchar, flags)), and its interface operand is a standard writer a
// test can read back, not nil only.
func TestWideConstructor(t *testing.T) {
	const src = `package p

import "io"

type Table struct {
	out              io.Writer
	minw, tabw, pad  int
	padchar          byte
	flags            uint
}

func NewTable(out io.Writer, minw, tabw, pad int, padchar byte, flags uint) *Table {
	return &Table{out, minw, tabw, pad, padchar, flags}
}
`
	pkg := checkPkg(t, src)
	ptr := types.NewPointer(pkg.Scope().Lookup("Table").Type())
	env := &Env{Pkg: pkg}
	vt, err := Build(ptr, env, false)
	if err != nil {
		t.Fatal(err)
	}
	AddSequences(vt, ptr, env)
	var ctor *Alt
	for _, a := range vt.Alts {
		if a.Label == "NewTable" {
			ctor = a
		}
	}
	if ctor == nil {
		t.Fatalf("alternatives %v lack NewTable", labels(vt))
	}
	if len(ctor.Params) != 6 {
		t.Fatalf("NewTable has %d operands, want 6", len(ctor.Params))
	}
	if out := labels(ctor.Params[0]); !slices.Contains(out, "bytes.Buffer") {
		t.Errorf("NewTable's io.Writer operand has alternatives %v, want bytes.Buffer among them", out)
	}
}

// TestFactoriesAndOperands: a type without a constructor is built from
// what another type of the package hands out (an iterator of a heap,
// the heap built by its constructor); a constructor's func operand is
// never nil; an any holds an int mostly and shrinks to 0, not nil.
func TestFactoriesAndOperands(t *testing.T) {
	const src = `package p

type Heap struct{ xs []any; less func(a, b any) bool }

func Less(a, b any) bool { return a.(int) < b.(int) }

func NewWith(less func(a, b any) bool) *Heap { return &Heap{less: less} }

func (h *Heap) Push(x any) { h.xs = append(h.xs, x) }

type Iterator struct{ h *Heap; i int }

func (h *Heap) Iterator() Iterator { return Iterator{h: h} }

var an any
`
	pkg := checkPkg(t, src)
	env := &Env{Pkg: pkg}
	ptr := types.NewPointer(pkg.Scope().Lookup("Iterator").Type())
	vt, err := Build(ptr, env, false)
	if err != nil {
		t.Fatal(err)
	}
	AddSequences(vt, ptr, env)
	var it *Alt
	for _, a := range vt.Alts {
		if a.Label == "Heap.Iterator" {
			it = a
		}
	}
	if it == nil {
		t.Fatalf("*Iterator: alternatives %v lack Heap.Iterator", labels(vt))
	}
	heap := it.Params[0]
	if !slices.Contains(labels(heap), "NewWith") {
		t.Fatalf("the heap an iterator comes from: alternatives %v lack NewWith", labels(heap))
	}
	g := &Gen{R: rand.New(rand.NewPCG(11, 12))}
	for range 100 {
		v := g.Random(vt)
		if v.Nil {
			t.Fatal("a whole *Iterator drawn nil")
		}
	}
	for _, a := range heap.Alts {
		if a.Label == "NewWith" && a.Params[0].Iface {
			t.Errorf("NewWith's comparator may be drawn nil")
		}
	}
	an := varTypes(t, src)["an"]
	ints := 0
	for range 200 {
		v := g.Random(an)
		if !v.Nil && v.X == an.Alts[0].Key {
			ints++
		}
		if cs := Shrink(an, v); len(cs) > 0 && cs[0].Nil {
			t.Fatalf("an any shrinks to nil first (%+v)", cs[0])
		}
	}
	if ints < 120 {
		t.Errorf("%d of 200 anys drawn as an int, want most", ints)
	}
}

// TestSpreadInFull: a variadic operand's elements are spelled in full
// when spread (&Node{…}, which the slice's own literal elides), and a
// method called on a literal has it in parentheses.
func TestSpreadInFull(t *testing.T) {
	node := &Type{Kind: Struct, Name: "Node", Named: true, Fields: []Field{{"Kind", &Type{Kind: Int, Bits: 64, Name: "int"}}}}
	pn := &Type{Kind: Pointer, Name: "*Node", Elem: node}
	join := &Alt{Key: "j", Expr: "Join($0...)", Params: []*Type{{Kind: Slice, Name: "[]*Node", Elem: pn}}}
	back := &Alt{Key: "b", Expr: "$0.Back()", Params: []*Type{pn}}
	typ := &Type{Kind: Pointer, Name: "*Node", Elem: node, Alts: []*Alt{join, back}}
	kid := Value{E: []Value{{E: []Value{{I: 8}}}}}
	for _, tt := range []struct {
		v    Value
		want string
	}{
		{Value{X: "j", E: []Value{{E: []Value{kid, {Nil: true}}}}}, "Join(&Node{Kind: 8}, nil)"},
		{Value{X: "j", E: []Value{{Nil: true}}}, "Join()"},
		// A method of a literal: the literal in parentheses.
		{Value{X: "b", E: []Value{kid}}, "(&Node{Kind: 8}).Back()"},
	} {
		if got := (&Printer{}).Literal(typ, tt.v); got != tt.want {
			t.Errorf("%s, want %s", got, tt.want)
		}
	}
}

// TestGenericConstructors: a generic function whose result gives its type
// parameters builds the instances it returns, its call spelled with the
// type arguments; one whose constraint the argument does not satisfy,
// or whose parameters the result does not give, does not.
func TestGenericConstructors(t *testing.T) {
	const src = `package p

import "cmp"

type Tree[T any] struct{ xs []T; less func(a, b T) bool }

func NewTree[T any](less func(a, b T) bool) *Tree[T] { return &Tree[T]{less: less} }

func NewOrdered[T cmp.Ordered]() *Tree[T] { return &Tree[T]{less: func(a, b T) bool { return a < b }} }

func Convert[T, U any](t *Tree[T]) *Tree[U] { return nil }

func (t *Tree[T]) Insert(x T) { t.xs = append(t.xs, x) }

func (t *Tree[T]) Ascend(fn func(T) bool) {}

type Item interface{ Less(Item) bool }

type Int int

func (a Int) Less(b Item) bool { return a < b.(Int) }

type LessFunc[T any] func(a, b T) bool

func Less[T cmp.Ordered]() LessFunc[T] { return func(a, b T) bool { return a < b } }

var itemLess LessFunc[Item] = func(a, b Item) bool { return a.Less(b) }

var lessInt LessFunc[int]
var lessItem LessFunc[Item]

var ti *Tree[int]
var titem *Tree[Item]
`
	pkg := checkPkg(t, src)
	env := &Env{Pkg: pkg}
	for _, c := range []struct {
		v          string
		want, lack []string
	}{
		{"ti", []string{"NewOrdered[int]()", "NewTree[int]("}, []string{"Convert"}},
		{"titem", []string{"NewTree[Item]("}, []string{"NewOrdered", "Convert"}},
	} {
		typ := pkg.Scope().Lookup(c.v).Type()
		vt, err := Build(typ, env, false)
		if err != nil {
			t.Fatal(err)
		}
		AddSequences(vt, typ, env)
		var exprs []string
		for _, a := range vt.Alts {
			exprs = append(exprs, a.Expr)
		}
		all := strings.Join(exprs, "\n")
		for _, w := range c.want {
			if !strings.Contains(all, w) {
				t.Errorf("%s: no alternative calls %s; have\n%s", c.v, w, all)
			}
		}
		for _, l := range c.lack {
			if strings.Contains(all, l) {
				t.Errorf("%s: an alternative calls %s; have\n%s", c.v, l, all)
			}
		}
		if !strings.Contains(all, ".Insert(") || strings.Contains(all, ".Ascend(") {
			t.Errorf("%s: no sequence inserts, or one calls a visitor; have\n%s", c.v, all)
		}
	}
	// What a sequence puts in a container is never nil where the package
	// implements its interface: Insert(Int(0)), not Insert(nil).
	typ := pkg.Scope().Lookup("titem").Type()
	vt, _ := Build(typ, env, false)
	AddSequences(vt, typ, env)
	for _, a := range vt.Alts {
		if strings.Contains(a.Expr, ".Insert(") {
			p := a.Params[len(a.Params)-1]
			if strings.Contains(a.Expr, "range") {
				p = p.Elem // the items of a range sequence
			}
			if p.Iface || len(p.Alts) == 0 || p.Alts[0].Label != "Int" {
				t.Errorf("%s: the item inserted may be nil, or has alternatives %v", a.Expr, labels(p))
			}
		}
	}
	// Containers of more than three items: a range over the operands.
	if !slices.ContainsFunc(vt.Alts, func(a *Alt) bool { return strings.Contains(a.Expr, "for _, x := range $1 { t.Insert(x) }") }) {
		t.Errorf("no sequence fills the tree over a slice; have %v", labels(vt))
	}
	// Func values: the package's variables of the type, and its
	// functions that hand one out (generic ones instantiated).
	for v, want := range map[string]string{"lessInt": "Less[int]()", "lessItem": "itemLess"} {
		vt := varTypes(t, src)[v]
		if vt == nil || len(vt.Alts) == 0 || vt.Alts[0].Expr != want {
			t.Errorf("%s: first alternative %v, want %s", v, labels(vt), want)
		}
	}
}

// TestDerefAlternatives: a struct of the package taken by value (a value
// receiver) whose constructors return a pointer is built by them, the
// pointer's value copied — never only spelled from its unexported fields,
// which reaches states no constructor makes (semver's Constraints with a
// containsPre shorter than its constraints).
func TestDerefAlternatives(t *testing.T) {
	const src = `package p

import "errors"

type Set struct{ items []int; sorted []bool }

func Parse(s string) (*Set, error) {
	if s == "" {
		return nil, errors.New("empty")
	}
	return &Set{items: []int{len(s)}, sorted: []bool{true}}, nil
}

func New(n int) *Set { return &Set{items: make([]int, n), sorted: make([]bool, n)} }

func (s *Set) Add(x int) { s.items = append(s.items, x); s.sorted = append(s.sorted, false) }

func (s Set) Len() int { return len(s.items) }
`
	pkg := checkPkg(t, src)
	typ := pkg.Scope().Lookup("Set").Type()
	env := &Env{Pkg: pkg}
	vt, err := Build(typ, env, false)
	if err != nil {
		t.Fatal(err)
	}
	AddSequences(vt, typ, env)
	var exprs []string
	for _, a := range vt.Alts {
		exprs = append(exprs, a.Expr)
	}
	for _, want := range []string{
		"*New($0)",
		"func() Set { s, err := Parse($0); if err != nil { panic(err) }; return *s }()",
		"func() Set { s := New($0); s.Add($1); return *s }()",
	} {
		if !slices.Contains(exprs, want) {
			t.Errorf("no alternative %q; have:\n%s", want, strings.Join(exprs, "\n"))
		}
	}
	for _, a := range vt.Alts {
		if a.Seq == nil {
			t.Errorf("alternative %q has no SeqInfo (shrinking drops its calls by it)", a.Expr)
		}
	}
	// The alternatives are drawn mostly: the type has hidden state.
	if built := builtOf(vt, 3, 100); built < 70 {
		t.Errorf("%d of 100 values built by an alternative, want most", built)
	}
}

// builtOf returns how many of n values of vt drawn with seed an
// alternative builds.
func builtOf(vt *Type, seed uint64, n int) int {
	g := &Gen{R: rand.New(rand.NewPCG(seed, seed+1))}
	built := 0
	for range n {
		if g.Random(vt).X != "" {
			built++
		}
	}
	return built
}

// TestInterfaceConstructors: an interface of the package whose
// implementations are unexported is built as its users get one, by the
// package's functions that return it (generic ones instantiated), each
// of them: a method that asserts one implementation wants that one.
func TestInterfaceConstructors(t *testing.T) {
	const src = `package p

type Set[T comparable] interface{ Len() int; Has(T) bool }

type safe[T comparable] struct{ m map[T]bool }

func (s *safe[T]) Len() int    { return len(s.m) }
func (s *safe[T]) Has(x T) bool { return s.m[x] }

type unsafe[T comparable] map[T]bool

func (s unsafe[T]) Len() int    { return len(s) }
func (s unsafe[T]) Has(x T) bool { return s[x] }

func NewSet[T comparable](xs ...T) Set[T] { return &safe[T]{m: map[T]bool{}} }

func NewUnsafe[T comparable](xs ...T) Set[T] { return unsafe[T]{} }

func NewSized[T comparable](n int) Set[T] { return unsafe[T]{} }
`
	pkg := checkPkg(t, src)
	gen := pkg.Scope().Lookup("Set").Type().(*types.Named)
	inst, err := types.Instantiate(nil, gen, []types.Type{types.Typ[types.String]}, true)
	if err != nil {
		t.Fatal(err)
	}
	vt, err := Build(inst, &Env{Pkg: pkg}, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{"NewSet", "NewUnsafe", "NewSized"} {
		if !slices.Contains(labels(vt), l) {
			t.Errorf("alternatives %v lack %s", labels(vt), l)
		}
	}
	for _, a := range vt.Alts {
		if a.Label == "NewSized" && a.Expr != "NewSized[string]($0)" {
			t.Errorf("NewSized's expression %q, want NewSized[string]($0)", a.Expr)
		}
	}
}

// TestProducedDrawnFirst: a field the package says how to build
// (Produced) is drawn through its producers mostly, a literal now and
// then; one it does not, half and half.
func TestProducedDrawnFirst(t *testing.T) {
	str := &Type{Kind: String, Name: "string"}
	alt := &Alt{Key: "k", Label: "SplitLines", Expr: "SplitLines($0)", Of: "[]string", Params: []*Type{str}}
	for _, tt := range []struct {
		produced bool
		lo, hi   int // alternatives drawn of 400
	}{
		{true, 300, 390},
		{false, 150, 250},
	} {
		typ := &Type{Kind: Slice, Name: "[]string", Elem: str, Alts: []*Alt{alt}, Produced: tt.produced}
		g := &Gen{R: rand.New(rand.NewPCG(1, 2))}
		n := 0
		for range 400 {
			if v := g.Random(typ); v.X == "k" {
				n++
			}
		}
		if n < tt.lo || n > tt.hi {
			t.Errorf("produced %v: %d of 400 draws through the producer, want %d to %d", tt.produced, n, tt.lo, tt.hi)
		}
	}
}

// TestGenericFactories: a generic type without a constructor is built
// from what the package's generic types hand out, instantiated as it is
// (golang-set's *Iterator[int] from a Set[int] that NewSet builds, the
// interface's method on the values its functions return).
func TestGenericFactories(t *testing.T) {
	const src = `package p

type Set[T comparable] interface {
	Add(x T) bool
	Iterator() *Iterator[T]
}

type set[T comparable] map[T]struct{}

func NewSet[T comparable](xs ...T) Set[T] {
	s := set[T]{}
	for _, x := range xs {
		s[x] = struct{}{}
	}
	return s
}

func (s set[T]) Add(x T) bool { s[x] = struct{}{}; return true }

func (s set[T]) Iterator() *Iterator[T] { return &Iterator[T]{n: len(s)} }

type Iterator[T comparable] struct{ n int }
`
	pkg := checkPkg(t, src)
	env := &Env{Pkg: pkg}
	it := pkg.Scope().Lookup("Iterator").Type()
	inst, err := types.Instantiate(nil, it, []types.Type{types.Typ[types.Int]}, true)
	if err != nil {
		t.Fatal(err)
	}
	ptr := types.NewPointer(inst)
	vt, err := Build(ptr, env, false)
	if err != nil {
		t.Fatal(err)
	}
	AddSequences(vt, ptr, env)
	var got []string
	for _, a := range vt.Alts {
		got = append(got, a.Label)
	}
	if !slices.Contains(got, "Set.Iterator") && !slices.Contains(got, "set.Iterator") {
		t.Fatalf("*Iterator[int]: alternatives %v, want one from Set[int].Iterator()", got)
	}
}
