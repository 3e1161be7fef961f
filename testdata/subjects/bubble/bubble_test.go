package bubble

import (
	"slices"
	"testing"
)

func TestSort(t *testing.T) {
	tests := []struct {
		name string
		in   []int
		want []int
	}{
		{"reversed", []int{4, 3, 2, 1}, []int{1, 2, 3, 4}},
		{"mixed", []int{3, -1, 2, 0}, []int{-1, 0, 2, 3}},
		{"duplicates", []int{2, 1, 2, 1}, []int{1, 1, 2, 2}},
		{"single", []int{9}, []int{9}},
	}
	for _, tt := range tests {
		a := slices.Clone(tt.in)
		Sort(a)
		if !slices.Equal(a, tt.want) {
			t.Errorf("%s: Sort(%v) gave %v, want %v", tt.name, tt.in, a, tt.want)
		}
	}
}
