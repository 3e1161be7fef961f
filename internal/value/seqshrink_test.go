package value

import (
	"reflect"
	"testing"
)

// TestShrinkSequence: a receiver built by a constructor and calls
// shrinks first to the same construction with one call left out, the
// other calls' operands kept, when the type has that sequence.
func TestShrinkSequence(t *testing.T) {
	i := &Type{Kind: Int, Bits: 64, Name: "int"}
	two := &Alt{Key: "two", Label: "New.Add.Add", Params: []*Type{i, i, i}, Seq: &SeqInfo{Ctor: "New", Calls: []string{"Add", "Add"}, Ops: []int{1, 1, 1}}}
	one := &Alt{Key: "one", Label: "New.Add", Params: []*Type{i, i}, Seq: &SeqInfo{Ctor: "New", Calls: []string{"Add"}, Ops: []int{1, 1}}}
	other := &Alt{Key: "other", Label: "Make.Add", Params: []*Type{i, i}, Seq: &SeqInfo{Ctor: "Make", Calls: []string{"Add"}, Ops: []int{1, 1}}}
	typ := &Type{Kind: Pointer, Name: "*T", Elem: &Type{Kind: Struct, Name: "T"}, Alts: []*Alt{two, one, other}}
	v := Value{X: "two", E: []Value{{I: 5}, {I: 7}, {I: 9}}}
	got := shorter(typ, two, v)
	want := []Value{
		{X: "one", E: []Value{{I: 5}, {I: 9}}}, // the first Add left out
		{X: "one", E: []Value{{I: 5}, {I: 7}}}, // the second
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("shorter = %+v, want %+v", got, want)
	}
	if c := Shrink(typ, v); len(c) < 2 || !reflect.DeepEqual(c[:2], want) {
		t.Errorf("Shrink's first candidates %+v, want the shorter sequences %+v", c, want)
	}
}

// TestShrinkEmptyLoop: a constructor then a method over an empty slice
// of operands (for _, x := range []int{} { b.AllowN(x) }) shrinks to the
// constructor's call alone; a loop over operands does not.
func TestShrinkEmptyLoop(t *testing.T) {
	i := &Type{Kind: Int, Bits: 64, Name: "int"}
	ints := &Type{Kind: Slice, Name: "[]int", Elem: i}
	loop := &Alt{Key: "loop", Label: "New.AllowN*", Params: []*Type{i, ints}}
	ctor := &Alt{Key: "ctor", Label: "New", Params: []*Type{i}, Seq: &SeqInfo{Ctor: "New"}} // a sequence of no calls, as builder.sequence makes it
	typ := &Type{Kind: Pointer, Name: "*T", Elem: &Type{Kind: Struct, Name: "T"}, Alts: []*Alt{loop, ctor}}
	empty := Value{X: "loop", E: []Value{{I: 1}, {}}}
	want := Value{X: "ctor", E: []Value{{I: 1}}}
	found := false
	for _, c := range Shrink(typ, empty) {
		found = found || reflect.DeepEqual(c, want)
	}
	if !found {
		t.Errorf("Shrink(%+v): no candidate %+v", empty, want)
	}
	if _, ok := withoutEmptyLoop(typ, loop, Value{X: "loop", E: []Value{{I: 1}, {E: []Value{{I: 2}}}}}); ok {
		t.Errorf("a loop over [2] made the constructor alone")
	}
}
