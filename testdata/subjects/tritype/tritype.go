// Package tritype is TRITYP from seed 000 (DeMillo & Offutt,
// "Constraint-based automatic test data generation", Fig. 6), ported to Go
// statement by statement from the Fortran.
//
// The Fortran function assigns its result to the function name TRITYP and
// returns with a bare RETURN; the port keeps that shape with the named
// result trityp and bare returns.
package tritype

// Triang classifies a triangle from the relative lengths of its sides
// i, j and k. The return value is the output from the routine:
//
//	trityp = 1 if the triangle is scalene
//	trityp = 2 if the triangle is isosceles
//	trityp = 3 if the triangle is equilateral
//	trityp = 4 if it is not a triangle
//
// After a quick confirmation that it is a legal triangle, it detects any
// sides of equal length.
func Triang(i, j, k int) (trityp int) {
	if i <= 0 || j <= 0 || k <= 0 {
		trityp = 4
		return
	}
	trityp = 0
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
		return
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
	return
}
