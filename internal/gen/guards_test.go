package gen

import (
	"math"
	"testing"

	"github.com/gozilla/gozilla/internal/unit"
	"github.com/gozilla/gozilla/internal/value"
)

const guardsSrc = `package bucket

import (
	"errors"
	"math"
)

type Bucket struct {
	rate  float64
	burst int
	name  string
	keys  []string
}

const maxBurst = 100

var errRate = errors.New("bucket: rate must be positive")

// New rejects a rate that is not positive (NaN too) and a burst out of
// [1, maxBurst]; it stores its operands as such.
func New(rate float64, burst int, name string) (*Bucket, error) {
	if rate <= 0 || math.IsNaN(rate) {
		return nil, errRate
	}
	if burst < 1 || burst > maxBurst {
		panic("bucket: burst out of range")
	}
	if len(name) > 8 {
		return nil, errors.New("bucket: long name")
	}
	return &Bucket{rate: rate, burst: burst, name: name}, nil
}

// Lenient mends its operand before storing it: New's check of burst
// does not hold of what it builds (Lenient(0, keys) has burst 1, and
// New's check is of burst as such; Lenient(5000, keys) has 5000). Its own
// check of keys does not hold of what New builds (keys nil).
func Lenient(n int, keys []string) *Bucket {
	if n < 1 {
		n = 1
	}
	if len(keys) == 0 {
		return nil
	}
	return &Bucket{rate: 1, burst: n, keys: keys}
}

// Default sets constants that pass New's checks, and leaves name empty.
func Default() *Bucket { return &Bucket{rate: 2, burst: 1} }

type Window struct{ lo, hi int }

func NewWindow(lo, hi int) (*Window, error) {
	if lo > hi {
		return nil, errors.New("window: lo > hi")
	}
	return &Window{lo: lo, hi: hi}, nil
}
`

// TestCtorGuards: the checks a constructor makes before it stores its
// operands in a field are what a value spelled from fields must keep
// (&Bucket{rate: 0} is a state New rejects), when every other
// constructor keeps them too; a check of an operand the constructor
// changes, or one another constructor breaks, is none.
func TestCtorGuards(t *testing.T) {
	pkg := loadPkg(t, map[string]string{"bucket/bucket.go": guardsSrc}, "./bucket")
	gs := ctorGuards(pkg, "Bucket")
	var texts []string
	for _, g := range gs {
		texts = append(texts, g.ctor+": "+g.text)
	}
	want := []string{"New: rate <= 0 || math.IsNaN(rate)", "New: len(name) > 8"}
	if len(texts) != len(want) {
		t.Fatalf("guards %q, want %q", texts, want)
	}
	for i := range want {
		if texts[i] != want[i] {
			t.Errorf("guard %d: %q, want %q", i, texts[i], want[i])
		}
	}
	st := &value.Type{Kind: value.Struct, Name: "Bucket", Fields: []value.Field{
		{Name: "rate", Type: &value.Type{Kind: value.Float, Bits: 64}},
		{Name: "burst", Type: &value.Type{Kind: value.Int, Bits: 64}},
		{Name: "name", Type: &value.Type{Kind: value.String}},
		{Name: "keys", Type: &value.Type{Kind: value.Slice, Elem: &value.Type{Kind: value.String}}},
	}}
	f := func(x float64) value.Value { return value.Value{U: math.Float64bits(x)} }
	keys := value.Value{E: []value.Value{{S: "a"}}}
	tests := []struct {
		name   string
		v      value.Value
		broken string // the first guard broken, "" for none
	}{
		{"built", value.Value{E: []value.Value{f(1.5), {I: 3}, {S: "a"}, keys}}, ""},
		{"rate 0", value.Value{E: []value.Value{f(0), {I: 3}, {S: "a"}, keys}}, "rate <= 0 || math.IsNaN(rate)"},
		{"rate NaN", value.Value{E: []value.Value{f(math.NaN()), {I: 3}, {S: "a"}, keys}}, "rate <= 0 || math.IsNaN(rate)"},
		{"burst 0 (Lenient's states)", value.Value{E: []value.Value{f(2), {I: 0}, {S: "a"}, keys}}, ""},
		{"long name", value.Value{E: []value.Value{f(2), {I: 1}, {S: "abcdefghi"}, keys}}, "len(name) > 8"},
		{"no keys (New's states)", value.Value{E: []value.Value{f(2), {I: 1}, {S: ""}, {E: []value.Value{}}}}, ""},
	}
	for _, tt := range tests {
		got := ""
		for _, g := range gs {
			if g.breaks(st, tt.v) {
				got = g.text
				break
			}
		}
		if got != tt.broken {
			t.Errorf("%s: broken %q, want %q", tt.name, got, tt.broken)
		}
	}
	// A check of two fields.
	ws := ctorGuards(pkg, "Window")
	if len(ws) != 1 || ws[0].text != "lo > hi" {
		t.Fatalf("Window's guards: %+v, want lo > hi", ws)
	}
	wt := &value.Type{Kind: value.Struct, Name: "Window", Fields: []value.Field{
		{Name: "lo", Type: &value.Type{Kind: value.Int, Bits: 64}},
		{Name: "hi", Type: &value.Type{Kind: value.Int, Bits: 64}},
	}}
	if !ws[0].breaks(wt, value.Value{E: []value.Value{{I: 3}, {I: 1}}}) || ws[0].breaks(wt, value.Value{E: []value.Value{{I: 1}, {I: 1}}}) {
		t.Errorf("Window{3, 1} must break lo > hi, Window{1, 1} not")
	}
}

