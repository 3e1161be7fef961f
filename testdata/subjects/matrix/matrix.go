// Package matrix is predicates on small square matrices of fixed size,
// written for seed 002 (Offutt, Jin & Pan, "The Dynamic Domain Reduction
// Procedure for Test Data Generation"). The seed's subjects are C units
// with loops over arrays, and it credits DDR's coverage to treating
// array elements individually where constraint-based testing treats an
// array as one variable (its Table II). These functions have goals that
// need exactly that: to reach a true result, or the last comparison of a
// loop, a test must set particular elements of the matrix, for instance
// every off-diagonal element of a 4×4 matrix to mirror its partner. The
// seed lists no such program; the matrices are Go arrays, [3][3]int and
// [4][4]int, so no index can fall outside them and no function needs a
// guard against a ragged matrix.
package matrix

// IsIdentity reports whether m is the 3×3 identity matrix: 1 on the
// diagonal and 0 elsewhere.
func IsIdentity(m [3][3]int) bool {
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			if i == j {
				if m[i][j] != 1 {
					return false
				}
			} else if m[i][j] != 0 {
				return false
			}
		}
	}
	return true
}

// IsSymmetric reports whether the 4×4 matrix m equals its transpose:
// m[i][j] == m[j][i] for every i and j.
func IsSymmetric(m [4][4]int) bool {
	for i := 0; i < 4; i++ {
		for j := i + 1; j < 4; j++ {
			if m[i][j] != m[j][i] {
				return false
			}
		}
	}
	return true
}

// IsUpperTriangular reports whether every element of the 4×4 matrix m
// below the diagonal is 0 (m[i][j] == 0 for i > j).
func IsUpperTriangular(m [4][4]int) bool {
	for i := 1; i < 4; i++ {
		for j := 0; j < i; j++ {
			if m[i][j] != 0 {
				return false
			}
		}
	}
	return true
}

// IsMagicSquare reports whether the 3×3 matrix m is a magic square in
// the weak sense: its three rows, three columns and two diagonals all
// have the same sum. It does not require the elements to be 1..9 or
// distinct, so the zero matrix is magic. Sums wrap on overflow as Go's
// ints do.
func IsMagicSquare(m [3][3]int) bool {
	want := m[0][0] + m[1][1] + m[2][2]
	if m[0][2]+m[1][1]+m[2][0] != want {
		return false
	}
	for i := 0; i < 3; i++ {
		row, col := 0, 0
		for j := 0; j < 3; j++ {
			row += m[i][j]
			col += m[j][i]
		}
		if row != want || col != want {
			return false
		}
	}
	return true
}

// Trace returns the sum of the diagonal of the 4×4 matrix m, wrapping
// on overflow as Go's ints do.
func Trace(m [4][4]int) int {
	t := 0
	for i := 0; i < 4; i++ {
		t += m[i][i]
	}
	return t
}
