// Package find is FIND, Hoare's partitioning program ("Proof of a
// program: FIND", CACM 1971) used in the Mothra experiments of seed 000
// (DeMillo & Offutt, Table 3), ported to Go. The seed names it but does
// not list its code; this is Hoare's classic version, with 0-based
// indices instead of 1-based ones.
package find

// Find rearranges a in place so that a[f] holds the value it would hold
// if a were sorted, every element before f is at most a[f], and every
// element after f is at least a[f].
//
// Hoare's program requires f to be an index of a. Find guards that
// precondition: if f is out of range it returns and leaves a unchanged,
// where the classic program would index out of bounds.
func Find(a []int, f int) {
	if f < 0 || f >= len(a) {
		return
	}
	m := 0
	n := len(a) - 1
	for m < n {
		r := a[f]
		i := m
		j := n
		for i <= j {
			for a[i] < r {
				i = i + 1
			}
			for r < a[j] {
				j = j - 1
			}
			if i <= j {
				w := a[i]
				a[i] = a[j]
				a[j] = w
				i = i + 1
				j = j - 1
			}
		}
		if f <= j {
			n = j
		} else if i <= f {
			m = i
		} else {
			break
		}
	}
}
