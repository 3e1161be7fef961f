package bits

import "testing"

func TestOnesCount(t *testing.T) {
	tests := []struct {
		x    uint16
		want int
	}{
		{0, 0},
		{1, 1},
		{0b1011, 3},
		{0xffff, 16},
	}
	for _, tt := range tests {
		if got := OnesCount(tt.x); got != tt.want {
			t.Errorf("OnesCount(%#x) = %d, want %d", tt.x, got, tt.want)
		}
	}
}

func TestParity(t *testing.T) {
	tests := []struct {
		x    uint8
		want bool
	}{
		{0, false},
		{0b100, true},
		{0b110, false},
		{0xff, false},
	}
	for _, tt := range tests {
		if got := Parity(tt.x); got != tt.want {
			t.Errorf("Parity(%#b) = %v, want %v", tt.x, got, tt.want)
		}
	}
}

func TestLen(t *testing.T) {
	tests := []struct {
		x    uint8
		want int
	}{
		{0, 0},
		{1, 1},
		{5, 3},
		{200, 8},
	}
	for _, tt := range tests {
		if got := Len(tt.x); got != tt.want {
			t.Errorf("Len(%d) = %d, want %d", tt.x, got, tt.want)
		}
	}
}
