package unit

import (
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/testmod"
)

const genericSrc = `package p

import (
	"cmp"
	"unsafe"
)

func Max[T cmp.Ordered](a, b T) T {
	if a > b {
		return a
	}
	return b
}

func First[T any](xs []T) T           { return xs[0] }
func Zero[T any](n int) T             { var z T; return z }
func Conv[From ~int, To ~int64](x From) To { return To(x) }
func Index[T comparable](xs []T, x T) int {
	for i, y := range xs {
		if y == x {
			return i
		}
	}
	return -1
}
func Last[S ~[]E, E any](s S) E       { return s[len(s)-1] }
func Grow[E any, S ~[]E](s S, e E) S  { return append(s, e) }
func Half[T ~int32 | ~int64](x T) T   { return x / 2 }
func Sum[T ~int | ~float64](xs ...T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

type Stack[T any] struct{ items []T }

func (s *Stack[T]) Push(x T)  { s.items = append(s.items, x) }
func (s *Stack[T]) Len() int  { return len(s.items) }

type Pair[K comparable, V any] struct {
	k K
	v V
}

func (p Pair[K, V]) Key() K { return p.k }

type List[T any] struct {
	v    T
	next *List[T]
}

func (l *List[T]) Count() int {
	n := 0
	for ; l != nil; l = l.next {
		n++
	}
	return n
}

func Top(s Stack[int]) int { return len(s.items) }

type Stringish interface {
	~int
	String() string
}

func Show[T interface{ ~int; String() string }](x T) string { return x.String() }
func Two[A any, B Stringish](a A, b B) int                   { return 0 }
func Cyclic[A ~[]B, B ~[]A](a A) int                          { return len(a) }

func Raw[T any](p unsafe.Pointer, x T) T { return x }

// Pos returns x.
//
//gozilla:assume x > 0
func Pos[T ~int](x T) T { return x }
`

// usesSrc instantiates its generic code itself: those instances come
// first, the most frequent first, unless they need an import.
const usesSrc = `package q

import "time"

func Ident[T any](x T) T { return x }

var n = Ident(1)

func use() string { return Ident("a") + Ident[string]("b") }

type Box[T any] struct{ v T }

func (b Box[T]) Get() T { return b.v }

var (
	d1 = Box[time.Duration]{}
	d2 = Box[time.Duration]{}
	d3 = Box[time.Duration]{}
	s1 = Box[string]{}
)

func Wrap[T any](x T) Box[T] { return Box[T]{x} }
`

func findSrc(t *testing.T, src string) map[string]*Unit {
	t.Helper()
	dir := testmod.Write(t, map[string]string{"p/p.go": src})
	pkgs, err := load.Load(load.Config{Dir: dir}, "./p")
	if err != nil {
		t.Fatal(err)
	}
	units := map[string]*Unit{}
	for _, u := range Find(pkgs[0], nil) {
		units[u.Name] = u
	}
	return units
}

