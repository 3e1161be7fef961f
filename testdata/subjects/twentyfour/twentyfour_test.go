package twentyfour

import (
	"math"
	"math/big"
	"slices"
	"strconv"
	"testing"
)

func TestApply(t *testing.T) {
	tests := []struct {
		op             byte
		an, ad, bn, bd int16
		n, d           int16
		ok             bool
	}{
		{'+', 1, 2, 1, 3, 5, 6, true},     // 1/2 + 1/3 = 5/6
		{'-', 1, 2, 1, 3, 1, 6, true},     // 1/2 - 1/3 = 1/6
		{'-', 3, 1, 8, 3, 1, 3, true},     // 3 - 8/3 = 1/3
		{'*', 2, 3, 3, 4, 6, 12, true},    // not reduced
		{'/', 8, 1, 1, 3, 24, 1, true},    // 8 / (1/3)
		{'/', 1, 2, -1, 3, -3, 2, true},   // the sign goes to the numerator
		{'+', 1, -2, 1, 2, 0, 4, true},    // -1/2 + 1/2
		{'*', -1, 1, -1, -1, -1, 1, true}, // -1 · (-1/-1) = -1
		{'/', 5, 1, 0, 7, 0, 0, false},    // division by zero
		{'/', 0, 1, 5, 1, 0, 5, true},     // 0 / 5
		{'+', 1, 0, 1, 1, 0, 0, false},    // zero denominator
		{'*', 1, 1, 1, 0, 0, 0, false},    // zero denominator
		{'%', 7, 1, 2, 1, 0, 0, false},    // not an operator
		{'x', 7, 1, 2, 1, 0, 0, false},
		{'*', 13 * 13, 1, 13 * 13, 1, 28561, 1, true},          // 13^4, the largest the search builds
		{'*', 200, 1, 200, 1, -25536, 1, true},                 // 40000 wraps around in int16
		{'/', 1, 1, math.MinInt16, 1, -1, math.MinInt16, true}, // -d wraps back to MinInt16
	}
	for _, tt := range tests {
		n, d, ok := Apply(tt.op, tt.an, tt.ad, tt.bn, tt.bd)
		if n != tt.n || d != tt.d || ok != tt.ok {
			t.Errorf("Apply(%q, %d/%d, %d/%d) = %d/%d, %v, want %d/%d, %v", tt.op, tt.an, tt.ad, tt.bn, tt.bd, n, d, ok, tt.n, tt.d, tt.ok)
		}
	}
}

// hands: which hands make 24, checked by hand where the expression is
// given in the comment and otherwise against the list of the 458
// unsolvable hands of 1..13 (all of 1,1,1,x for x ≤ 7 are in it).
var hands = []struct {
	a, b, c, d int
	want       bool
}{
	{1, 2, 3, 4, true},     // 1*2*3*4
	{4, 4, 4, 4, true},     // 4*4+4+4
	{6, 6, 6, 6, true},     // 6+6+6+6
	{12, 12, 12, 12, true}, // 12+12+12-12
	{1, 1, 1, 11, true},    // (1+1)*(1+11)
	{13, 1, 1, 1, true},    // (13-1)*(1+1)
	{8, 3, 8, 3, true},     // 8/(3-8/3): needs fractions
	{3, 3, 8, 8, true},     // the same cards in another order
	{1, 5, 5, 5, true},     // 5*(5-1/5)
	{1, 4, 5, 6, true},     // 4/(1-5/6)
	{3, 3, 7, 7, true},     // 7*(3+3/7)
	{1, 3, 4, 6, true},     // 6/(1-3/4)
	{2, 2, 11, 11, true},   // (2+2/11)*11
	{1, 8, 12, 12, true},   // 12/(12/8-1)
	{1, 1, 1, 1, false},    // at most (1+1)*(1+1) = 4
	{1, 1, 1, 2, false},    // at most (1+1)*(1+2) = 6
	{1, 1, 2, 2, false},    // at most (1+1)*2*2 or (1+2)*(1+2) = 9
	{13, 13, 13, 13, false},
	{11, 11, 11, 11, false},
	{1, 1, 5, 9, false},
	{0, 6, 6, 6, false},  // guard: a card below 1 (0+6+6+6 would be 18)
	{6, 6, 6, 24, false}, // guard: 24 alone is not a card
	{14, 10, 1, 1, false},
	{-4, 4, 4, 4, false},
	{4, 4, 4, 0, false},
}

