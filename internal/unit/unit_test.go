package unit

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/testmod"
	"github.com/gozilla/gozilla/internal/value"
)

const src = `package p

import (
	"errors"
	"io"
	"strings"
	"unsafe"
)

var (
	ErrA = errors.New("a")
	errB = errors.New("b")
	ErrC = errors.New("c")
	NotErr = 3
)

type T struct{ n int; s []string }

func Plain(a int, b string) (int, error)   { return a + len(b) + 7, nil }
func Variadic(xs ...uint8) int              { return len(xs) }
func (t T) Value() int                      { return t.n }
func (t *T) Ptr(x float64) bool             { return x > 2.5 && t != nil }
func Callback(f func()) int                 { f(); return 1 }
func Channel(c chan int) int                { return <-c }
func Map(m map[string]int) int              { return len(m) }
func Iface(r io.Reader) int                 { return 0 }
func Any(x any) int                         { return 0 }
func Ptr(p unsafe.Pointer) int              { return 0 }
func Builder(b *strings.Builder) int        { return b.Len() }
func Generic[E any](x E) E                  { return x }
func Nothing()                              {}
func init()                                 {}
func _()                                    {}
func Results() (a, b int)                   { return 1, 2 }
func Const(s string) bool                   { return s == "magic" || len(s) > 1<<4 }
`

func find(t *testing.T, run *regexp.Regexp) []*Unit {
	t.Helper()
	dir := testmod.Write(t, map[string]string{"p/p.go": src})
	pkgs, err := load.Load(load.Config{Dir: dir}, "./p")
	if err != nil {
		t.Fatal(err)
	}
	return Find(pkgs[0], run)
}

func TestFind(t *testing.T) {
	tests := []struct {
		name string
		expr string // harness expression; "" when skipped
		skip string // substring of the skip reason
	}{
		{"Plain", "Plain", ""},
		{"Variadic", "Variadic", ""},
		{"T.Value", "T.Value", ""},
		{"(*T).Ptr", "(*T).Ptr", ""},
		{"Callback", "Callback", ""},
		{"Channel", "Channel", ""},
		{"Map", "Map", ""},
		{"Iface", "Iface", ""},
		{"Any", "Any", ""},
		{"Ptr", "", "parameter p"},
		{"Builder", "Builder", ""},
		{"Generic", "Generic[int]", ""},
		{"Nothing", "", "nothing to observe"},
		{"init", "", "init function"},
		{"_", "", "blank name"},
		{"Results", "Results", ""},
		{"Const", "Const", ""},
	}
	units := find(t, nil)
	if len(units) != len(tests) {
		var names []string
		for _, u := range units {
			names = append(names, u.Name)
		}
		t.Fatalf("Find: %d units %v, want %d", len(units), names, len(tests))
	}
	for i, tt := range tests {
		u := units[i]
		if u.Name != tt.name {
			t.Errorf("unit %d: %s, want %s (source order)", i, u.Name, tt.name)
			continue
		}
		if tt.skip == "" {
			if u.Skip != "" {
				t.Errorf("%s skipped: %s", u.Name, u.Skip)
			}
			if u.Expr != tt.expr {
				t.Errorf("%s: expression %q, want %q", u.Name, u.Expr, tt.expr)
			}
			continue
		}
		if !strings.Contains(u.Skip, tt.skip) {
			t.Errorf("%s: skip reason %q, want it to mention %q", u.Name, u.Skip, tt.skip)
		}
		if u.Params != nil || u.Results != nil || u.Recv != nil {
			t.Errorf("%s is skipped but keeps its signature", u.Name)
		}
	}

	byName := map[string]*Unit{}
	for _, u := range units {
		byName[u.Name] = u
	}
	if u := byName["(*T).Ptr"]; len(u.Inputs()) != 2 || u.Inputs()[0].Name != "*T" {
		t.Errorf("(*T).Ptr inputs: want the receiver *T first, then x")
	}
	if u := byName["Variadic"]; !u.Variadic || u.Params[0].Type.Name != "[]uint8" {
		t.Errorf("Variadic: variadic %v, parameter type %s", u.Variadic, u.Params[0].Type.Name)
	}
	// Types that need alternatives: how each is built.
	labels := func(t *value.Type) []string {
		var ls []string
		for _, a := range t.Alts {
			ls = append(ls, a.Label)
		}
		return ls
	}
	for _, tt := range []struct {
		unit string
		kind value.Kind
		alts []string // labels that must be among the alternatives
	}{
		{"Callback", value.Built, []string{"Nothing", "record"}},
		{"Channel", value.Built, []string{"closed"}},
		{"Map", value.Map, nil},
		{"Iface", value.Built, []string{"strings.NewReader", "bytes.NewReader", "bytes.Buffer"}},
		{"Any", value.Built, []string{"int", "string", "float64", "bool", "[]int", "map[string]int"}},
		{"Builder", value.Pointer, nil},
	} {
		pt := byName[tt.unit].Params[0].Type
		if pt.Kind != tt.kind {
			t.Errorf("%s: parameter of kind %v, want %v", tt.unit, pt.Kind, tt.kind)
		}
		for _, l := range tt.alts {
			if !slices.Contains(labels(pt), l) {
				t.Errorf("%s: alternatives %v, want %s among them", tt.unit, labels(pt), l)
			}
		}
	}
	if e := byName["Builder"].Params[0].Type.Elem; e.Kind != value.Opaque {
		t.Errorf("Builder: *strings.Builder points to a %v, want opaque (another package's unexported state)", e.Kind)
	}
	if u := byName["Plain"]; !slices.Contains(u.Pool.Ints, 7) {
		t.Errorf("Plain's pool %v misses the constant 7", u.Pool.Ints)
	}
	if u := byName["Const"]; !slices.Contains(u.Pool.Strings, "magic") || !slices.Contains(u.Pool.Ints, 16) || slices.Contains(u.Pool.Ints, 4) {
		t.Errorf("Const's pool %+v: want \"magic\" and the folded 1<<4 = 16, not its operand 4", u.Pool)
	}
}

