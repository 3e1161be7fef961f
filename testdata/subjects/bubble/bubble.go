// Package bubble is BUBBLE, the bubble sort of the Mothra experiments
// listed in seed 000 (DeMillo & Offutt, Table 3; "Bub" in seed 002,
// Table II), ported to Go. The seeds name it but do not list its code;
// this is the classic version.
package bubble

// Sort sorts a into ascending order in place. After pass i (counting
// from the end), a[i:] holds the largest elements in order.
func Sort(a []int) {
	for i := len(a) - 1; i > 0; i-- {
		for j := 0; j < i; j++ {
			if a[j] > a[j+1] {
				t := a[j]
				a[j] = a[j+1]
				a[j+1] = t
			}
		}
	}
}
