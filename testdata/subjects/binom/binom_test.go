package binom

import (
	"math"
	"reflect"
	"testing"
)

// The small values below are worked by hand; the large ones were checked
// with arbitrary-precision integers (Python's math.comb and
// math.factorial), and math.MaxInt32 = 2147483647 is the bound.

func TestFactorial(t *testing.T) {
	tests := []struct{ n, want int32 }{
		{0, 1},
		{1, 1},
		{2, 2},
		{5, 120},
		{10, 3628800},
		{12, 479001600}, // the last that fits
		{13, -1},        // 6227020800 > MaxInt32
		{1000, -1},
		{math.MaxInt32, -1},
		{-1, -1},
		{math.MinInt32, -1},
	}
	for _, tt := range tests {
		if got := Factorial(tt.n); got != tt.want {
			t.Errorf("Factorial(%d) = %d, want %d", tt.n, got, tt.want)
		}
	}
}

func TestBinomial(t *testing.T) {
	tests := []struct{ n, k, want int32 }{
		{0, 0, 1},
		{5, 0, 1},
		{5, 5, 1},
		{5, 1, 5},
		{5, 2, 10},
		{5, 3, 10},
		{6, 3, 20},
		{10, 4, 210},
		{20, 10, 184756},
		{30, 15, 155117520},
		{32, 16, 601080390}, // C(31,15)·32 would overflow: the gcd step avoids it
		{33, 16, 1166803110},
		{34, 15, 1855967520},
		{34, 16, -1}, // 2203961430
		{34, 17, -1}, // 2333606220
		{math.MaxInt32, 1, math.MaxInt32},
		{math.MaxInt32, math.MaxInt32 - 1, math.MaxInt32},
		{65536, 2, 2147450880}, // 65536·65535/2
		{65537, 2, -1},         // 65537·65536/2 = 2147516416
		{1 << 30, 3, -1},
		{5, 6, 0},
		{5, -1, 0},
		{0, 1, 0},
		{-1, 0, -1},
		{-5, -7, -1},
	}
	for _, tt := range tests {
		if got := Binomial(tt.n, tt.k); got != tt.want {
			t.Errorf("Binomial(%d, %d) = %d, want %d", tt.n, tt.k, got, tt.want)
		}
	}
}

func TestPascalRow(t *testing.T) {
	tests := []struct {
		n    int32
		want []int32
	}{
		{0, []int32{1}},
		{1, []int32{1, 1}},
		{2, []int32{1, 2, 1}},
		{4, []int32{1, 4, 6, 4, 1}},
		{6, []int32{1, 6, 15, 20, 15, 6, 1}},
		{-1, nil},
		{34, nil},
		{math.MaxInt32, nil},
	}
	for _, tt := range tests {
		if got := PascalRow(tt.n); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("PascalRow(%d) = %v, want %v", tt.n, got, tt.want)
		}
	}
	row := PascalRow(33)
	if len(row) != 34 || row[16] != 1166803110 || row[17] != 1166803110 || row[1] != 33 || row[33] != 1 {
		t.Errorf("PascalRow(33) = %v, want C(33, j) for j = 0..33", row)
	}
}

func TestLatticePaths(t *testing.T) {
	tests := []struct{ w, h, want int32 }{
		{0, 0, 1},
		{1, 1, 2},
		{2, 2, 6},
		{3, 2, 10},
		{2, 3, 10},
		{5, 0, 1},
		{10, 10, 184756},
		{17, 16, 1166803110},
		{17, 17, -1}, // C(34, 17)
		{math.MaxInt32, 0, 1},
		{math.MaxInt32 - 1, 1, math.MaxInt32},
		{math.MaxInt32, 1, -1}, // w+h overflows
		{-1, 3, -1},
		{3, -1, -1},
	}
	for _, tt := range tests {
		if got := LatticePaths(tt.w, tt.h); got != tt.want {
			t.Errorf("LatticePaths(%d, %d) = %d, want %d", tt.w, tt.h, got, tt.want)
		}
	}
}

func TestCatalan(t *testing.T) {
	tests := []struct{ n, want int32 }{
		{0, 1},
		{1, 1},
		{2, 2},
		{3, 5},
		{4, 14},
		{5, 42},
		{6, 132},
		{7, 429},
		{19, 1767263190}, // C(38,19)/20: C(38,19) itself overflows
		{20, -1},         // 6564120420
		{1 << 30, -1},
		{-1, -1},
	}
	for _, tt := range tests {
		if got := Catalan(tt.n); got != tt.want {
			t.Errorf("Catalan(%d) = %d, want %d", tt.n, got, tt.want)
		}
	}
}

func TestMultinomial(t *testing.T) {
	tests := []struct {
		ks   []int32
		want int32
	}{
		{nil, 1},
		{[]int32{5}, 1},
		{[]int32{0, 0}, 1},
		{[]int32{2, 1, 1}, 12},    // 4!/(2!·1!·1!)
		{[]int32{1, 1, 1, 1}, 24}, // 4!
		{[]int32{3, 3, 4}, 4200},  // 10!/(3!·3!·4!)
		{[]int32{4, 4, 4}, 34650}, // 12!/(4!)^3
		{[]int32{5, 5, 5}, 756756},
		{[]int32{16, 17}, 1166803110},
		{[]int32{17, 17}, -1},     // C(34,17) overflows
		{[]int32{5, 5, 5, 5}, -1}, // 20!/(5!)^4 = 11732745024
		{[]int32{2, -1}, -1},
		{[]int32{math.MaxInt32, 1}, -1}, // the sum overflows
		{[]int32{math.MaxInt32, 0}, 1},
	}
	for _, tt := range tests {
		if got := Multinomial(tt.ks); got != tt.want {
			t.Errorf("Multinomial(%v) = %d, want %d", tt.ks, got, tt.want)
		}
	}
}
