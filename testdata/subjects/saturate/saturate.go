// Package saturate is saturating arithmetic on int8: a result outside the
// type's range sticks at the nearest bound instead of wrapping around, as
// in fixed-point signal processing. It ports the ETSI/ITU-T basic
// operators saturate, add, sub and abs_s (ITU-T G.191 Software Tool
// Library, basop32.c, on 16-bit words with a 32-bit accumulator) to 8-bit
// words with a 16-bit accumulator, so that every input can be tried, and
// adds Sign.
package saturate

import "math"

// Narrow converts x to int8, saturating: values above 127 become 127 and
// values below -128 become -128.
func Narrow(x int16) int8 {
	if x > math.MaxInt8 {
		return math.MaxInt8
	}
	if x < math.MinInt8 {
		return math.MinInt8
	}
	return int8(x)
}

// Add returns a+b, or a-b when sub is set, saturated to the range of
// int8.
func Add(a, b int8, sub bool) int8 {
	s := int16(a)
	if sub {
		s -= int16(b)
	} else {
		s += int16(b)
	}
	return Narrow(s)
}

// Abs returns the absolute value of x, saturated: Abs(-128) is 127, where
// -x would wrap around to -128.
func Abs(x int8) int8 {
	if x == math.MinInt8 {
		return math.MaxInt8
	}
	if x < 0 {
		return -x
	}
	return x
}

// Sign returns -1, 0 or +1 as x is negative, zero or positive.
func Sign(x int8) int8 {
	if x < 0 {
		return -1
	}
	if x > 0 {
		return 1
	}
	return 0
}
