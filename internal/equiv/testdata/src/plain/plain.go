// Package plain has mutants whose killing inputs the solver first finds
// at the type's bounds (math.MaxInt64) or far from zero; the input the
// prover reports is the plainest that still tells the mutant apart.
package plain

// Discount is reached at its first branch only from 100 up.
func Discount(qty int) int {
	switch {
	case qty >= 100:
		return 15 // input: return 15 -> return 0: qty=100
	case qty >= 10:
		return 5 // input: return 5 -> return 0: qty=10
	}
	return 0
}

// Max's mutants are told apart by small values.
func Max(a, b int) int {
	if a > b {
		return a
	}
	return b
}

// Huge needs a value beyond 2^31: that one stays large, but not the
// type's bound.
func Huge(x uint64) bool {
	return x >= 5000000000 // input: x >= 5000000000 -> x > 5000000000: x=5000000000
}
