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
