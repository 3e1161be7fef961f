// Package quad is Quad, the roots of a quadratic equation, one of the
// subjects of seed 002 (Offutt, Jin & Pan, Table II), ported to Go. The
// seed names it but does not list its code; this is a classic version
// that classifies the roots by the discriminant.
package quad

// Quad returns the number of distinct real roots x of a*x*x + b*x + c = 0:
//
//	2 if a != 0 and the discriminant b*b - 4*a*c is positive
//	1 if a != 0 and the discriminant is zero (a double root)
//	0 if a != 0 and the discriminant is negative (two complex roots)
//	1 if a == 0 and b != 0 (a linear equation)
//	0 if a == 0, b == 0 and c != 0 (no solution)
//	-1 if a == b == c == 0 (every x is a root)
//
// The discriminant is computed in int arithmetic, so it is exact only
// while b*b and 4*a*c fit in an int (|a|, |b|, |c| below about 1.5e9 on
// 64-bit platforms); beyond that it wraps around, deterministically.
func Quad(a, b, c int) int {
	if a == 0 {
		if b != 0 {
			return 1
		}
		if c != 0 {
			return 0
		}
		return -1
	}
	d := b*b - 4*a*c
	if d > 0 {
		return 2
	} else if d == 0 {
		return 1
	}
	return 0
}
