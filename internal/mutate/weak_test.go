package mutate

import (
	"regexp"
	"strings"
	"testing"
)

// weakUnitsSrc has one function per case of markWeak.
const weakUnitsSrc = `package p

func f(x int) int { return x }

func Cond(x int) bool { return x > 0 && x < 10 }

func Call(x int) int { return f(x) + 1 }

func Recv(ch chan int) int { return <-ch + 1 }

func Slice(s []int) []int { return s[1:] }

func Conv(b byte) int { return int(b-'0') * 2 }

func Div(x, y int) int { return x / y }

func Both(a, b bool) bool { return a && !b }
`

// TestMarkWeak: which sites check their infection, and how: a pure
// condition once as a whole (one check covering every site inside), a
// sum with a call not as a whole (its pure parts alone), a receive
// never, a slice never (not a basic type), a conversion as a whole.
func TestMarkWeak(t *testing.T) {
	set := generate(t, weakUnitsSrc)
	var src string
	for path, b := range set.Overlay {
		if strings.HasSuffix(path, "p.go") {
			src = string(b)
		}
	}
	funcs := map[string]string{}
	for _, chunk := range strings.Split(src, "\nfunc ")[1:] {
		name := chunk[:strings.IndexAny(chunk, "(")]
		funcs[name] = chunk
	}
	sitesOf := func(chunk string) int { return len(regexp.MustCompile(`case -1: _gzHit\(`).FindAllString(chunk, -1)) }
	for _, tt := range []struct {
		fn     string
		checks int  // infection checks in the body
		whole  bool // one check marks every site of the body
		panics bool // the check recovers a panic
	}{
		{"Cond", 1, true, false}, // (x's panic when it is 0, ABS's, is x == 0)
		{"Both", 1, true, false},
		{"Call", 2, false, false},  // f(x) + 1: x and 1 alone
		{"Recv", 1, false, false},  // <-ch + 1: 1 alone
		{"Slice", 1, false, false}, // s[1:]: 1 alone
		{"Conv", 1, true, false},
		{"Div", 1, true, true}, // x / y: a division by zero
	} {
		chunk := funcs[tt.fn]
		if chunk == "" {
			t.Errorf("%s: not in the schemata", tt.fn)
			continue
		}
		if n := strings.Count(chunk, "if _gzWeak && "); n != tt.checks {
			t.Errorf("%s: %d infection checks, want %d", tt.fn, n, tt.checks)
		}
		if got := strings.Contains(chunk, "recover()"); got != tt.panics {
			t.Errorf("%s: the check recovers a panic: %v, want %v", tt.fn, got, tt.panics)
		}
		if marked := strings.Count(chunk, "_gzWeakAt("); tt.whole && marked != sitesOf(chunk) {
			t.Errorf("%s: one check marks %d sites of %d", tt.fn, marked, sitesOf(chunk))
		}
	}
	if strings.Contains(funcs["Recv"], "_gzo int = <-ch") || strings.Contains(funcs["Call"], "f(x) + 1) != _gzo") {
		t.Errorf("a receive or a call evaluated twice:\n%s\n%s", funcs["Recv"], funcs["Call"])
	}
}
