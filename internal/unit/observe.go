package unit

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/value"
)

// Observer is a method whose results show a value's state (Len, Keys,
// String): values of the package's types with unexported state, and of
// other packages' types with unexported state, are observed through
// their methods, as their users observe them, rather than spelled
// through their fields (which pins representation, not behaviour, and
// cannot spell a cyclic structure at all).
type Observer struct {
	Method  string        // the method's name
	Results []*value.Type // its results
	// Recv: not a method but the values received from a channel (a
	// result of receivable channel type): until it is closed, at most
	// MaxRecv+1 of them. Method is then "Values", the view's field, and
	// Results the slice of them.
	Recv bool
	// Field, with Recv: the channel is this exported field of the value
	// (an iterator's C), not the value itself; Method is then the
	// field's name.
	Field string
	// Names are the results' names as the method declares them (each
	// "" when unnamed): a method of two results is seen as them
	// (Stats() (allowed, denied int): Allowed, Denied).
	Names []string
	// Sorted: the result, a slice of integers or strings, is seen sorted
	// (a copy): its order is a map's, which varies from run to run (a
	// set's ToSlice), or the observed value is an interface whose
	// implementations the package hides. What it holds is compared, not
	// where.
	Sorted bool
}

// MaxRecv bounds the values received from a channel a unit returns: a
// generator that never ends is seen as its first MaxRecv+1 values. The
// harness and the emitted test receive alike (a channel left open
// without more values blocks both: the run is a deadlock).
const MaxRecv = 64

// recvView returns the observer of a result of channel type t, modelled
// as vt, that a caller can receive from: the values received until it
// is closed; nil when its elements cannot be modelled or observed.
func recvView(pkg *load.Package, fd *ast.FuncDecl, u *Unit, t types.Type) []Observer {
	ch, ok := t.Underlying().(*types.Chan)
	if !ok || ch.Dir() == types.SendOnly {
		return nil
	}
	st, err := value.Build(types.NewSlice(ch.Elem()), unitEnv(pkg, fd, u), true)
	if err != nil || st.Elem == nil || st.Elem.Unseen || st.Elem.Kind == value.Opaque || recursive(st) {
		return nil
	}
	return []Observer{{Method: "Values", Results: []*value.Type{st}, Recv: true}}
}

// fieldRecvView returns the observer of a result of type t, (a pointer
// to) a struct of the package with nothing else to observe it by, that
// receives from its exported channel field (golang-set's Iterator and
// its C): what the channel carries is what the result holds. nil when
// it has none, or more than one.
func fieldRecvView(pkg *load.Package, fd *ast.FuncDecl, u *Unit, t types.Type) []Observer {
	n, ok := types.Unalias(deref(t)).(*types.Named)
	if !ok || n.Obj().Pkg() != pkg.Types {
		return nil
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var out []Observer
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if !f.Exported() {
			continue
		}
		if obs := recvView(pkg, fd, u, f.Type()); obs != nil {
			obs[0].Field, obs[0].Method = f.Name(), f.Name()
			out = append(out, obs[0])
		}
	}
	if len(out) != 1 {
		return nil
	}
	return out
}

// maxObservers bounds the observers of a value.
const maxObservers = 4

// mutatorPrefixes start the names of methods that change what they are
// called on, or that do not show state: never observers.
var mutatorPrefixes = []string{"Pop", "Push", "Remove", "Delete", "Del", "Clear", "Reset", "Close", "Next", "Read",
	"Write", "Flush", "Shift", "Drain", "Take", "Evict", "Inc", "Dec", "Add", "Put", "Set", "Insert", "Append",
	"Enqueue", "Dequeue", "Poll", "Grow", "Truncate", "Sort", "Reverse", "Swap", "Move", "Rotate", "Init", "Load", "Store",
	"Clone", "Copy", "Marshal", "Gob", "Encode", "Lock", "Unlock", "RLock", "RUnlock", "Iterator", "Iter", "Wait",
	"Done", "Run", "Start", "Stop", "Free", "Release", "Must", "Format", "GoString"}

// hiddenState reports whether a value of t has state its users cannot
// spell: t is (a pointer to) a named struct type with an unexported
// field.
func hiddenState(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if !st.Field(i).Exported() {
			return true
		}
	}
	return false
}

// observerKind orders candidate observers: what a value holds (Values,
// Keys: a slice or a map), its size (Len), its text (String), the rest.
func observerKind(name string, rs []*value.Type) int {
	switch {
	case len(rs) == 1 && (rs[0].Kind == value.Slice || rs[0].Kind == value.Map) && name != "Bytes" && name != "Bits":
		return 0
	case len(rs) == 1 && (rs[0].Kind == value.Int || rs[0].Kind == value.Uint) && (name == "Len" || name == "Size" || name == "Count" || name == "Length"):
		return 1
	case name == "String" && len(rs) == 1 && rs[0].Kind == value.String:
		return 2
	}
	return 3
}

