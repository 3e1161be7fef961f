package constraint

// This file prints expressions in Go syntax, with the parentheses Go's
// precedence needs and no others. Ite and Defined, which Go has no
// expression for, print as calls: ite(c, t, e), defined(x).

import (
	"go/token"
	"math"
	"strconv"
)

const (
	precOr = iota + 1
	precAnd
	precCmp
	precAdd
	precMul
	precUnary
)

func prec(op token.Token) int {
	switch op {
	case token.LOR:
		return precOr
	case token.LAND:
		return precAnd
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		return precCmp
	case token.ADD, token.SUB, token.OR, token.XOR:
		return precAdd
	}
	return precMul
}

// String prints e in Go syntax.
func String(e Expr) string { return format(e, 0) }

func format(e Expr, min int) string {
	var s string
	p := precUnary + 1 // operands and conversions: never parenthesised
	switch x := e.(type) {
	case *Var:
		return x.Sym.Name
	case *Const:
		s = constString(x)
		if len(s) > 0 && s[0] == '-' {
			p = precUnary // a negative literal is a unary expression: -(-3)
		}
	case *Unary:
		p = precUnary
		s = x.Op.String() + format(x.X, precUnary+1)
	case *Convert:
		s = x.T.String() + "(" + format(x.X, 0) + ")"
	case *Ite:
		s = "ite(" + format(x.Cond, 0) + ", " + format(x.Then, 0) + ", " + format(x.Else, 0) + ")"
	case *Defined:
		s = "defined(" + format(x.X, 0) + ")"
	case *Binary:
		p = prec(x.Op)
		// Left-associative: the right operand of equal precedence needs
		// parentheses, the left does not.
		s = format(x.X, p) + " " + x.Op.String() + " " + format(x.Y, p+1)
	}
	if p < min {
		return "(" + s + ")"
	}
	return s
}

func constString(c *Const) string {
	switch c.T.Kind {
	case KBool:
		return strconv.FormatBool(c.V.Bool())
	case KInt:
		if c.T.Signed {
			return strconv.FormatInt(c.V.Int(), 10)
		}
		return strconv.FormatUint(c.V.Uint(), 10)
	}
	f := c.V.Float()
	switch {
	case f != f:
		return "math.NaN()"
	case math.IsInf(f, 1):
		return "math.Inf(1)"
	case math.IsInf(f, -1):
		return "math.Inf(-1)"
	case f == 0 && math.Signbit(f):
		return "math.Copysign(0, -1)"
	}
	s := strconv.FormatFloat(f, 'g', -1, c.T.Bits)
	for _, r := range s {
		if r == '.' || r == 'e' || r == 'n' || r == 'I' {
			return s
		}
	}
	return s + ".0"
}
