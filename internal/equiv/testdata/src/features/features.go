// Package features holds one function per thing the prover must see.
// A comment "// want STATUS[ (METHOD)]: ORIG -> REPL" on a line expects
// that verdict for the mutant of that line turning ORIG into REPL.
package features

// Guarded: the guard fixes the sign (necessity refuted by the rules).
func Guarded(x int) int {
	if x > 0 {
		return x * 2 // want equivalent (rules): x -> max(x, -x)
	}
	return 0
}

// Masked: the changed condition only matters when both sides are equal
// (the miter sees it; necessity does not).
func Masked(x, y int) int {
	m := y
	if x < y { // want equivalent (sufficiency): x < y -> x <= y
		m = x
	}
	return m
}

// Counter: i never goes negative in the loop (an invariant).
func Counter(n uint8) int {
	s := 0
	for i := 0; i < int(n); i++ {
		s += max(i, -i) // want equivalent: i -> max(i, -i)
	}
	return s
}

// Dead: the inner branch cannot be taken.
func Dead(x int8) int8 {
	if x > 10 {
		if x < 5 {
			return 1 // want equivalent (unreachable): return 1 -> return 0
		}
	}
	return 0
}

// half is a helper the prover inlines.
func half(x uint8) uint8 { return x / 2 }

// Inlined: half(x) <= 127 for every byte.
func Inlined(x uint8) bool {
	return half(x) <= 127 // want equivalent: half(x) <= 127 -> true
}

// sum counts down a loop of up to 255 turns (too many to unroll: a
// loop summary in the miter), wrapping.
func sum(n uint8) uint8 {
	var t uint8
	for n > 0 {
		t += n
		n--
	}
	return t
}

// Summed: the guard only matters for 0, where sum is 0 anyway.
func Summed(n uint8) uint8 {
	if n == 0 { // want equivalent (sufficiency): n == 0 -> false
		return 0
	}
	return sum(n)
}

// Assumed is equivalent only under its precondition.
//
//gozilla:assume x >= 0
func Assumed(x int) int {
	return max(x, 0) + x // want equivalent: x -> max(x, -x)
}

// Killable mutants get an input on which the outputs differ.
func Killable(a, b int) int {
	return a - b // want killable: a - b -> a + b
}

// The functions below are about floats, where == is not identity: -0 ==
// 0, NaN != NaN. "want !equivalent" expects any verdict but equivalent
// (killable or unknown): the harness compares float results by their
// bits, all NaNs equal, so each of these mutants can be killed.

// FloatZero is issue 13's bug: input == 0 holds for -0, on which the
// original returns +0 and the mutant -0.
func FloatZero(input float64) (float64, string) {
	if input == 0 {
		return 0, "" // want !equivalent: 0 -> input
	}
	return input * 2, "x"
}

// FloatZeroResult: the same, with the variable on the original's side.
func FloatZeroResult(x float64) float64 {
	if x == 0 {
		return x // want !equivalent: return x -> return 0
	}
	return 1 / x
}

// SignedZero: 1/x tells -0 (-Inf) from +0 (+Inf), so the inner branch
// is reachable although x == 0.
func SignedZero(x float64) int {
	if x == 0 {
		if 1/x < 0 {
			return -1 // want !equivalent: return -1 -> return 0
		}
		return 0
	}
	return 1
}

// SelfNaN: x != x holds for NaN.
func SelfNaN(x float64) int {
	if x != x { // want !equivalent: x != x -> false
		return 1
	}
	return 0
}

// Unordered: neither x < y nor x >= y holds when one is NaN.
func Unordered(x, y float64) int {
	if x < y || x >= y {
		return 1
	}
	return 0 // want !equivalent: 0 -> 1
}

// PlusZero: x + 0 is +0 for x = -0.
func PlusZero(x float64) float64 {
	if x == 0 {
		return x + 0 // want !equivalent: x + 0 -> x
	}
	return x
}

// Narrowed: float32(x) == 0 for tiny x that is not 0.
func Narrowed(x float64) float64 {
	if float32(x) == 0 {
		return x // want !equivalent: return x -> return 0
	}
	return 1
}

// Wide32: float32 of an int64 rounds once, not through float64 (which
// gives 2^54 here, the direct rounding 2^54 + 2^31).
func Wide32(n int64) int {
	if n == 18014399583223809 {
		if float32(n) == 18014400656965632 {
			return 1 // want !equivalent: return 1 -> return 0
		}
	}
	return 0
}

// Exact: x == 2 leaves x one bit pattern, so reading 2 for x is
// equivalent; and under x > y, x >= y is always true (NaN makes both
// false).
func Exact(x, y float64) float64 {
	if x == 2 {
		return x + 1 // want equivalent (rules): x -> 2.0
	}
	if x > y {
		if x >= y { // want equivalent (rules): x >= y -> true
			return 1
		}
	}
	return 0
}

