package gcd

import "testing"

func TestGCD(t *testing.T) {
	tests := []struct {
		x, y, want int
	}{
		{12, 18, 6},
		{17, 5, 1},
		{21, 7, 7},
		{0, 9, 9},
		{-8, 12, 4},
	}
	for _, tt := range tests {
		if got := GCD(tt.x, tt.y); got != tt.want {
			t.Errorf("GCD(%d, %d) = %d, want %d", tt.x, tt.y, got, tt.want)
		}
	}
}
