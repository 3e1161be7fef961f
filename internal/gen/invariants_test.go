package gen

import (
	"testing"

	"github.com/gozilla/gozilla/internal/value"
)

// treeTypes builds a generic tree's types, as btree's: Tree[int] holds a
// *node[int] (items, children, cow), and node[Item] is another instance
// of the same generic type.
func treeTypes() (tree, nodeInt, nodeItem *value.Type) {
	i := &value.Type{Kind: value.Int, Bits: 64, Name: "int"}
	mk := func(arg string) *value.Type {
		n := &value.Type{Kind: value.Struct, Name: "node[" + arg + "]", Named: true}
		pn := &value.Type{Kind: value.Pointer, Name: "*node[" + arg + "]", Elem: n}
		n.Fields = []value.Field{
			{Name: "items", Type: &value.Type{Kind: value.Slice, Name: "[]" + arg, Elem: i}},
			{Name: "children", Type: &value.Type{Kind: value.Slice, Name: "[]*node[" + arg + "]", Elem: pn}},
		}
		return n
	}
	nodeInt, nodeItem = mk("int"), mk("Item")
	tree = &value.Type{Kind: value.Struct, Name: "Tree[int]", Named: true, Fields: []value.Field{
		{Name: "root", Type: &value.Type{Kind: value.Pointer, Name: "*node[int]", Elem: nodeInt}},
		{Name: "length", Type: i},
	}}
	return tree, nodeInt, nodeItem
}

// TestNestedStructs checks how the invariants of a type without a
// constructor are learnt from the values other types hold: which types
// hold it, and the values found inside one.
func TestNestedStructs(t *testing.T) {
	tree, nodeInt, nodeItem := treeTypes()
	if !sameShape(nodeInt, nodeItem) {
		t.Error("node[int] and node[Item] are not the same shape")
	}
	if sameShape(tree, nodeInt) {
		t.Error("Tree[int] and node[int] are the same shape")
	}
	for _, tt := range []struct {
		c, st *value.Type
		want  bool
	}{
		{tree, nodeInt, true},
		{tree, nodeItem, true},
		{nodeInt, nodeInt, true}, // its children
		{nodeInt, tree, false},
	} {
		if got := holds(tt.c, tt.st); got != tt.want {
			t.Errorf("holds(%s, %s) = %v, want %v", tt.c.Name, tt.st.Name, got, tt.want)
		}
	}
	// A tree of three nodes: a root with one item and two leaves.
	leaf := func(x int64) value.Value {
		return value.Value{E: []value.Value{{E: []value.Value{{I: x}}}, {E: []value.Value{}}}}
	}
	root := value.Value{E: []value.Value{
		{E: []value.Value{{I: 2}}},
		{E: []value.Value{{E: []value.Value{leaf(1)}}, {E: []value.Value{leaf(3)}}}},
	}}
	v := value.Value{E: []value.Value{{E: []value.Value{root}}, {I: 3}}}
	var items []int64
	walkStructs(tree, v, 0, func(typ *value.Type, n value.Value) {
		if sameShape(typ, nodeItem) {
			items = append(items, n.E[0].E[0].I)
		}
	})
	if len(items) != 3 || items[0] != 2 || items[1] != 1 || items[2] != 3 {
		t.Errorf("nodes found with items %v, want [2 1 3]", items)
	}
}
