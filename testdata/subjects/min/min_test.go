package min

import "testing"

func TestMin(t *testing.T) {
	tests := []struct {
		i, j, want int
	}{
		{3, 8, 3},
		{8, 3, 3},
		{-2, 5, -2},
	}
	for _, tt := range tests {
		if got := Min(tt.i, tt.j); got != tt.want {
			t.Errorf("Min(%d, %d) = %d, want %d", tt.i, tt.j, got, tt.want)
		}
	}
}
