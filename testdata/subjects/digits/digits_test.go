package digits

import (
	"math"
	"testing"
)

func TestAtoi(t *testing.T) {
	tests := []struct {
		s  string
		n  int
		ok bool
	}{
		{"0", 0, true},
		{"7", 7, true},
		{"42", 42, true},
		{"+42", 42, true},
		{"-42", -42, true},
		{"-0", 0, true},
		{"000123", 123, true},
		{"2147483647", math.MaxInt32, true},
		{"-2147483648", math.MinInt32, true},
		{"2147483648", 0, false},  // MaxInt32+1
		{"-2147483649", 0, false}, // MinInt32-1
		{"9999999999", 0, false},
		{"99999999999999999999999", 0, false}, // would overflow int64 too
		{"", 0, false},
		{"-", 0, false},
		{"+", 0, false},
		{"+-1", 0, false},
		{"12a", 0, false},
		{" 12", 0, false},
		{"1_000", 0, false},
	}
	for _, tt := range tests {
		n, ok := Atoi(tt.s)
		if n != tt.n || ok != tt.ok {
			t.Errorf("Atoi(%q) = %d, %v, want %d, %v", tt.s, n, ok, tt.n, tt.ok)
		}
	}
}

func TestDigitSum(t *testing.T) {
	tests := []struct{ n, want int }{
		{0, 0},
		{7, 7},
		{1234, 10},
		{-1234, 10},
		{9999, 36},
		{1000000, 1},
		{math.MaxInt, 88}, // 9223372036854775807
		{math.MinInt, 89}, // -9223372036854775808
	}
	for _, tt := range tests {
		if got := DigitSum(tt.n); got != tt.want {
			t.Errorf("DigitSum(%d) = %d, want %d", tt.n, got, tt.want)
		}
	}
}

func TestReverse(t *testing.T) {
	tests := []struct {
		n, r int
		ok   bool
	}{
		{0, 0, true},
		{5, 5, true},
		{123, 321, true},
		{-123, -321, true},
		{1200, 21, true},
		{-1200, -21, true},
		{12321, 12321, true},
		{math.MaxInt, 7085774586302733229, true},
		{math.MinInt, -8085774586302733229, true},
		{1000000000000000019, 9100000000000000001, true},
		{1000000000000000099, 0, false},  // 9900000000000000001 > MaxInt
		{-1000000000000000089, 0, false}, // -9800000000000000001 < MinInt
		{8085774586302733229, 0, false},  // 9223372036854775808 = MaxInt+1
	}
	for _, tt := range tests {
		r, ok := Reverse(tt.n)
		if r != tt.r || ok != tt.ok {
			t.Errorf("Reverse(%d) = %d, %v, want %d, %v", tt.n, r, ok, tt.r, tt.ok)
		}
	}
}

func TestIsPalindromeNumber(t *testing.T) {
	tests := []struct {
		n    int
		want bool
	}{
		{0, true},
		{7, true},
		{11, true},
		{10, false},
		{121, true},
		{123, false},
		{1221, true},
		{1231, false},
		{12321, true},
		{12331, false},
		{1000000000000000001, true},
		{1000000000000000011, false},
		{math.MaxInt, false},
		{-121, false},
		{math.MinInt, false},
	}
	for _, tt := range tests {
		if got := IsPalindromeNumber(tt.n); got != tt.want {
			t.Errorf("IsPalindromeNumber(%d) = %v, want %v", tt.n, got, tt.want)
		}
	}
}

func TestLuhn(t *testing.T) {
	tests := []struct {
		s    string
		want bool
	}{
		{"79927398713", true}, // the usual example
		{"79927398710", false},
		{"1234567812345670", true}, // doubled digits 14→5, 10→1, 6, 2 twice: sum 60
		{"1234567812345678", false},
		{"18", true},  // 8 + 2
		{"59", true},  // 9 + (10-9)
		{"91", true},  // 1 + (18-9)
		{"19", false}, // 9 + 2
		{"00", true},
		{"0000000000", true},
		{"5", false}, // too short
		{"", false},  // too short
		{"7992 7398 713", false},
		{"7992739871x", false},
		{"x9927398713", false},
	}
	for _, tt := range tests {
		if got := Luhn(tt.s); got != tt.want {
			t.Errorf("Luhn(%q) = %v, want %v", tt.s, got, tt.want)
		}
	}
}
