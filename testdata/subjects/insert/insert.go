// Package insert is Insert, the insertion sort of the experiments of seed
// 002 (Offutt, Jin & Pan, Table II), ported to Go. The seed names it but
// does not list its code; this is the classic version.
package insert

// Sort sorts a into ascending order in place: each element in turn is
// inserted into the sorted prefix before it, shifting the larger elements
// of the prefix one place to the right.
func Sort(a []int) {
	for i := 1; i < len(a); i++ {
		x := a[i]
		j := i - 1
		for j >= 0 && a[j] > x {
			a[j+1] = a[j]
			j = j - 1
		}
		a[j+1] = x
	}
}
