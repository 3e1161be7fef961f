// Package value is the function Value from seed 002 (Offutt, Jin & Pan,
// "The dynamic domain reduction procedure for test data generation",
// Fig. 6 and Example 2), ported to Go.
//
// The seed's text keeps only the prose of Example 2, not the code of
// Fig. 6, so this is a reconstruction that honours everything the example
// states: Value takes three integers A, B and C and returns an integer V;
// node 1 decides A < B, node 2 (the true branch) assigns C = 16, node 4
// decides A >= C, and the test case (A = 17, B = 25, C = 16) executes the
// path 1-2-4-6-8. The node numbers are given in the comments. The bodies
// of nodes 3, 5, 6 and 7, which the text does not show, are our choice.
package value

// Value computes V from A, B and C: when A < B, C is replaced by 16;
// then V is A - C if A >= C, else B - C if B > C, else 0.
func Value(a, b, c int) int {
	v := 0
	if a < b { // node 1
		c = 16 // node 2
	} else {
		c = c - b // node 3
	}
	if a >= c { // node 4
		v = a - c // node 6
	} else if b > c { // node 5
		v = b - c // node 7
	}
	return v // node 8
}
