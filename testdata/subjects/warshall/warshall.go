// Package warshall is Warshall's transitive closure algorithm, one of the
// subjects of seed 002 (Offutt, Jin & Pan, Tables I and II), ported to Go.
// The seed names it but does not list its code; this is the classic
// triple loop.
package warshall

// Warshall returns the transitive closure of the square boolean adjacency
// matrix a: the result has [i][j] true if and only if there is a path of
// one or more edges from i to j in a. a itself is not modified.
//
// Guard: the classic program works in place on an n×n array and would
// index out of bounds on a ragged matrix; Warshall returns nil if some row
// of a does not have len(a) elements.
func Warshall(a [][]bool) [][]bool {
	n := len(a)
	c := make([][]bool, n)
	for i := range a {
		if len(a[i]) != n {
			return nil
		}
		c[i] = make([]bool, n)
		copy(c[i], a[i])
	}
	for k := 0; k < n; k++ {
		for i := 0; i < n; i++ {
			if c[i][k] {
				for j := 0; j < n; j++ {
					c[i][j] = c[i][j] || c[k][j]
				}
			}
		}
	}
	return c
}
