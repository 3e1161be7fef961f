package unit

import (
	"slices"
	"strings"
	"testing"
)

const viewSrc = `package p

import (
	"fmt"
	"math/big"
)

// Cache has hidden state and shows it by Keys and Len.
type Cache struct {
	keys []string
	cap  int
}

func New(n int) *Cache                  { return &Cache{cap: n} }
func (c *Cache) Keys() []string         { return c.keys }
func (c *Cache) Len() int               { return len(c.keys) }
func (c *Cache) String() string         { return fmt.Sprint(c.keys) }
func (c *Cache) Clone() *Cache          { return &Cache{keys: c.keys} }
func (c *Cache) Reset()                 { c.keys = nil }
func (c *Cache) Put(k string)           { c.keys = append(c.keys, k) }
func (c *Cache) Find(k string) int      { return 0 }

// Dec is a value type with hidden state and a String method.
type Dec struct {
	v   *big.Int
	exp int32
}

func Parse(s string) (Dec, error)        { return Dec{}, nil }
func (d Dec) String() string             { return "" }
func (d Dec) Add(e Dec) Dec              { return d }

// Point's fields are exported: it is seen as a value.
type Point struct{ X, Y int }

func Origin() Point                      { return Point{} }

// Num returns another package's type with hidden state.
func Num(x int64) *big.Int               { return big.NewInt(x) }

// Tree has hidden state and only Len: its minimum and maximum too.
type Tree struct{ root *node }
type node struct{ l, r *node; v int }

func (t *Tree) Len() int                 { return 0 }
func (t *Tree) Min() int                 { return 0 }
func (t *Tree) Max() int                 { return 0 }
func (t *Tree) Insert(v int)             {}

// Channels: one a caller receives from is seen as the values received.
func Gen(n int) <-chan int               { return nil }
func Both(n int) chan string             { return nil }
func Sink() chan<- int                   { return nil }
func Funcs() <-chan func()               { return nil }
func Take(ch <-chan int) int             { return 0 }

// Counter shows two counts by one method, its results named.
type Counter struct{ a, d int }

func (c *Counter) Hit(ok bool)                { if ok { c.a++ } else { c.d++ } }
func (c *Counter) Stats() (allowed, denied int) { return c.a, c.d }
func (c *Counter) Pair() (int, int)             { return c.a, c.d }
`

func TestViews(t *testing.T) {
	byName := unitsOf(t, viewSrc)
	methods := func(obs []Observer) []string {
		var out []string
		for _, o := range obs {
			out = append(out, o.Method)
		}
		return out
	}
	for _, tt := range []struct {
		unit string
		k    int      // the view's index: inputs (receiver first), then results
		want []string // nil: seen as a value
	}{
		{"New", 1, []string{"Keys", "Len"}},           // a result: what it holds and its size, not String or Clone
		{"(*Cache).Put", 0, []string{"Keys", "Len"}},  // a receiver
		{"(*Cache).Find", 0, []string{"Keys", "Len"}}, // not the unit itself
		{"Parse", 1, []string{"String"}},              // a value type with hidden state: its text
		{"Dec.Add", 2, []string{"String"}},
		{"Origin", 0, nil},             // exported fields: a value
		{"Num", 1, []string{"String"}}, // another package's type: its text
		{"(*Tree).Insert", 0, []string{"Len", "Max", "Min"}},
		{"Gen", 1, []string{"Values"}},
		{"Both", 1, []string{"Values"}},
		{"Sink", 0, nil},  // send-only: nothing to receive
		{"Funcs", 0, nil}, // funcs are never observed
		{"Take", 0, nil},  // an input: the unit receives from it
	} {
		u := byName[tt.unit]
		if u == nil || u.Skip != "" {
			t.Errorf("%s: not found or skipped (%+v)", tt.unit, u)
			continue
		}
		if got := methods(u.View(tt.k)); !slices.Equal(got, tt.want) {
			t.Errorf("%s: view %d = %v, want %v", tt.unit, tt.k, got, tt.want)
		}
	}
	if u := byName["New"]; u.OutType(0).Kind.String() != "struct" || len(u.ViewFuncs("rv")) != 2 || u.ViewFuncs("rv")[0] != "" {
		t.Errorf("New: out type %v, view funcs %q", u.OutType(0).Kind, u.ViewFuncs("rv"))
	}
	if u := byName["Gen"]; len(u.OutType(0).Fields) != 1 || u.OutType(0).Fields[0].Type.Name != "[]int" || len(u.ViewFuncs("rv")) != 2 || !strings.Contains(u.ViewFuncs("rv")[1], "for v := range r {") ||
		!strings.Contains(u.ViewFuncs("rv")[1], "if r == nil {") {
		t.Errorf("Gen: out type %+v, view funcs %q", u.OutType(0), u.ViewFuncs("rv"))
	}
	// An observer of two named results is seen as them, each by its
	// name; unnamed ones by the method's name and their place.
	var fields []string
	for _, f := range byName["(*Counter).Hit"].ViewType(0).Fields {
		fields = append(fields, f.Name)
	}
	if want := []string{"Pair", "Pair1", "Allowed", "Denied"}; !slices.Equal(slices.Sorted(slices.Values(fields)), slices.Sorted(slices.Values(want))) {
		t.Errorf("(*Counter).Hit: view fields %v, want %v", fields, want)
	}
	if fs := byName["Origin"].ViewFuncs("rv"); fs != nil {
		t.Errorf("Origin: view funcs %q, want none", fs)
	}
}

