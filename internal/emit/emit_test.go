package emit

import (
	"flag"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/gen"
	"github.com/gozilla/gozilla/internal/harness"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/testmod"
	"github.com/gozilla/gozilla/internal/unit"
	"github.com/gozilla/gozilla/internal/value"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// libSrc has one unit per kind of check the emitter writes.
const libSrc = `package lib

import (
	"errors"
	"fmt"
)

var ErrEmpty = errors.New("empty")

type Point struct{ X, y int }

// Sum fails with a sentinel error.
func Sum(xs []int) (int, error) {
	if len(xs) == 0 {
		return 0, ErrEmpty
	}
	s := 0
	for _, x := range xs {
		s += x
	}
	return s, nil
}

// Parse fails with an error that only has a message.
func Parse(s string) (int, error) {
	if s == "" {
		return 0, fmt.Errorf("bad input %q", s)
	}
	return len(s), nil
}

// At panics with a runtime error.
func At(xs []int, i int) int { return xs[i] }

// Must panics with a value.
func Must(x int) int {
	if x < 0 {
		panic("negative")
	}
	return x
}

// Double changes its argument.
func Double(xs []int) {
	for i := range xs {
		xs[i] *= 2
	}
}

// Move changes its receiver.
func (p *Point) Move(dx int) {
	p.X += dx
	p.y -= dx
}

// Half returns floats, NaN included.
func Half(f float64) float64 { return f / 2 }

// Halves returns floats in a slice: compared with the equality helper.
func Halves(fs []float64) []float64 {
	out := make([]float64, len(fs))
	for i, f := range fs {
		out[i] = f / 2
	}
	return out
}

// Tag mixes bytes, runes and small unsigned integers.
func Tag(b []byte, r rune, u uint8) string { return fmt.Sprint(len(b), string(r), u) }

// Each sums what f returns for each of xs: f records its calls.
func Each(xs []int, f func(int) int) int {
	s := 0
	for _, x := range xs {
		s += f(x)
	}
	return s
}

// Bag has hidden state, seen through its methods Items and Len.
type Bag struct{ items []int }

// NewBag returns nil for a negative size.
func NewBag(n int) *Bag {
	if n < 0 {
		return nil
	}
	b := &Bag{}
	for i := 0; i < n; i++ {
		b.items = append(b.items, i)
	}
	return b
}

func (b *Bag) Len() int      { return len(b.items) }
func (b *Bag) Items() []int  { return b.items }
func (b *Bag) Add(x int)     { b.items = append(b.items, x) }

// Prices has no implementation in lib: the tests declare a fake.
type Prices interface {
	Price(sku string) (int, error)
}

// Total asks p the price of each sku.
func Total(p Prices, skus []string) (int, error) {
	t := 0
	for _, s := range skus {
		v, err := p.Price(s)
		if err != nil {
			return 0, err
		}
		t += v
	}
	return t, nil
}
`

// row is one hand-made test: inputs and the outcome worked out by hand
// from libSrc (the go test run below confirms them).
type row struct {
	unit    string
	in      []value.Value
	results []value.Value
	post    []value.Value // nil: the inputs, unchanged
	panic   *harness.Panic
}

func ints(xs ...int64) value.Value {
	v := value.Value{E: []value.Value{}}
	for _, x := range xs {
		v.E = append(v.E, value.Value{I: x})
	}
	return v
}

func floats(fs ...float64) value.Value {
	v := value.Value{E: []value.Value{}}
	for _, f := range fs {
		v.E = append(v.E, value.FloatValue(f))
	}
	return v
}

func str(s string) value.Value { return value.Value{S: value.Str(s)} }

var rows = []row{
	{unit: "Sum", in: []value.Value{ints(1, 2)}, results: []value.Value{{I: 3}, {Nil: true}}},
	{unit: "Sum", in: []value.Value{{Nil: true}}, results: []value.Value{{I: 0}, {X: "ErrEmpty"}}},
	{unit: "Parse", in: []value.Value{str("")}, results: []value.Value{{I: 0}, {S: `bad input ""`}}},
	{unit: "Parse", in: []value.Value{str("ab")}, results: []value.Value{{I: 2}, {Nil: true}}},
	{unit: "At", in: []value.Value{ints(7), {I: 1}}, panic: &harness.Panic{Kind: harness.PanicRuntime, Msg: "runtime error: index out of range"}},
	{unit: "At", in: []value.Value{ints(7), {I: 0}}, results: []value.Value{{I: 7}}},
	{unit: "Must", in: []value.Value{{I: -1}}, panic: &harness.Panic{Kind: harness.PanicValue, Msg: "negative"}},
	{unit: "Must", in: []value.Value{{I: 2}}, results: []value.Value{{I: 2}}},
	{unit: "Double", in: []value.Value{ints(1, -2)}, post: []value.Value{ints(2, -4)}},
	{unit: "Double", in: []value.Value{ints(0)}, post: []value.Value{ints(0)}},
	{unit: "(*Point).Move", in: []value.Value{{E: []value.Value{{E: []value.Value{{I: 1}, {I: 2}}}}}, {I: 3}},
		post: []value.Value{{E: []value.Value{{E: []value.Value{{I: 4}, {I: -1}}}}}, {I: 3}}},
	{unit: "Half", in: []value.Value{value.FloatValue(math.NaN())}, results: []value.Value{value.FloatValue(math.NaN())}},
	{unit: "Half", in: []value.Value{value.FloatValue(1)}, results: []value.Value{value.FloatValue(0.5)}},
	{unit: "Half", in: []value.Value{value.FloatValue(math.Inf(-1))}, results: []value.Value{value.FloatValue(math.Inf(-1))}},
	{unit: "Halves", in: []value.Value{floats(1, math.NaN(), math.Copysign(0, -1))}, results: []value.Value{floats(0.5, math.NaN(), math.Copysign(0, -1))}},
	{unit: "Tag", in: []value.Value{{E: []value.Value{{U: 'h'}, {U: 'i'}}}, {I: 'é'}, {U: 255}}, results: []value.Value{str("2é255")}},
	// Bag is seen through Items and Len: a result, a nil one, a receiver.
	{unit: "NewBag", in: []value.Value{{I: 2}}, results: []value.Value{{E: []value.Value{ints(0, 1), {I: 2}}}}},
	{unit: "NewBag", in: []value.Value{{I: -1}}, results: []value.Value{{Nil: true}}},
	{unit: "(*Bag).Add", in: []value.Value{{E: []value.Value{{E: []value.Value{ints(1)}}}}, {I: 5}},
		post: []value.Value{{E: []value.Value{ints(1, 5), {I: 2}}}, {I: 5}}},
	// A recording callback's results are inputs; its calls are observed.
	{unit: "Each", in: []value.Value{ints(1, 2), fake(ints(5, 7), value.Value{Nil: true})}, results: []value.Value{{I: 12}},
		post: []value.Value{ints(1, 2), fake(ints(5, 7), strs("(1)", "(2)"))}},
	{unit: "Each", in: []value.Value{ints(), fake(value.Value{Nil: true}, value.Value{Nil: true})}, results: []value.Value{{I: 0}},
		post: []value.Value{ints(), fake(value.Value{Nil: true}, value.Value{Nil: true})}},
	// A fake's results are inputs; its calls are observed.
	{unit: "Total", in: []value.Value{fake(ints(2, 3), value.Value{Nil: true}, value.Value{Nil: true}), strs("a", "b")},
		results: []value.Value{{I: 5}, {Nil: true}},
		post:    []value.Value{fake(ints(2, 3), value.Value{Nil: true}, strs(`Price("a")`, `Price("b")`)), strs("a", "b")}},
	{unit: "Total", in: []value.Value{{Nil: true}, strs()}, results: []value.Value{{I: 0}, {Nil: true}}},
}

// fake is a value built by the fake the test file declares for the
// argument's interface, or by a recording callback (result resolves X).
func fake(ops ...value.Value) value.Value { return value.Value{X: "fake", E: ops} }

func strs(xs ...string) value.Value {
	v := value.Value{E: []value.Value{}}
	for _, x := range xs {
		v.E = append(v.E, str(x))
	}
	return v
}

// resolveFakes sets X of the fake values of in, of types ts, to the key
// of their type's fake.
func resolveFakes(ts []*value.Type, in []value.Value) []value.Value {
	out := append([]value.Value(nil), in...)
	for i, v := range out {
		if v.X != "fake" {
			continue
		}
		for _, a := range ts[i].Alts {
			if a.Decl != "" || a.Record != nil {
				out[i].X = a.Key
			}
		}
	}
	return out
}

// result builds a gen.Result for libSrc holding rows, each row credited
// with the first mutant of its unit.
func result(t *testing.T, dir string, rows []row) *gen.Result {
	t.Helper()
	pkgs, err := load.Load(load.Config{Dir: dir}, "./lib")
	if err != nil {
		t.Fatal(err)
	}
	pkg := pkgs[0]
	set, err := mutate.Generate(pkg, mutate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	units := unit.Find(pkg, nil)
	byName := map[string]*unit.Unit{}
	for _, u := range units {
		if u.Skip != "" {
			t.Fatalf("%s skipped: %s", u.Name, u.Skip)
		}
		byName[u.Name] = u
	}
	res := &gen.Result{Pkg: pkg, Set: set, Units: units, Status: map[int]mutate.Status{}}
	credited := map[string]bool{}
	for _, r := range rows {
		u := byName[r.unit]
		if u == nil {
			t.Fatalf("no unit %s", r.unit)
		}
		test := &gen.Test{Unit: u, In: resolveFakes(u.Inputs(), r.in), Pass: "random",
			Out: harness.Outcome{Results: r.results, Post: resolveFakes(u.Inputs(), r.post), Panic: r.panic}}
		if test.Out.Post == nil && r.panic == nil {
			test.Out.Post = r.in
		}
		if !credited[r.unit] {
			for _, m := range set.Mutants {
				if m.Func == r.unit {
					test.Credit = []int{m.ID}
					test.Kills = []int{m.ID}
					res.Status[m.ID] = mutate.Killed
					break
				}
			}
			credited[r.unit] = true
		}
		res.Tests = append(res.Tests, test)
	}
	return res
}

// TestFileGolden renders the hand-made tests, compares the file with the
// golden one, and runs it: it must pass on lib as written, and fail once
// a function is changed under it.
func TestFileGolden(t *testing.T) {
	dir := testmod.Write(t, map[string]string{"lib/lib.go": libSrc})
	res := result(t, dir, rows)
	out, err := File(res, Options{Command: "gozilla gen ./lib", NewExpr: true})
	if err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "lib_gozilla_test.go.golden")
	if *update {
		if err := os.WriteFile(golden, out, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != string(want) {
		t.Errorf("emitted file differs from %s (rerun with -update after checking the change):\n%s", golden, out)
	}
	again, _ := File(result(t, dir, rows), Options{Command: "gozilla gen ./lib", NewExpr: true})
	if string(again) != string(out) {
		t.Error("emitting the same result twice gives different files")
	}

	testFile := filepath.Join(dir, "lib", "lib_gozilla_test.go")
	if err := os.WriteFile(testFile, out, 0o644); err != nil {
		t.Fatal(err)
	}
	if msg, err := goTest(dir); err != nil {
		t.Fatalf("the emitted file fails on the code it was made from:\n%s", msg)
	}

	// Each change below alters one outcome a row records; the emitted
	// checks must notice it.
	changes := []struct{ name, from, to, wantFail string }{
		{"sentinel", "return 0, ErrEmpty", "return 0, errors.New(\"empty\")", "TestGozillaSum"},
		{"message", "bad input %q", "bad input: %q", "TestGozillaParse"},
		{"result", "s += x", "s += x + 0*len(xs) + 1", "TestGozillaSum"},
		{"runtime panic", "return xs[i] }", "if i >= len(xs) { return -1 }; return xs[i] }", "TestGozillaAt"},
		{"value panic", `panic("negative")`, `panic("neg")`, "TestGozillaMust"},
		{"post-state", "xs[i] *= 2", "xs[i] *= 3", "TestGozillaDouble"},
		{"post-state unchanged row", "xs[i] *= 2", "if xs[i] == 0 { xs[i] = 1 }; xs[i] *= 2", "TestGozillaDouble"},
		{"argument left alone", "return s, nil", "xs[0]++; return s, nil", "TestGozillaSum"},
		{"receiver", "p.y -= dx", "p.y += dx", "TestGozillaPoint_Move"},
		{"NaN", "return f / 2 }", "if f != f { return 0 }; return f / 2 }", "TestGozillaHalf"},
		{"NaN in a slice", "out[i] = f / 2", "out[i] = f / 2; if f != f { out[i] = 0 }", "TestGozillaHalves"},
		{"-0 in a slice", "out[i] = f / 2", "out[i] = f/2 + 0", "TestGozillaHalves"},
		{"string", "fmt.Sprint(len(b), string(r), u)", "fmt.Sprint(len(b), string(r), u+1)", "TestGozillaTag"},
		{"fake's results", "t += v", "t += v * 2", "TestGozillaTotal"},
		{"callback's results", "s += f(x)", "s += f(x) * 2", "TestGozillaEach"},
		{"callback's calls", "s += f(x)", "s += f(-x)", "TestGozillaEach"},
		{"callback's calls: none", "for _, x := range xs {\n\t\ts += f(x)", "f(0)\n\tfor _, x := range xs {\n\t\ts += f(x)", "TestGozillaEach"},
		{"result seen through its methods", "b.items = append(b.items, i)", "b.items = append(b.items, i+1)", "TestGozillaNewBag"},
		{"nil result", "return nil\n\t}\n\tb := &Bag{}", "return &Bag{}\n\t}\n\tb := &Bag{}", "TestGozillaNewBag"},
		{"receiver seen through its methods", "append(b.items, x)", "append(b.items, x, x)", "TestGozillaBag_Add"},
		{"fake's calls", "p.Price(s)", "p.Price(s + s)", "TestGozillaTotal"},
	}
	for i, c := range changes {
		t.Run(c.name, func(t *testing.T) {
			if !strings.Contains(libSrc, c.from) {
				t.Fatalf("libSrc has no %q", c.from)
			}
			if i%3 != 0 {
				testmod.Long(t) // a build and a run each: every third by default
			}
			mutated := testmod.Write(t, map[string]string{
				"lib/lib.go":              strings.Replace(libSrc, c.from, c.to, 1),
				"lib/lib_gozilla_test.go": string(out),
			})
			msg, err := goTest(mutated)
			if err == nil {
				t.Fatalf("the emitted file passes on lib with %q → %q", c.from, c.to)
			}
			if c.name == "argument left alone" && !strings.Contains(msg, "Sum() changed xs to [2 2], want it unchanged ([1 2])") {
				t.Errorf("the unchanged-argument check does not report the change:\n%s", msg)
			}
			if !strings.Contains(msg, "--- FAIL: "+c.wantFail) {
				t.Errorf("want %s to fail; go test says:\n%s", c.wantFail, msg)
			}
		})
	}
}

func goTest(dir string) (string, error) {
	cmd := exec.Command("go", "test", "-count=1", "./lib")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// TestViewUnderHidden: the equality helper needs unsafe only for a value
// compared by its view (a buffer by its text) inside an unexported field.
func TestViewUnderHidden(t *testing.T) {
	buf := &value.Type{Kind: value.Built, Iface: true, Name: "io.Writer",
		Alts: []*value.Alt{{Key: "b", Decon: "func(b *bytes.Buffer) string { return b.String() }", Of: "*bytes.Buffer"}}}
	plain := &value.Type{Kind: value.Built, Iface: true, Name: "any",
		Alts: []*value.Alt{{Key: "i", Decon: "func(v int) int { return v }", Of: "int", Plain: true}}}
	for _, tt := range []struct {
		name string
		t    *value.Type
		want bool
	}{
		{"exported field", &value.Type{Kind: value.Struct, Fields: []value.Field{{Name: "W", Type: buf}}}, false},
		{"unexported field", &value.Type{Kind: value.Struct, Fields: []value.Field{{Name: "w", Type: buf}}}, true},
		{"through a pointer", &value.Type{Kind: value.Pointer, Elem: &value.Type{Kind: value.Struct, Fields: []value.Field{{Name: "w", Type: buf}}}}, true},
		{"a plain dynamic value", &value.Type{Kind: value.Struct, Fields: []value.Field{{Name: "v", Type: plain}}}, false},
		{"the value itself", buf, false},
	} {
		if got := viewUnderHidden(tt.t, false, map[*value.Type]bool{}); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestUsedNames: the file imports the packages its code names, not those
// its strings mention (a panic's text "… not time.Time").
func TestUsedNames(t *testing.T) {
	body := "func f() string { return fmt.Sprint(\"interface {} is string, not time.Time\") }\n"
	used := usedNames(body)
	if !used["fmt"] || used["time"] {
		t.Errorf("usedNames = %v, want fmt and not time", used)
	}
	if usedNames("func f( {") != nil {
		t.Error("a body that does not parse: want nil (the caller falls back to the text)")
	}
}

// TestRepeatLoop: the rows of a unit gen calls many times
// (gen.Result.Repeat) call it that many times, each call meeting the
// map's keys anew; the file passes on the code, and fails, every run, on
// a change that shows in some orders only (a tie broken by the key met
// last).
func TestRepeatLoop(t *testing.T) {
	const src = `package lib

// Fullest returns the key of m with the largest value, the least such
// key on a tie.
func Fullest(m map[string]int) string {
	best, n := "", -1
	for k, v := range m {
		if v > n || v == n && k < best {
			best, n = k, v
		}
	}
	return best
}
`
	dir := testmod.Write(t, map[string]string{"lib/lib.go": src})
	m := value.Value{E: []value.Value{str("a"), {I: 1}, str("b"), {I: 1}}}
	res := result(t, dir, []row{{unit: "Fullest", in: []value.Value{m}, results: []value.Value{str("a")}}})
	res.Repeat = map[*unit.Unit]int{}
	for _, u := range res.Units {
		res.Repeat[u] = 64
	}
	out, err := File(res, Options{Command: "gozilla gen ./lib"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "for call := 0; call < 64; call++ {") {
		t.Fatalf("the rows do not call Fullest 64 times:\n%s", out)
	}
	if err := os.WriteFile(filepath.Join(dir, "lib", "lib_gozilla_test.go"), out, 0o644); err != nil {
		t.Fatal(err)
	}
	if msg, err := goTest(dir); err != nil {
		t.Fatalf("the emitted file fails on the code it was made from:\n%s", msg)
	}
	// The last key met on a tie wins: "b" in some orders of {a:1, b:1}.
	code := filepath.Join(dir, "lib", "lib.go")
	if err := os.WriteFile(code, []byte(strings.Replace(src, "v == n && k < best", "v == n", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	for run := 0; run < 5; run++ {
		if _, err := goTest(dir); err == nil {
			t.Fatalf("run %d: the file passes on a change that shows in some map orders", run+1)
		}
	}
}