const storedSrc = `package lru

import "errors"

type Cache[K comparable] struct {
	size  int
	name  string
	items map[K]int
}

func New[K comparable](size int, name string) (*Cache[K], error) {
	if size <= 0 {
		return nil, errors.New("lru: size must be positive")
	}
	return &Cache[K]{size: size, name: name, items: map[K]int{}}, nil
}

// Resize stores its operand as such.
func (c *Cache[K]) Resize(size int) { c.size = size }

// Grow mends its operand first: what it stores is not what was passed.
func (c *Cache[K]) Grow(size int) {
	if size < 1 {
		size = 1
	}
	c.size = size
}

// Rename sets a field no constructor checks.
func (c *Cache[K]) Rename(name string) { c.name = name }
`

// TestStoredBreaks: a method that stores its argument as such in a
// field its type's constructors guard, with a value they reject
// (Resize(-2) of a cache New refuses a size below 1), is a misuse; one
// that mends the argument first, or sets a field no constructor checks,
// is not.
func TestStoredBreaks(t *testing.T) {
	pkg := loadPkg(t, map[string]string{"lru/lru.go": storedSrc}, "./lru")
	g := &generator{pkg: pkg, guards: map[string][]guard{}}
	units := map[string]*unit.Unit{}
	for _, u := range unit.Find(pkg, nil) {
		units[u.Name] = u
	}
	for _, tt := range []struct {
		unit    string
		arg     value.Value
		misused bool
	}{
		{"(*Cache).Resize", value.Value{I: -2}, true},
		{"(*Cache).Resize", value.Value{I: 0}, true},
		{"(*Cache).Resize", value.Value{I: 3}, false},
		{"(*Cache).Grow", value.Value{I: -2}, false},
		{"(*Cache).Rename", value.Value{S: ""}, false},
	} {
		u := units[tt.unit]
		if u == nil {
			t.Fatalf("no unit %s among %v", tt.unit, units)
		}
		why := g.storedBreaks(u, []value.Value{{Nil: true}, tt.arg})
		if (why != "") != tt.misused {
			t.Errorf("%s(%v): %q, want misused %v", tt.unit, tt.arg, why, tt.misused)
		}
	}
}
