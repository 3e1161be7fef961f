package gen

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/harness"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/testmod"
	"github.com/gozilla/gozilla/internal/unit"
	"github.com/gozilla/gozilla/internal/value"
)

const suspectSrc = `package p

import (
	"errors"
	"math"
)

func Mean(xs []float64) float64 { return 0 }

func Scale(f float64) (float64, error) {
	if f <= 0 {
		return 0, errors.New("bad")
	}
	return 2 * f, nil
}

func Half(f float64) float64 { return f / 2 }

// Dist is +Inf to nothing, on purpose.
func Dist(a, b float64, empty bool) float64 {
	if empty {
		return math.Inf(1)
	}
	return b - a
}

type T struct{ n *int }

func (t *T) Get() int { return *t.n }

func Deref(p *int) int { return *p }

func Camel(s string) string { return s }
`

// TestSuspect: the outcomes that look like a bug, and plain ones that
// look alike.
func TestSuspect(t *testing.T) {
	dir := testmod.Write(t, map[string]string{"p/p.go": suspectSrc})
	pkgs, err := load.Load(load.Config{Dir: dir}, "./p")
	if err != nil {
		t.Fatal(err)
	}
	units := map[string]*unit.Unit{}
	for _, u := range unit.Find(pkgs[0], nil) {
		units[u.Name] = u
	}
	nan, inf := value.FloatValue(math.NaN()), value.FloatValue(math.Inf(1))
	f := value.FloatValue
	nilDeref := &harness.Panic{Kind: harness.PanicRuntime, Msg: "runtime error: invalid memory address or nil pointer dereference"}
	for _, tt := range []struct {
		name, unit string
		in         []value.Value
		out        harness.Outcome
		want       string // in the reason; "" for none
	}{
		{"NaN from an empty list", "Mean", []value.Value{{Nil: true}}, harness.Outcome{Results: []value.Value{nan}}, "from finite inputs"},
		{"a plain mean", "Mean", []value.Value{{E: []value.Value{f(2)}}}, harness.Outcome{Results: []value.Value{f(2)}}, ""},
		{"NaN in, NaN out: propagation", "Half", []value.Value{nan}, harness.Outcome{Results: []value.Value{nan}}, ""},
		{"Inf from finite input", "Half", []value.Value{f(math.MaxFloat64)}, harness.Outcome{Results: []value.Value{inf}}, "from finite inputs"},
		{"a guard that lets NaN through", "Scale", []value.Value{nan}, harness.Outcome{Results: []value.Value{nan, {Nil: true}}}, "accepted without an error"},
		{"a guard that rejects NaN", "Scale", []value.Value{nan}, harness.Outcome{Results: []value.Value{f(0), {X: "bad"}}}, ""},
		{"an infinity the code returns on purpose", "Dist", []value.Value{f(0), f(1), {I: 1}}, harness.Outcome{Results: []value.Value{inf}}, ""},
		{"a nil dereference on a nil input", "Deref", []value.Value{{Nil: true}}, harness.Outcome{Panic: nilDeref}, ""},
		{"a letter outside ASCII dropped", "Camel", []value.Value{{S: "é0"}}, harness.Outcome{Results: []value.Value{{S: "0"}}}, `"é" of its input are gone`},
		{"kept, upper-cased", "Camel", []value.Value{{S: "éa"}}, harness.Outcome{Results: []value.Value{{S: "ÉA"}}}, ""},
		{"folded into ASCII: the count kept", "Camel", []value.Value{{S: "éa"}}, harness.Outcome{Results: []value.Value{{S: "ea"}}}, ""},
		{"ASCII dropped too: a filter", "Camel", []value.Value{{S: "éab"}}, harness.Outcome{Results: []value.Value{{S: "a"}}}, ""},
		{"separators dropped", "Camel", []value.Value{{S: "a_b"}}, harness.Outcome{Results: []value.Value{{S: "aB"}}}, ""},
	} {
		u := units[tt.unit]
		if u == nil {
			t.Fatalf("no unit %s", tt.unit)
		}
		got := (&Test{Unit: u, In: tt.in, Out: tt.out}).Suspect()
		if (got == "") != (tt.want == "") || !strings.Contains(got, tt.want) {
			t.Errorf("%s: suspect %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestNilMisuse: a nil dereference on a nil the row passes is no row
// (golang-set's methods on a nil receiver, pinned as a panic); the same
// panic on a value without a nil, or another outcome on nil, is not it.
func TestNilMisuse(t *testing.T) {
	dir := testmod.Write(t, map[string]string{"p/p.go": suspectSrc})
	pkgs, err := load.Load(load.Config{Dir: dir}, "./p")
	if err != nil {
		t.Fatal(err)
	}
	var deref *unit.Unit
	for _, u := range unit.Find(pkgs[0], nil) {
		if u.Name == "Deref" {
			deref = u
		}
	}
	nilDeref := &harness.Panic{Kind: harness.PanicRuntime, Msg: "runtime error: invalid memory address or nil pointer dereference"}
	for _, tt := range []struct {
		name string
		in   value.Value
		out  harness.Outcome
		want bool
	}{
		{"a nil dereference on the nil it passes", value.Value{Nil: true}, harness.Outcome{Panic: nilDeref}, true},
		{"a nil dereference on a value", value.Value{E: []value.Value{{I: 1}}}, harness.Outcome{Panic: nilDeref}, false},
		{"an index panic on nil", value.Value{Nil: true}, harness.Outcome{Panic: &harness.Panic{Kind: harness.PanicRuntime, Msg: "runtime error: index out of range [0] with length 0"}}, false},
		{"a result on a value", value.Value{E: []value.Value{{I: 1}}}, harness.Outcome{Results: []value.Value{{I: 1}}}, false},
	} {
		if got := (&Test{Unit: deref, In: []value.Value{tt.in}, Out: tt.out}).nilMisuse(); got != tt.want {
			t.Errorf("%s: nilMisuse %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestNoCrashRowsOfHelpers: a runtime panic of an unexported function is
// no row: its inputs are what the package's own callers pass (here never
// an index out of range), and pinning the crash pins an accident. The
// exported function's rows still kill the helper's mutants.
func TestNoCrashRowsOfHelpers(t *testing.T) {
	const src = `package pick

// Last returns the last of xs, or -1 when there is none.
func Last(xs []int) int {
	if len(xs) == 0 {
		return -1
	}
	return at(xs, len(xs)-1)
}

func at(xs []int, i int) int { return xs[i] }
`
	pkg := loadPkg(t, map[string]string{"pick/pick.go": src}, "./pick")
	res, err := Generate(context.Background(), pkg, Config{Engines: randomOnly(), Seed: 1, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	atRows := 0
	for _, tt := range res.Tests {
		if tt.Unit.Name == "at" {
			atRows++
			if tt.Out.Panic != nil {
				t.Errorf("a row of the helper at pins its crash: %v", tt.Out.Panic)
			}
		}
	}
	if len(res.Tests) == atRows {
		t.Errorf("no row of Last")
	}
}

// TestKillsOfRowsNotKept: a row gen does not keep (a nil clock, which
// the package replaces by the real one) does not take the mutants it
// kills with it: they stay live for the rows after it, which kill them
// with a fake clock. (New's guard mutants were left "lived", with no
// reason, when the first input to kill them had a nil clock.)
func TestKillsOfRowsNotKept(t *testing.T) {
	const src = `package tick

import (
	"errors"
	"time"
)

// Clock tells the time.
type Clock interface{ Now() time.Time }

type system struct{}

func (system) Now() time.Time { return time.Now() }

// Meter counts at a rate.
type Meter struct {
	rate  float64
	clock Clock
}

// New makes a meter; a nil clock is the system's.
func New(rate float64, clock Clock) (*Meter, error) {
	if rate <= 0 {
		return nil, errors.New("tick: rate must be positive")
	}
	if clock == nil {
		clock = system{}
	}
	return &Meter{rate: rate, clock: clock}, nil
}
`
	pkg := loadPkg(t, map[string]string{"tick/tick.go": src}, "./tick")
	res, err := Generate(context.Background(), pkg, Config{Engines: randomOnly(), Seed: 1, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	guard := 0
	for _, m := range res.Set.Mutants {
		if m.Func == "New" && m.Op == mutate.ROR && m.Orig == "rate <= 0" {
			guard++
			if s := res.Status[m.ID]; s != mutate.Killed && s != mutate.Equivalent {
				t.Errorf("the guard's %s → %s: %s (%s), want killed", m.Orig, m.Repl, s, res.Why[m.ID])
			}
		}
	}
	if guard == 0 {
		t.Fatalf("no mutant of New's guard rate <= 0")
	}
	for _, tt := range res.Tests {
		for i, typ := range tt.Unit.Inputs() {
			if value.WorldlyNil(typ, tt.In[i]) {
				t.Errorf("row %v of %s has a nil clock", tt.In, tt.Unit.Name)
			}
		}
	}
}
