// Package fig1 is the example program under test of seed 001 (Zhang, Gupta
// & Halfond, "A new method for software test data generation inspired by
// D-algorithm", Fig. 1), ported to Go from the Java.
//
// The paper declares the function void yet returns x (line 13, the
// program's output definition retVal); the port returns an int.
package fig1

// EqualityScore scores the equalities among a, b and c: it adds 1 if
// a == b, 1 if b == c, and then 1 if a == c or 2 if not.
func EqualityScore(a, b, c int) int {
	x := 0
	if a == b {
		x = x + 1
	}
	if b == c {
		x = x + 1
	}
	if a == c {
		x = x + 1
	} else {
		x = x + 2
	}
	return x
}
