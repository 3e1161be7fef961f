// Package minval is the function MIN of seed 003 (Offutt & Pan,
// "Automatically detecting equivalent mutants and infeasible paths",
// Fig. 1), ported to Go with a MinVal variable as in the Ada-like
// original, and its mirror image Max. The inputs are int8 so that every
// pair can be tried.
//
// The paper's mutant Δ3 replaces I by MinVal in IF (J < I): MinVal has
// just been assigned I, so the two hold the same value there and the
// mutant is equivalent.
package minval

// Min returns the smaller of its two inputs i and j.
func Min(i, j int8) int8 {
	minVal := i
	if j < i {
		minVal = j
	}
	return minVal
}

// Max returns the larger of its two inputs i and j.
func Max(i, j int8) int8 {
	maxVal := i
	if j > i {
		maxVal = j
	}
	return maxVal
}
