package wc

import "testing"

func TestCount(t *testing.T) {
	tests := []struct {
		s          string
		nl, nw, nc int
	}{
		{"", 0, 0, 0},
		{"hello", 0, 1, 5},
		{"one two\nthree\n", 2, 3, 14},
		{"  a\tb  ", 0, 2, 7},
	}
	for _, tt := range tests {
		nl, nw, nc := Count(tt.s)
		if nl != tt.nl || nw != tt.nw || nc != tt.nc {
			t.Errorf("Count(%q) = %d, %d, %d, want %d, %d, %d", tt.s, nl, nw, nc, tt.nl, tt.nw, tt.nc)
		}
	}
}
