// Package euclid is Euclid's algorithm for the greatest common divisor in
// its original, subtractive form (Elements, Book VII, Propositions 1 and
// 2): "the less being continually subtracted in turn from the greater".
// It is the Euclid subject of seed 003 (Offutt & Pan, Table 6), whose
// Fortran code the paper does not list; the inputs are uint8 so that every
// pair can be tried. LCM builds on it.
package euclid

// GCD returns the greatest common divisor of a and b. GCD(a, 0) and
// GCD(0, a) are a: without that guard the subtraction would never end.
func GCD(a, b uint8) uint8 {
	if a == 0 {
		return b
	}
	if b == 0 {
		return a
	}
	for a != b {
		if a > b {
			a -= b
		} else {
			b -= a
		}
	}
	return a
}

// LCM returns the least common multiple of a and b, or 0 if either is 0.
// It divides before multiplying, so no intermediate exceeds the result.
func LCM(a, b uint8) uint16 {
	if a == 0 || b == 0 {
		return 0
	}
	return uint16(a) / uint16(GCD(a, b)) * uint16(b)
}
