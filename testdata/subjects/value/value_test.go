package value

import "testing"

func TestValue(t *testing.T) {
	tests := []struct {
		name    string
		a, b, c int
		want    int
	}{
		// The test case of Example 2 in the paper: path 1-2-4-6-8.
		{"paper example", 17, 25, 16, 1},
		// A < B, so C becomes 16; A < 16 and B > 16: V = B - C.
		{"b above sixteen", 3, 20, 99, 4},
		// A >= B: C becomes C - B = 5; A >= 5: V = A - C.
		{"a not below b", 10, 4, 9, 5},
		// A < B, C becomes 16; A < 16 and B <= 16: V stays 0.
		{"nothing", 1, 2, 0, 0},
	}
	for _, tt := range tests {
		if got := Value(tt.a, tt.b, tt.c); got != tt.want {
			t.Errorf("%s: Value(%d, %d, %d) = %d, want %d", tt.name, tt.a, tt.b, tt.c, got, tt.want)
		}
	}
}