func TestGeneric(t *testing.T) {
	tests := []struct {
		src      string
		name     string
		expr     string // "" when skipped
		typeArgs string
		call     string   // CallTypeArgs
		inputs   []string // value type names of the inputs, receiver first
		skip     string   // the skip reason, exactly
	}{
		{src: genericSrc, name: "Max", expr: "Max[int]", typeArgs: "[int]", inputs: []string{"int", "int"}},
		{src: genericSrc, name: "First", expr: "First[int]", typeArgs: "[int]", inputs: []string{"[]int"}},
		// T is only in the result: the call must spell it.
		{src: genericSrc, name: "Zero", expr: "Zero[int]", typeArgs: "[int]", call: "[int]", inputs: []string{"int"}},
		// To ~int64 takes a term of its constraint; it is not inferred.
		{src: genericSrc, name: "Conv", expr: "Conv[int, int64]", typeArgs: "[int, int64]", call: "[int, int64]", inputs: []string{"int"}},
		{src: genericSrc, name: "Index", expr: "Index[int]", typeArgs: "[int]", inputs: []string{"[]int", "int"}},
		// ~[]E: S is built from E's candidate; E is inferred from S's core type.
		{src: genericSrc, name: "Last", expr: "Last[[]int, int]", typeArgs: "[[]int, int]", inputs: []string{"[]int"}},
		{src: genericSrc, name: "Grow", expr: "Grow[int, []int]", typeArgs: "[int, []int]", inputs: []string{"[]int", "int"}},
		{src: genericSrc, name: "Half", expr: "Half[int32]", typeArgs: "[int32]", inputs: []string{"int32"}},
		{src: genericSrc, name: "Sum", expr: "Sum[int]", typeArgs: "[int]", inputs: []string{"[]int"}},
		{src: genericSrc, name: "(*Stack).Push", expr: "(*Stack[int]).Push", typeArgs: "[int]", inputs: []string{"*Stack[int]", "int"}},
		{src: genericSrc, name: "(*Stack).Len", expr: "(*Stack[int]).Len", typeArgs: "[int]", inputs: []string{"*Stack[int]"}},
		{src: genericSrc, name: "Pair.Key", expr: "Pair[int, int].Key", typeArgs: "[int, int]", inputs: []string{"Pair[int, int]"}},
		// A recursive generic type.
		{src: genericSrc, name: "(*List).Count", expr: "(*List[int]).Count", typeArgs: "[int]", inputs: []string{"*List[int]"}},
		// Not generic, but of an instantiated type.
		{src: genericSrc, name: "Top", expr: "Top", inputs: []string{"Stack[int]"}},
		{src: genericSrc, name: "Show", skip: "generic: no type argument satisfies constraint interface{String() string; ~int} of T"},
		{src: genericSrc, name: "Two", skip: "generic: no type argument satisfies constraint Stringish of B"},
		{src: genericSrc, name: "Cyclic", skip: "generic: no type argument satisfies constraint ~[]B of A"},
		// The constraint is met, the instance is not testable.
		{src: genericSrc, name: "Raw", skip: "generic, instantiated as [int]: parameter p: unsafe.Pointer"},
		{src: genericSrc, name: "Pos", skip: "generic: gozilla:assume is not supported on a generic unit"},

		// The package's own instances: Ident[string] twice, Ident[int] once.
		{src: usesSrc, name: "Ident", expr: "Ident[string]", typeArgs: "[string]", inputs: []string{"string"}},
		// Box[time.Duration] is the most used, but the harness file
		// could not name it without an import.
		{src: usesSrc, name: "Box.Get", expr: "Box[string].Get", typeArgs: "[string]", inputs: []string{"Box[string]"}},
		// Wrap[T] inside its own body is no concrete instance.
		{src: usesSrc, name: "Wrap", expr: "Wrap[int]", typeArgs: "[int]", inputs: []string{"int"}},
	}
	units := map[string]map[string]*Unit{}
	for _, tt := range tests {
		if units[tt.src] == nil {
			units[tt.src] = findSrc(t, strings.Replace(tt.src, "package q", "package p", 1))
		}
		u := units[tt.src][tt.name]
		if u == nil {
			t.Errorf("no unit %s", tt.name)
			continue
		}
		if tt.skip != "" {
			if u.Skip != tt.skip {
				t.Errorf("%s: skip reason %q, want %q", tt.name, u.Skip, tt.skip)
			}
			if u.TypeArgs != "" || u.Params != nil || u.Recv != nil {
				t.Errorf("%s is skipped but keeps an instantiation %q", tt.name, u.TypeArgs)
			}
			continue
		}
		if u.Skip != "" {
			t.Errorf("%s skipped: %s", tt.name, u.Skip)
			continue
		}
		if u.Expr != tt.expr || u.TypeArgs != tt.typeArgs || u.CallTypeArgs != tt.call {
			t.Errorf("%s: expression %q, type arguments %q, call's %q; want %q, %q, %q", tt.name, u.Expr, u.TypeArgs, u.CallTypeArgs, tt.expr, tt.typeArgs, tt.call)
		}
		var inputs []string
		for _, in := range u.Inputs() {
			inputs = append(inputs, in.Name)
		}
		if strings.Join(inputs, "; ") != strings.Join(tt.inputs, "; ") {
			t.Errorf("%s: inputs %q, want %q", tt.name, inputs, tt.inputs)
		}
		if u.Func == nil || u.Func.Name() != tt.name[strings.LastIndex(tt.name, ".")+1:] {
			t.Errorf("%s: Func %v, want the declared function", tt.name, u.Func)
		}
	}
	// Mutants of a generic function are reported under its declared
	// name (mutate.FuncName): the unit keeps it.
	if u := units[genericSrc]["(*Stack).Push"]; u != nil && u.Name != "(*Stack).Push" {
		t.Errorf("unit name %q", u.Name)
	}
}
