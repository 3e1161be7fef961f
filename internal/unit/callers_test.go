package unit

import (
	"math"
	"testing"
)

const callersSrc = `package p

// Ratio is the ratio of the matches in two sequences.
func Ratio(a, b []string, matches int) float64 {
	if matches < 0 {
		return 0
	}
	return ratio(len(a)+len(b), 2*len(a))
}

func ratio(length, twice int) float64 {
	if length == 0 {
		return 1
	}
	return float64(twice) / float64(length)
}

// Sum sums what sumFrom sums.
func Sum(xs []int) int {
	t := 0
	for i := range xs {
		t += sumFrom(xs, i)
	}
	return t
}

func sumFrom(xs []int, i int) int { return xs[i] }

// Shift calls shifted on any offset.
func Shift(n int) int { return shifted(n) }

func shifted(n int) int { return n + 1 }

// Apply passes its helper on as a value.
func Apply(f func(int) int) int { return f(2) }

// Twice uses double as a value: its callers are not all seen.
func Twice() int { return Apply(double) + double(3) }

func double(n int) int { return 2 * n }

// Quick bounds the ratio of two lengths, kept in locals.
func Quick(a, b []string) float64 {
	la, lb := len(a), len(b)
	total := 0
	for range a {
		total += 2
	}
	down := la
	down--
	return ratio(min(la, lb), la+lb+total) + ratio(down, 1)
}
`

// TestCallerRanges: a helper's integer parameter every call in the
// package passes a value of at least 0 (a length, a range index, a
// constant) is ranged [0, …]; one a call passes any int to, or whose
// function is used as a value, is not.
func TestCallerRanges(t *testing.T) {
	units := unitsOf(t, callersSrc)
	for _, tt := range []struct {
		unit   string
		param  int
		ranged bool
	}{
		{"ratio", 0, false}, // Quick passes down, decremented
		{"ratio", 1, true},  // lengths, a sum of them, a count, 1
		{"sumFrom", 1, true},
		{"shifted", 0, false},
		{"double", 0, false},
		{"Ratio", 2, false}, // exported: its callers are anyone's
	} {
		u := units[tt.unit]
		if u == nil || u.Skip != "" {
			t.Fatalf("unit %s missing or skipped", tt.unit)
		}
		r := u.Params[tt.param].Type.Range
		if (r != nil) != tt.ranged {
			t.Errorf("%s parameter %d: range %v, want ranged %v", tt.unit, tt.param, r, tt.ranged)
		}
		if r != nil && (r.Lo != 0 || r.Holds(-1)) {
			t.Errorf("%s parameter %d: range %+v, want [0, …]", tt.unit, tt.param, *r)
		}
	}
}

const comparedSrc = `package p

// Interval is an arc of the circle; its endpoints are in the range
// [-π, π].
type Interval struct {
	Lo, Hi float64
}

// Contains reports whether p is in the arc.
func (i Interval) Contains(p float64) bool { return i.Lo <= p && p <= i.Hi }

// Scale multiplies; f is compared with nothing of Interval.
func (i Interval) Scale(f float64) Interval {
	if f > 1 {
		return Interval{i.Lo * f, i.Hi * f}
	}
	return i
}

// Step compares an int with nothing ranged.
func (i Interval) Step(n int) bool { return n > 0 }

// Plain has no documented range.
type Plain struct{ X float64 }

// Above compares p with X.
func (q Plain) Above(p float64) bool { return p > q.X }
`

// TestComparedRanges: a method's parameter compared with a field whose
// range the documentation gives (s1's endpoints in [-π, π]) is a value
// of that range; one compared with nothing ranged is not.
func TestComparedRanges(t *testing.T) {
	units := unitsOf(t, comparedSrc)
	for _, tt := range []struct {
		unit   string
		ranged bool
	}{
		{"Interval.Contains", true},
		{"Interval.Scale", false},
		{"Interval.Step", false},
		{"Plain.Above", false},
	} {
		u := units[tt.unit]
		if u == nil || u.Skip != "" {
			t.Fatalf("unit %s missing or skipped (%v)", tt.unit, units)
		}
		r := u.Params[0].Type.Range
		if (r != nil) != tt.ranged {
			t.Errorf("%s: range %+v, want ranged %v", tt.unit, r, tt.ranged)
		}
		if r != nil && (r.Holds(-4) || !r.Holds(3) || r.Holds(math.Inf(-1))) {
			t.Errorf("%s: range %+v, want [-π, π]", tt.unit, *r)
		}
	}
}
