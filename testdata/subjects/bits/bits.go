// Package bits counts and measures the bits of small unsigned integers
// with the classic loops and tricks: OnesCount is bitcount from Kernighan
// & Ritchie, "The C Programming Language" (2nd ed., §2.10), Parity uses
// the x &= x-1 of its Exercise 2-9, and Len is the binary search for the
// leading one bit of Warren, "Hacker's Delight" (§5-3, nlz). The inputs
// are 8 or 16 bits wide so that every one can be tried.
package bits

// OnesCount returns the number of one bits in x.
func OnesCount(x uint16) int {
	n := 0
	for ; x != 0; x >>= 1 {
		if x&1 != 0 {
			n++
		}
	}
	return n
}

// Parity reports whether x has an odd number of one bits. x &= x-1
// clears the lowest one bit, so the loop runs once per one bit.
func Parity(x uint8) bool {
	odd := false
	for x != 0 {
		x &= x - 1
		odd = !odd
	}
	return odd
}

// Len returns the minimum number of bits needed to represent x; Len(0) is
// 0. It halves the width searched at each step: 4 bits, 2, then 1.
func Len(x uint8) int {
	n := 0
	if x >= 1<<4 {
		x >>= 4
		n += 4
	}
	if x >= 1<<2 {
		x >>= 2
		n += 2
	}
	if x >= 1<<1 {
		x >>= 1
		n++
	}
	return n + int(x)
}
