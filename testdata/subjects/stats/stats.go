// Package stats is integer descriptive statistics, after the Stats
// subject of seed 002 (Offutt, Jin & Pan, "The Dynamic Domain Reduction
// Procedure for Test Data Generation", Tables I and II: 4 functions, 70
// blocks, 32 decisions). The seed names and sizes the program but does
// not list its code; this is a Go version of what such a unit plausibly
// is: the mean, median, mode, extremes and variance of a list of
// integers. It departs from a C original in two ways: it has no floats
// (every result is an int, rounded as each function says), and it is
// split into seven small functions, Sorted being the sort the median and
// the mode share.
package stats

// Limit bounds the magnitude of the values Mean, Median and Variance
// accept, and MaxLen the number of them, so that their sums cannot
// overflow: Σx² ≤ MaxLen·Limit² = 2^50 and n·Σx² ≤ 2^60.
const (
	Limit  = 1 << 20
	MaxLen = 1 << 10
)

// Valid reports whether a is data Mean, Median and Variance accept: at
// least one and at most MaxLen values, each in [-Limit, Limit].
func Valid(a []int) bool {
	if len(a) == 0 || len(a) > MaxLen {
		return false
	}
	for _, x := range a {
		if x < -Limit || x > Limit {
			return false
		}
	}
	return true
}

// Sorted returns a sorted copy of a (insertion sort); a is not modified.
func Sorted(a []int) []int {
	s := make([]int, len(a))
	copy(s, a)
	for i := 1; i < len(s); i++ {
		x := s[i]
		j := i - 1
		for j >= 0 && s[j] > x {
			s[j+1] = s[j]
			j--
		}
		s[j+1] = x
	}
	return s
}

// Mean returns the arithmetic mean of a, truncated toward zero as Go's
// integer division does (the mean of -1 and -2 is -1).
//
// Guard: ok is false, and the mean 0, if a is not Valid (in particular
// if it is empty, where the mean would divide by zero).
func Mean(a []int) (mean int, ok bool) {
	if !Valid(a) {
		return 0, false
	}
	sum := 0
	for _, x := range a {
		sum += x
	}
	return sum / len(a), true
}

// Median returns the middle value of a sorted copy of a, or for an even
// number of values the mean of the two middle ones rounded down (toward
// the smaller one).
//
// Guard: ok is false, and the median 0, if a is not Valid.
func Median(a []int) (median int, ok bool) {
	if !Valid(a) {
		return 0, false
	}
	s := Sorted(a)
	n := len(s)
	if n%2 == 1 {
		return s[n/2], true
	}
	lo, hi := s[n/2-1], s[n/2]
	return lo + (hi-lo)/2, true
}

// Mode returns the value that occurs most often in a and how many times
// it occurs; of several such values it returns the smallest.
//
// Guard: ok is false, and mode and count 0, if a is empty.
func Mode(a []int) (mode, count int, ok bool) {
	if len(a) == 0 {
		return 0, 0, false
	}
	s := Sorted(a)
	mode, count = s[0], 1
	run := 1
	for i := 1; i < len(s); i++ {
		if s[i] == s[i-1] {
			run++
		} else {
			run = 1
		}
		if run > count {
			mode, count = s[i], run
		}
	}
	return mode, count, true
}

// MinMax returns the smallest and the largest value of a.
//
// Guard: ok is false, and lo and hi 0, if a is empty.
func MinMax(a []int) (lo, hi int, ok bool) {
	if len(a) == 0 {
		return 0, 0, false
	}
	lo, hi = a[0], a[0]
	for _, x := range a[1:] {
		if x < lo {
			lo = x
		}
		if x > hi {
			hi = x
		}
	}
	return lo, hi, true
}

// Variance returns the population variance of a, Σ(x−mean)²/n, rounded
// down. It is computed exactly in integers as (n·Σx² − (Σx)²) / n².
//
// Guard: ok is false, and the variance 0, if a is not Valid.
func Variance(a []int) (variance int, ok bool) {
	if !Valid(a) {
		return 0, false
	}
	n := len(a)
	sum, sumSq := 0, 0
	for _, x := range a {
		sum += x
		sumSq += x * x
	}
	return (n*sumSq - sum*sum) / (n * n), true
}
