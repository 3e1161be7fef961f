package oracle

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gozilla/gozilla/internal/harness"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/testmod"
	"github.com/gozilla/gozilla/internal/unit"
	"github.com/gozilla/gozilla/internal/value"
)

// open loads a subject of testdata/subjects, mutates it and starts an
// oracle with workers processes.
func open(t *testing.T, subject string, workers int) (*Oracle, *mutate.Set) {
	t.Helper()
	pkgs, err := load.Load(load.Config{Dir: filepath.Join("..", "..", "testdata", "subjects", subject), NoTests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	return start(t, pkgs[0], workers)
}

func start(t *testing.T, pkg *load.Package, workers int) (*Oracle, *mutate.Set) {
	t.Helper()
	set, err := mutate.Generate(pkg, mutate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	o, err := New(context.Background(), pkg, set, workers)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(o.Close)
	return o, set
}

// mutant names one mutant of a subject by its line and text.
type mutant struct {
	line       int
	orig, repl string
}

func (m mutant) String() string { return fmt.Sprintf("line %d: %s → %s", m.line, m.orig, m.repl) }

// lookup returns the ID of the mutant of fn that m describes.
func lookup(t *testing.T, set *mutate.Set, fn string, m mutant) int {
	t.Helper()
	var ids []int
	for _, x := range set.Mutants {
		if x.Func == fn && x.Line == m.line && x.Orig == m.orig && x.Repl == m.repl {
			ids = append(ids, x.ID)
		}
	}
	if len(ids) != 1 {
		t.Fatalf("%s: %d mutants %v, want 1", fn, len(ids), m)
	}
	return ids[0]
}

// subjects lists, for each small-domain subject of testdata/subjects,
// mutants found equivalent by hand (each with why) and mutants that can
// be killed.
var subjects = []struct {
	name       string
	equivalent map[string][]mutant
	killable   map[string][]mutant
}{
	{"minval",
		map[string][]mutant{
			// Seed 003 Fig. 1's Δ3: minVal was just assigned i.
			"Min": {{15, "i", "minVal"}, {15, "j < i", "j <= i"}}, // when j == i, minVal = j changes nothing
			"Max": {{24, "i", "maxVal"}, {24, "j > i", "j >= i"}},
		},
		map[string][]mutant{
			"Min": {{15, "j < i", "j > i"}, {18, "minVal", "(minVal + 1)"}},
			"Max": {{24, "j > i", "j < i"}},
		}},
	{"saturate",
		map[string][]mutant{
			// Saturating at the bound itself returns the value itself.
			"Narrow": {{15, "x > math.MaxInt8", "x >= math.MaxInt8"}, {18, "x < math.MinInt8", "x <= math.MinInt8"}},
			"Abs": {
				{39, "x == math.MinInt8", "x <= math.MinInt8"}, // nothing is below the minimum
				{42, "x < 0", "x <= 0"},                        // -0 == 0
				{45, "x", "max(x, -x)"},                        // x >= 0 there
			},
			"Sign": {
				{53, "x > 0", "x != 0"}, // x >= 0 there
				{53, "x", "max(x, -x)"}, // likewise
				{56, "0", "x"},          // x == 0 there
			},
		},
		map[string][]mutant{
			"Narrow": {{15, "x > math.MaxInt8", "x < math.MaxInt8"}},
			"Add":    {{29, "s -= int16(b)", "s += int16(b)"}},
			"Abs":    {{39, "x == math.MinInt8", "x != math.MinInt8"}},
			"Sign":   {{50, "x < 0", "x <= 0"}},
		}},
	{"euclid",
		map[string][]mutant{
			"GCD": {
				{12, "a == 0", "a <= 0"}, // unsigned
				{19, "a > b", "a >= b"},  // a != b in the loop
				{25, "a", "b"},           // the loop ends when a == b
				{18, "a", "0"},           // 0 != b goes round once more: b -= a makes b 0, a unchanged
			},
			// The guard only matters when both are 0: a/GCD(a, 0)*0 is 0.
			"LCM": {{31, "a == 0 || b == 0", "a == 0 && b == 0"}},
		},
		map[string][]mutant{
			"GCD": {{12, "a == 0", "a != 0"}, {16, "a", "b"}},
			"LCM": {{34, "uint16(a) / uint16(GCD(a, b)) * uint16(b)", "uint16(b)"}},
		}},
	{"bits",
		map[string][]mutant{
			"OnesCount": {{12, "x != 0", "x > 0"}, {13, "x&1 != 0", "x&1 > 0"}}, // unsigned; x&1 is 0 or 1
			"Parity":    {{24, "x != 0", "x > 0"}},
			// Each halving step is optional at its boundary: the next
			// steps finish the job.
			"Len": {{35, "x >= 1<<4", "x > 1<<4"}, {39, "x >= 1<<2", "x > 1<<2"}, {43, "x >= 1<<1", "x > 1<<1"}, {37, "n += 4", "n = 4"}},
		},
		map[string][]mutant{
			"OnesCount": {{14, "n++", "n--"}},
			// An endless loop on every input: killed by timing out.
			"Parity": {{25, "x - 1", "x + 1"}, {24, "x != 0", "true"}},
			"Len":    {{41, "n += 2", "n -= 2"}},
		}},
	{"calendar",
		map[string][]mutant{
			// -year has the remainder mod 4 of year: 2^16 is a multiple of 4.
			"IsLeap": {{12, "year%100 != 0", "year%100 > 0"}, {12, "year%4 == 0", "year%4 <= 0"}},
			// Only under //gozilla:assume month >= 1.
			"DayOfYear": {{39, "m < month", "m != month"}},
		},
		map[string][]mutant{
			"IsLeap":    {{12, "year%400 == 0", "year%400 != 0"}},
			"DaysIn":    {{21, "return 29", "return 0"}},
			"DayOfYear": {{39, "m < month", "m <= month"}},
		}},
}

// TestSubjects enumerates every input of every unit of the small-domain
// subjects: the mutants found equivalent by hand must live, the killable
// ones die, and every mutant random testing kills must be killed by the
// enumeration too. With -short, only units of at most 4096 inputs are
// enumerated.
func TestSubjects(t *testing.T) {
	testmod.Long(t)
	ctx := context.Background()
	for _, s := range subjects {
		t.Run(s.name, func(t *testing.T) {
			o, set := open(t, s.name, 2)
			for _, u := range o.Units() {
				d := Domain(u)
				if d == 0 || d > DefaultLimit {
					t.Fatalf("%s: domain %d, want at most %d inputs", u.Name, d, DefaultLimit)
				}
				if testing.Short() && d > 1<<12 {
					continue
				}
				t0 := time.Now()
				exh, err := o.Exhaustive(ctx, u, nil)
				if err != nil {
					t.Fatal(err)
				}
				took := time.Since(t0)
				ids := o.Mutants(u)
				t.Logf("%s: %d inputs, %d mutants, %d equivalent (%v)", u.Name, d, len(ids), len(ids)-len(exh), took.Round(time.Millisecond))
				for _, m := range s.equivalent[u.Name] {
					if w := exh[lookup(t, set, u.Name, m)]; w != nil {
						t.Errorf("%s: %v is equivalent, yet killed by %s", u.Name, m, literal(u, w))
					}
				}
				for _, m := range s.killable[u.Name] {
					if exh[lookup(t, set, u.Name, m)] == nil {
						t.Errorf("%s: %v can be killed, yet lives", u.Name, m)
					}
				}
				for id, in := range exh {
					if !slices.Contains(ids, id) {
						t.Errorf("%s: mutant %d of another function killed", u.Name, id)
					}
					if len(in) != len(u.Inputs()) {
						t.Errorf("%s: mutant %d killed by %v, not an input", u.Name, id, in)
					}
				}
				rnd, err := o.Random(ctx, u, nil, 500, 1)
				if err != nil {
					t.Fatal(err)
				}
				for id, in := range rnd {
					if exh[id] == nil {
						t.Errorf("%s: mutant %d (%s → %s) killed by the random input %s, not by enumeration", u.Name, id, set.Mutants[id-1].Orig, set.Mutants[id-1].Repl, literal(u, in))
					}
				}
			}
		})
	}
}

// TestFirstWitness derives the first killing input of every mutant of
// Min again, the plain way: every input in enumeration order, one worker,
// no quick mode, each batch run under the mutants no earlier batch
// killed, and compares.
func TestFirstWitness(t *testing.T) {
	ctx := context.Background()
	o, _ := open(t, "minval", 2)
	u := o.Unit("Min")
	exh, err := o.Exhaustive(ctx, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int][]value.Value{}
	live := o.Mutants(u)
	next := Inputs(u.Inputs())
	for len(live) > 0 {
		var batch [][]value.Value
		for in := next(); in != nil && len(batch) < 512; in = next() {
			batch = append(batch, in)
		}
		if len(batch) == 0 {
			break
		}
		r, err := o.pool.Do(ctx, &harness.Request{Unit: o.index[u], In: batch[0], More: batch[1:], Mutants: live, Budget: origBudget})
		if err != nil {
			t.Fatal(err)
		}
		for i, r := range append([]harness.Response{*r}, r.More...) {
			for _, id := range r.Killed {
				if want[id] == nil {
					want[id] = batch[i]
				}
			}
		}
		live = slices.DeleteFunc(live, func(id int) bool { return want[id] != nil })
	}
	if !reflect.DeepEqual(exh, want) {
		t.Errorf("Exhaustive:\n%v\nplain enumeration:\n%v", exh, want)
	}
}

// TestWorkers checks that the verdicts and witnesses do not depend on the
// number of workers, on units with endless-loop mutants.
func TestWorkers(t *testing.T) {
	ctx := context.Background()
	o1, _ := open(t, "bits", 1)
	o2, _ := open(t, "bits", 2)
	for _, name := range []string{"Parity", "Len"} {
		a, err := o1.Exhaustive(ctx, o1.Unit(name), nil)
		if err != nil {
			t.Fatal(err)
		}
		b, err := o2.Exhaustive(ctx, o2.Unit(name), nil)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: one worker and two disagree:\n%v\n%v", name, a, b)
		}
		ra, err := o1.Random(ctx, o1.Unit(name), nil, 300, 7)
		if err != nil {
			t.Fatal(err)
		}
		rb, err := o2.Random(ctx, o2.Unit(name), nil, 300, 7)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(ra, rb) {
			t.Errorf("%s: random: one worker and two disagree:\n%v\n%v", name, ra, rb)
		}
	}
	if s := o1.Stats(); s.Verified == 0 {
		t.Errorf("no input was run again without quick mode (%+v): Parity has endless-loop mutants", s)
	}
}

// TestAssume checks that inputs the unit's directives reject kill nothing.
func TestAssume(t *testing.T) {
	o, _ := open(t, "calendar", 2)
	u := o.Unit("DaysIn")
	before := o.Stats()
	exh, err := o.Exhaustive(context.Background(), o.Unit("DayOfYear"), nil)
	if err != nil {
		t.Fatal(err)
	}
	for id, in := range exh {
		if month, day := in[0].U, in[1].U; month < 1 || month > 12 || day < 1 || day > 31 {
			t.Errorf("mutant %d killed by (%d, %d, …), which breaks the assumptions", id, month, day)
		}
	}
	if s := o.Stats(); s.Rejected-before.Rejected == 0 {
		t.Error("no input rejected")
	}
	if _, err := o.Exhaustive(context.Background(), u, []int{len(o.set.Mutants) + 1}); err == nil {
		t.Error("a mutant that does not exist: no error")
	}
}

const shapesSrc = `package p

type Month uint8

type T struct{ n int8 }

func (t T) Get(b bool) int8 { return t.n }

func Flag(b bool) bool        { return !b }
func Three(a int8, b uint8, c bool) int { return int(a) + int(b) }
func Wide(x uint16) int       { return int(x) }
func Pair(x, y int16) int     { return int(x) + int(y) }
func Big(x int) int           { return x }
func Named(m Month) int       { return int(m) }
func Text(s string) int       { return len(s) }
func Rest(xs ...int8) int     { return len(xs) }
func None() int               { return 1 }

// Spin loops longer than the harness lets an original run.
func Spin(b bool) int {
	n := 0
	for i := 0; i < 1<<24; i++ {
		n++
	}
	return n
}
`

func shapes(t *testing.T) *load.Package {
	t.Helper()
	dir := testmod.Write(t, map[string]string{"p/p.go": shapesSrc})
	pkgs, err := load.Load(load.Config{Dir: dir, NoTests: true}, "./p")
	if err != nil {
		t.Fatal(err)
	}
	return pkgs[0]
}

func TestDomain(t *testing.T) {
	want := map[string]uint64{
		"T.Get": 0, "Flag": 2, "Three": 1 << 17, "Wide": 1 << 16, "Pair": 1 << 32,
		"Big": 0, "Named": 256, "Text": 0, "Rest": 0, "None": 1, "Spin": 2,
	}
	for _, u := range unit.Find(shapes(t), nil) {
		if got := Domain(u); got != want[u.Name] {
			t.Errorf("Domain(%s) = %d, want %d", u.Name, got, want[u.Name])
		}
	}
}

// TestInputs checks the enumeration: every input once, smallest first.
func TestInputs(t *testing.T) {
	i8 := &value.Type{Kind: value.Int, Bits: 8, Name: "int8"}
	u8 := &value.Type{Kind: value.Uint, Bits: 8, Name: "uint8"}
	u16 := &value.Type{Kind: value.Uint, Bits: 16, Name: "uint16"}
	b := &value.Type{Kind: value.Bool, Name: "bool"}
	for _, tt := range []struct {
		types []*value.Type
		first string
	}{
		{nil, "()"},
		{[]*value.Type{b}, "(false) (true)"},
		{[]*value.Type{i8}, "(0) (1) (-1) (2) (-2)"},
		{[]*value.Type{u16}, "(0) (1) (2) (3)"},
		{[]*value.Type{i8, i8}, "(0, 0) (1, 0) (1, 1) (0, 1) (-1, 0) (-1, 1) (-1, -1) (0, -1) (1, -1) (2, 0)"},
		{[]*value.Type{b, u8, i8}, "(false, 0, 0) (true, 0, 0) (true, 0, 1) (true, 1, 0) (true, 1, 1) (false, 1, 0) (false, 1, 1) (false, 0, 1) (false, 2, 0)"},
	} {
		next := Inputs(tt.types)
		seen := map[string]bool{}
		var first []string
		for in := next(); in != nil; in = next() {
			s := "("
			for i, v := range in {
				if i > 0 {
					s += ", "
				}
				s += new(value.Printer).Literal(tt.types[i], v)
			}
			s += ")"
			if seen[s] {
				t.Fatalf("%s twice", s)
			}
			seen[s] = true
			if len(first) < strings.Count(tt.first, "(") {
				first = append(first, s)
			}
		}
		want := 1
		for _, ty := range tt.types {
			want *= int(size(ty))
		}
		if len(seen) != want {
			t.Errorf("%d inputs, want %d", len(seen), want)
		}
		if got := strings.Join(first, " "); got != tt.first {
			t.Errorf("first inputs %s, want %s", got, tt.first)
		}
		if next() != nil {
			t.Error("an input after the end")
		}
	}
	// The extremes are there.
	next := Inputs([]*value.Type{i8})
	var all []int64
	for in := next(); in != nil; in = next() {
		all = append(all, in[0].I)
	}
	if all[len(all)-1] != -128 || !slices.Contains(all, 127) {
		t.Errorf("int8 values end with %v", all[len(all)-3:])
	}
}

// TestErrors checks what Exhaustive refuses: units it cannot enumerate,
// and inputs on which the original runs over the loop budget.
func TestErrors(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a package")
	}
	ctx := context.Background()
	o, _ := start(t, shapes(t), 2)
	for name, msg := range map[string]string{"Big": "not all bool", "Pair": "more than the limit", "Spin": "loop budget"} {
		_, err := o.Exhaustive(ctx, o.Unit(name), nil)
		if err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("%s: error %v, want %q", name, err, msg)
		}
	}
	if r, err := o.Random(ctx, o.Unit("Big"), nil, 50, 1); err != nil || len(r) == 0 {
		t.Errorf("random on Big: %v, %v", r, err)
	}
	// Random skips the inputs the original cannot finish, and counts them.
	before := o.Stats().Unusable
	if r, err := o.Random(ctx, o.Unit("Spin"), nil, 50, 1); err != nil || len(r) != 0 {
		t.Errorf("random on Spin: %v, %v", r, err)
	}
	if n := o.Stats().Unusable - before; n != 2 {
		t.Errorf("random on Spin: %d unusable inputs, want 2", n)
	}
	if _, _, err := o.Run(ctx, o.Unit("Spin"), []value.Value{value.BoolValue(true)}, nil); err == nil || !strings.Contains(err.Error(), "loop budget") {
		t.Errorf("Run on Spin: error %v, want the loop budget", err)
	}
}

