// Package compiled has mutants the Go compiler turns into the original's
// machine code (equivalent by the Compiled stage) beside mutants that
// differ only in data the code reads, which must not be.
package compiled

// Words counts the bytes of s and the words (runs of bytes other than a
// space) in it.
func Words(s string) (nw, nc int) {
	inword := false
	nw = 0 // want equivalent (compiled): 0 -> nc
	for i := 0; i < len(s); i++ {
		nc = nc + 1 // want !equivalent: 1 -> 2
		if s[i] == ' ' {
			inword = false
		} else if !inword {
			inword = true
			nw = nw + 1
		}
	}
	return nw, nc
}

// Digit returns the i-th digit of pi, from a table the compiler keeps as
// static data: a mutated digit changes only that data.
func Digit(i int) (d int) {
	d = 0                               // want equivalent (compiled): 0 -> d
	t := [8]int{3, 1, 4, 1, 5, 9, 2, 6} // want !equivalent: 3 -> 4
	if i >= 0 && i < len(t) {
		d = t[i]
	}
	return d
}

// Apply sums f over xs through a closure, which the copy must compare too.
func Apply(xs []int, k int) (sum int) {
	add := func(x int) {
		y := 0 // want equivalent (compiled): 0 -> sum
		y = x * k
		sum += y
	}
	for _, x := range xs {
		add(x)
	}
	return sum
}
