package operators

import (
	"math"
	"reflect"
	"testing"
)

func TestTokenize(t *testing.T) {
	tests := []struct {
		s      string
		tokens []string
		ok     bool
	}{
		{"12*(3+4)", []string{"12", "*", "(", "3", "+", "4", ")"}, true},
		{" 1 +\t2 ", []string{"1", "+", "2"}, true},
		{"7 % 3 / 2 - 1", []string{"7", "%", "3", "/", "2", "-", "1"}, true},
		{"007", []string{"007"}, true},
		{"12 34", []string{"12", "34"}, true},
		{"", nil, true},
		{"   ", nil, true},
		{"1.5", nil, false},
		{"a", nil, false},
		{"2^3", nil, false},
		{"1+2\n", nil, false},
	}
	for _, tt := range tests {
		tokens, ok := Tokenize(tt.s)
		if !reflect.DeepEqual(tokens, tt.tokens) || ok != tt.ok {
			t.Errorf("Tokenize(%q) = %q, %v, want %q, %v", tt.s, tokens, ok, tt.tokens, tt.ok)
		}
	}
}

func TestEvalRPN(t *testing.T) {
	tests := []struct {
		tokens []string
		value  int32
		ok     bool
	}{
		{[]string{"2", "3", "4", "*", "+"}, 14, true},
		{[]string{"5", "1", "2", "+", "4", "*", "+", "3", "-"}, 14, true}, // 5+(1+2)*4-3
		{[]string{"7", "2", "-"}, 5, true},
		{[]string{"2", "7", "-"}, -5, true},
		{[]string{"7", "2", "/"}, 3, true},
		{[]string{"7", "2", "%"}, 1, true},
		{[]string{"0", "7", "-", "2", "/"}, -3, true}, // -3.5 truncated toward zero
		{[]string{"0", "7", "-", "2", "%"}, -1, true},
		{[]string{"65536", "65536", "*"}, 0, true},                                            // 2^32 wraps to 0
		{[]string{"2147483647", "1", "+"}, math.MinInt32, true},                               // wraps
		{[]string{"0", "2147483647", "-", "1", "-", "0", "1", "-", "/"}, math.MinInt32, true}, // MinInt32 / -1
		{[]string{"0", "2147483647", "-", "1", "-", "0", "1", "-", "%"}, 0, true},             // MinInt32 % -1
		{[]string{"42"}, 42, true},
		{[]string{"2147483647"}, MaxLiteral, true},
		{[]string{"1", "1", "1", "1", "1", "1", "1", "1", "+", "+", "+", "+", "+", "+", "+"}, 8, true},            // 8 values: a full stack
		{[]string{"1", "1", "1", "1", "1", "1", "1", "1", "1", "+", "+", "+", "+", "+", "+", "+", "+"}, 0, false}, // 9: overflow
		{[]string{"2147483648"}, 0, false},                                                                        // MaxLiteral+1
		{[]string{"7", "0", "/"}, 0, false},
		{[]string{"7", "0", "%"}, 0, false},
		{[]string{"+"}, 0, false},           // underflow
		{[]string{"1", "+"}, 0, false},      // underflow
		{[]string{}, 0, false},              // nothing left
		{[]string{"1", "2"}, 0, false},      // two left
		{[]string{"1", "x", "+"}, 0, false}, // unknown token
		{[]string{"-3"}, 0, false},
		{[]string{""}, 0, false},
		{[]string{"(", "1"}, 0, false},
	}
	for _, tt := range tests {
		value, ok := EvalRPN(tt.tokens)
		if value != tt.value || ok != tt.ok {
			t.Errorf("EvalRPN(%q) = %d, %v, want %d, %v", tt.tokens, value, ok, tt.value, tt.ok)
		}
	}
}

func TestToRPN(t *testing.T) {
	tests := []struct {
		tokens, rpn []string
		ok          bool
	}{
		{[]string{"1", "+", "2", "*", "3"}, []string{"1", "2", "3", "*", "+"}, true},
		{[]string{"2", "*", "3", "+", "4"}, []string{"2", "3", "*", "4", "+"}, true},
		{[]string{"(", "1", "+", "2", ")", "*", "3"}, []string{"1", "2", "+", "3", "*"}, true},
		{[]string{"7", "-", "2", "-", "1"}, []string{"7", "2", "-", "1", "-"}, true},
		{[]string{"8", "/", "4", "%", "3"}, []string{"8", "4", "/", "3", "%"}, true},
		{[]string{"1", "-", "(", "2", "-", "3", ")"}, []string{"1", "2", "3", "-", "-"}, true},
		{[]string{"1", "2"}, []string{"1", "2"}, true}, // left for EvalRPN to reject
		{nil, nil, true},
		{[]string{"(", "1"}, nil, false},
		{[]string{"1", ")"}, nil, false},
		{[]string{")", "("}, nil, false},
		{[]string{"1", "^", "2"}, nil, false},
		{[]string{"12a"}, nil, false},
		{[]string{""}, nil, false},
	}
	for _, tt := range tests {
		rpn, ok := ToRPN(tt.tokens)
		if !reflect.DeepEqual(rpn, tt.rpn) || ok != tt.ok {
			t.Errorf("ToRPN(%q) = %q, %v, want %q, %v", tt.tokens, rpn, ok, tt.rpn, tt.ok)
		}
	}
}

func TestEvalInfix(t *testing.T) {
	tests := []struct {
		s     string
		value int32
		ok    bool
	}{
		{"2+3*4", 14, true},
		{"(2+3)*4", 20, true},
		{"7-2-1", 4, true},   // (7-2)-1, not 7-(2-1)
		{"100/7%4", 2, true}, // (100/7)%4 = 14%4
		{"2*(3+4)*5", 70, true},
		{" 12 * ( 3 + 4 ) ", 84, true},
		{"10 - 4 / 2 * 3", 4, true}, // 10 - (4/2)*3
		{"7 % 4 * 3", 9, true},      // (7%4)*3
		{"0-3", -3, true},
		{"1+(2+(3+(4+(5+(6+(7+8))))))", 36, true},     // 8 values on the stack
		{"1+(2+(3+(4+(5+(6+(7+(8+9)))))))", 0, false}, // 9: overflow
		{"-3", 0, false},                              // no unary minus
		{"1/0", 0, false},
		{"5%(2-2)", 0, false},
		{"(1+2", 0, false},
		{"1+2)", 0, false},
		{"1 2", 0, false},
		{"1+", 0, false},
		{"", 0, false},
		{"2 $ 3", 0, false},
		{"99999999999", 0, false}, // literal above MaxLiteral
	}
	for _, tt := range tests {
		value, ok := EvalInfix(tt.s)
		if value != tt.value || ok != tt.ok {
			t.Errorf("EvalInfix(%q) = %d, %v, want %d, %v", tt.s, value, ok, tt.value, tt.ok)
		}
	}
}
