// Package bsearch is the function BSearch from seed 002 (Offutt, Jin &
// Pan, "The dynamic domain reduction procedure for test data generation",
// Fig. 7 and Example 3), ported to Go.
//
// The seed's text keeps only the prose of Example 3, not the code of
// Fig. 7, so this is a reconstruction from the example: BSearch takes a
// key N and an array A; node 1 sets i to the first index, node 2 tests
// the loop condition, node 3 decides N = A(i) (the branch 3-4 returns the
// position, the branch 3-5 advances i by one and goes back to node 2).
// The goal path 1-2-3-5-2-3-4 visits i = 1, 2, 3 in turn, so, despite its
// name, the search is sequential. Indices are 0-based as usual in Go (the
// paper counts from 1) and -1 means "not found".
package bsearch

// BSearch returns the index of the first element of a that equals n, or
// -1 if there is none.
func BSearch(n int, a []int) int {
	i := 0           // node 1
	for i < len(a) { // node 2
		if n == a[i] { // node 3
			return i // node 4
		}
		i = i + 1 // node 5
	}
	return -1 // node 6
}
