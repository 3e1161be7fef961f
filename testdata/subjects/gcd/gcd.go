// Package gcd is GCD, Euclid's greatest common divisor, one of the
// Mothra experiments of seed 000 (DeMillo & Offutt, Table 3; "Euclid" in
// seed 002, Table II), ported to Go. The seeds name it but do not list its
// code; this is the classic remainder form of Euclid's algorithm.
package gcd

// GCD returns the greatest common divisor of x and y, which is never
// negative; GCD(x, 0) is |x| and GCD(0, 0) is 0.
//
// Guard: the subtractive form of Euclid's algorithm never ends when an
// argument is zero or negative. GCD uses remainders, which shrink |y| on
// every step for any signs, and takes the absolute value of the result,
// so it accepts every pair of ints. The one exception is a result of
// 2^63, when each argument is 0 or math.MinInt but not both 0: it does
// not fit in an int and comes back as math.MinInt.
func GCD(x, y int) int {
	for y != 0 {
		r := x % y
		x = y
		y = r
	}
	if x < 0 {
		x = -x
	}
	return x
}