func TestSolve(t *testing.T) {
	for _, h := range hands {
		if got := Solve(h.a, h.b, h.c, h.d); got != h.want {
			t.Errorf("Solve(%d, %d, %d, %d) = %v, want %v", h.a, h.b, h.c, h.d, got, h.want)
		}
	}
}

func TestExpression(t *testing.T) {
	for _, h := range hands {
		e := Expression(h.a, h.b, h.c, h.d)
		if !h.want {
			if e != "" {
				t.Errorf("Expression(%d, %d, %d, %d) = %q, want \"\"", h.a, h.b, h.c, h.d, e)
			}
			continue
		}
		v, cards, ok := parse(e)
		if !ok {
			t.Errorf("Expression(%d, %d, %d, %d) = %q, not an expression", h.a, h.b, h.c, h.d, e)
			continue
		}
		if v.Cmp(big.NewRat(24, 1)) != 0 {
			t.Errorf("Expression(%d, %d, %d, %d) = %q, worth %s", h.a, h.b, h.c, h.d, e, v.RatString())
		}
		want := []int{h.a, h.b, h.c, h.d}
		slices.Sort(want)
		slices.Sort(cards)
		if !slices.Equal(cards, want) {
			t.Errorf("Expression(%d, %d, %d, %d) = %q, uses the cards %v", h.a, h.b, h.c, h.d, e, cards)
		}
	}
}

// TestExpressionExact pins the expression of hands that have a single
// one in the five shapes, whatever the order of the cards (found by
// trying every order, operator and shape with exact fractions).
func TestExpressionExact(t *testing.T) {
	tests := []struct {
		a, b, c, d int
		want       string
	}{
		{3, 3, 8, 8, "8/(3-(8/3))"},
		{8, 3, 8, 3, "8/(3-(8/3))"},
		{1, 8, 12, 12, "12/((12/8)-1)"},
		{12, 12, 8, 1, "12/((12/8)-1)"},
	}
	for _, tt := range tests {
		if got := Expression(tt.a, tt.b, tt.c, tt.d); got != tt.want {
			t.Errorf("Expression(%d, %d, %d, %d) = %q, want %q", tt.a, tt.b, tt.c, tt.d, got, tt.want)
		}
	}
}

// parse evaluates e independently of the package, with math/big: an
// expression is an operand, or an operand, an operator and an operand,
// where an operand is a number or a parenthesized expression. It returns
// the value, the numbers in it, and whether e was such an expression.
func parse(e string) (*big.Rat, []int, bool) {
	p := &parser{s: e}
	v, ok := p.expr()
	return v, p.nums, ok && p.i == len(p.s)
}

type parser struct {
	s    string
	i    int
	nums []int
}

func (p *parser) expr() (*big.Rat, bool) {
	x, ok := p.operand()
	if !ok || p.i == len(p.s) || p.s[p.i] == ')' {
		return x, ok
	}
	op := p.s[p.i]
	p.i++
	y, ok := p.operand()
	if !ok {
		return nil, false
	}
	switch op {
	case '+':
		return new(big.Rat).Add(x, y), true
	case '-':
		return new(big.Rat).Sub(x, y), true
	case '*':
		return new(big.Rat).Mul(x, y), true
	case '/':
		if y.Sign() == 0 {
			return nil, false
		}
		return new(big.Rat).Quo(x, y), true
	}
	return nil, false
}

func (p *parser) operand() (*big.Rat, bool) {
	if p.i < len(p.s) && p.s[p.i] == '(' {
		p.i++
		v, ok := p.expr()
		if !ok || p.i == len(p.s) || p.s[p.i] != ')' {
			return nil, false
		}
		p.i++
		return v, true
	}
	j := p.i
	for j < len(p.s) && p.s[j] >= '0' && p.s[j] <= '9' {
		j++
	}
	n, err := strconv.Atoi(p.s[p.i:j])
	if err != nil {
		return nil, false
	}
	p.i = j
	p.nums = append(p.nums, n)
	return big.NewRat(int64(n), 1), true
}
