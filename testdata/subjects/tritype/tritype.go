// Package tritype is TRITYP, the triangle classifier of seed 000 (DeMillo
// & Offutt, "Constraint-based automatic test data generation", Fig. 6),
// ported statement by statement from Fortran to Go.
package tritype

// Triang classifies a triangle from the lengths of its sides i, j, k:
//
//	1 if the triangle is scalene
//	2 if it is isosceles
//	3 if it is equilateral
//	4 if it is not a triangle
//
// After a quick confirmation that it is a legal triangle, it detects any
// sides of equal length.
func Triang(i, j, k int) int {
	if i <= 0 || j <= 0 || k <= 0 {
		return 4
	}
	trityp := 0
	if i == j {
		trityp = trityp + 1
	}
	if i == k {
		trityp = trityp + 2
	}
	if j == k {
		trityp = trityp + 3
	}
	if trityp == 0 {
		// Confirm it is a legal triangle before declaring it to be
		// scalene.
		if i+j <= k || j+k <= i || i+k <= j {
			trityp = 4
		} else {
			trityp = 1
		}
		return trityp
	}
	// Confirm it is a legal triangle before declaring it to be isosceles
	// or equilateral.
	if trityp > 3 {
		trityp = 3
	} else if trityp == 1 && i+j > k {
		trityp = 2
	} else if trityp == 2 && i+k > j {
		trityp = 2
	} else if trityp == 3 && j+k > i {
		trityp = 2
	} else {
		trityp = 4
	}
	return trityp
}
