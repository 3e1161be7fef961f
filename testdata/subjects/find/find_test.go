package find

import (
	"slices"
	"testing"
)

func TestFind(t *testing.T) {
	tests := []struct {
		name string
		in   []int
		f    int
		want int // the f-th smallest element of in
	}{
		{"median", []int{5, 1, 4, 2, 3}, 2, 3},
		{"smallest", []int{9, 7, 8}, 0, 7},
		{"largest", []int{2, 6, 1, 4}, 3, 6},
		{"duplicates", []int{3, 1, 3, 1, 2}, 1, 1},
	}
	for _, tt := range tests {
		a := slices.Clone(tt.in)
		Find(a, tt.f)
		if a[tt.f] != tt.want {
			t.Errorf("%s: Find(%v, %d) gave %v, want a[%d] = %d", tt.name, tt.in, tt.f, a, tt.f, tt.want)
			continue
		}
		for k := range a {
			if k < tt.f && a[k] > a[tt.f] || k > tt.f && a[k] < a[tt.f] {
				t.Errorf("%s: Find(%v, %d) gave %v, not partitioned at %d", tt.name, tt.in, tt.f, a, tt.f)
				break
			}
		}
	}
}
