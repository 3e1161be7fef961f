// Package misc is a coverage subject: assorted constructs.
package misc

//coverage:check SBPU

import "iter"

// Seq yields 0..n-1.
func Seq(n int) iter.Seq[int] { // want S+"1" U"n"
	return func(yield func(int) bool) { // want S+"1"
		for i := range n { // want S+"1"
			if !yield(i) { // want S+"1" B+"!yield(i) true" B+"!yield(i) false" P+"yield:10" P+"i:11"
				return
			}
		}
	}
}

// RangeFunc ranges over a function iterator.
func RangeFunc(n int) (sum int) { // want S+"1"
	for v := range Seq(n) { // want S+"1" P+"n:20"
		if v == 1 { // want S+"1" B+"v == 1 true" B+"v == 1 false" P+"v:21"
			continue
		}
		if v > 3 { // want S+"1" S+"1" B+"v > 3 true" B+"v > 3 false" P+"v:21"
			break
		}
		sum += v // want S+"1" P+"v:21" P+"sum:20,28"
	}
	return // want S+"1" P-"sum:20" P+"sum:28"
}

// Fallbacks has variables whose definitions the probes cannot record
// exactly.
func Fallbacks(x, s int, next func(int) (int, bool)) int { // want S+"4" U"x"
	x /= 1 << s // want P+"s:35"
	var (
		p = x // want U"p"
		q = p + 1
	)
	a, ok := 0, true                           // want U"a" U"ok"
	for a, ok = next(a); ok; a, ok = next(a) { // want S+"1" B+"ok true" B+"ok false" P+"next:35,35"
		q += a // want P+"q:39,43"
	}
	return q // want S+"1" P-"q:39" P+"q:43"
}

// Send selects over a send and a receive in a labeled loop.
func Send(in <-chan int, out chan<- int) (n int) { // want S+"1"
loop:
	for { // want S+"1"
		select {
		case v, ok := <-in: // want S+"1" B+"case v, ok := <-in" P+"in:49"
			if !ok { // want S+"1" B+"!ok true" B+"!ok false" P+"ok:53"
				break loop
			}
			n += v // want S+"1" P+"v:53" P+"n:49,57,59"
		case out <- n: // want S+"1" B+"case out <- n" P+"out:49" P+"n:49,57,59"
			n = 0
		}
	}
	return // want S+"1" P-"n:49" P+"n:57" P-"n:59"
}

// Empty has an empty switch, an empty else and an empty block.
func Empty(x int) int { // want S+"1"
	switch y := x; y { // want B+"default (implicit)" P+"x:66" P+"y:67"
	}
	if x > 0 { // want S+"1" S+"1" B+"x > 0 true" B+"x > 0 false" P+"x:66"
		x-- // want P+"x:66"
	} else { // want S+"0"
	}
	{ // want S+"0"
	}
	return x // want S+"1" P+"x:66,70"
}

// Nop is empty.
func Nop() {} // want S+"0"

// Labels splits blocks at labels.
func Labels(n int) int { // want S+"2"
	i := 0
top:
	i++        // want S+"2" P+"i:83,85"
	if i < n { // want S+"1" B+"i < n true" B+"i < n false" P+"i:85" P+"n:82"
		goto top
	}
	return i // want S+"1" P+"i:85"
}

// OnlyDefault is a switch whose init feeds its only clause.
func OnlyDefault(x int) int { // want S+"1"
	switch y := x * 2; { // want P+"x:93"
	default: // want S+"1" B+"default"
		return y // want P+"y:94"
	}
}

// Stack is a generic type.
type Stack[T any] struct{ items []T }

// Push has a pointer receiver.
func (s *Stack[T]) Push(x T) { s.items = append(s.items, x) } // want S+"1" P+"s:104,104" P+"x:104"

// Len has a value receiver.
func (s Stack[T]) Len() int { return len(s.items) } // want S+"1" P+"s:107"

// Either is generic over a boolean type.
func Either[B ~bool](b B, x, y int) int { // want S+"1"
	if b { // want S+"1" B+"b true" B+"b false" P+"b:110"
		return x // want P+"x:110"
	}
	return y // want S+"1" P+"y:110"
}

type point struct{ x, y int }

// Fields reads fields of a struct variable and uses a method value.
func Fields(n int) int { // want S+"4"
	p := point{n, 2 * n} // want P+"n:120,120"
	var arr [3]int
	total := p.x + p.y + len(arr) // want P+"p:121,121"
	for i := range arr {          // want S+"1"
		total += i // want P+"total:123,125" P+"i:124"
	}
	f := p.sum         // want S+"2" P+"p:121"
	return total + f() // want P-"total:123" P+"total:125" P+"f:127"
}

func (p point) sum() int { return p.x + p.y } // want S+"1" P+"p:131,131"

// Nested has a func literal inside a func literal and a goroutine.
func Nested(n int) int { // want S+"2"
	ch := make(chan int) // want U"ch"
	go func(k int) {     // want S+"1"
		double := func(v int) int { // want S+"2"
			w := v * 2 // want P+"v:137"
			return w   // want P+"w:138"
		}
		ch <- double(k) // want S+"1" P+"double:137" P+"k:136"
	}(n) // want P+"n:134"
	return <-ch // want S+"1"
}

// Handler is a package-level func literal: no function's requirements.
var Handler = func(x int) int {
	if x > 0 {
		return x
	}
	return -x
}
