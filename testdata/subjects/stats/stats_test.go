package stats

import (
	"reflect"
	"testing"
)

// tooLong is MaxLen+1 zeros: one value more than Valid accepts.
var tooLong = make([]int, MaxLen+1)

// longest is MaxLen values 1..MaxLen: Σx = 1024·1025/2 = 524800.
func longest() []int {
	a := make([]int, MaxLen)
	for i := range a {
		a[i] = i + 1
	}
	return a
}

func TestValid(t *testing.T) {
	tests := []struct {
		name string
		a    []int
		want bool
	}{
		{"empty", nil, false},
		{"one", []int{7}, true},
		{"bounds", []int{-Limit, Limit}, true},
		{"below", []int{0, -Limit - 1}, false},
		{"above", []int{Limit + 1, 0}, false},
		{"longest", longest(), true},
		{"too long", tooLong, false},
	}
	for _, tt := range tests {
		if got := Valid(tt.a); got != tt.want {
			t.Errorf("%s: Valid = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestSorted(t *testing.T) {
	tests := []struct {
		in, want []int
	}{
		{[]int{}, []int{}},
		{[]int{3}, []int{3}},
		{[]int{2, 1}, []int{1, 2}},
		{[]int{5, -1, 4, 4, 0}, []int{-1, 0, 4, 4, 5}},
		{[]int{1, 2, 3}, []int{1, 2, 3}},
		{[]int{3, 2, 1}, []int{1, 2, 3}},
		{[]int{-1, -5, -3}, []int{-5, -3, -1}},
	}
	for _, tt := range tests {
		in := append([]int{}, tt.in...)
		got := Sorted(in)
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Sorted(%v) = %v, want %v", tt.in, got, tt.want)
		}
		if !reflect.DeepEqual(in, tt.in) {
			t.Errorf("Sorted(%v) modified its argument to %v", tt.in, in)
		}
	}
}

func TestMean(t *testing.T) {
	tests := []struct {
		a    []int
		want int
		ok   bool
	}{
		{[]int{4}, 4, true},
		{[]int{1, 2, 3, 4}, 2, true},    // 10/4 = 2.5, truncated
		{[]int{-1, -2}, -1, true},       // -3/2 = -1.5, toward zero
		{[]int{10, 20, 30}, 20, true},   // 60/3
		{[]int{-7, 7, 3}, 1, true},      // 3/3
		{[]int{0, 6, 0}, 2, true},       // 6/3
		{longest(), 512, true},          // 524800/1024 = 512.5
		{[]int{}, 0, false},             // empty
		{[]int{1, Limit + 1}, 0, false}, // out of range
	}
	for _, tt := range tests {
		got, ok := Mean(tt.a)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Mean(%v) = %d, %v, want %d, %v", tt.a, got, ok, tt.want, tt.ok)
		}
	}
}

func TestMedian(t *testing.T) {
	tests := []struct {
		a    []int
		want int
		ok   bool
	}{
		{[]int{9}, 9, true},
		{[]int{3, 1, 2}, 2, true},
		{[]int{4, 1, 3, 2}, 2, true}, // (2+3)/2 = 2.5, rounded down
		{[]int{5, 1, 9, 7}, 6, true}, // (5+7)/2
		{[]int{-3, -2}, -3, true},    // -2.5, rounded down
		{[]int{-Limit, Limit}, 0, true},
		{[]int{8, 8, 1, 8, 2}, 8, true},
		{[]int{-5, -9, -1}, -5, true},
		{nil, 0, false},
		{tooLong, 0, false},
	}
	for _, tt := range tests {
		got, ok := Median(tt.a)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Median(%v) = %d, %v, want %d, %v", tt.a, got, ok, tt.want, tt.ok)
		}
	}
}

func TestMode(t *testing.T) {
	tests := []struct {
		a           []int
		mode, count int
		ok          bool
	}{
		{[]int{5}, 5, 1, true},
		{[]int{3, 1, 3, 2}, 3, 2, true},
		{[]int{2, 1, 2, 1}, 1, 2, true},    // tie: the smaller
		{[]int{4, 3, 2, 1}, 1, 1, true},    // all once: the smallest
		{[]int{7, 7, 7, 1, 1}, 7, 3, true}, // the longer run comes last
		{[]int{1, 1, 9, 9, 9}, 9, 3, true},
		{[]int{-2, 0, -2, 0, -2}, -2, 3, true},
		{[]int{3, -4, 5}, -4, 1, true},
		{[]int{6, 5, 6}, 6, 2, true},
		{nil, 0, 0, false},
	}
	for _, tt := range tests {
		mode, count, ok := Mode(tt.a)
		if mode != tt.mode || count != tt.count || ok != tt.ok {
			t.Errorf("Mode(%v) = %d, %d, %v, want %d, %d, %v", tt.a, mode, count, ok, tt.mode, tt.count, tt.ok)
		}
	}
}

func TestMinMax(t *testing.T) {
	tests := []struct {
		a      []int
		lo, hi int
		ok     bool
	}{
		{[]int{6}, 6, 6, true},
		{[]int{3, 9, -4, 5}, -4, 9, true},
		{[]int{9, 3}, 3, 9, true},
		{[]int{2, 2, 2}, 2, 2, true},
		{[]int{5, 4}, 4, 5, true},
		{[]int{4, 5}, 4, 5, true},
		{[]int{3, 9}, 3, 9, true},
		{[]int{-3, 5}, -3, 5, true},
		{[]int{-8, -2, -5}, -8, -2, true},
		{[]int{-1 << 62, 1 << 62}, -1 << 62, 1 << 62, true},
		{[]int{}, 0, 0, false},
	}
	for _, tt := range tests {
		lo, hi, ok := MinMax(tt.a)
		if lo != tt.lo || hi != tt.hi || ok != tt.ok {
			t.Errorf("MinMax(%v) = %d, %d, %v, want %d, %d, %v", tt.a, lo, hi, ok, tt.lo, tt.hi, tt.ok)
		}
	}
}

func TestVariance(t *testing.T) {
	tests := []struct {
		a    []int
		want int
		ok   bool
	}{
		{[]int{5}, 0, true},
		{[]int{3, 3, 3}, 0, true},
		{[]int{2, 4, 4, 4, 5, 5, 7, 9}, 4, true}, // mean 5, deviations² sum to 32
		{[]int{1, 2, 3, 4}, 1, true},             // 5/4 = 1.25
		{[]int{-1, 1}, 1, true},                  // mean 0, (1+1)/2
		{[]int{0, 10}, 25, true},                 // mean 5, (25+25)/2
		{[]int{1, 2}, 0, true},                   // 0.25
		{[]int{-Limit, Limit}, Limit * Limit, true},
		{[]int{}, 0, false},
		{[]int{-Limit - 1}, 0, false},
		{tooLong, 0, false},
	}
	for _, tt := range tests {
		got, ok := Variance(tt.a)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Variance(%v) = %d, %v, want %d, %v", tt.a, got, ok, tt.want, tt.ok)
		}
	}
}
