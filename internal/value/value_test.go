package value

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// typesOf type-checks src (package p) and returns the value types of its
// package-level variables, by name.
func typesOf(t *testing.T, src string) (map[string]*Type, map[string]error) {
	t.Helper()
	pkg := checkPkg(t, src)
	ts, errs := map[string]*Type{}, map[string]error{}
	for _, name := range pkg.Scope().Names() {
		if v, ok := pkg.Scope().Lookup(name).(*types.Var); ok {
			vt, err := FromTypes(v.Type(), pkg, map[string]string{}, true)
			ts[name], errs[name] = vt, err
		}
	}
	return ts, errs
}

const src = `package p

type Point struct{ x, y int; tag string }
type List struct{ v int; next *List }
type Celsius float64

var (
	i   int
	u8  uint8
	r   rune
	bs  []byte
	f32 float32
	c   Celsius
	pt  Point
	pp  *Point
	pi  *int
	arr [2]bool
	ps  []Point
	l   *List
	err error

	m  map[string]int
	ch chan int
	fn func()
	an any
	cx complex128
)
`

func TestFromTypes(t *testing.T) {
	ts, errs := typesOf(t, src)
	// Without an Env (FromTypes), what needs alternatives is unsupported.
	for name, want := range map[string]string{"ch": "channel", "fn": "func", "an": "interface"} {
		if errs[name] == nil || !strings.Contains(errs[name].Error(), want) {
			t.Errorf("%s: error %v, want one naming %q", name, errs[name], want)
		}
	}
	for name, kind := range map[string]Kind{"i": Int, "u8": Uint, "r": Int, "bs": Slice, "f32": Float, "c": Float,
		"pt": Struct, "pp": Pointer, "arr": Array, "ps": Slice, "l": Pointer, "err": Error} {
		if errs[name] != nil || ts[name].Kind != kind {
			t.Errorf("%s: %v %v, want kind %v", name, ts[name], errs[name], kind)
		}
	}
	if l := ts["l"]; l.Elem.Fields[1].Type.Elem != l.Elem {
		t.Error("recursive type not shared")
	}
	if !ts["r"].Rune || !ts["bs"].Elem.Byte || ts["i"].Bits != 64 || ts["u8"].Bits != 8 {
		t.Error("rune, byte or widths lost")
	}
}

func TestLiteral(t *testing.T) {
	ts, _ := typesOf(t, src)
	pt := Value{E: []Value{{I: 1}, {I: 0}, {S: "a"}}}
	for _, tt := range []struct {
		typ  string
		v    Value
		want string
	}{
		{"i", Value{I: -3}, "-3"},
		{"i", Value{I: math.MinInt64}, "math.MinInt64"},
		{"i", Value{I: math.MinInt64 + 2}, "math.MinInt64 + 2"},
		{"i", Value{I: math.MaxInt64 - 16}, "math.MaxInt64 - 16"},
		{"i", Value{I: math.MaxInt64 - 17}, "9223372036854775790"},
		{"i", Value{I: 17}, "17"},
		{"i", Value{I: 1<<50 - 3}, "1<<50 - 3"}, // a unit boundary (humanize's PiB), not 1125899906842621
		{"i", Value{I: -(1 << 40)}, "-(1<<40)"},
		{"i", Value{I: 1<<20 + 16}, "1<<20 + 16"},
		{"i", Value{I: 1<<20 + 17}, "1048593"},
		{"i", Value{I: 65536}, "65536"}, // below 2^20: digits read well
		{"i", Value{I: 1000000}, "1000000"},
		{"pi", Value{E: []Value{{I: math.MaxInt64 - 1}}}, "gozillaPtr[int](math.MaxInt64 - 1)"},
		{"u8", Value{U: 255}, "255"},
		{"r", Value{I: 'x'}, "'x'"},
		{"r", Value{I: 0}, "0"},
		{"bs", Value{E: []Value{{U: 'h'}, {U: 'i'}}}, `[]byte("hi")`},
		{"bs", Value{E: []Value{{U: 0xff}}}, "[]byte{255}"},
		{"bs", Value{Nil: true}, "nil"},
		{"bs", Value{}, "[]byte{}"},
		{"f32", FloatValue(0.5), "0.5"},
		{"f32", FloatValue(math.Inf(-1)), "float32(math.Inf(-1))"},
		{"c", FloatValue(math.NaN()), "Celsius(math.NaN())"},
		{"c", FloatValue(-math.Pi / 2), "Celsius(-math.Pi / 2)"},
		{"c", FloatValue(3.1416), "3.1416"},
		{"c", FloatValue(math.Copysign(0, -1)), "Celsius(math.Copysign(0, -1))"},
		{"pt", pt, `Point{x: 1, tag: "a"}`},
		{"pp", Value{E: []Value{pt}}, `&Point{x: 1, tag: "a"}`},
		{"pi", Value{E: []Value{{I: 5}}}, "gozillaPtr[int](5)"},
		{"arr", Value{E: []Value{{I: 1}, {}}}, "[2]bool{true, false}"},
		{"ps", Value{E: []Value{pt, Zero(ts["pt"])}}, `[]Point{{x: 1, tag: "a"}, {}}`},
		{"l", Value{E: []Value{{E: []Value{{I: 1}, {Nil: true}}}}}, "&List{v: 1}"},
	} {
		p := &Printer{}
		if got := p.Literal(ts[tt.typ], tt.v); got != tt.want {
			t.Errorf("%s %+v: %s, want %s", tt.typ, tt.v, got, tt.want)
		}
	}
}

