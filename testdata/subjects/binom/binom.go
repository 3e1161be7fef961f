// Package binom is binomial coefficients and the counts built on them,
// after the Binom subject of seed 002 (Offutt, Jin & Pan, "The Dynamic
// Domain Reduction Procedure for Test Data Generation", Tables I and II:
// 6 functions, 444 blocks, 217 decisions). The seed names and sizes the
// program but does not list its code; this is a Go version of what such
// a unit plausibly is, much smaller than the original: factorials,
// binomial coefficients, a row of Pascal's triangle, lattice paths,
// Catalan numbers and multinomial coefficients. The numbers are int32,
// the width of a C int on the machines of the seed's time: the overflow
// bounds are small (13! and C(34, 17) overflow), and so are the circuits
// gozilla's prover builds for the divisions and products. Where a C
// original would silently overflow, every function here detects that its
// exact result does not fit in an int32 and returns a sentinel instead.
//
// Binomial and Catalan keep their running products exact and small by
// dividing out a greatest common divisor before each multiplication, so
// that an intermediate value never exceeds the final one: their
// overflow guards are exact, not conservative.
package binom

import "math"

// Factorial returns n! = 1·2·…·n, with 0! = 1.
//
// Guards: Factorial returns -1 for a negative n, and -1 when n! exceeds
// math.MaxInt32 (n > 12).
func Factorial(n int32) int32 {
	if n < 0 {
		return -1
	}
	r := int32(1)
	for i := int32(2); i <= n; i++ {
		if r > math.MaxInt32/i {
			return -1
		}
		r *= i
	}
	return r
}

// Binomial returns the binomial coefficient C(n, k), the number of ways
// to choose k things of n: n!/(k!(n−k)!), and 0 when k < 0 or k > n.
//
// Guards: Binomial returns -1 for a negative n, and -1 when C(n, k)
// exceeds math.MaxInt32 (C(33, 16) and C(34, 15) fit, C(34, 16) does
// not).
func Binomial(n, k int32) int32 {
	if n < 0 {
		return -1
	}
	if k < 0 || k > n {
		return 0
	}
	if k > n-k {
		k = n - k
	}
	// r = C(n−k+i, i) after step i: r·(n−k+i)/i is exact, and after
	// dividing r and i by their gcd g, i/g divides n−k+i.
	r := int32(1)
	for i := int32(1); i <= k; i++ {
		a, b := r, i
		for b != 0 {
			a, b = b, a%b
		}
		t := (n - k + i) / (i / a)
		if r/a > math.MaxInt32/t {
			return -1
		}
		r = r / a * t
	}
	return r
}

// PascalRow returns row n of Pascal's triangle, C(n, 0) … C(n, n), built
// row by row by additions from row 0, which is [1].
//
// Guards: PascalRow returns nil for a negative n, and nil when an entry
// of the row exceeds math.MaxInt32 (n > 33); it stops at the first row
// that overflows, so a huge n costs no more than row 34.
func PascalRow(n int32) []int32 {
	if n < 0 {
		return nil
	}
	row := []int32{1}
	for i := int32(1); i <= n; i++ {
		next := make([]int32, i+1)
		next[0], next[i] = 1, 1
		for j := int32(1); j < i; j++ {
			if row[j-1] > math.MaxInt32-row[j] {
				return nil
			}
			next[j] = row[j-1] + row[j]
		}
		row = next
	}
	return row
}

// LatticePaths returns the number of shortest paths along the grid lines
// of a w×h grid of squares from one corner to the opposite one (each
// step one unit right or up): C(w+h, h).
//
// Guards: LatticePaths returns -1 for a negative w or h, and -1 when the
// count exceeds math.MaxInt32, including when w+h itself does.
func LatticePaths(w, h int32) int32 {
	if w < 0 || h < 0 {
		return -1
	}
	if w > math.MaxInt32-h {
		return -1
	}
	return Binomial(w+h, h)
}

// Catalan returns the n-th Catalan number C(2n, n)/(n+1): 1, 1, 2, 5,
// 14, 42, … for n = 0, 1, 2, … (the number of balanced strings of n
// pairs of parentheses). It uses the recurrence
// c(i) = c(i−1)·2(2i−1)/(i+1), dividing out gcd(c(i−1), i+1) first.
//
// Guards: Catalan returns -1 for a negative n, and -1 when the number
// exceeds math.MaxInt32 (n > 19; C(38, 19) itself does at n = 19).
func Catalan(n int32) int32 {
	if n < 0 {
		return -1
	}
	c := int32(1)
	for i := int32(1); i <= n; i++ {
		a, b := c, i+1
		for b != 0 {
			a, b = b, a%b
		}
		t := 2 * (2*i - 1) / ((i + 1) / a)
		if c/a > math.MaxInt32/t {
			return -1
		}
		c = c / a * t
	}
	return c
}

// Multinomial returns the multinomial coefficient (k1+…+km)!/(k1!…km!),
// the number of ways to split k1+…+km things into groups of sizes k1, …,
// km, as the product of the binomials C(k1+…+kj, kj); it is 1 for no
// groups.
//
// Guards: Multinomial returns -1 if some k is negative, and -1 when the
// coefficient, or the sum of the ks, exceeds math.MaxInt32.
func Multinomial(ks []int32) int32 {
	r, sum := int32(1), int32(0)
	for _, k := range ks {
		if k < 0 {
			return -1
		}
		if sum > math.MaxInt32-k {
			return -1
		}
		sum += k
		b := Binomial(sum, k)
		if b < 0 {
			return -1
		}
		if r > math.MaxInt32/b {
			return -1
		}
		r *= b
	}
	return r
}