// view returns the observers of a value of type t (modelled as vt), or
// nil when it is seen as a value: t has hidden state (or is recursive,
// which a literal cannot spell), and methods without operands returning
// one or two modelled values, not t itself, named as accessors rather
// than mutators. Of the package's own types, what the value holds and
// its size are observed (Keys and Len), else its text (String), else up
// to four others; of another package's types, the text first. self is
// a method never used (the unit itself).
func view(pkg *load.Package, fd *ast.FuncDecl, u *Unit, t types.Type, vt *value.Type, self string) []Observer {
	if vt == nil {
		return nil
	}
	elem := vt
	if vt.Kind == value.Pointer {
		elem = vt.Elem
	}
	iface := ownIface(pkg, t)
	if !hiddenState(t) && !iface && !(vt.Kind == value.Pointer && recursive(elem)) {
		return nil
	}
	var own bool
	if n, ok := types.Unalias(deref(t)).(*types.Named); ok {
		own = n.Obj().Pkg() == pkg.Types
	}
	ms := types.NewMethodSet(t)
	var byKind [4][]Observer
	for _, exported := range []bool{true, false} {
		if !exported && (!own || len(byKind[0])+len(byKind[1])+len(byKind[2])+len(byKind[3]) > 0) {
			break // unexported observers only of the package's own types without exported ones
		}
		for i := 0; i < ms.Len(); i++ {
			f, ok := ms.At(i).Obj().(*types.Func)
			if !ok || f.Exported() != exported || f.Name() == self || mutatorName(f.Name()) {
				continue
			}
			sig := f.Type().(*types.Signature)
			if sig.Params().Len() != 0 || sig.Results().Len() == 0 || sig.Results().Len() > 2 || sig.TypeParams().Len() > 0 {
				continue
			}
			o := Observer{Method: f.Name()}
			for j := 0; j < sig.Results().Len(); j++ {
				r := sig.Results().At(j).Type()
				rt, err := value.Build(r, unitEnv(pkg, fd, u), true)
				if err != nil || rt.Unseen || rt.Kind == value.Opaque || rt.Kind == value.Pointer && (rt.Elem == elem || rt.Elem.Kind == value.Opaque) ||
					recursive(rt) || types.Identical(deref(r), deref(t)) || hiddenState(r) {
					o.Results = nil
					break
				}
				o.Results = append(o.Results, rt)
				o.Names = append(o.Names, sig.Results().At(j).Name())
			}
			if len(o.Results) > 0 {
				o.Sorted = len(o.Results) == 1 && sortable(pkg, o.Results[0]) && (iface || rangesMap(pkg, f))
				k := observerKind(o.Method, o.Results)
				byKind[k] = append(byKind[k], o)
			}
		}
	}
	var out []Observer
	switch {
	case !own && len(byKind[2]) > 0:
		out = byKind[2]
	case len(byKind[0])+len(byKind[1]) > 0:
		out = append(append(out, byKind[0]...), byKind[1]...)
		if len(byKind[0]) == 0 {
			out = append(out, byKind[3]...) // Len alone shows little: Min, Max, Top too
		}
	case len(byKind[2]) > 0:
		out = byKind[2]
	default:
		out = byKind[3]
	}
	if len(out) > maxObservers {
		out = out[:maxObservers]
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// ownIface reports whether t is an interface type the package declares
// (golang-set's Set[T], whose implementations are unexported).
func ownIface(pkg *load.Package, t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() == pkg.Types && types.IsInterface(n)
}

// sortable reports whether an observer's result of type t can be seen
// sorted, by the test as by the harness: a slice of integers or strings
// (floats have NaNs, which sort nowhere), in code with generics (the
// file's gozillaSorted).
func sortable(pkg *load.Package, t *value.Type) bool {
	if t.Kind != value.Slice || t.Elem == nil {
		return false
	}
	switch t.Elem.Kind {
	case value.Int, value.Uint, value.String:
	default:
		return false
	}
	v := pkg.Types.GoVersion()
	return v == "" || !versionBefore(v, 18)
}

// versionBefore reports whether a "go1.N[.P]" version is older than
// go1.minor.
func versionBefore(v string, minor int) bool {
	v = strings.TrimPrefix(v, "go1.")
	n := 0
	for _, c := range v {
		if c < '0' || c > '9' {
			break
		}
		n = n*10 + int(c-'0')
	}
	return n < minor
}

// rangesMap reports whether the package's method f ranges over a map.
func rangesMap(pkg *load.Package, f *types.Func) bool {
	fd := purityOf(pkg).decls[f.Origin()]
	if fd == nil {
		return false
	}
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if r, ok := n.(*ast.RangeStmt); ok && !found {
			if t := pkg.Info.TypeOf(r.X); t != nil {
				_, found = t.Underlying().(*types.Map)
			}
		}
		return !found
	})
	return found
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

// View returns the observers through which input or result k is seen
// (k counts the inputs, receiver first, then the results), or nil when
// it is seen as a value.
func (u *Unit) View(k int) []Observer {
	if k < len(u.Views) {
		return u.Views[k]
	}
	return nil
}

// ViewFuncs returns, for each input (receiver first) then each result,
// the Go func literal the harness calls after the unit to see it: of the
// value, the observers' results as reflect values (rv spells the reflect
// package in the harness file), nil for a nil pointer; "" where the value
// is seen as such. nil when nothing is seen through observers.
func (u *Unit) ViewFuncs(rv string) []string {
	var out []string
	seen := false
	ts := u.Inputs()
	for _, r := range u.Results {
		ts = append(ts, r.Type)
	}
	for k, t := range ts {
		obs := u.View(k)
		if obs == nil {
			out = append(out, "")
			continue
		}
		seen = true
		var b strings.Builder
		b.WriteString("func(r " + t.Name + ") []" + rv + ".Value {\n")
		if t.Kind == value.Pointer || t.Iface || len(obs) == 1 && obs[0].Recv && obs[0].Field == "" {
			b.WriteString("\tif r == nil {\n\t\treturn nil\n\t}\n")
		}
		var vals []string
		n := 0
		for _, o := range obs {
			if o.Recv {
				v := "o" + itoa(n)
				n++
				vals = append(vals, rv+".ValueOf(&"+v+").Elem()")
				ch := "r"
				if o.Field != "" {
					ch = "r." + o.Field
				}
				b.WriteString("\tvar " + v + " " + o.Results[0].Name + "\n\t" + RecvLoop(v, ch) + "\n")
				continue
			}
			var vars []string
			for range o.Results {
				v := "o" + itoa(n)
				n++
				vars = append(vars, v)
				vals = append(vals, rv+".ValueOf(&"+v+").Elem()")
			}
			b.WriteString("\t" + strings.Join(vars, ", ") + " := r." + o.Method + "()\n")
			if o.Sorted {
				// A sorted copy, as the test's gozillaSorted makes it
				// (insertion sort: the harness needs no import).
				v := vars[0]
				b.WriteString("\tif " + v + " != nil {\n\t\tc := append(" + v + "[:0:0], " + v + "...)\n" +
					"\t\tfor i := 1; i < len(c); i++ {\n\t\t\tfor j := i; j > 0 && c[j] < c[j-1]; j-- {\n\t\t\t\tc[j], c[j-1] = c[j-1], c[j]\n\t\t\t}\n\t\t}\n\t\t" + v + " = c\n\t}\n")
			}
		}
		b.WriteString("\treturn []" + rv + ".Value{" + strings.Join(vals, ", ") + "}\n}")
		out = append(out, b.String())
	}
	if !seen {
		return nil
	}
	return out
}

// RecvLoop is the statement that receives into the slice named into the
// values of the channel ch, as an Observer with Recv sees them.
func RecvLoop(into, ch string) string {
	return "for v := range " + ch + " {\n\t" + into + " = append(" + into + ", v)\n\tif len(" + into + ") > " + itoa(MaxRecv) + " {\n\t\tbreak // " + ch + " may never be closed\n\t}\n}"
}

// ViewType is the type of what is seen of input or result k through its
// observers: a struct with one field per observer result, named after
// the method (Len, Top, Top1); nil when it is seen as a value.
func (u *Unit) ViewType(k int) *value.Type {
	obs := u.View(k)
	if obs == nil {
		return nil
	}
	t := &value.Type{Kind: value.Struct, Name: "struct{…}"}
	for _, o := range obs {
		for j, r := range o.Results {
			name := o.Method
			switch {
			case len(o.Results) > 1 && j < len(o.Names) && o.Names[j] != "" && o.Names[j] != "_":
				name = strings.ToUpper(o.Names[j][:1]) + o.Names[j][1:]
			case j > 0:
				name += itoa(j)
			}
			t.Fields = append(t.Fields, value.Field{Name: name, Type: r})
		}
	}
	return t
}

// OutType is the type of what the harness reports of result k: its view
// (ViewType) or the result's own type.
func (u *Unit) OutType(k int) *value.Type {
	if vt := u.ViewType(len(u.Inputs()) + k); vt != nil {
		return vt
	}
	return u.Results[k].Type
}

func itoa(n int) string {
	const digits = "0123456789"
	if n < 10 {
		return digits[n : n+1]
	}
	return itoa(n/10) + digits[n%10:n%10+1]
}
