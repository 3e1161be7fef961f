package quad

import "testing"

func TestQuad(t *testing.T) {
	tests := []struct {
		name    string
		a, b, c int
		want    int
	}{
		{"two roots", 1, -3, 2, 2},    // (x-1)(x-2)
		{"double root", 1, 2, 1, 1},   // (x+1)^2
		{"complex roots", 1, 0, 1, 0}, // x^2 + 1
		{"linear", 0, 2, -4, 1},       // 2x - 4
		{"all zero", 0, 0, 0, -1},
	}
	for _, tt := range tests {
		if got := Quad(tt.a, tt.b, tt.c); got != tt.want {
			t.Errorf("%s: Quad(%d, %d, %d) = %d, want %d", tt.name, tt.a, tt.b, tt.c, got, tt.want)
		}
	}
}