// TestShrinkTerminates: shrinking is well-founded, so repeatedly taking
// the first candidate ends, and every candidate is a valid value.
func TestShrinkTerminates(t *testing.T) {
	ts, _ := typesOf(t, src)
	g := &Gen{R: rand.New(rand.NewPCG(1, 2)), Pool: Pool{Ints: []int64{7}, Strings: []string{"abc"}}}
	for _, name := range []string{"i", "u8", "r", "bs", "f32", "c", "pt", "pp", "pi", "arr", "ps", "l"} {
		typ := ts[name]
		for n := 0; n < 50; n++ {
			v := g.Random(typ)
			for steps := 0; ; steps++ {
				if steps > 10000 {
					t.Fatalf("%s: shrinking %+v does not end", name, v)
				}
				cs := Shrink(typ, v)
				if len(cs) == 0 {
					break
				}
				if Equal(typ, cs[0], v) {
					t.Fatalf("%s: %+v shrinks to itself", name, v)
				}
				v = cs[0]
			}
			want := minimal(typ)
			if typ.Kind == Pointer && apiFirst(typ) {
				// A value of the package's types with hidden state is not
				// made nil: a pointer to its zero value.
				want = Value{E: []Value{Zero(typ.Elem)}}
			}
			if !Equal(typ, v, want) && !(typ.Kind == Slice && !v.Nil && len(v.E) == 0) {
				t.Errorf("%s: shrinking ends at %+v, want the minimal value", name, v)
			}
		}
	}
}

// minimal is where always taking the first candidate ends (a non-nil
// slice ends empty instead: nil and empty are different inputs).
func minimal(t *Type) Value {
	switch t.Kind {
	case Slice, Pointer:
		return Value{Nil: true}
	}
	return Zero(t)
}

func TestEqual(t *testing.T) {
	f := &Type{Kind: Float, Bits: 64}
	if !Equal(f, FloatValue(math.NaN()), FloatValue(-math.NaN())) {
		t.Error("NaNs differ")
	}
	if Equal(f, FloatValue(0), FloatValue(math.Copysign(0, -1))) {
		t.Error("-0 equals +0")
	}
	s := &Type{Kind: Slice, Elem: &Type{Kind: Int, Bits: 64}}
	if Equal(s, Value{Nil: true}, Value{}) {
		t.Error("nil equals empty")
	}
}

func TestSmall(t *testing.T) {
	ts, _ := typesOf(t, src)
	key := func(in []Value) string {
		var b strings.Builder
		for _, v := range in {
			fmt.Fprintf(&b, "%d/%d/%q/%v;", v.I, v.U, v.S, v.Nil)
		}
		return b.String()
	}
	tests := []struct {
		types []string
		limit int
		want  int // inputs; 0: none (not all scalars, or too many)
	}{
		{[]string{"i", "i", "i"}, 64, 64}, // TRITYP: 4³
		{[]string{"i", "i", "i"}, 30, 27}, // narrowed to 3³
		{[]string{"i", "i", "i"}, 7, 0},   // even 2³ does not fit
		{[]string{"u8", "arr"}, 64, 0},    // an array is not a scalar
		{[]string{"u8", "f32", "r"}, 100, 36},
		{[]string{}, 10, 1}, // the empty input
	}
	for _, tt := range tests {
		var types []*Type
		for _, n := range tt.types {
			types = append(types, ts[n])
		}
		got := Small(types, tt.limit)
		if len(got) != tt.want {
			t.Errorf("Small(%v, %d): %d inputs, want %d", tt.types, tt.limit, len(got), tt.want)
			continue
		}
		seen := map[string]bool{}
		for _, in := range got {
			k := key(in)
			if seen[k] {
				t.Errorf("Small(%v): %s twice", tt.types, k)
			}
			seen[k] = true
		}
		if len(got) > 0 {
			for i, v := range got[0] {
				if !Equal(types[i], v, Zero(types[i])) {
					t.Errorf("Small(%v): first input is not all zero: %+v", tt.types, got[0])
				}
			}
		}
	}
	// The triangle (1, 1, 2) is among TRITYP's small inputs.
	in := Small([]*Type{ts["i"], ts["i"], ts["i"]}, 64)
	found := false
	for _, x := range in {
		found = found || (x[0].I == 1 && x[1].I == 1 && x[2].I == 2)
	}
	if !found {
		t.Error("Small(int, int, int) misses (1, 1, 2)")
	}
}

