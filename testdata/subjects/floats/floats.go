// Package floats is small float64 and float32 code of the kind that
// formats, clamps and compares measurements, written the way such code
// usually is: with == on floats, guards against zero, and no thought of
// -0 or NaN. It is the prover's float subject (gozilla issue 13): float
// == is not identity (-0 == 0, NaN != NaN), and a proof that takes
// x == 0 to mean "x is 0" declares killable mutants equivalent. Its
// units take one or two float parameters (one takes a uint8 too), so
// that the oracle's float grid (internal/oracle: signed zeros,
// infinities, NaNs, subnormals, extremes and each unit's constants) can
// run every combination. Scale is issue 13's reproduction; Abs and
// Compare follow math.Abs and cmp.Compare's specifications, which the
// naive forms here miss at -0 and NaN.
package floats

// Scale returns v scaled for display and its unit: kilo above 1000,
// milli below 1, nothing for 0.
func Scale(v float64) (float64, string) {
	if v == 0 {
		return 0, ""
	}
	if v >= 1000 || v <= -1000 {
		return v / 1000, "k"
	}
	if v < 1 && v > -1 {
		return v * 1000, "m"
	}
	return v, ""
}

// Abs returns |x|, the naive way: -0 stays -0 and NaN stays NaN.
func Abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// Clamp01 limits x to [0, 1]; NaN passes through.
func Clamp01(x float64) float64 {
	if x < 0 {
		return 0
	}
	if x > 1 {
		return 1
	}
	return x
}

// Sign returns -1, 0 or +1 by the sign of x, and 0 for NaN.
func Sign(x float64) int {
	if x > 0 {
		return 1
	}
	if x < 0 {
		return -1
	}
	return 0
}

// Compare orders a and b as cmp.Compare does: NaN first (NaNs equal to
// each other), then by value (-0 equal to 0).
func Compare(a, b float64) int {
	an, bn := a != a, b != b
	if an || bn {
		if an && bn {
			return 0
		}
		if an {
			return -1
		}
		return 1
	}
	if a < b {
		return -1
	}
	if a > b {
		return 1
	}
	return 0
}

// Max returns the larger of x and y, the naive way (NaN and signed
// zeros as they come).
func Max(x, y float64) float64 {
	if x > y {
		return x
	}
	return y
}

// Quantize converts an audio sample in [-1, 1] to 16 bits, saturating,
// NaN to 0.
func Quantize(x float32) int16 {
	if x != x {
		return 0
	}
	s := x * 32767
	if s >= 32767 {
		return 32767
	}
	if s <= -32768 {
		return -32768
	}
	return int16(s)
}

// Mix blends two float32 samples evenly.
func Mix(a, b float32) float32 {
	if a == b {
		return a
	}
	return a + (b-a)/2
}

// Bucket returns the bucket of x among n equal buckets of [0, 1): -1
// below, n above (and for NaN).
func Bucket(x float64, n uint8) int {
	if x < 0 {
		return -1
	}
	if x >= 1 || n == 0 || x != x {
		return int(n)
	}
	return int(x * float64(n))
}

// Ratio returns a/b, 0 when b is 0 (either zero).
func Ratio(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}

// Percent returns r as a percentage and a label: "all" for exactly 1,
// "none" for 0 (either zero), "over" above 1.
func Percent(r float64) (float64, string) {
	if r == 1 {
		return r * 100, "all"
	}
	if r == 0 {
		return r * 100, "none"
	}
	if r > 1 {
		return r * 100, "over"
	}
	return r * 100, ""
}
