// Package runlength is run-length counting, written for seed 002
// (Offutt, Jin & Pan, "The Dynamic Domain Reduction Procedure for Test
// Data Generation"). The seed evaluates DDR on C units with loops over
// arrays (Tables I and II) but lists no code for them; these are
// run-length counters whose goals need many loop iterations and
// particular elements: a run of k equal values in a row, a longest run
// at the end of the input, a run-length code with many runs. A run is a
// maximal block of adjacent equal elements: [1 1 2 1] has three runs,
// of lengths 2, 1 and 1.
package runlength

import "strconv"

// LongestRun returns the length of the longest run of a, 0 for an empty
// slice.
func LongestRun(a []int) int {
	if len(a) == 0 {
		return 0
	}
	best, run := 1, 1
	for i := 1; i < len(a); i++ {
		if a[i] == a[i-1] {
			run++
		} else {
			run = 1
		}
		if run > best {
			best = run
		}
	}
	return best
}

// CountRuns returns the number of runs of a, 0 for an empty slice.
func CountRuns(a []int) int {
	if len(a) == 0 {
		return 0
	}
	n := 1
	for i := 1; i < len(a); i++ {
		if a[i] != a[i-1] {
			n++
		}
	}
	return n
}

// RunLengthEncode returns the runs of a in order, as the value of each
// run and its length: [7 7 7 2 7] gives values [7 2 7] and counts
// [3 1 1]. Both are nil for an empty slice.
func RunLengthEncode(a []int) (values, counts []int) {
	for i := 0; i < len(a); i++ {
		if i > 0 && a[i] == a[i-1] {
			counts[len(counts)-1]++
			continue
		}
		values = append(values, a[i])
		counts = append(counts, 1)
	}
	return values, counts
}

// HasRunOf reports whether a has k equal elements in a row (a run of
// length k or more). It stops at the first such run.
//
// Guard: HasRunOf is false for k < 1: a run has at least one element.
func HasRunOf(a []int, k int) bool {
	if k < 1 {
		return false
	}
	run := 0
	for i := 0; i < len(a); i++ {
		if i > 0 && a[i] == a[i-1] {
			run++
		} else {
			run = 1
		}
		if run >= k {
			return true
		}
	}
	return false
}

// EncodeString returns the run-length code of the bytes of s, each run
// written as its byte followed by its length in decimal:
// EncodeString("aaabccd") is "a3b1c2d1", and "" for an empty s.
func EncodeString(s string) string {
	out := ""
	for i := 0; i < len(s); {
		j := i + 1
		for j < len(s) && s[j] == s[i] {
			j++
		}
		out += s[i:i+1] + strconv.Itoa(j-i)
		i = j
	}
	return out
}
