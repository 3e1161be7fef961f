package bsearch

import "testing"

func TestBSearch(t *testing.T) {
	tests := []struct {
		name string
		n    int
		a    []int
		want int
	}{
		// The goal path of Example 3: two misses, then a hit at the
		// third element.
		{"third", 7, []int{-3, 2, 7}, 2},
		{"first", 4, []int{4, 5, 6}, 0},
		{"missing", 9, []int{1, 2, 3}, -1},
		{"empty", 1, nil, -1},
	}
	for _, tt := range tests {
		if got := BSearch(tt.n, tt.a); got != tt.want {
			t.Errorf("%s: BSearch(%d, %v) = %d, want %d", tt.name, tt.n, tt.a, got, tt.want)
		}
	}
}
