package unit

import "testing"

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