// TestRandomRepeats checks that random inputs make two integers equal far
// more often than independent draws would.
func TestRandomRepeats(t *testing.T) {
	ts, _ := typesOf(t, src)
	g := &Gen{R: rand.New(rand.NewPCG(3, 4))}
	equal := 0
	const n = 2000
	for i := 0; i < n; i++ {
		g.Reset()
		a, b := g.Random(ts["i"]), g.Random(ts["i"])
		if a.I == b.I {
			equal++
		}
	}
	if equal < n/10 {
		t.Errorf("%d of %d random pairs equal, want at least %d", equal, n, n/10)
	}
}

// TestRandomText checks that random strings and byte slices hold UTF-8
// sequences of every length, valid and broken: independent random bytes
// almost never form a multi-byte sequence.
func TestRandomText(t *testing.T) {
	ts, _ := typesOf(t, src)
	g := &Gen{R: rand.New(rand.NewPCG(5, 6))}
	lengths := map[int]bool{}
	invalid := 0
	for i := 0; i < 2000; i++ {
		var b []byte
		if i%2 == 0 {
			b = []byte(g.Random(&Type{Kind: String, Name: "string"}).S)
		} else {
			for _, e := range g.Random(ts["bs"]).E {
				b = append(b, byte(e.U))
			}
		}
		if !utf8.Valid(b) {
			invalid++
		}
		for len(b) > 0 {
			r, n := utf8.DecodeRune(b)
			if r != utf8.RuneError || n > 1 {
				lengths[n] = true
			}
			b = b[n:]
		}
	}
	for n := 1; n <= 4; n++ {
		if !lengths[n] {
			t.Errorf("no valid %d-byte sequence in 2000 random strings and byte slices", n)
		}
	}
	if invalid < 100 {
		t.Errorf("%d of 2000 random strings and byte slices are invalid UTF-8, want at least 100", invalid)
	}
}

// checkPkg type-checks src as package p (with the standard library's
// export data for its imports).
func checkPkg(t *testing.T, src string) *types.Package {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

// TestShrinkLongArray checks that a long array's shrink candidates are
// few and each strictly simpler: one candidate per element, each a copy,
// made shrinking a struct holding a [1024]byte buffer take gigabytes.
func TestShrinkLongArray(t *testing.T) {
	typ := &Type{Kind: Array, Len: 1024, Elem: &Type{Kind: Uint, Bits: 8}}
	g := &Gen{R: rand.New(rand.NewPCG(1, 2))}
	v := g.Random(typ)
	for i := range v.E {
		v.E[i] = Value{U: uint64(i%255 + 1)} // no element zero
	}
	// At most 8 candidates per element: 0, 1, 2, four steps toward 0
	// and one less.
	cs := Shrink(typ, v)
	if len(cs) == 0 || len(cs) > 3+denseShrink*8 {
		t.Fatalf("%d candidates for a [1024]uint8, want 1…%d", len(cs), 3+denseShrink*8)
	}
	if !Equal(typ, cs[0], Zero(typ)) {
		t.Errorf("first candidate is not the zero array")
	}
	for _, c := range cs {
		if len(c.E) != 1024 || Equal(typ, c, v) {
			t.Fatalf("candidate of %d elements, or equal to the value", len(c.E))
		}
	}
	// Shrinking by first candidates ends at the zero array in one step.
	if cs := Shrink(typ, cs[0]); len(cs) != 0 {
		t.Errorf("the zero array shrinks to %d candidates, want none", len(cs))
	}
}
