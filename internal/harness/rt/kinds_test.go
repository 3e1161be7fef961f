package rt

import (
	"bytes"
	"io"
	"math"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
)

type lnode struct {
	v          int
	prev, next *lnode
}

type withLock struct {
	mu sync.Mutex
	n  int
}

// TestEncodeKinds: how values of each kind are observed.
func TestEncodeKinds(t *testing.T) {
	_gzDecons = map[reflect.Type]_gzDecon{
		reflect.TypeOf(time.Time{}): {K: "date", S: true, F: func(t time.Time) (int, int) {
			t = t.UTC()
			return t.Year(), t.Nanosecond()
		}},
		reflect.TypeOf((*bytes.Buffer)(nil)): {K: "buf", F: func(b *bytes.Buffer) string { return b.String() }},
	}
	defer func() { _gzDecons = nil }()
	a := &lnode{v: 1}
	b := &lnode{v: 2, prev: a}
	a.next = b
	var w io.Writer = bytes.NewBufferString("hi")
	var r io.Reader = strings.NewReader("x")
	for _, tt := range []struct {
		name string
		v    interface{}
		want _gzV
	}{
		{"map sorted by key", map[string]int{"b": 2, "a": 1}, _gzV{E: []_gzV{{S: []byte("a")}, {I: 1}, {S: []byte("b")}, {I: 2}}}},
		{"nil map", map[string]int(nil), _gzV{Nil: true}},
		{"empty map", map[string]int{}, _gzV{E: []_gzV{}}},
		{"complex", complex(1, math.NaN()), _gzV{E: []_gzV{{U: math.Float64bits(1)}, {U: math.Float64bits(math.NaN())}}}},
		{"func unobserved", func() {}, _gzV{}},
		{"chan unobserved", make(chan int), _gzV{}},
		{"time by its view", time.Date(2024, 1, 2, 0, 0, 0, 7, time.FixedZone("x", 3600)), _gzV{X: "date", E: []_gzV{{I: 2024}, {I: 7}}}},
		{"opaque struct of another package", sync.Mutex{}, _gzV{Nil: true}},
		{"own struct holding a lock", withLock{n: 3}, _gzV{E: []_gzV{{Nil: true}, {I: 3}}}},
		{"cycle by back reference", a, _gzV{E: []_gzV{{E: []_gzV{{I: 1}, {Nil: true}, {E: []_gzV{{E: []_gzV{{I: 2}, {X: "^2"}, {Nil: true}}}}}}}}}},
	} {
		got := _gzEncode(reflect.ValueOf(tt.v), 0)
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: %+v, want %+v", tt.name, got, tt.want)
		}
	}
	// Interfaces: by the dynamic value's view, or by its type alone.
	if got := _gzEncode(reflect.ValueOf(&w).Elem(), 0); !reflect.DeepEqual(got, _gzV{X: "buf", E: []_gzV{{S: []byte("hi")}}}) {
		t.Errorf("writer holding a buffer: %+v", got)
	}
	if got := _gzEncode(reflect.ValueOf(&r).Elem(), 0); got.X != "?*strings.Reader" || got.E != nil {
		t.Errorf("reader without a view: %+v, want its type only", got)
	}
	// Not a view for every value: a *bytes.Buffer outside an interface
	// is a pointer to another package's opaque state.
	if got := _gzEncode(reflect.ValueOf(bytes.NewBufferString("hi")), 0); !reflect.DeepEqual(got, _gzV{E: []_gzV{{Nil: true}}}) {
		t.Errorf("buffer pointer: %+v", got)
	}
}

// TestDecodeBuilt: values are built by their alternatives' constructors;
// a constructor that panics rejects the input.
func TestDecodeBuilt(t *testing.T) {
	_gzCtors = map[string]interface{}{
		"reader": func(s string) interface{} { return strings.NewReader(s) },
		"fail":   func(n int) interface{} { panic("bad n") },
		"pos":    func() interface{} { return func(x int) bool { return x > 0 } },
	}
	defer func() { _gzCtors = nil }()
	var r io.Reader
	if e := _gzDecode(reflect.ValueOf(&r).Elem(), _gzV{X: "reader", E: []_gzV{{S: []byte("abc")}}}); e != "" {
		t.Fatal(e)
	}
	if b, _ := io.ReadAll(r); string(b) != "abc" {
		t.Errorf("reader holds %q", b)
	}
	var f func(int) bool
	if e := _gzDecode(reflect.ValueOf(&f).Elem(), _gzV{X: "pos"}); e != "" || f == nil || !f(1) || f(0) {
		t.Errorf("func: %q", e)
	}
	var m map[string][]int
	if e := _gzDecode(reflect.ValueOf(&m).Elem(), _gzV{E: []_gzV{{S: []byte("k")}, {E: []_gzV{{I: 4}}}}}); e != "" || !reflect.DeepEqual(m, map[string][]int{"k": {4}}) {
		t.Errorf("map: %v %q", m, e)
	}
	var x io.Reader
	e := _gzDecode(reflect.ValueOf(&x).Elem(), _gzV{X: "fail", E: []_gzV{{I: 1}}})
	if !strings.HasPrefix(e, _gzRejectPrefix) {
		t.Errorf("panicking constructor: %q, want a rejection", e)
	}
	if e := _gzDecode(reflect.ValueOf(&x).Elem(), _gzV{X: "nope"}); e == "" || strings.HasPrefix(e, _gzRejectPrefix) {
		t.Errorf("unknown constructor: %q, want an error", e)
	}
}

// TestCompareMatchesOrder: map keys are ordered as value.Compare orders
// them (the same function, in gozilla).
func TestCompareOrder(t *testing.T) {
	// Ascending: by I, U, S, X, non-nil before nil, then elements.
	vs := []_gzV{{I: -1}, {I: 0}, {E: []_gzV{{I: 1}}}, {Nil: true}, {X: "k"}, {S: []byte("a")}, {S: []byte("b")}, {U: 1}}
	for i := range vs {
		for j := range vs {
			c := _gzCompare(vs[i], vs[j])
			if (i < j && c >= 0) || (i > j && c <= 0) || (i == j && c != 0) {
				t.Errorf("compare(%d, %d) = %d", i, j, c)
			}
		}
	}
}
