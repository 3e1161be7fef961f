// Package min is the function MIN from seed 003 (Offutt & Pan,
// "Automatically detecting equivalent mutants and infeasible paths",
// Fig. 1), ported to Go from the Ada-like original.
package min

// Min returns the smaller of its two integer inputs i and j.
func Min(i, j int) int {
	minVal := i
	if j < i {
		minVal = j
	}
	return minVal
}
