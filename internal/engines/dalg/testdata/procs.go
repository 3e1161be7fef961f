// Package procs holds small units for the D-algorithm's procedures,
// each with the mutant its test makes (mutate "from" => "to", the first
// occurrence in the function) and what the search must do (want): kill
// it, with the subtasks its trace must go through and, optionally, the
// backtracks it needs; or fail for a reason.
package procs

// Straight: the effect is at the function's result in the mutated
// region itself (MEE alone).
//
// mutate "x + 1" => "x - 1"
// want kill "MEE"
func Straight(x int) int {
	return x + 1
}

// Through: excited in the first branch's region, propagated through
// the second's to the result (MEE, then MEP).
//
// mutate "n = n + 1" => "n = n + 2"
// want kill "MEE MEP"
func Through(a, b int) int {
	n := 0
	if a > b {
		n = n + 1
	}
	if n > 1 {
		return 10
	}
	return n
}

// Justified: excitation needs s = 8 at the second region, which the
// first region gives only for a = 18: justification solves the first
// region's expression backward (JUST).
//
// mutate "s == 7" => "s >= 7"
// want kill "MEE JUST"
func Justified(a int) int {
	s := 0
	if a > 10 {
		s = a - 10
	}
	if s == 7 {
		return 1
	}
	return 0
}

// Masked: the effect (b = 1 against 3) reaches the second region,
// whose condition holds for neither: no propagation (the mutant is
// equivalent).
//
// mutate "a & 1" => "a & 3"
// want "no propagation"
func Masked(a, c int) int {
	b := 0
	if c > 0 {
		b = a & 1
	}
	if b > 5 {
		return 1
	}
	return 0
}

// Unexcitable: no input gives the mutated region another output.
//
// mutate "x * 1" => "x / 1"
// want "no excitation"
func Unexcitable(x int) int {
	y := 0
	if x > 3 {
		y = x * 1
	}
	return y
}

// EqualityScore is the paper's Fig. 1 with the mutant of Fig. 3: the
// first propagation (through a == c) conflicts, and the search
// backtracks once to propagate through a != c (§IV.B.7).
//
// mutate "if b == c {" => "if b != c {"
// want kill "MEE MEP MEP" backtracks 1
func EqualityScore(a, b, c int) int {
	x := 0
	if a == b {
		x = x + 1
	}
	if b == c {
		x = x + 1
	}
	if a == c {
		x = x + 1
	} else {
		x = x + 2
	}
	return x
}

// Early: the mutant returns early where the original goes on; the
// original's later result must differ from the mutant's (MEP with one
// version ended).
//
// mutate "if a < 0 {" => "if a <= 0 {"
// want kill "MEE MEP MEP"
func Early(a int) int {
	if a < 0 {
		return -1
	}
	r := a * 2
	if r > 100 {
		r = 100
	}
	return r + 1
}

// Table makes a local array in its first region and reads it in the
// next: an array is no scalar to pass between regions, so the two are
// one (mergeOpaque), and the mutant is excited and killed there.
//
// mutate "t[2] = 7" => "t[2] = 8"
// want kill "MEE"
func Table(i int) int {
	t := [3]int{1, 2, 3}
	if i > 1 {
		t[2] = 7
	}
	if i < 0 || i > 2 {
		return -1
	}
	return t[i]
}

// Grid's nested loops have constant turns: x is read on the ninth turn
// only, past the default unwinding (3 visits of a block); the region is
// explored again with a larger bound until its loops are whole. The
// effect leaves the loop's region by s, which the return reads (MEP),
// and the entry's region is justified last.
//
// mutate "x * 2" => "x * 3"
// want kill "MEE MEP JUST"
func Grid(x int) int {
	s := 0
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			if i == 2 && j == 2 {
				s += x * 2
			}
		}
	}
	return s
}

// Leap passes a bool from the region that computes it to a region with
// a local array and a loop whose turns depend on an input (month - 1,
// at most 11 by the entry's guard, which the loop's region does not
// see): the effect (a leap year where there is none) is propagated
// through the loop's paths.
//
// mutate "y%100 != 0" => "y%100 >= 0"
// want kill "MEE MEP MEP"
func Leap(y, month, day int) int {
	if y < 1 || month < 1 || month > 12 || day < 1 {
		return -1
	}
	leap := y%4 == 0 && (y%100 != 0 || y%400 == 0)
	days := [12]int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}
	if leap {
		days[1] = 29
	}
	if day > days[month-1] {
		return -1
	}
	n := day
	for m := 0; m < month-1; m++ {
		n += days[m]
	}
	return n
}

// Clock builds a string over three regions: the string passed between
// them is no scalar, so they are one region.
//
// mutate "h >= 12" => "h > 12"
// want kill "MEE"
func Clock(sec int) string {
	if sec < 0 || sec >= 86400 {
		return ""
	}
	h := sec / 3600
	suffix := " AM"
	if h >= 12 {
		suffix = " PM"
		h -= 12
	}
	out := ""
	if h >= 10 {
		out += "1"
	}
	return out + suffix
}

// Zero: the ABS mutant that panics on a zero value (ZPUSH) at the
// function's result, which the branch before it computes (JUST): the
// panic is raised inside the inlined function literal, and is an
// outcome of the region all the same.
//
// mutate "return n" => "return func(v int) int { if v == 0 { panic(\"gozilla: ZPUSH\") }; return v }(n)"
// want kill "MEE JUST"
func Zero(a, b int) int {
	n := 0
	if a == b {
		n = b - a
	} else {
		n = a + 1
	}
	return n
}

// Digit returns a string built from a rune the code computes, which the
// explorer does not model: finding no exciting pair is then no evidence
// of equivalence, and the search says it is unsupported.
//
// mutate "n >= 5" => "n > 5"
// want "unsupported"
func Digit(n int) string {
	s := "lo"
	if n >= 5 {
		s = "hi"
	}
	return s + string(rune('0'+n%10))
}
