package value

import (
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
