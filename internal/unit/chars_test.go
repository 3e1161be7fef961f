package unit

import "testing"

const charsSrc = `package p

import (
	"strings"
	"unicode"
)

// Join writes its delimiter: a character.
func Join(a, b string, sep byte) string { return a + string(sep) + b }

// Delimit passes its delimiter on to one that writes it.
func Delimit(s string, delimiter uint8) string { return write(s, delimiter) }

func write(s string, d uint8) string {
	var n strings.Builder
	n.WriteString(s)
	n.WriteByte(d)
	return n.String()
}

// Kind compares with character literals.
func Kind(c rune) int {
	switch c {
	case '-':
		return 1
	}
	if unicode.IsUpper(c) {
		return 2
	}
	return 0
}

// Shift is arithmetic: a number, not a character.
func Shift(x uint8, n int32) uint8 { return x << n }

// Low compares with a number.
func Low(b byte) bool { return b < 16 }
`

// TestCharParams: the byte and rune parameters a function writes into
// text, compares with character literals or passes on to one that does
// are characters; those it computes with are numbers.
func TestCharParams(t *testing.T) {
	units := unitsOf(t, charsSrc)
	for _, tt := range []struct {
		unit  string
		param int
		char  bool
	}{
		{"Join", 2, true},
		{"Delimit", 1, true},
		{"write", 1, true},
		{"Kind", 0, true},
		{"Shift", 0, false},
		{"Shift", 1, false},
		{"Low", 0, false},
	} {
		u := units[tt.unit]
		if u == nil || u.Skip != "" {
			t.Fatalf("unit %s missing or skipped", tt.unit)
		}
		if got := u.Params[tt.param].Type.Char; got != tt.char {
			t.Errorf("%s parameter %d: Char %v, want %v", tt.unit, tt.param, got, tt.char)
		}
	}
}
