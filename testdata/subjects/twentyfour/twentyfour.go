// Package twentyfour is the 24 game, after the Twenty-four subject of
// seed 002 (Offutt, Jin & Pan, "The Dynamic Domain Reduction Procedure
// for Test Data Generation", Tables I and II: 2 functions, 143 blocks, 66
// decisions). The seed names and sizes the program but does not list its
// code; this is a Go version of what such a unit plausibly is: given four
// cards valued 1 to 13, combine all four with + - * / and parentheses to
// make 24. Like a C program of its time it searches with nested loops
// (orders of the cards, operators, shapes of the expression tree) rather
// than by recursion. It departs from a float-based original by using
// exact rational arithmetic on integers (a fraction is a numerator and a
// denominator), so that 8/(3-8/3) is exactly 24; it adds Apply, the
// arithmetic on fractions, as a third function. Fractions are int16 (a C
// short): no numerator or denominator the search builds from cards 1..13
// exceeds 13^4 = 28561 in magnitude, and the narrow type keeps the
// circuits gozilla's prover builds for the products small.
package twentyfour

import "strconv"

// Apply returns the fraction an/ad op bn/bd, for op one of '+', '-', '*'
// and '/', as n/d with d > 0; it does not reduce the fraction. Results
// beyond the range of int16 wrap around as Go's int16 arithmetic does,
// and so does a denominator of 32768 after the sign change (Expression
// never builds such values).
//
// Guards: ok is false, and n and d 0, if op is not one of the four
// operators, if ad or bd is zero, or if op is '/' and bn is zero (a
// division by zero).
func Apply(op byte, an, ad, bn, bd int16) (n, d int16, ok bool) {
	if ad == 0 || bd == 0 {
		return 0, 0, false
	}
	switch op {
	case '+':
		n, d = an*bd+bn*ad, ad*bd
	case '-':
		n, d = an*bd-bn*ad, ad*bd
	case '*':
		n, d = an*bn, ad*bd
	case '/':
		if bn == 0 {
			return 0, 0, false
		}
		n, d = an*bd, ad*bn
	default:
		return 0, 0, false
	}
	if d < 0 {
		n, d = -n, -d
	}
	return n, d, true
}

// Solve reports whether the four cards a, b, c and d, each used exactly
// once in any order, can be combined with + - * / and parentheses into
// an expression worth exactly 24. Division is exact (8/3 is a fraction,
// not 2).
//
// Guard: Solve is false if a card is outside 1..13.
func Solve(a, b, c, d int) bool {
	return Expression(a, b, c, d) != ""
}

// Expression returns an expression worth exactly 24 that uses each of
// the cards a, b, c and d once, or "" if there is none. Every inner
// operation of the expression is in parentheses, the outermost one is
// not: 8/(3-(8/3)). Of several expressions it returns the first one
// found, trying the orders of the cards, then the operators, then the
// five shapes
//
//	((w o x) o y) o z   (w o (x o y)) o z   (w o x) o (y o z)
//	w o ((x o y) o z)   w o (x o (y o z))
//
// Guard: Expression returns "" if a card is outside 1..13.
func Expression(a, b, c, d int) string {
	cards := [4]int{a, b, c, d}
	for _, v := range cards {
		if v < 1 || v > 13 {
			return ""
		}
	}
	const ops = "+-*/"
	for i := 0; i < 4; i++ {
		for j := 0; j < 4; j++ {
			if j == i {
				continue
			}
			for k := 0; k < 4; k++ {
				if k == i || k == j {
					continue
				}
				w, x, y, z := int16(cards[i]), int16(cards[j]), int16(cards[k]), int16(cards[6-i-j-k])
				// op runs over the 64 choices of (o1, o2, o3).
				for op := 0; op < 64; op++ {
					o1, o2, o3 := ops[op/16], ops[op/4%4], ops[op%4]
					for shape := 0; shape < 5; shape++ {
						var n, m, p, q int16
						var ok bool
						switch shape {
						case 0: // ((w o1 x) o2 y) o3 z
							n, m, ok = Apply(o1, w, 1, x, 1)
							if ok {
								n, m, ok = Apply(o2, n, m, y, 1)
							}
							if ok {
								n, m, ok = Apply(o3, n, m, z, 1)
							}
						case 1: // (w o1 (x o2 y)) o3 z
							p, q, ok = Apply(o2, x, 1, y, 1)
							if ok {
								n, m, ok = Apply(o1, w, 1, p, q)
							}
							if ok {
								n, m, ok = Apply(o3, n, m, z, 1)
							}
						case 2: // (w o1 x) o2 (y o3 z)
							n, m, ok = Apply(o1, w, 1, x, 1)
							if ok {
								p, q, ok = Apply(o3, y, 1, z, 1)
							}
							if ok {
								n, m, ok = Apply(o2, n, m, p, q)
							}
						case 3: // w o1 ((x o2 y) o3 z)
							p, q, ok = Apply(o2, x, 1, y, 1)
							if ok {
								p, q, ok = Apply(o3, p, q, z, 1)
							}
							if ok {
								n, m, ok = Apply(o1, w, 1, p, q)
							}
						default: // w o1 (x o2 (y o3 z))
							p, q, ok = Apply(o3, y, 1, z, 1)
							if ok {
								p, q, ok = Apply(o2, x, 1, p, q)
							}
							if ok {
								n, m, ok = Apply(o1, w, 1, p, q)
							}
						}
						if !ok || int(n) != 24*int(m) {
							continue
						}
						sw, sx := strconv.Itoa(int(w)), strconv.Itoa(int(x))
						sy, sz := strconv.Itoa(int(y)), strconv.Itoa(int(z))
						s1, s2, s3 := string(o1), string(o2), string(o3)
						switch shape {
						case 0:
							return "((" + sw + s1 + sx + ")" + s2 + sy + ")" + s3 + sz
						case 1:
							return "(" + sw + s1 + "(" + sx + s2 + sy + "))" + s3 + sz
						case 2:
							return "(" + sw + s1 + sx + ")" + s2 + "(" + sy + s3 + sz + ")"
						case 3:
							return sw + s1 + "((" + sx + s2 + sy + ")" + s3 + sz + ")"
						}
						return sw + s1 + "(" + sx + s2 + "(" + sy + s3 + sz + "))"
					}
				}
			}
		}
	}
	return ""
}
