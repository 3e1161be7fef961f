// Package mid is the function Mid from seed 003 (Offutt & Pan,
// "Automatically detecting equivalent mutants and infeasible paths",
// Fig. 3), ported to Go from the Ada-like original.
package mid

// Mid returns the middle value of its three integer inputs x, y and z.
func Mid(x, y, z int) int {
	midVal := z
	if y < z {
		if x < y {
			midVal = y
		} else if x < z {
			midVal = x
		}
	} else {
		if x > y {
			midVal = y
		} else if x > z {
			midVal = x
		}
	}
	return midVal
}
