// Package fn contains small generic helpers for working with slices.
package fn

import "cmp"

// Map returns a new slice holding f applied to each element of xs.
func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

// Filter returns the elements of xs for which keep returns true,
// in their original order. It never returns nil.
func Filter[T any](xs []T, keep func(T) bool) []T {
	out := []T{}
	for _, x := range xs {
		if keep(x) {
			out = append(out, x)
		}
	}
	return out
}

// Max returns the largest of xs. The boolean is false if xs is empty.
func Max[T cmp.Ordered](xs ...T) (T, bool) {
	var zero T
	if len(xs) == 0 {
		return zero, false
	}
	best := xs[0]
	for _, x := range xs[1:] {
		if x > best {
			best = x
		}
	}
	return best, true
}

// Min returns the smallest of xs. The boolean is false if xs is empty.
func Min[T cmp.Ordered](xs ...T) (T, bool) {
	var zero T
	if len(xs) == 0 {
		return zero, false
	}
	best := xs[0]
	for _, x := range xs[1:] {
		if x < best {
			best = x
		}
	}
	return best, true
}

// Reduce folds xs from left to right, starting with init.
func Reduce[T, A any](xs []T, init A, f func(A, T) A) A {
	acc := init
	for _, x := range xs {
		acc = f(acc, x)
	}
	return acc
}

// Contains reports whether v is present in xs.
func Contains[T comparable](xs []T, v T) bool {
	for _, x := range xs {
		if x == v {
			return true
		}
	}
	return false
}

// IndexOf returns the index of the first occurrence of v in xs, or -1.
func IndexOf[T comparable](xs []T, v T) int {
	for i, x := range xs {
		if x == v {
			return i
		}
	}
	return -1
}
