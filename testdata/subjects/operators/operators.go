// Package operators is an integer expression evaluator, after the
// Operators subject of seed 002 (Offutt, Jin & Pan, "The Dynamic Domain
// Reduction Procedure for Test Data Generation", Tables I and II: 4
// functions, 1025 blocks, 650 decisions). The seed names and sizes the
// program but does not list its code; this is a Go version of what such
// a unit plausibly is, much smaller than the original: a tokenizer, the
// shunting-yard conversion from infix to reverse Polish notation, an RPN
// evaluator on a fixed-size stack, and an infix evaluator built on the
// three, over the binary operators + - * / % with the usual precedence
// and parentheses. Errors are reported as ok = false, never by a panic.
//
// Values are int32, the width of a C int on the machines of the seed's
// time (which also keeps the circuits gozilla's prover builds for the
// products and quotients small). Numbers are unsigned decimal literals
// of at most MaxLiteral; there is no unary minus ("0-3" is minus three).
// Division and remainder truncate toward zero as in Go; other arithmetic
// wraps on overflow as Go's int32 does, and math.MinInt32 / -1 is
// math.MinInt32 (Go defines it; it does not trap as in C).
package operators

// StackSize is the capacity of the evaluator's stack, and MaxLiteral the
// largest number a token may spell.
const (
	StackSize  = 8
	MaxLiteral = 1<<31 - 1
)

// Tokenize splits s into tokens: runs of decimal digits, the operators
// + - * / %, and parentheses; spaces and tabs separate tokens and are
// dropped. Tokenize("12*(3+4)") is ["12" "*" "(" "3" "+" "4" ")"].
//
// Guard: ok is false, and the tokens nil, if s has any other character.
func Tokenize(s string) (tokens []string, ok bool) {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case c >= '0' && c <= '9':
			j := i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			tokens = append(tokens, s[i:j])
			i = j
		case c == '+' || c == '-' || c == '*' || c == '/' || c == '%' || c == '(' || c == ')':
			tokens = append(tokens, s[i:i+1])
			i++
		default:
			return nil, false
		}
	}
	return tokens, true
}

// EvalRPN evaluates tokens in reverse Polish notation: a number is
// pushed; an operator pops b, then a, and pushes a op b. The result is
// the one value left on the stack: EvalRPN(["2" "3" "4" "*" "+"]) is 14.
//
// Guards: ok is false, and value 0, on an unknown token (including a
// parenthesis, and a number above MaxLiteral), on an operator with fewer
// than two operands on the stack (underflow), on a push onto a full
// stack of StackSize values (overflow), on / or % by zero, or if the
// stack does not end with exactly one value (no tokens, or operands
// left over).
func EvalRPN(tokens []string) (value int32, ok bool) {
	var stack [StackSize]int32
	sp := 0
	for _, tok := range tokens {
		switch tok {
		case "+", "-", "*", "/", "%":
			if sp < 2 {
				return 0, false
			}
			a, b := stack[sp-2], stack[sp-1]
			sp--
			switch tok {
			case "+":
				stack[sp-1] = a + b
			case "-":
				stack[sp-1] = a - b
			case "*":
				stack[sp-1] = a * b
			case "/":
				if b == 0 {
					return 0, false
				}
				stack[sp-1] = a / b
			default:
				if b == 0 {
					return 0, false
				}
				stack[sp-1] = a % b
			}
			continue
		}
		if tok == "" {
			return 0, false
		}
		var n int32
		for i := 0; i < len(tok); i++ {
			c := tok[i]
			if c < '0' || c > '9' {
				return 0, false
			}
			d := int32(c - '0')
			if n > (MaxLiteral-d)/10 {
				return 0, false
			}
			n = n*10 + d
		}
		if sp == StackSize {
			return 0, false
		}
		stack[sp] = n
		sp++
	}
	if sp != 1 {
		return 0, false
	}
	return stack[0], true
}

// ToRPN converts infix tokens, as Tokenize returns them, to reverse
// Polish notation with Dijkstra's shunting-yard algorithm: * / % bind
// tighter than + -, operators of equal precedence associate to the left,
// and parentheses group. ToRPN(["1" "+" "2" "*" "3"]) is
// ["1" "2" "3" "*" "+"]. It checks the parentheses but not the order of
// operands and operators, which EvalRPN checks.
//
// Guards: ok is false, and rpn nil, on a token that is neither a number
// (all digits) nor an operator nor a parenthesis, or on parentheses that
// do not match.
func ToRPN(tokens []string) (rpn []string, ok bool) {
	var ops []string
	prec := func(op string) int {
		if op == "*" || op == "/" || op == "%" {
			return 2
		}
		if op == "+" || op == "-" {
			return 1
		}
		return 0 // "("
	}
	for _, tok := range tokens {
		switch tok {
		case "+", "-", "*", "/", "%":
			for len(ops) > 0 && prec(ops[len(ops)-1]) >= prec(tok) {
				rpn = append(rpn, ops[len(ops)-1])
				ops = ops[:len(ops)-1]
			}
			ops = append(ops, tok)
		case "(":
			ops = append(ops, tok)
		case ")":
			for len(ops) > 0 && ops[len(ops)-1] != "(" {
				rpn = append(rpn, ops[len(ops)-1])
				ops = ops[:len(ops)-1]
			}
			if len(ops) == 0 {
				return nil, false
			}
			ops = ops[:len(ops)-1]
		default:
			if tok == "" {
				return nil, false
			}
			for i := 0; i < len(tok); i++ {
				if tok[i] < '0' || tok[i] > '9' {
					return nil, false
				}
			}
			rpn = append(rpn, tok)
		}
	}
	for len(ops) > 0 {
		op := ops[len(ops)-1]
		if op == "(" {
			return nil, false
		}
		rpn = append(rpn, op)
		ops = ops[:len(ops)-1]
	}
	return rpn, true
}

// EvalInfix evaluates the infix expression s: EvalInfix("2+3*4") is 14,
// EvalInfix("(2+3)*4") is 20 and EvalInfix("7-2-1") is 4.
//
// Guard: ok is false, and value 0, when Tokenize, ToRPN or EvalRPN
// fails: an unknown character, unmatched parentheses, a misplaced
// operator or operand, a literal above MaxLiteral, division by zero, or
// an expression that needs more than StackSize values at once.
func EvalInfix(s string) (value int32, ok bool) {
	tokens, ok := Tokenize(s)
	if !ok {
		return 0, false
	}
	rpn, ok := ToRPN(tokens)
	if !ok {
		return 0, false
	}
	return EvalRPN(rpn)
}
