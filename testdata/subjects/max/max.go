// Package max is the function MAX from seed 000 (DeMillo & Offutt,
// "Constraint-based automatic test data generation", Fig. 2), ported to Go.
package max

// Max returns the larger of its two integer inputs m and n.
func Max(m, n int) int {
	max := m
	if n > m {
		max = n
	}
	return max
}
