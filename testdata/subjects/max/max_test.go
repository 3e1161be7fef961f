package max

import "testing"

func TestMax(t *testing.T) {
	tests := []struct {
		m, n, want int
	}{
		{1, 2, 2},
		{7, 3, 7},
		{-4, -9, -4},
	}
	for _, tt := range tests {
		if got := Max(tt.m, tt.n); got != tt.want {
			t.Errorf("Max(%d, %d) = %d, want %d", tt.m, tt.n, got, tt.want)
		}
	}
}
