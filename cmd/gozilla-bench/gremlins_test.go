package main

import (
	"go/token"
	"testing"
)

func TestOperatorSwap(t *testing.T) {
	tests := []struct {
		orig, repl string
		off        int
		from, to   token.Token
		ok         bool
	}{
		{"a < b", "a <= b", 2, token.LSS, token.LEQ, true},
		{"c - a*b", "c / (a*b)", 2, token.SUB, token.QUO, true},
		{"a*b", "(a+b)", 1, token.MUL, token.ADD, true},
		{"x += y", "x -= y", 2, token.ADD_ASSIGN, token.SUB_ASSIGN, true},
		{"x += y", "x = y", 2, token.ADD_ASSIGN, token.ASSIGN, true},
		{"i++", "i--", 1, token.INC, token.DEC, true},
		{"a + b", "a", 0, 0, 0, false},     // operand form
		{"a < b", "true", 0, 0, 0, false},  // constant form
		{"a + b", "a + c", 0, 0, 0, false}, // an operand changed, not the operator
		{"return x", "return 0", 0, 0, 0, false},
	}
	for _, tt := range tests {
		off, from, to, ok := operatorSwap(tt.orig, tt.repl)
		if ok != tt.ok || (ok && (off != tt.off || from != tt.from || to != tt.to)) {
			t.Errorf("operatorSwap(%q, %q) = %d %v %v %v; want %d %v %v %v", tt.orig, tt.repl, off, from, to, ok, tt.off, tt.from, tt.to, tt.ok)
		}
	}
}

func TestChangesMatch(t *testing.T) {
	src := []byte("package p\n\nfunc f(n int) int {\n\tfor ; n < 0; n++ {\n\t}\n\treturn n\n}\n")
	// gremlins reports the operator's own column: `<` of line 4 is at column 10.
	g, ok := gremlinsChange(gremlinsMutant{File: "dir/p.go", Type: "CONDITIONALS_BOUNDARY", Line: 4, Col: 10}, src)
	if !ok {
		t.Fatal("gremlins mutant not understood")
	}
	// gozilla records the span of `n < 0`, which starts at column 8.
	off := len("package p\n\nfunc f(n int) int {\n\tfor ; ")
	z, ok := gozillaChange("/abs/p.go", src, off, "n < 0", "n <= 0")
	if !ok || z != g {
		t.Errorf("gozilla change %+v (ok %v) != gremlins change %+v", z, ok, g)
	}
	if _, ok := gremlinsChange(gremlinsMutant{File: "p.go", Type: "INVERT_LOOPCTRL", Line: 4, Col: 10}, src); ok {
		t.Error("INVERT_LOOPCTRL has no gozilla counterpart but matched")
	}
}