// Dead float code stays dead.
func DeadFloat(x float64) float64 {
	if x > 1 {
		if x < 0 {
			return 1 // want equivalent (unreachable): return 1 -> return 0
		}
	}
	return 0
}

// Pairs: dst[j+1] went on without a panic, so j+1 is below dst's
// length, which is below 2^60 for bytes: j += 2 never wraps, and j is
// never negative (the bounds checks join the path).
func Pairs(dst, src []byte) int {
	j := 0
	for _, v := range src {
		dst[j] = v
		dst[j+1] = v // want equivalent (rules): j -> max(j, -j)
		j += 2
	}
	return j
}

// Empties: elements that take no memory bound no length below MaxInt,
// so j += 3 may wrap, in principle.
func Empties(dst []struct{}, n int) int {
	j := 0
	for i := 0; i < n; i++ {
		_ = dst[j+1] // want !equivalent: j -> max(j, -j)
		j += 3
	}
	return j
}

const hexDigits = "0123456789abcdef"

// Hex: an element of a constant string is one of its bytes: never the
// space, sometimes 'a'.
func Hex(b byte) byte {
	d := hexDigits[b&15]
	if d > ' ' { // want equivalent (rules): d > ' ' -> d >= ' '
		if d > 'a' { // want !equivalent: d > 'a' -> d >= 'a'
			return d
		}
		return 1
	}
	return 0
}

// Deep: the body forks more paths than the exploration follows (14
// branches: 2^14 paths), so the exploration stops inside it, and its
// probes too. The counter's arrivals at the top of the body are all
// recorded before that (the paths left cannot come back to them but
// by the back edge, which widening covers), and the sketch of the body
// (i++ under i < len(xs)) proves i never negative without walking it.
func Deep(xs []int) int {
	s := 0
	for i := 0; i < len(xs); i++ {
		s += i // want equivalent (rules): i -> max(i, -i)
		v := xs[i]
		if v&1 != 0 {
			s++
		}
		if v&2 != 0 {
			s++
		}
		if v&4 != 0 {
			s++
		}
		if v&8 != 0 {
			s++
		}
		if v&16 != 0 {
			s++
		}
		if v&32 != 0 {
			s++
		}
		if v&64 != 0 {
			s++
		}
		if v&128 != 0 {
			s++
		}
		if v&256 != 0 {
			s++
		}
		if v&512 != 0 {
			s++
		}
		if v&1024 != 0 {
			s++
		}
		if v&2048 != 0 {
			s++
		}
		if v&4096 != 0 {
			s++
		}
		if v&8192 != 0 {
			s++
		}
	}
	return s
}

// AbsCompared: the absolute value of y only compared with zero changes
// nothing (Table 1's template, y < 0, is satisfiable; the enclosing
// condition is what proves it), also at MinInt, its own absolute value.
func AbsCompared(x, y int) int {
	for y != 0 { // want equivalent: y -> max(y, -y)
		x, y = y, x%y
	}
	if x < 0 {
		x = -x
	}
	return x // want equivalent: x -> max(x, -x)
}

// AbsMin: the same with min.
func AbsMin(y int) bool {
	return y != 0 // want equivalent: y -> min(y, -y)
}

// GuardBeforeLoop: the loop runs up to n times, too many for a miter of
// the whole function, but the guard's mutant changes a value only at
// n == 1, where the loop runs not at all: the miter on the inputs that
// infect proves it.
func GuardBeforeLoop(n int) int {
	if n < 1 { // want equivalent (sufficiency): n < 1 -> n <= 1
		return 1
	}
	r := 1
	for i := 2; i <= n; i++ {
		r *= i
	}
	return r
}

// GuardBeforeLoopKill: the same, where the guard's return differs.
func GuardBeforeLoopKill(n int) int {
	if n < 1 { // want killable: n < 1 -> n <= 1
		return 0
	}
	r := 1
	for i := 2; i <= n; i++ {
		r *= i
	}
	return r
}

// FloatAbs: Table 1's templates for floats are wider than for integers
// (max(-0, +0) is +0, other bits): v's zero test is behind v != 0, so the
// panic at zero never fires, and max(x, -x) of a negative x is -x; but
// at v <= 0 the max may differ, -0 included.
func FloatAbs(v, x float64) float64 {
	if v == 0 || x >= 0 {
		return 0
	}
	return v*2 + // want equivalent (rules): v -> func(v float64) float64 { if v == 0 { panic("gozilla: ZPUSH") }; return v }(v)
		-x // want equivalent (rules): x -> min(x, -x)
}

// FloatAbsZero: max(v, -v) differs from v at -0, which v <= 0 admits.
func FloatAbsZero(v float64) float64 {
	if v < 0 {
		return 1
	}
	return v // want !equivalent: v -> max(v, -v)
}
