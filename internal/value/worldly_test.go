package value

import (
	"go/types"
	"strings"
	"testing"
)

const worldlySrc = `package p

import "time"

type Clock interface{ Now() time.Time }

type systemClock struct{}

func (systemClock) Now() time.Time { return time.Now() }

// fixed is the package's own clock that reads nothing outside.
type fixed struct{ t time.Time }

func (f fixed) Now() time.Time { return f.t }

type Namer interface{ Name() string }

type env struct{}

func (env) Name() string { return "x" }

var (
	c Clock
	n Namer
)
`

// TestWorldly: an implementation of an interface that reads the world
// outside its inputs (Env.Outside: systemClock.Now calls time.Now) is no
// alternative; when the package has no other, the test file's fake is
// the alternative and nil is not drawn. An interface whose package
// implementations are pure keeps them, and its nil.
func TestWorldly(t *testing.T) {
	pkg := checkPkg(t, worldlySrc)
	build := func(name string, outside func(*types.Func) bool) *Type {
		t.Helper()
		v := pkg.Scope().Lookup(name).(*types.Var)
		vt, err := Build(v.Type(), &Env{Pkg: pkg, Outside: outside}, false)
		if err != nil {
			t.Fatal(err)
		}
		return vt
	}
	systemOnly := func(f *types.Func) bool {
		r := f.Signature().Recv()
		return r != nil && types.TypeString(r.Type(), nil) == "p.systemClock"
	}
	for _, tt := range []struct {
		name        string
		outside     func(*types.Func) bool
		fake, nilOK bool
		has, hasNot string // alternative labels
	}{
		{"c", nil, false, true, "systemClock", ""},
		{"c", systemOnly, false, true, "fixed", "systemClock"}, // fixed stands in
		{"c", func(*types.Func) bool { return true }, true, false, "", "systemClock"},
		{"n", systemOnly, false, true, "env", ""},
	} {
		vt := build(tt.name, tt.outside)
		ls := labels(vt)
		fake := fakeAlt(t, map[string]*Type{tt.name: vt}, tt.name) != nil
		has := func(l string) bool {
			for _, x := range ls {
				if x == l {
					return true
				}
			}
			return false
		}
		switch {
		case fake != tt.fake:
			t.Errorf("%s: fake %v, want %v (alternatives %v)", tt.name, fake, tt.fake, ls)
		case vt.Iface != tt.nilOK || vt.Worldly == tt.nilOK:
			t.Errorf("%s: nil drawn %v, worldly %v; want nil %v", tt.name, vt.Iface, vt.Worldly, tt.nilOK)
		case tt.has != "" && !has(tt.has), tt.hasNot != "" && has(tt.hasNot):
			t.Errorf("%s: alternatives %v, want %q among them and not %q", tt.name, ls, tt.has, tt.hasNot)
		}
	}
	// A nil of a worldly interface, anywhere in a value, is found.
	vt := build("c", func(*types.Func) bool { return true })
	if !WorldlyNil(vt, Value{Nil: true}) || WorldlyNil(vt, Value{X: vt.Alts[0].Key, E: make([]Value, len(vt.Alts[0].Params))}) {
		t.Error("WorldlyNil: want true for nil only")
	}
}

// TestShrinkRanges: a time.Date operand outside its range (year 0, a
// day 0 that time.Date normalises) is moved into it first, and one in
// its range is not shrunk out of it.
func TestShrinkRanges(t *testing.T) {
	pkg := checkPkg(t, "package p\n\nimport \"time\"\n\nvar d time.Time\n")
	vt, err := Build(pkg.Scope().Lookup("d").Type(), &Env{Pkg: pkg}, false)
	if err != nil {
		t.Fatal(err)
	}
	a := vt.Alts[0]
	date := func(y, mo, d int64) Value {
		return Value{X: a.Key, E: []Value{{I: y}, {I: mo}, {I: d}, {}, {}, {}, {}}}
	}
	cands := Shrink(vt, date(0, 0, 0))
	if len(cands) == 0 || cands[0].E[0].I != 2000 {
		t.Fatalf("year 0: first candidate %+v, want year 2000", cands)
	}
	for _, c := range Shrink(vt, date(2005, 3, 4)) {
		if y := c.E[0].I; y < 2000 || y > 2038 {
			t.Errorf("from 2005-03-04: candidate year %d, outside the range", y)
		}
		if m := c.E[1].I; m < 1 || m > 12 {
			t.Errorf("from 2005-03-04: candidate month %d, outside the range", m)
		}
	}
}

// TestAnyPlainFirst: an any the unit's code asserts to the package's
// unexported *entry elsewhere holds plain values first (an int, a
// string), the *entry after them: a cache's keys are 1 and "a", not a
// typed nil of its element type; an exported type the code looks for
// stays first.
func TestAnyPlainFirst(t *testing.T) {
	pkg := checkPkg(t, "package p\n\ntype entry struct{ k any }\n\ntype Key struct{ N int }\n\nvar k any\n")
	anyT := pkg.Scope().Lookup("k").Type()
	entry := types.NewPointer(pkg.Scope().Lookup("entry").Type())
	key := pkg.Scope().Lookup("Key").Type()
	for _, tt := range []struct {
		dyn   []types.Type
		first string
	}{
		{[]types.Type{entry}, "int"},
		{[]types.Type{key, entry}, "Key"},
	} {
		vt, err := Build(anyT, &Env{Pkg: pkg, Dyn: tt.dyn}, false)
		if err != nil {
			t.Fatal(err)
		}
		ls := labels(vt)
		if len(ls) == 0 || !strings.Contains(ls[0], tt.first) {
			t.Errorf("Dyn %v: alternatives %v, want %s first", tt.dyn, ls, tt.first)
		}
		found := false
		for _, l := range ls {
			found = found || strings.Contains(l, "entry")
		}
		if !found {
			t.Errorf("Dyn %v: alternatives %v lack *entry", tt.dyn, ls)
		}
	}
}