func TestFindRun(t *testing.T) {
	units := find(t, regexp.MustCompile(`^T\.|Ptr$`))
	var names []string
	for _, u := range units {
		names = append(names, u.Name)
	}
	if want := []string{"T.Value", "(*T).Ptr", "Ptr"}; !slices.Equal(names, want) {
		t.Errorf("-run: %v, want %v", names, want)
	}
}

func TestSentinels(t *testing.T) {
	dir := testmod.Write(t, map[string]string{"p/p.go": src})
	pkgs, err := load.Load(load.Config{Dir: dir}, "./p")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := Sentinels(pkgs[0]), []string{"ErrA", "ErrC"}; !slices.Equal(got, want) {
		t.Errorf("Sentinels = %v, want %v (exported error variables, source order)", got, want)
	}
}

// TestSkipReasonPath: the reason a unit is skipped follows the path from
// the input's type to the part that cannot be modelled, naming the
// input's own type rather than only the innermost one.
func TestSkipReasonPath(t *testing.T) {
	const src = `package p

import "unsafe"

type constraintFunc [2000]int

type Constraints struct {
	n int
	f constraintFunc
}

type Rules []constraintFunc

type List struct {
	next *List
	m    map[string]unsafe.Pointer
}

type Outer struct{ in *Constraints }

func (c Constraints) Check(x int) bool  { return c.n > x }
func (c *Constraints) Ptr(x int) bool   { return c.n > x }
func (r Rules) Len() int                { return len(r) }
func Walk(l *List) int                  { return 0 }
func Nested(o Outer) int                { return 0 }
func Fn(f *unsafe.Pointer) int          { return 0 }
func Lists(ls [][]map[int]unsafe.Pointer) int { return 0 }
func Gen[T any](x T, p unsafe.Pointer) int { return 0 }
func Result() (constraintFunc, error)   { return constraintFunc{}, nil }
`
	dir := testmod.Write(t, map[string]string{"p/p.go": src})
	pkgs, err := load.Load(load.Config{Dir: dir}, "./p")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"Constraints.Check":  "receiver Constraints: field f: type constraintFunc (array longer than 1024)",
		"(*Constraints).Ptr": "receiver *Constraints: field f: type constraintFunc (array longer than 1024)",
		"Rules.Len":          "receiver Rules: element: type constraintFunc (array longer than 1024)",
		"Walk":               "parameter l *List: field m: element: unsafe.Pointer",
		"Nested":             "parameter o Outer: field in *Constraints: field f: type constraintFunc (array longer than 1024)",
		"Fn":                 "parameter f: *unsafe.Pointer (unsafe.Pointer)",
		"Lists":              "parameter ls: element: element: element: unsafe.Pointer",
		"Result":             "result #1: type constraintFunc (array longer than 1024)",
	}
	for _, u := range Find(pkgs[0], nil) {
		if w, ok := want[u.Name]; ok && u.Skip != w {
			t.Errorf("%s: skip reason %q, want %q", u.Name, u.Skip, w)
		}
		delete(want, u.Name)
	}
	for name := range want {
		t.Errorf("no unit %s", name)
	}
}