// TestSortedViews: an observer whose slice comes from a map's order (it
// ranges over one), or of an interface of the package whose
// implementations are hidden, is seen sorted, by the harness as by the
// test; one whose order is the type's own is seen as it is; an interface
// taken as a parameter is not seen after the call.
func TestSortedViews(t *testing.T) {
	units := unitsOf(t, `package p

type Set struct{ m map[string]bool }

func (s *Set) Add(x string) { s.m[x] = true }

func (s *Set) Keys() []string {
	var out []string
	for k := range s.m {
		out = append(out, k)
	}
	return out
}

type Stack struct{ xs []int }

func (s *Stack) Push(x int) { s.xs = append(s.xs, x) }

func (s *Stack) Items() []int { return append([]int(nil), s.xs...) }

type Bag interface{ Items() []int }

type bag []int

func (b bag) Items() []int { return b }

func Of(xs ...int) Bag { return bag(xs) }

func Merge(a, b Bag) Bag { return bag(append(a.Items(), b.Items()...)) }
`)
	sorted := func(name string, k int) []bool {
		u := units[name]
		if u == nil {
			t.Fatalf("no unit %s", name)
		}
		var out []bool
		for _, o := range u.View(k) {
			out = append(out, o.Sorted)
		}
		return out
	}
	if got := sorted("(*Set).Add", 0); !slices.Equal(got, []bool{true}) {
		t.Errorf("(*Set).Add's receiver: Sorted %v, want [true] (Keys ranges over a map)", got)
	}
	if got := sorted("(*Stack).Push", 0); !slices.Equal(got, []bool{false}) {
		t.Errorf("(*Stack).Push's receiver: Sorted %v, want [false] (Items keeps the order pushed)", got)
	}
	if got := sorted("Merge", 2); !slices.Equal(got, []bool{true}) {
		t.Errorf("Merge's result: Sorted %v, want [true] (an interface of the package)", got)
	}
	if v := units["Merge"].View(0); v != nil {
		t.Errorf("Merge's parameter a is seen after the call: %v", v)
	}
	fs := units["(*Set).Add"].ViewFuncs("reflect")
	if len(fs) == 0 || !strings.Contains(fs[0], "c[j] < c[j-1]") {
		t.Errorf("the harness's view of a Set does not sort Keys:\n%v", fs)
	}
}

// TestFieldRecvView: a result of the package's struct type with nothing
// to observe it by but an exported channel field (an iterator's C) is
// seen as the values received from that field.
func TestFieldRecvView(t *testing.T) {
	units := unitsOf(t, `package p

type Iter struct {
	C    <-chan int
	stop chan bool
}

func (it *Iter) Stop() { close(it.stop) }

func Each(xs []int) *Iter {
	c := make(chan int)
	go func() {
		for _, x := range xs {
			c <- x
		}
		close(c)
	}()
	return &Iter{C: c, stop: make(chan bool)}
}
`)
	u := units["Each"]
	v := u.View(1)
	if len(v) != 1 || !v[0].Recv || v[0].Field != "C" {
		t.Fatalf("Each's result is seen as %+v, want the values received from its field C", v)
	}
	fs := u.ViewFuncs("reflect")
	if len(fs) < 2 || !strings.Contains(fs[1], "range r.C") || !strings.Contains(fs[1], "if r == nil") {
		t.Errorf("the harness's view of Each's result:\n%s", fs[len(fs)-1])
	}
}
