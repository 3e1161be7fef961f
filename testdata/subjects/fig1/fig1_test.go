package fig1

import "testing"

func TestEqualityScore(t *testing.T) {
	tests := []struct {
		a, b, c int
		want    int
	}{
		{1, 2, 3, 2}, // no equalities: only the else branch adds 2
		{5, 5, 5, 3}, // all equal: 1 + 1 + 1
		{4, 4, 9, 3}, // a == b only: 1 + 2
		{1, 0, 0, 3}, // b == c only: 1 + 2, the test of the paper's Sec. IV
	}
	for _, tt := range tests {
		if got := EqualityScore(tt.a, tt.b, tt.c); got != tt.want {
			t.Errorf("EqualityScore(%d, %d, %d) = %d, want %d", tt.a, tt.b, tt.c, got, tt.want)
		}
	}
}
