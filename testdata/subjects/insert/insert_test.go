package insert

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
		{"reversed", []int{5, 4, 3}, []int{3, 4, 5}},
		{"mixed", []int{0, 7, -3, 7, 1}, []int{-3, 0, 1, 7, 7}},
		{"sorted", []int{1, 2, 3}, []int{1, 2, 3}},
		{"empty", []int{}, []int{}},
	}
	for _, tt := range tests {
		a := slices.Clone(tt.in)
		Sort(a)
		if !slices.Equal(a, tt.want) {
			t.Errorf("%s: Sort(%v) gave %v, want %v", tt.name, tt.in, a, tt.want)
		}
	}
}
