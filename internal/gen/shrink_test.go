package gen

import (
	"context"
	"math"
	"regexp"
	"slices"
	"testing"

	"github.com/gozilla/gozilla/internal/engine"
	"github.com/gozilla/gozilla/internal/value"
)

// plainSrc has units whose mutants a deterministic engine's input
// kills; the input holds values nobody would write.
const plainSrc = `package plain

// Safe reports whether x*3 does not overflow: only a value beyond a
// third of the int range tells Safe from "return true".
func Safe(x int) bool {
	y := x * 3
	return y/3 == x
}

// Version is a semantic version.
type Version struct{ Major, Minor, Patch int }

// Less orders versions.
func (v Version) Less(w Version) bool {
	if v.Major != w.Major {
		return v.Major < w.Major
	}
	if v.Minor != w.Minor {
		return v.Minor < w.Minor
	}
	return v.Patch < w.Patch
}

// Count counts the bytes of s that are not ASCII.
func Count(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			n++
		}
	}
	return n
}
`

// fixed is a deterministic engine that answers every mutant of a unit
// with one input.
type fixed map[string][]value.Value

func (fixed) Name() string { return "fixed" }

func (f fixed) Solve(_ context.Context, _ *engine.Problem, r engine.Requirement) (engine.Answer, error) {
	if r.Unit == nil || f[r.Unit.Name] == nil {
		return engine.Answer{}, nil
	}
	return engine.Answer{Verdict: engine.Found, Inputs: [][]value.Value{f[r.Unit.Name]}}, nil
}

// TestShrinkEveryPass checks that the rows another engine than the
// random one finds are shrunk, to the plainest input that kills the same
// mutants: a bound rather than an arbitrary 64-bit number where a mutant
// needs overflow, with the mutant named (Test.Needs); equal fields
// shrunk together; one rune rather than the runes at the edges of UTF-8.
func TestShrinkEveryPass(t *testing.T) {
	pkg := loadPkg(t, map[string]string{"plain/plain.go": plainSrc}, "./plain")
	ver := func(major, minor, patch int64) value.Value {
		return value.Value{E: []value.Value{{I: major}, {I: minor}, {I: patch}}}
	}
	big := int64(math.MinInt64 + 1)
	eng := fixed{
		"Safe":         {{I: 3458764513820540927}},
		"Version.Less": {ver(big, big, 69), ver(big, big, 70)},
		"Count":        {{S: "\U0010ffff😀😀"}},
	}
	res, err := Generate(context.Background(), pkg, Config{Random: -1, Engines: []engine.Engine{eng}, Run: regexp.MustCompile(`^(Safe|Version\.Less|Count)$`)})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, tt := range res.Tests {
		seen[tt.Unit.Name] = true
		types := tt.Unit.Inputs()
		p := &value.Printer{}
		for i, v := range tt.In {
			lit := p.Literal(types[i], v)
			if value.Plain(types[i], v) {
				if len(tt.Needs[i]) > 0 {
					t.Errorf("%s: input %s is plain, yet needed by %v", tt.Unit.Name, lit, tt.Needs[i])
				}
				continue
			}
			switch tt.Unit.Name {
			case "Safe":
				if v.I != math.MaxInt64 && v.I != math.MinInt64 {
					t.Errorf("Safe: kept x = %s, want a bound of int", lit)
				}
			case "Count":
				// One rune: its bytes ≥ 0x80 (😀 holds 0x80 itself,
				// which s[i] > 0x80 tells from s[i] >= 0x80).
				if len(v.S) > 4 {
					t.Errorf("Count: kept s = %s, want one rune", lit)
				}
			default:
				t.Errorf("%s: kept %s, want plain values", tt.Unit.Name, lit)
			}
			if len(tt.Needs[i]) == 0 {
				t.Errorf("%s: input %s is not plain and no mutant is said to need it", tt.Unit.Name, lit)
			}
			for _, m := range tt.Needs[i] {
				if !slices.Contains(tt.Kills, m) {
					t.Errorf("%s: input %s needed by #%d, which the test does not kill (%v)", tt.Unit.Name, lit, m, tt.Kills)
				}
			}
		}
	}
	for name := range eng {
		if !seen[name] {
			t.Errorf("no test of %s kept", name)
		}
	}
}
