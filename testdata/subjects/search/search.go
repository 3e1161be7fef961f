// Package search is searches over a slice of ints, written for seed 002
// (Offutt, Jin & Pan, "The Dynamic Domain Reduction Procedure for Test
// Data Generation"). The seed credits DDR's coverage on loops over
// arrays to its treating each array element as a variable of its own
// (Table II and its discussion) but lists no code for such units; these
// are searches whose goals need exactly that: a key at a given position,
// its n-th occurrence, an element equal to an earlier one, a second
// largest value distinct from the largest. None of them indexes outside
// the slice, whatever its length.
package search

// LinearSearch returns the index of the first element of a equal to
// key, or -1 if there is none.
func LinearSearch(a []int, key int) int {
	for i := 0; i < len(a); i++ {
		if a[i] == key {
			return i
		}
	}
	return -1
}

// IndexOfNth returns the index of the n-th occurrence of key in a,
// counting from 1, or -1 if key occurs fewer than n times.
//
// Guard: IndexOfNth returns -1 for n < 1, which names no occurrence.
func IndexOfNth(a []int, key, n int) int {
	if n < 1 {
		return -1
	}
	seen := 0
	for i, x := range a {
		if x == key {
			seen++
			if seen == n {
				return i
			}
		}
	}
	return -1
}

// LastIndex returns the index of the last element of a equal to key, or
// -1 if there is none.
func LastIndex(a []int, key int) int {
	for i := len(a) - 1; i >= 0; i-- {
		if a[i] == key {
			return i
		}
	}
	return -1
}

// FirstRepeated returns the smallest index i such that a[i] equals some
// a[j] with j < i, or -1 if the elements of a are all distinct:
// FirstRepeated([3 1 4 1 5 3]) is 3.
func FirstRepeated(a []int) int {
	for i := 1; i < len(a); i++ {
		for j := 0; j < i; j++ {
			if a[j] == a[i] {
				return i
			}
		}
	}
	return -1
}

// SecondLargest returns the largest element of a that is strictly
// smaller than the largest: SecondLargest([5 9 9 7]) is 7.
//
// Guard: ok is false, and the value 0, if a has fewer than two distinct
// values (in particular if it is empty).
func SecondLargest(a []int) (second int, ok bool) {
	if len(a) == 0 {
		return 0, false
	}
	first := a[0]
	for _, x := range a[1:] {
		if x > first {
			second, ok = first, true
			first = x
		} else if x < first && (!ok || x > second) {
			second, ok = x, true
		}
	}
	if !ok {
		return 0, false
	}
	return second, true
}
