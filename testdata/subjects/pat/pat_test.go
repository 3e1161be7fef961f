package pat

import "testing"

func TestPat(t *testing.T) {
	tests := []struct {
		subject, pattern string
		want             int
	}{
		{"hello world", "world", 6},
		{"abcabd", "abd", 3},
		{"abc", "x", -1},
		{"ab", "abc", -1},
		{"abc", "", 0},
	}
	for _, tt := range tests {
		if got := Pat(tt.subject, tt.pattern); got != tt.want {
			t.Errorf("Pat(%q, %q) = %d, want %d", tt.subject, tt.pattern, got, tt.want)
		}
	}
}
