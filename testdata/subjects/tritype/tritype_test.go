package tritype

import "testing"

// TestTriang is a typical hand-written test: one case per kind of
// triangle and a few illegal ones, not every boundary.
func TestTriang(t *testing.T) {
	tests := []struct {
		name    string
		i, j, k int
		want    int
	}{
		{"scalene", 3, 4, 5, 1},
		{"isosceles", 2, 2, 3, 2},
		{"equilateral", 5, 5, 5, 3},
		{"zero side", 0, 4, 5, 4},
		{"negative side", 3, -4, 5, 4},
		{"too long", 1, 2, 9, 4},
	}
	for _, tt := range tests {
		if got := Triang(tt.i, tt.j, tt.k); got != tt.want {
			t.Errorf("%s: Triang(%d, %d, %d) = %d, want %d", tt.name, tt.i, tt.j, tt.k, got, tt.want)
		}
	}
}
