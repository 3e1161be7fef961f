// Package edge is a coverage subject: unusual constructs. It is checked
// end to end (compiles, behaves, agrees with -coverprofile, no probe
// inconsistency); only a few requirements are annotated.
package edge

import (
	"bytes"
	"errors"
	"strings"
)

// CondClosure calls a func literal in a condition.
func CondClosure(x int) string { // want U"x"
	if func() bool { return x > 0 }() { // want B+"func() bool { return x > 0 }() true" B+"func() bool { return x > 0 }() false"
		return "pos"
	}
	return "neg"
}

// Receive assigns existing variables in a select and in a range.
func Receive(ch chan int, m map[string]int) (last int, key string) {
	var ok bool
	select {
	case last, ok = <-ch: // want P+"ch:21"
		if !ok { // want B+"!ok true" B+"!ok false" P+"ok:24"
			last = -1
		}
	default:
	}
	for key, last = range m { // want P+"m:21"
	}
	return // want P-"last:21" P+"last:24" P-"last:26" P+"last:30" P+"key:21,30"
}

// Shifts has op= with non-constant right sides that may panic.
func Shifts(x, s int, d int) (r int, err error) { // want U"err"
	defer func() {
		if e := recover(); e != nil { // want B+"e != nil true" B+"e != nil false" P+"e:38"
			err = errors.New("panic")
		}
	}()
	x <<= s // want P+"x:36" P+"s:36"
	x /= d  // want P+"x:42" P+"d:36"
	r = x   // want P+"x:43"
	return  // want P+"r:44"
}

// Loop has continue and break inside a switch inside a loop with post.
func Loop(xs []int) (n int) {
	for i := 0; i < len(xs); i++ { // want B+"i < len(xs) true" B+"i < len(xs) false" P+"xs:49" P+"i:50,50,50,50"
		switch {
		case xs[i] < 0: // want B+"case xs[i] < 0" P+"xs:49" P+"i:50,50"
			continue
		case xs[i] == 0:
			break
		default: // want B+"default"
			n += xs[i] // want P+"xs:49" P+"i:50,50" P+"n:49,59"
		}
		n++ // want P-"n:49" P+"n:57,59"
	}
	return // want P-"n:49" P+"n:59"
}

// NilArray ranges over a nil pointer to an array without evaluating it.
func NilArray(p *[3]int) int {
	n := 0
	for i := range p {
		n += i // want P+"i:67" P+"n:66,68"
	}
	return n + len(p) // want P-"n:66" P+"n:68"
}

// MultiVar declares variables from a multi-value call.
func MultiVar(s string) int {
	var before, after, found = strings.Cut(s, "=") // want P+"s:74"
	if !found {                                    // want B+"!found true" B+"!found false" P+"found:75"
		return -1
	}
	return len(before) + len(after) // want P+"before:75" P+"after:75"
}

// Zero returns the zero value of a type parameter.
func Zero[T any](xs []T) T {
	var zero T
	if len(xs) > 0 { // want P+"xs:83"
		zero = xs[0] // want P+"xs:83"
	}
	return zero // want P+"zero:84,86"
}

type num int

func (n num) double() num { return 2 * n } // want P+"n:93"

// MethodExpr calls a method expression and a promoted pointer method.
func MethodExpr(n num) string {
	f := num.double
	var b bytes.Buffer // want U"b"
	b.WriteString("x")
	arr := [2]int{1, 2}
	cp := arr // want U"cp" P+"arr:100"
	cp[0] = 9
	return b.String() + strings.Repeat("y", int(f(n))+arr[0]+cp[0]) // want P+"f:97" P+"n:96" P+"arr:100"
}

// Labeled has labels on an increment and a block, a forward goto and a
// labeled switch broken out of.
func Labeled(n int) (out int) {
	if n < 0 { // want B+"n < 0 true" B+"n < 0 false" P+"n:108"
		goto end
	}
inc:
	out++        // want P+"out:108,113"
	if out < n { // want P+"out:113" P+"n:108"
		goto inc
	}
sw:
	switch {
	case out > 2: // want B+"case out > 2" P+"out:113"
		break sw
	default: // want B+"default"
		out *= 10 // want P+"out:113"
	}
end:
	return // want P+"out:108,113,122"
}

// ElseChain is a long else-if chain with init statements and uses.
func ElseChain(a, b int) int {
	if c := a + b; c > 10 { // want B+"c > 10 true" B+"c > 10 false" P+"a:129" P+"b:129" P+"c:130"
		return c // want P+"c:130"
	} else if d := c * 2; d > 10 { // want B+"d > 10 true" B+"d > 10 false" P+"c:130" P+"d:132"
		return d + c // want P+"d:132" P+"c:130"
	} else if e := d - a; e > 0 { // want B+"e > 0 true" B+"e > 0 false" P+"d:132" P+"a:129" P+"e:134"
		return e // want P+"e:134"
	} else {
		return a - b // want P+"a:129" P+"b:129"
	}
}

// Fallthrough falls into the default clause in the middle.
func Fallthrough(x int) (s string) {
	switch y := x % 4; y { // want P+"x:142" P+"y:143"
	case 0: // want B+"case 0"
		s = "zero"
		fallthrough
	default: // want B+"default"
		s += "d" // want P+"s:142,145"
	case 1: // want B+"case 1"
		s = "one"
	}
	return // want P+"s:148,150"
}
