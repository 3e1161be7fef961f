package value

import (
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/testmod"
)

const fakesSrc = `package p

import "fmt"

// Heap is container/heap's Interface.
type Heap interface {
	Len() int
	Less(i, j int) bool
	Swap(i, j int)
	Push(x any)
	Pop() any
}

// Sorter is sort.Interface.
type Sorter interface {
	Len() int
	Less(i, j int) bool
	Swap(i, j int)
}

// Store has no implementation in the package.
type Store interface {
	Get(key string) (int, error)
	Has(key string) (int, bool)
	Put(key string, v int)
}

// Circle implements Shape: Shape gets no fake.
type Shape interface{ Area() float64 }
type Circle struct{ R float64 }

func (c Circle) Area() float64 { return c.R * c.R }

var (
	h  Heap
	so Sorter
	st Store
	sh Shape
	s  fmt.Stringer
)
`

// fakeAlt returns the alternative of the variable name's type that a
// test file declares, or nil.
func fakeAlt(t *testing.T, ts map[string]*Type, name string) *Alt {
	t.Helper()
	for _, a := range ts[name].Alts {
		if a.Decl != "" {
			return a
		}
	}
	return nil
}

func fakeTypes(t *testing.T) map[string]*Type {
	t.Helper()
	return varTypes(t, fakesSrc)
}

func TestFakes(t *testing.T) {
	ts := fakeTypes(t)
	for _, tt := range []struct {
		name, decl string // "" = no fake
	}{
		{"h", "gozillaInts"},
		{"so", "gozillaInts"},
		{"st", "gozillaStore"},
		{"sh", ""}, // Circle implements it
		{"s", ""},  // bytes.Buffer and strings.Builder do
	} {
		a := fakeAlt(t, ts, tt.name)
		switch {
		case a == nil && tt.decl != "":
			t.Errorf("%s: no fake, want %s (alternatives %v)", tt.name, tt.decl, labels(ts[tt.name]))
		case a != nil && a.DeclName != tt.decl:
			t.Errorf("%s: fake %s, want %q", tt.name, a.DeclName, tt.decl)
		case a != nil && !a.Plain:
			t.Errorf("%s: fake %s is not compared by reflect.DeepEqual", tt.name, a.DeclName)
		}
	}
	h, st := fakeAlt(t, ts, "h"), fakeAlt(t, ts, "st")
	for _, tt := range []struct {
		typ  *Type
		v    Value
		want string
	}{
		{ts["h"], Value{X: h.Key, E: []Value{{E: []Value{{I: 3}, {I: 1}}}}}, "&gozillaInts{3, 1}"},
		{ts["h"], Value{X: h.Key, E: []Value{{Nil: true}}}, "&gozillaInts{}"},
		// The fields with zero operands are left out.
		{ts["st"], Value{X: st.Key, E: []Value{{E: []Value{{I: 2}}}, {Nil: true}, {Nil: true}, {Nil: true}, {Nil: true}}},
			"&gozillaStore{get: []int{2}}"},
		{ts["st"], Value{X: st.Key, E: []Value{{Nil: true}, {Nil: true}, {Nil: true}, {Nil: true}, {E: []Value{{S: `Put("a", 1)`}}}}},
			`&gozillaStore{calls: []string{"Put(\"a\", 1)"}}`},
	} {
		p := &Printer{}
		if got := p.Literal(tt.typ, tt.v); got != tt.want {
			t.Errorf("%+v: %s, want %s", tt.v, got, tt.want)
		}
		if p.Decls[tt.typ.Alts[0].DeclName] == "" && p.Decls["gozillaInts"] == "" && p.Decls["gozillaStore"] == "" {
			t.Errorf("%s: the printer did not record the declaration it needs", tt.want)
		}
	}
	// The calls are recorded, never drawn.
	g := &Gen{R: rand.New(rand.NewPCG(7, 8))}
	for range 50 {
		v := g.Random(ts["st"])
		if v.X == st.Key && !v.E[len(v.E)-1].Nil {
			t.Fatalf("drew recorded calls %+v", v.E[len(v.E)-1])
		}
	}
}

// TestFakesRun compiles the fakes with the package and runs them: each
// method returns its results in turn, the last again, zero values when
// none are given, and records its calls; gozillaInts is a heap.
func TestFakesRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module")
	}
	ts := fakeTypes(t)
	decls := fakeAlt(t, ts, "h").Decl + "\n" + fakeAlt(t, ts, "st").Decl
	dir := testmod.Write(t, map[string]string{
		"p/p.go": fakesSrc,
		"p/fakes_test.go": "package p\n\nimport (\n\t\"container/heap\"\n\t\"fmt\"\n\t\"reflect\"\n\t\"testing\"\n)\n\n" + decls + `
func TestRun(t *testing.T) {
	var _ Heap = &gozillaInts{}
	var _ Store = &gozillaStore{}
	h := &gozillaInts{5, 2, 8}
	heap.Init(h)
	heap.Push(h, 1)
	var got []int
	for h.Len() > 0 {
		got = append(got, heap.Pop(h).(int))
	}
	if !reflect.DeepEqual(got, []int{1, 2, 5, 8}) {
		t.Errorf("heap order %v", got)
	}
	s := &gozillaStore{get: []int{1, 2}, getErr: []error{nil, fmt.Errorf("x")}}
	var out []string
	for i := 0; i < 3; i++ {
		n, err := s.Get("k")
		out = append(out, fmt.Sprint(n, err))
	}
	s.Put("a", 7)
	if n, ok := s.Has("b"); n != 0 || ok {
		t.Errorf("Has with no results = %v, %v", n, ok)
	}
	if want := []string{"1 <nil>", "2 x", "2 x"}; !reflect.DeepEqual(out, want) {
		t.Errorf("Get results %v, want %v", out, want)
	}
	if want := []string{"Get(\"k\")", "Get(\"k\")", "Get(\"k\")", "Put(\"a\", 7)", "Has(\"b\")"}; !reflect.DeepEqual(s.calls, want) {
		t.Errorf("calls %q, want %q", s.calls, want)
	}
	_ = fmt.Sprint
}
`,
	})
	cmd := exec.Command("go", "test", "./p")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test: %v\n%s\n%s", err, out, filepath.Join(dir, "p"))
	}
	if strings.Contains(decls, "unsafe") {
		t.Error("a fake imports unsafe")
	}
}
