// Package flow is a coverage subject: definitions and uses.
package flow

//coverage:check BPU

import (
	"errors"
	"fmt"
)

// Divmod has named results and bare returns.
func Divmod(a, b int) (q, r int, err error) {
	if b == 0 { // want B+"b == 0 true" B+"b == 0 false" P+"b:12"
		err = errors.New("division by zero")
		return // want P+"q:12" P+"r:12" P+"err:14"
	}
	q, r = a/b, a%b // want P+"a:12,12" P+"b:12,12"
	return          // want P+"q:17" P+"r:17" P+"err:12"
}

// Shadow declares a second x in an inner scope.
func Shadow(x int) int {
	y := x * 2 // want P+"x:22"
	if x > 0 { // want B+"x > 0 true" B-"x > 0 false" P+"x:22"
		x := x + 100 // want P+"x:22"
		y += x       // want P+"y:23" P+"x:25"
	}
	return y + x // want P-"y:23" P+"y:26" P+"x:22"
}

// Swap is a multi-value assignment.
func Swap(a, b int) (int, int) {
	a, b = b, a // want P+"b:32" P+"a:32"
	return a, b // want P+"a:33" P+"b:33"
}

// Counter has value and pointer methods.
type Counter struct{ n int }

// Value has a value receiver.
func (c Counter) Value() int { return c.n } // want P+"c:41"

// Add has a pointer receiver.
func (c *Counter) Add(d int) { c.n += d } // want P+"c:44" P+"d:44"

// UseCounter calls both on a value (its address is taken) and a pointer.
func UseCounter(k int) int {
	c := Counter{}           // want U"c"
	for i := 0; i < k; i++ { // want B+"i < k true" B+"i < k false" P+"k:47" P+"i:49,49,49,49"
		c.Add(i) // want P+"i:49,49"
	}
	p := &Counter{n: 1}
	p.Add(k)               // want P+"p:52" P+"k:47"
	v := p.Value           // want P+"p:52"
	return c.Value() + v() // want P+"v:54"
}

// Closure captures sum; the literal has its own variables.
func Closure(n int) int {
	sum := 0 // want U"sum"
	add := func(d int) {
		e := d * 2 // want P+"d:61"
		sum += e   // want P+"e:62"
	}
	for i := 0; i < n; i++ { // want B+"i < n true" B+"i < n false" P+"n:59" P+"i:65,65,65,65"
		add(i) // want P+"add:61" P+"i:65,65"
	}
	return sum
}

// Recover turns a division by zero into an error.
func Recover(n, d int) (res int, err error) { // want U"err"
	defer func() {
		if r := recover(); r != nil { // want B+"r != nil true" B+"r != nil false" P+"r:74"
			err = fmt.Errorf("recovered: %v", r) // want P+"r:74"
		}
	}()
	res = 100
	res /= d        // want P+"d:72" P+"res:78"
	res += n        // want P+"n:72" P+"res:79"
	return res, nil // want P+"res:80"
}

// Check panics on negative input.
func Check(x int) int {
	if x < 0 { // want B+"x < 0 true" B+"x < 0 false" P+"x:85"
		panic("negative")
	}
	return x // want P+"x:85"
}

// Untracked has variables the analysis leaves out.
func Untracked() int {
	v := 5 // want U"v"
	q := &v
	*q = 6       // want P+"q:95"
	var a [3]int // want U"a"
	a[1] = 2
	arr := [2]int{7, 8} // want U"arr"
	s := arr[:]
	type point struct{ x, y int }
	pt := point{} // want U"pt"
	pt.x = 3
	return v + a[1] + s[0] + pt.x // want P+"s:100"
}

// Inits defines variables in if and for init statements.
func Inits(n int) int {
	if n++; n > 3 { // want B+"n > 3 true" B+"n > 3 false" P+"n:108" P+"n:109"
		return n // want P+"n:109"
	}
	k := 0
	for n--; n > 0; n-- { // want B+"n > 0 true" B+"n > 0 false" P+"n:109" P+"n:113,113,113,113"
		k += n // want P+"k:112,114" P+"n:113,113"
	}
	return k // want P-"k:112" P+"k:114"
}

// Decl has var declarations with and without values.
func Decl(b bool) string {
	var s string
	var t, u = "t", "u"
	if b { // want B+"b true" B+"b false" P+"b:120"
		s = t // want P+"t:122"
	}
	return s + u // want P+"s:121,124" P+"u:122"
}

// Deferred evaluates a deferred call's argument at once.
func Deferred(x int) (out int) { // want U"out"
	defer set(&out, x) // want P+"x:130"
	x = 9
	return x // want P+"x:132"
}

func set(p *int, v int) { *p += v } // want P+"p:136" P+"v:136"
