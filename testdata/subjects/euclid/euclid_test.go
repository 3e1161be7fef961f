package euclid

import "testing"

func TestGCD(t *testing.T) {
	tests := []struct {
		a, b, want uint8
	}{
		{12, 18, 6},
		{18, 12, 6},
		{17, 5, 1},
		{0, 9, 9},
		{7, 7, 7},
	}
	for _, tt := range tests {
		if got := GCD(tt.a, tt.b); got != tt.want {
			t.Errorf("GCD(%d, %d) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestLCM(t *testing.T) {
	tests := []struct {
		a, b uint8
		want uint16
	}{
		{4, 6, 12},
		{255, 254, 64770},
		{0, 3, 0},
	}
	for _, tt := range tests {
		if got := LCM(tt.a, tt.b); got != tt.want {
			t.Errorf("LCM(%d, %d) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}
