package unit

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/value"
)

// Observer is a method of a unit's receiver whose results show the
// receiver's state after the call (Len, Keys, Top): the state of a
// recursive receiver (a linked list, a tree) is observed through them
// rather than as a value, which a literal cannot spell when it is cyclic.
type Observer struct {
	Method  string        // the method's name
	Results []*value.Type // its results
}

// maxObservers bounds the observers of a receiver.
const maxObservers = 4

// mutatorPrefixes start the names of methods that change what they are
// called on: never observers.
var mutatorPrefixes = []string{"Pop", "Push", "Remove", "Delete", "Del", "Clear", "Reset", "Close", "Next", "Read",
	"Write", "Flush", "Shift", "Drain", "Take", "Evict", "Inc", "Dec", "Add", "Put", "Set", "Insert", "Append",
	"Enqueue", "Dequeue", "Poll", "Grow", "Truncate", "Sort", "Reverse", "Swap", "Move", "Rotate", "Init", "Load", "Store"}

// observers returns the observers of u's pointer receiver, of type t
// (vt modelled), when the receiver's type is recursive: methods without
// operands returning one or two modelled values, not u itself, named as
// accessors rather than mutators, exported first.
func observers(pkg *load.Package, fd *ast.FuncDecl, u *Unit, t types.Type, vt *value.Type) []Observer {
	if vt == nil || vt.Kind != value.Pointer || !recursive(vt.Elem) {
		return nil
	}
	ms := types.NewMethodSet(t)
	var out []Observer
	for _, exported := range []bool{true, false} {
		for i := 0; i < ms.Len() && len(out) < maxObservers; i++ {
			f, ok := ms.At(i).Obj().(*types.Func)
			if !ok || f.Exported() != exported || f.Name() == fd.Name.Name || mutatorName(f.Name()) {
				continue
			}
			sig := f.Type().(*types.Signature)
			if sig.Params().Len() != 0 || sig.Results().Len() == 0 || sig.Results().Len() > 2 || sig.TypeParams().Len() > 0 {
				continue
			}
			o := Observer{Method: f.Name()}
			for j := 0; j < sig.Results().Len(); j++ {
				rt, err := value.Build(sig.Results().At(j).Type(), unitEnv(pkg, fd, u), true)
				if err != nil || rt.Unseen || rt.Kind == value.Pointer && rt.Elem == vt.Elem || recursive(rt) {
					o.Results = nil
					break
				}
				o.Results = append(o.Results, rt)
			}
			if len(o.Results) > 0 {
				out = append(out, o)
			}
		}
	}
	return out
}

func mutatorName(name string) bool {
	n := strings.ToUpper(name[:1]) + name[1:]
	for _, p := range mutatorPrefixes {
		if strings.HasPrefix(n, p) {
			return true
		}
	}
	return false
}

// recursive reports whether a value of t can hold a pointer to a value
// of one of its own types (a list node pointing to the next): its state
// may be cyclic.
func recursive(t *value.Type) bool {
	var walk func(x *value.Type, path map[*value.Type]bool) bool
	walk = func(x *value.Type, path map[*value.Type]bool) bool {
		if path[x] {
			return true
		}
		path[x] = true
		defer delete(path, x)
		var parts []*value.Type
		switch x.Kind {
		case value.Pointer, value.Slice, value.Array:
			parts = []*value.Type{x.Elem}
		case value.Map:
			parts = []*value.Type{x.Key, x.Elem}
		case value.Struct:
			for _, f := range x.Fields {
				parts = append(parts, f.Type)
			}
		}
		for _, p := range parts {
			if walk(p, path) {
				return true
			}
		}
		return false
	}
	return walk(t, map[*value.Type]bool{})
}

// ObserveFunc returns the Go func literal the harness calls after the
// unit, giving the observers' results as reflect values (rv spells the
// reflect package in the harness file); "" without observers.
func (u *Unit) ObserveFunc(rv string) string {
	if len(u.Observers) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("func(r " + u.Recv.Type.Name + ") []" + rv + ".Value {\n")
	var vals []string
	n := 0
	for _, o := range u.Observers {
		var vars []string
		for range o.Results {
			v := "o" + itoa(n)
			n++
			vars = append(vars, v)
			vals = append(vals, rv+".ValueOf(&"+v+").Elem()")
		}
		b.WriteString("\t" + strings.Join(vars, ", ") + " := r." + o.Method + "()\n")
	}
	b.WriteString("\treturn []" + rv + ".Value{" + strings.Join(vals, ", ") + "}\n}")
	return b.String()
}

// ObservedType is the type of the receiver's observed state: a struct
// with one field per observer result, named after the method (Len, Top,
// Top1); nil without observers.
func (u *Unit) ObservedType() *value.Type {
	if len(u.Observers) == 0 {
		return nil
	}
	t := &value.Type{Kind: value.Struct, Name: "struct{…}"}
	for _, o := range u.Observers {
		for j, r := range o.Results {
			name := o.Method
			if j > 0 {
				name += itoa(j)
			}
			t.Fields = append(t.Fields, value.Field{Name: name, Type: r})
		}
	}
	return t
}

func itoa(n int) string {
	const digits = "0123456789"
	if n < 10 {
		return digits[n : n+1]
	}
	return itoa(n/10) + digits[n%10:n%10+1]
}