// TestRun checks Run and Given against Exhaustive: the first input that
// kills a mutant kills it when run alone, an input that kills nothing
// kills nothing, inputs the assumptions reject are reported, endless-loop
// mutants are killed by their generous second run, and Given on every
// input finds what Exhaustive finds.
func TestRun(t *testing.T) {
	ctx := context.Background()
	o, set := open(t, "bits", 2)
	u := o.Unit("Parity")
	exh, err := o.Exhaustive(ctx, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	for id, in := range exh {
		killed, rej, err := o.Run(ctx, u, in, []int{id})
		if err != nil || rej || !slices.Equal(killed, []int{id}) {
			t.Errorf("mutant %d on %s: killed %v, rejected %v, %v; want [%d]", id, literal(u, in), killed, rej, err, id)
		}
	}
	loop := lookup(t, set, "Parity", mutant{25, "x - 1", "x + 1"})
	if killed, _, err := o.Run(ctx, u, []value.Value{{U: 3}}, []int{loop}); err != nil || !slices.Equal(killed, []int{loop}) {
		t.Errorf("endless loop on (3): killed %v, %v", killed, err)
	}
	// All of Parity's mutants on one input: exactly those it kills.
	in := []value.Value{{U: 6}}
	all, _, err := o.Run(ctx, u, in, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.IsSorted(all) || len(all) == 0 {
		t.Errorf("killed %v on (6): want a non-empty ascending list", all)
	}
	for _, id := range o.Mutants(u) {
		one, _, err := o.Run(ctx, u, in, []int{id})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := len(one) == 1, slices.Contains(all, id); got != want {
			t.Errorf("mutant %d on (6): alone killed %v, with the others %v", id, got, want)
		}
	}
	// Equivalent mutants survive every input.
	eq := lookup(t, set, "Parity", mutant{24, "x != 0", "x > 0"})
	if killed, _, err := o.Run(ctx, u, []value.Value{{U: 255}}, []int{eq}); err != nil || len(killed) != 0 {
		t.Errorf("equivalent mutant %d: killed %v, %v", eq, killed, err)
	}

	// Given on every input, in enumeration order, is Exhaustive.
	var every [][]value.Value
	next := Inputs(u.Inputs())
	for in := next(); in != nil; in = next() {
		every = append(every, in)
	}
	given, err := o.Given(ctx, u, nil, every)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(given, exh) {
		t.Errorf("Given on every input: %v, Exhaustive: %v", given, exh)
	}
	if _, err := o.Given(ctx, u, nil, [][]value.Value{{}}); err == nil {
		t.Error("Given with too few values: no error")
	}

	oc, cset := open(t, "calendar", 1)
	d := oc.Unit("DayOfYear")
	if killed, rej, err := oc.Run(ctx, d, []value.Value{{U: 0}, {U: 1}, value.BoolValue(false)}, nil); err != nil || !rej || killed != nil {
		t.Errorf("DayOfYear(0, 1, false) breaks the assumptions: killed %v, rejected %v, %v", killed, rej, err)
	}
	if _, _, err := oc.Run(ctx, d, []value.Value{{U: 1}}, nil); err == nil {
		t.Error("too few values: no error")
	}
	if _, _, err := oc.Run(ctx, d, []value.Value{{U: 1}, {U: 1}, value.BoolValue(false)}, []int{len(cset.Mutants) + 1}); err == nil {
		t.Error("a mutant that does not exist: no error")
	}
}

// TestRandomInputs checks that Random's inputs are distinct and that a
// narrow domain still yields many: boundary values are few, and must not
// end the draws early.
func TestRandomInputs(t *testing.T) {
	want := map[string]int{"Wide": 3000, "Named": 128, "Flag": 2, "Big": 3000, "Pair": 3000, "None": 1}
	for _, u := range unit.Find(shapes(t), nil) {
		min, ok := want[u.Name]
		if !ok {
			continue
		}
		next := randomInputs(u, 3000, 1)
		seen := map[string]bool{}
		for in := next(); in != nil; in = next() {
			s := literal(u, in)
			if seen[s] {
				t.Errorf("%s: %s twice", u.Name, s)
			}
			seen[s] = true
		}
		if len(seen) < min || len(seen) > 3000 {
			t.Errorf("%s: %d random inputs, want at least %d (at most 3000)", u.Name, len(seen), min)
		}
	}
}

func TestBox(t *testing.T) {
	i8 := &value.Type{Kind: value.Int, Bits: 8, Name: "int8"}
	i64 := &value.Type{Kind: value.Int, Bits: 64, Name: "int"}
	u8 := &value.Type{Kind: value.Uint, Bits: 8, Name: "uint8"}
	b := &value.Type{Kind: value.Bool, Name: "bool"}
	s := &value.Type{Kind: value.String, Name: "string"}
	for _, tt := range []struct {
		types []*value.Type
		limit int
		n     int
		first string
	}{
		{[]*value.Type{i64, i64, i64}, 8192, 19 * 19 * 19, "(-9, -9, -9) (-9, -9, -8)"},
		{[]*value.Type{u8}, 100, 99, "(0) (1)"},
		{[]*value.Type{i8, b}, 40, 19 * 2, "(-9, false) (-9, true) (-8, false)"},
		{[]*value.Type{i64, i64}, 8, 0, ""}, // not even [-1, 1]²
		{[]*value.Type{i64, s}, 8192, 0, ""},
		{[]*value.Type{b}, 8192, 0, ""},
	} {
		box := Box(tt.types, tt.limit)
		if len(box) != tt.n {
			t.Errorf("Box(%d types, %d): %d inputs, want %d", len(tt.types), tt.limit, len(box), tt.n)
			continue
		}
		seen := map[string]bool{}
		var first []string
		for _, in := range box {
			var p value.Printer
			parts := make([]string, len(in))
			for i, v := range in {
				parts[i] = p.Literal(tt.types[i], v)
			}
			lit := "(" + strings.Join(parts, ", ") + ")"
			if seen[lit] {
				t.Errorf("%s twice", lit)
			}
			seen[lit] = true
			if len(first) < strings.Count(tt.first, "(") {
				first = append(first, lit)
			}
		}
		if got := strings.Join(first, " "); got != tt.first {
			t.Errorf("first inputs %s, want %s", got, tt.first)
		}
	}
}

// TestFloatGrid checks the float grid: the values issue 13 asks for are
// there (as bit patterns: -0 apart from +0, a second NaN payload), with
// the unit's constants and their neighbours, each once; float32 values
// are float32's; Grid counts the inputs GridInputs yields, each once.
func TestFloatGrid(t *testing.T) {
	f64 := &value.Type{Kind: value.Float, Bits: 64, Name: "float64"}
	f32 := &value.Type{Kind: value.Float, Bits: 32, Name: "float32"}
	pool := value.Pool{Floats: []float64{0.1}}
	bitsOf := func(vs []value.Value) map[uint64]bool {
		m := map[uint64]bool{}
		for _, v := range vs {
			if m[v.U] {
				t.Errorf("%v twice", v.Float())
			}
			m[v.U] = true
		}
		return m
	}
	g64 := bitsOf(Floats(f64, pool))
	for _, f := range []float64{0, math.Copysign(0, -1), 1, -1, 0.5, -0.5, math.Inf(1), math.Inf(-1),
		math.SmallestNonzeroFloat64, 0x1p-1022, math.MaxFloat64, -math.MaxFloat64, 1<<53 - 1, 1 << 53, 1<<53 + 2,
		0.1, -0.1, 0.10000000000000002, 0.09999999999999999} {
		if !g64[math.Float64bits(f)] {
			t.Errorf("float64 grid lacks %v (%#x)", f, math.Float64bits(f))
		}
	}
	nans := 0
	for b := range g64 {
		if f := math.Float64frombits(b); f != f {
			nans++
		}
	}
	if nans != 2 {
		t.Errorf("float64 grid: %d NaNs, want 2", nans)
	}
	g32 := Floats(f32, pool)
	nans = 0
	have := bitsOf(g32)
	for _, v := range g32 {
		f := v.Float()
		if f != f {
			nans++
			continue
		}
		if float64(float32(f)) != f {
			t.Errorf("float32 grid holds %v, not a float32", f)
		}
	}
	if nans != 2 {
		t.Errorf("float32 grid: %d NaNs, want 2 (the payloads must survive float32)", nans)
	}
	for _, f := range []float32{math.SmallestNonzeroFloat32, 0x1p-126, math.MaxFloat32, 0.1, math.Nextafter32(0.1, 1), 1<<24 + 2} {
		if !have[math.Float64bits(float64(f))] {
			t.Errorf("float32 grid lacks %v", f)
		}
	}
	if !have[math.Float64bits(math.Inf(1))] {
		t.Error("float32 grid lacks +Inf")
	}

	dir := testmod.Write(t, map[string]string{"p/p.go": `package p

func One(x float64) float64 { return x * 0.1 }
func Two(x float32, b bool) float32 { if b { return x }; return -x }
func Ints(x int8) int8 { return x }
func Str(x float64, s string) int { return len(s) }
`})
	pkgs, err := load.Load(load.Config{Dir: dir, NoTests: true}, "./p")
	if err != nil {
		t.Fatal(err)
	}
	units := map[string]*unit.Unit{}
	for _, u := range unit.Find(pkgs[0], nil) {
		units[u.Name] = u
	}
	for name, want := range map[string]uint64{
		"One":  uint64(len(Floats(f64, units["One"].Pool))),
		"Two":  2 * uint64(len(Floats(f32, units["Two"].Pool))),
		"Ints": 0, // no float: Domain's business
		"Str":  0,
	} {
		u := units[name]
		if got := Grid(u); got != want {
			t.Errorf("Grid(%s) = %d, want %d", name, got, want)
		}
		if want == 0 {
			continue
		}
		seen := map[string]bool{}
		next := GridInputs(u)
		for in := next(); in != nil; in = next() {
			k := fmt.Sprint(in)
			if seen[k] {
				t.Errorf("%s: input %s twice", name, k)
			}
			seen[k] = true
		}
		if uint64(len(seen)) != want {
			t.Errorf("%s: %d grid inputs, want %d", name, len(seen), want)
		}
	}
	if got := len(Floats(f64, units["One"].Pool)); got < 30 {
		t.Errorf("One's grid: %d values, want its constant 0.1 and neighbours too", got)
	}
}
