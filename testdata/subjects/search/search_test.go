package search

import (
	"math"
	"testing"
)

func TestLinearSearch(t *testing.T) {
	tests := []struct {
		a    []int
		key  int
		want int
	}{
		{[]int{4, 8, 15, 16, 23, 42}, 4, 0},
		{[]int{4, 8, 15, 16, 23, 42}, 16, 3},
		{[]int{4, 8, 15, 16, 23, 42}, 42, 5},
		{[]int{4, 8, 15, 16, 23, 42}, 5, -1},
		{[]int{7, 7, 7}, 7, 0},
		{[]int{-1, 0, -1}, -1, 0},
		{nil, 0, -1},
	}
	for _, tt := range tests {
		if got := LinearSearch(tt.a, tt.key); got != tt.want {
			t.Errorf("LinearSearch(%v, %d) = %d, want %d", tt.a, tt.key, got, tt.want)
		}
	}
}

func TestIndexOfNth(t *testing.T) {
	a := []int{2, 5, 2, 2, 9, 5, 2}
	tests := []struct {
		a      []int
		key, n int
		want   int
	}{
		{a, 2, 1, 0},
		{a, 2, 2, 2},
		{a, 2, 3, 3},
		{a, 2, 4, 6},
		{a, 2, 5, -1},
		{a, 5, 2, 5},
		{a, 9, 1, 4},
		{a, 9, 2, -1},
		{a, 3, 1, -1},
		{a, 2, 0, -1},
		{a, 2, -1, -1},
		{a, 2, math.MinInt, -1},
		{nil, 2, 1, -1},
		{[]int{3, -3, 3}, -3, 1, 1},
	}
	for _, tt := range tests {
		if got := IndexOfNth(tt.a, tt.key, tt.n); got != tt.want {
			t.Errorf("IndexOfNth(%v, %d, %d) = %d, want %d", tt.a, tt.key, tt.n, got, tt.want)
		}
	}
}

func TestLastIndex(t *testing.T) {
	tests := []struct {
		a    []int
		key  int
		want int
	}{
		{[]int{1, 2, 1, 3}, 1, 2},
		{[]int{1, 2, 1, 3}, 3, 3},
		{[]int{1, 2, 1, 3}, 2, 1},
		{[]int{3, 2, 2, 2}, 3, 0},
		{[]int{1, 2, 1, 3}, 4, -1},
		{[]int{0}, 0, 0},
		{[]int{-2, 2, 5}, -2, 0},
		{nil, 0, -1},
	}
	for _, tt := range tests {
		if got := LastIndex(tt.a, tt.key); got != tt.want {
			t.Errorf("LastIndex(%v, %d) = %d, want %d", tt.a, tt.key, got, tt.want)
		}
	}
}

func TestFirstRepeated(t *testing.T) {
	tests := []struct {
		a    []int
		want int
	}{
		{[]int{3, 1, 4, 1, 5, 3}, 3}, // a[3] = a[1]; a[5] = a[0] comes later
		{[]int{1, 1}, 1},
		{[]int{1, 2, 3, 4, 1}, 4},
		{[]int{1, 2, 3, 3, 1}, 3},
		{[]int{5, 6, 7, 8}, -1},
		{[]int{0}, -1},
		{nil, -1},
		{[]int{-2, 2, -2}, 2},
		{[]int{2, -2}, -1},
	}
	for _, tt := range tests {
		if got := FirstRepeated(tt.a); got != tt.want {
			t.Errorf("FirstRepeated(%v) = %d, want %d", tt.a, got, tt.want)
		}
	}
}

func TestSecondLargest(t *testing.T) {
	tests := []struct {
		a    []int
		want int
		ok   bool
	}{
		{[]int{5, 9, 9, 7}, 7, true},
		{[]int{1, 2}, 1, true},
		{[]int{2, 1}, 1, true},
		{[]int{3, 8, 1, 6}, 6, true}, // 6 after the maximum, above the old second 3
		{[]int{9, 1, 5, 3}, 5, true}, // the maximum first
		{[]int{1, 2, 3, 4}, 3, true}, // increasing
		{[]int{4, 4, 1, 4}, 1, true},
		{[]int{-5, -7, -6}, -6, true},
		{[]int{-5, 3}, -5, true},
		{[]int{-5, -3}, -5, true},
		{[]int{-5, -3, 2}, -3, true},
		{[]int{9, 5, -7}, 5, true},
		{[]int{-3, -3}, 0, false},
		{[]int{math.MinInt, math.MaxInt}, math.MinInt, true},
		{[]int{7, 7, 7}, 0, false},
		{[]int{7}, 0, false},
		{nil, 0, false},
	}
	for _, tt := range tests {
		got, ok := SecondLargest(tt.a)
		if got != tt.want || ok != tt.ok {
			t.Errorf("SecondLargest(%v) = %d, %v, want %d, %v", tt.a, got, ok, tt.want, tt.ok)
		}
	}
}
