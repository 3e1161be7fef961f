package value

import (
	"math"
	"strings"
	"testing"
)

// cacheType is an LRU cache's struct: capacity, items (a map of
// pointers), head (a pointer), hits.
func cacheType() *Type {
	i := &Type{Kind: Int, Bits: 64, Name: "int"}
	s := &Type{Kind: String, Name: "string"}
	entry := &Type{Kind: Struct, Name: "entry", Named: true, Fields: []Field{{"key", s}}}
	pe := &Type{Kind: Pointer, Name: "*entry", Elem: entry}
	return &Type{Kind: Struct, Name: "Cache", Named: true, Fields: []Field{
		{"capacity", i},
		{"items", &Type{Kind: Map, Name: "map[string]*entry", Key: s, Elem: pe}},
		{"head", pe},
		{"hits", i},
	}}
}

// cache is a Cache value: capacity, the keys of items (each with an
// entry, or nil), head set or not, hits.
func cache(capacity int64, keys []string, nilElem, head bool, hits int64) Value {
	m := Value{E: []Value{}}
	for _, k := range keys {
		e := Value{E: []Value{{E: []Value{{S: Str(k)}}}}}
		if nilElem {
			e = Value{Nil: true}
		}
		m.E = append(m.E, Value{S: Str(k)}, e)
	}
	h := Value{Nil: true}
	if head {
		h = Value{E: []Value{{E: []Value{{S: "a"}}}}}
	}
	return Value{E: []Value{{I: capacity}, m, h, {I: hits}}}
}

func TestInvariants(t *testing.T) {
	ct := cacheType()
	// What New and Put build: capacity at least 1, items never nil and
	// holding no nil entry, at most capacity of them, hits at least 0.
	built := []Value{
		cache(1, nil, false, false, 0),
		cache(2, []string{"a"}, false, true, 3),
		cache(2, []string{"a", "b"}, false, true, 1),
		cache(3, []string{"a"}, false, true, 0),
		cache(1, []string{"x"}, false, true, 2),
	}
	inv := Learn(ct, built)
	for _, want := range []string{"capacity >= 1", "items != nil", "items[_] != nil", "len(items) <= capacity", "hits >= 0"} {
		if !strings.Contains(inv.String(), want) {
			t.Errorf("invariants %q lack %q", inv, want)
		}
	}
	for _, tt := range []struct {
		name string
		v    Value
		why  string // "" = keeps them
	}{
		{"built", cache(2, []string{"a"}, false, true, 0), ""},
		{"negative capacity", cache(-1, nil, false, false, 0), "capacity is -1"},
		{"nil map", Value{E: []Value{{I: 1}, {Nil: true}, {Nil: true}, {I: 0}}}, "items is nil"},
		{"nil entry", cache(2, []string{""}, true, true, 0), "items holds nil"},
		{"over capacity", cache(1, []string{"a", "b"}, false, true, 0), "len(items) <= capacity"},
	} {
		ok, why := inv.Check(tt.v)
		if ok != (tt.why == "") || !strings.Contains(why, tt.why) {
			t.Errorf("%s: Check = %v, %q; want %q", tt.name, ok, why, tt.why)
		}
	}
	// Too few values to learn from: nothing is ruled out.
	if ok, _ := Learn(ct, built[:2]).Check(cache(-5, nil, true, false, -1)); !ok {
		t.Error("invariants learnt from two values rule a state out")
	}
}

// TestInvariantsNested: the values of the type a value holds (a node's
// children) must keep the invariants too.
func TestInvariantsNested(t *testing.T) {
	i := &Type{Kind: Int, Bits: 64, Name: "int"}
	n := &Type{Kind: Struct, Name: "node", Named: true}
	pn := &Type{Kind: Pointer, Name: "*node", Elem: n}
	n.Fields = []Field{
		{"items", &Type{Kind: Slice, Name: "[]int", Elem: i}},
		{"children", &Type{Kind: Slice, Name: "[]*node", Elem: pn}},
	}
	node := func(items []int64, children ...Value) Value {
		it := Value{E: []Value{}}
		for _, x := range items {
			it.E = append(it.E, Value{I: x})
		}
		ch := Value{Nil: true}
		if len(children) > 0 {
			ch = Value{E: children}
		}
		return Value{E: []Value{it, ch}}
	}
	ptr := func(v Value) Value { return Value{E: []Value{v}} }
	leaf := func(x int64) Value { return ptr(node([]int64{x})) }
	built := []Value{
		node([]int64{1}),
		node([]int64{1, 2}),
		node([]int64{2}, leaf(1), leaf(3)),
		node([]int64{2, 4}, leaf(1), leaf(3), leaf(5)),
		node([]int64{3}, leaf(1), leaf(4)),
	}
	inv := Learn(n, built)
	for _, tt := range []struct {
		name string
		v    Value
		why  string
	}{
		{"built", node([]int64{5}, leaf(2), leaf(7)), ""},
		{"a child without items", node([]int64{5}, leaf(2), ptr(Value{E: []Value{{Nil: true}, {Nil: true}}})), "inside children: items is nil"},
		{"a nil child", node([]int64{5}, leaf(2), Value{Nil: true}), "children holds nil"},
	} {
		ok, why := inv.Check(tt.v)
		if ok != (tt.why == "") || !strings.Contains(why, tt.why) {
			t.Errorf("%s: Check = %v, %q; want %q (invariants %s)", tt.name, ok, why, tt.why, inv)
		}
	}
}

// TestInvariantsFloat: a float field every built value holds positive
// and finite (a rate New checks) rules out 0, a negative, NaN and ±Inf;
// one seen at 0 rules out negatives only.
func TestInvariantsFloat(t *testing.T) {
	f := &Type{Kind: Float, Bits: 64, Name: "float64"}
	bt := &Type{Kind: Struct, Name: "Bucket", Named: true, Fields: []Field{{"rate", f}, {"tokens", f}}}
	b := func(rate, tokens float64) Value { return Value{E: []Value{FloatValue(rate), FloatValue(tokens)}} }
	inv := Learn(bt, []Value{b(1, 0), b(0.5, 2), b(10, 1), b(3, 0)})
	for _, want := range []string{"rate > 0", "tokens >= 0"} {
		if !strings.Contains(inv.String(), want) {
			t.Errorf("invariants %q lack %q", inv, want)
		}
	}
	for _, tt := range []struct {
		name string
		v    Value
		why  string
	}{
		{"built", b(2, 1), ""},
		{"rate 0", b(0, 1), "rate is 0, positive"},
		{"rate NaN", b(math.NaN(), 1), "rate is NaN, finite"},
		{"rate +Inf", b(math.Inf(1), 1), "rate is +Inf, finite"},
		{"tokens negative", b(1, -1), "tokens is -1, at least 0"},
	} {
		ok, why := inv.Check(tt.v)
		if ok != (tt.why == "") || !strings.Contains(why, tt.why) {
			t.Errorf("%s: Check = %v, %q; want %q", tt.name, ok, why, tt.why)
		}
	}
}
