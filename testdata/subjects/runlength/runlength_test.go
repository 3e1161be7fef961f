package runlength

import (
	"reflect"
	"testing"
)

func TestLongestRun(t *testing.T) {
	tests := []struct {
		a    []int
		want int
	}{
		{nil, 0},
		{[]int{4}, 1},
		{[]int{1, 2, 3}, 1},
		{[]int{1, -1}, 1},
		{[]int{-1, 1}, 1},
		{[]int{1, 1, 2, 1}, 2},
		{[]int{5, 5, 5, 2, 2}, 3}, // longest first
		{[]int{2, 2, 5, 5, 5}, 3}, // longest last
		{[]int{1, 3, 3, 3, 3, 1}, 4},
		{[]int{0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, 10},
	}
	for _, tt := range tests {
		if got := LongestRun(tt.a); got != tt.want {
			t.Errorf("LongestRun(%v) = %d, want %d", tt.a, got, tt.want)
		}
	}
}

func TestCountRuns(t *testing.T) {
	tests := []struct {
		a    []int
		want int
	}{
		{nil, 0},
		{[]int{4}, 1},
		{[]int{4, 4, 4}, 1},
		{[]int{1, 1, 2, 1}, 3},
		{[]int{1, 2, 1, 2}, 4},
		{[]int{-1, -1, 0, 0, -1}, 3},
	}
	for _, tt := range tests {
		if got := CountRuns(tt.a); got != tt.want {
			t.Errorf("CountRuns(%v) = %d, want %d", tt.a, got, tt.want)
		}
	}
}

func TestRunLengthEncode(t *testing.T) {
	tests := []struct {
		a              []int
		values, counts []int
	}{
		{nil, nil, nil},
		{[]int{9}, []int{9}, []int{1}},
		{[]int{7, 7, 7, 2, 7}, []int{7, 2, 7}, []int{3, 1, 1}},
		{[]int{1, 2, 3}, []int{1, 2, 3}, []int{1, 1, 1}},
		{[]int{0, 0, 0, 0}, []int{0}, []int{4}},
		{[]int{3, 3, -3, -3, -3, 3}, []int{3, -3, 3}, []int{2, 3, 1}},
	}
	for _, tt := range tests {
		values, counts := RunLengthEncode(tt.a)
		if !reflect.DeepEqual(values, tt.values) || !reflect.DeepEqual(counts, tt.counts) {
			t.Errorf("RunLengthEncode(%v) = %v, %v, want %v, %v", tt.a, values, counts, tt.values, tt.counts)
		}
	}
}

func TestHasRunOf(t *testing.T) {
	ten := []int{1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3} // ten 2s in a row
	tests := []struct {
		a    []int
		k    int
		want bool
	}{
		{[]int{1, 1, 2, 1}, 1, true},
		{[]int{1, 1, 2, 1}, 2, true},
		{[]int{1, 1, 2, 1}, 3, false},
		{[]int{1, 2, 2, 2}, 3, true}, // the run ends the slice
		{[]int{1, 2, 1, 2}, 2, false},
		{[]int{1, -1}, 2, false},
		{[]int{-1, 1}, 2, false},
		{ten, 10, true},
		{ten, 11, false},
		{[]int{5}, 1, true},
		{nil, 1, false},
		{[]int{1, 1}, 0, false},  // guard
		{[]int{1, 1}, -3, false}, // guard
	}
	for _, tt := range tests {
		if got := HasRunOf(tt.a, tt.k); got != tt.want {
			t.Errorf("HasRunOf(%v, %d) = %v, want %v", tt.a, tt.k, got, tt.want)
		}
	}
}

func TestEncodeString(t *testing.T) {
	tests := []struct{ s, want string }{
		{"", ""},
		{"a", "a1"},
		{"aaabccd", "a3b1c2d1"},
		{"abab", "a1b1a1b1"},
		{"zzzzzzzzzzzz", "z12"},
		{"  x", " 2x1"},
	}
	for _, tt := range tests {
		if got := EncodeString(tt.s); got != tt.want {
			t.Errorf("EncodeString(%q) = %q, want %q", tt.s, got, tt.want)
		}
	}
}
