package value

// This file implements the implementations of interfaces that a test
// file declares when the package under test has none of its own: the
// standard way to satisfy a standard contract (sort.Interface and
// heap.Interface over a slice of ints, as container/heap's documentation
// does; fmt.Stringer over a string), and otherwise a fake in the style Go
// developers write by hand (moq): a small struct whose methods return
// results the engines choose, one list per method, and which records its
// calls, so that a test can say what the unit asked of it (Pex's
// parameterized mocks).
//
// A fake is an alternative (Alt) of the interface type like any other:
// its operands are the methods' results, drawn, shrunk and rendered as
// inputs, and its Decl is the Go source of the type, which both the
// harness and the emitted file declare.

import (
	"go/types"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// FakePrefix starts the names of the types gozilla declares in test files.
const FakePrefix = "gozilla"

// sortMethods are the methods gozillaInts implements (as methodSig
// spells them, any written either way).
var sortMethods = map[string]bool{
	"Len() int": true, "Less(int, int) bool": true, "Swap(int, int)": true,
	"Push(any)": true, "Pop() any": true,
}

// intsDecl is gozillaInts: sort.Interface and heap.Interface over a slice
// of ints, the implementation container/heap's documentation shows.
const intsDecl = `// gozillaInts implements sort.Interface and heap.Interface over a slice
// of ints, the way container/heap's documentation does.
type gozillaInts []int

func (h gozillaInts) Len() int           { return len(h) }
func (h gozillaInts) Less(i, j int) bool { return h[i] < h[j] }
func (h gozillaInts) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *gozillaInts) Push(x ANY)        { *h = append(*h, x.(int)) }
func (h *gozillaInts) Pop() ANY {
	old := *h
	n := len(old)
	x := old[n-1]
	*h = old[:n-1]
	return x
}
`

// stringerDecl is gozillaStringer: a fmt.Stringer that shows its text.
const stringerDecl = `// gozillaStringer implements fmt.Stringer: it shows its own text.
type gozillaStringer string

func (s gozillaStringer) String() string { return string(s) }
`

// anyWord is how the declarations spell the empty interface at the
// package's language version.
func (b *builder) anyWord() string {
	if b.pkg != nil && b.pkg.GoVersion() != "" && versionBefore(b.pkg.GoVersion(), 18) {
		return "interface{}"
	}
	return "any"
}

// versionBefore reports whether the language version v ("go1.17",
// "go1.21.3") is before go1.minor.
func versionBefore(v string, minor int) bool {
	v = strings.TrimPrefix(v, "go1.")
	if i := strings.IndexByte(v, '.'); i >= 0 {
		v = v[:i]
	}
	n, err := strconv.Atoi(v)
	return err == nil && n < minor
}

// namedFake returns a named type of the package under test, name, with
// underlying type u: the type of a fake's operand, so that its literal
// spells the fake's name (gozillaInts{3, 1, 2}).
func (b *builder) namedFake(name string, u types.Type) types.Type {
	return types.NewNamed(types.NewTypeName(0, b.pkg, name, nil), u, nil)
}

// fakeAlts adds to the interface type out (t, underlying u) the
// implementation a test file would declare, when the package implements
// it nowhere: reports whether it added one.
func (b *builder) fakeAlts(out *Type, t types.Type, u *types.Interface, methods []string) bool {
	if b.pkg == nil {
		return false
	}
	// A standard contract, satisfied the standard way.
	sortable := len(methods) > 0
	for _, m := range methods {
		sortable = sortable && sortMethods[strings.ReplaceAll(m, "interface{}", "any")]
	}
	if sortable {
		a, err := b.alt("gozillaInts", "&$0", "*gozillaInts", "func(h *gozillaInts) gozillaInts { return *h }",
			b.namedFake("gozillaInts", types.NewSlice(types.Typ[types.Int])))
		if err == nil {
			a.Decl = strings.ReplaceAll(intsDecl, "ANY", b.anyWord())
			a.DeclName = "gozillaInts"
			a.Small, a.Plain = true, true
		}
		out.add(a, err)
		return err == nil
	}
	if len(methods) == 1 && methods[0] == "String() string" {
		a, err := b.alt("gozillaStringer", "$0", "gozillaStringer", "func(s gozillaStringer) gozillaStringer { return s }",
			b.namedFake("gozillaStringer", tString))
		if err == nil {
			a.Decl, a.DeclName, a.Plain = stringerDecl, "gozillaStringer", true
		}
		out.add(a, err)
		return err == nil
	}
	return b.mockAlt(out, t, u)
}

// mockAlt adds a fake of the interface: a struct with, per method, the
// list of results its calls return in turn (the last again once they run
// out; zero values when there are none), and the calls it received, in
// order, as "Method(args)". The results are the alternative's operands;
// the calls are observed after the unit ran (a trailing operand never
// drawn: Alt.Observed).
func (b *builder) mockAlt(out *Type, t types.Type, u *types.Interface) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || u.NumMethods() == 0 || u.NumMethods() > 8 {
		return false
	}
	if n.Obj().Pkg() != b.pkg && !n.Obj().Exported() {
		return false
	}
	fmtOK := b.usePkg("fmt", "fmt")
	name := FakePrefix + n.Obj().Name()
	if n.Obj().Pkg() != b.pkg {
		name = FakePrefix + upperFirst(n.Obj().Pkg().Name()) + n.Obj().Name()
	}
	if b.pkg.Scope().Lookup(name) != nil {
		return false
	}
	recv := "f"
	var fields, body strings.Builder
	var params []types.Type
	var keys []string
	ms := make([]*types.Func, u.NumMethods())
	for i := range ms {
		ms[i] = u.Method(i)
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].Name() < ms[j].Name() })
	for _, m := range ms {
		if !m.Exported() && m.Pkg() != b.pkg {
			return false // another package's unexported method cannot be implemented here
		}
		sig := m.Type().(*types.Signature)
		if sig.TypeParams().Len() > 0 {
			return false
		}
		// The signature, its parameters named.
		var ps, fmts, args []string
		for i := 0; i < sig.Params().Len(); i++ {
			p := sig.Params().At(i)
			pn := "a" + strconv.Itoa(i)
			if nm := p.Name(); nm != "" && nm != "_" && nm != recv && nm != "n" && nm != "fmt" && !(len(nm) >= 2 && nm[0] == 'r' && nm[1] >= '0' && nm[1] <= '9') {
				pn = nm // as the interface declares it
			}
			pt := b.name(p.Type())
			if sig.Variadic() && i == sig.Params().Len()-1 {
				pt = "..." + strings.TrimPrefix(pt, "[]")
			}
			ps = append(ps, pn+" "+pt)
			if bt, ok := p.Type().Underlying().(*types.Basic); ok && fmtOK {
				verb := "%v"
				if bt.Info()&types.IsString != 0 {
					verb = "%q"
				}
				fmts = append(fmts, verb)
				args = append(args, pn)
			} else {
				fmts = append(fmts, "_")
			}
		}
		var rs []string
		field := lowerFirst(m.Name())
		if !m.Exported() {
			field = m.Name() + "Results" // not the method's own name
		}
		for i := 0; i < sig.Results().Len(); i++ {
			r := sig.Results().At(i).Type()
			fn := field
			if i > 0 {
				switch {
				case types.Identical(r, types.Universe.Lookup("error").Type()):
					fn += "Err"
				case sig.Results().Len() == 2 && types.Identical(r.Underlying(), types.Typ[types.Bool]):
					fn += "OK"
				default:
					fn += strconv.Itoa(i)
				}
			}
			rs = append(rs, b.name(r))
			params = append(params, types.NewSlice(r))
			keys = append(keys, fn)
			fields.WriteString("\t" + fn + " []" + b.name(r) + "\n")
		}
		head := "func (" + recv + " *" + name + ") " + m.Name() + "(" + strings.Join(ps, ", ") + ")"
		switch len(rs) {
		case 0:
		case 1:
			head += " " + rs[0]
		default:
			head += " (" + strings.Join(rs, ", ") + ")"
		}
		body.WriteString("\n" + head + " {\n")
		call := strconv.Quote(m.Name() + "(" + strings.Join(fmts, ", ") + ")")
		if len(args) > 0 {
			call = "fmt.Sprintf(" + call + ", " + strings.Join(args, ", ") + ")"
		}
		if len(rs) > 0 {
			body.WriteString("\tn := " + recv + ".called(" + strconv.Quote(m.Name()+"(") + ")\n")
		}
		body.WriteString("\t" + recv + ".calls = append(" + recv + ".calls, " + call + ")\n")
		if len(rs) > 0 {
			var outs []string
			for i := range rs {
				k := keys[len(keys)-len(rs)+i]
				r := "r" + strconv.Itoa(i)
				outs = append(outs, r)
				body.WriteString("\tvar " + r + " " + rs[i] + "\n")
				body.WriteString("\tif len(" + recv + "." + k + ") > 0 {\n\t\t" + r + " = " + recv + "." + k + "[len(" + recv + "." + k + ")-1]\n")
				body.WriteString("\t\tif n < len(" + recv + "." + k + ") {\n\t\t\t" + r + " = " + recv + "." + k + "[n]\n\t\t}\n\t}\n")
			}
			body.WriteString("\treturn " + strings.Join(outs, ", ") + "\n")
		}
		body.WriteString("}\n")
	}
	if len(keys) == 0 {
		return false // no results to choose: the calls alone are not worth a fake
	}
	for _, k := range keys {
		if k == "calls" {
			return false
		}
	}
	iface := b.name(t)
	decl := "// " + name + " implements " + iface + " for the tests: each method returns\n" +
		"// its results in turn (the last again once they run out, zero values\n" +
		"// when there are none) and records the call in calls.\n" +
		"type " + name + " struct {\n" + fields.String() + "\tcalls []string\n}\n" + body.String() +
		"\n// called counts the calls recorded so far that start with prefix.\n" +
		"func (" + recv + " *" + name + ") called(prefix string) int {\n\tn := 0\n\tfor _, c := range " + recv + ".calls {\n" +
		"\t\tif len(c) >= len(prefix) && c[:len(prefix)] == prefix {\n\t\t\tn++\n\t\t}\n\t}\n\treturn n\n}\n"
	params = append(params, types.NewSlice(tString))
	keys = append(keys, "calls")
	var slots, decon []string
	for i, k := range keys {
		slots = append(slots, k+": $"+strconv.Itoa(i))
		decon = append(decon, recv+"."+k)
	}
	var dres []string
	for _, p := range params {
		dres = append(dres, b.name(p))
	}
	a, err := b.alt(name, "&"+name+"{"+strings.Join(slots, ", ")+"}", "*"+name,
		"func("+recv+" *"+name+") ("+strings.Join(dres, ", ")+") { return "+strings.Join(decon, ", ")+" }", params...)
	if err != nil {
		return false
	}
	a.Decl, a.DeclName, a.Keyed, a.Observed, a.Label = decl, name, keys, 1, name
	a.Small, a.Plain = true, true
	out.add(a, nil)
	return true
}

func lowerFirst(s string) string {
	r := []rune(s)
	r[0] = unicode.ToLower(r[0])
	return string(r)
}

func upperFirst(s string) string {
	r := []rune(s)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}
