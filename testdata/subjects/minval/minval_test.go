package minval

import "testing"

func TestMin(t *testing.T) {
	tests := []struct {
		i, j, want int8
	}{
		{3, 8, 3},
		{8, 3, 3},
		{-2, 5, -2},
		{-128, 127, -128},
	}
	for _, tt := range tests {
		if got := Min(tt.i, tt.j); got != tt.want {
			t.Errorf("Min(%d, %d) = %d, want %d", tt.i, tt.j, got, tt.want)
		}
	}
}

func TestMax(t *testing.T) {
	tests := []struct {
		i, j, want int8
	}{
		{3, 8, 8},
		{8, 3, 8},
		{-7, -9, -7},
	}
	for _, tt := range tests {
		if got := Max(tt.i, tt.j); got != tt.want {
			t.Errorf("Max(%d, %d) = %d, want %d", tt.i, tt.j, got, tt.want)
		}
	}
}
