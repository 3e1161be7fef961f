package conversions

import (
	"math"
	"strings"
	"testing"
)

func TestCToF(t *testing.T) {
	tests := []struct {
		c, f int
		ok   bool
	}{
		{0, 320, true},       // 0 °C = 32 °F
		{1000, 2120, true},   // 100 °C = 212 °F
		{-400, -400, true},   // -40 °C = -40 °F
		{370, 986, true},     // 37 °C = 98.6 °F
		{1, 322, true},       // 32.18 → 32.2
		{-1, 318, true},      // 31.82 → 31.8
		{2, 324, true},       // 32.36 → 32.4
		{-2, 316, true},      // 31.64 → 31.6
		{3, 325, true},       // 32.54 → 32.5
		{-3, 315, true},      // 31.46 → 31.5
		{-2731, -4596, true}, // -273.1 °C = -459.58 °F → -459.6
		{-2732, 0, false},    // below absolute zero
		{1e9, 1800000320, true},
		{1e9 + 1, 0, false},
	}
	for _, tt := range tests {
		f, ok := CToF(tt.c)
		if f != tt.f || ok != tt.ok {
			t.Errorf("CToF(%d) = %d, %v, want %d, %v", tt.c, f, ok, tt.f, tt.ok)
		}
	}
}

func TestFToC(t *testing.T) {
	tests := []struct {
		f, c int
		ok   bool
	}{
		{320, 0, true},
		{2120, 1000, true},
		{-400, -400, true},
		{986, 370, true},
		{321, 1, true},         // 0.0556 → 0.1
		{319, -1, true},        // -0.0556 → -0.1
		{322, 1, true},         // 0.111 → 0.1
		{0, -178, true},        // 0 °F = -17.78 °C
		{-4596, -2731, true},   // -459.6 °F = -273.11 °C
		{-4597, 0, false},      // below absolute zero
		{1e9, 555555378, true}, // (10^8 - 32)·5/9 = 55555537.78 °C
		{1e9 + 1, 0, false},
	}
	for _, tt := range tests {
		c, ok := FToC(tt.f)
		if c != tt.c || ok != tt.ok {
			t.Errorf("FToC(%d) = %d, %v, want %d, %v", tt.f, c, ok, tt.c, tt.ok)
		}
	}
}

var romans = []struct {
	n int
	s string
}{
	{1, "I"},
	{3, "III"},
	{4, "IV"},
	{9, "IX"},
	{14, "XIV"},
	{40, "XL"},
	{42, "XLII"},
	{90, "XC"},
	{400, "CD"},
	{444, "CDXLIV"},
	{1994, "MCMXCIV"},
	{2024, "MMXXIV"},
	{3888, "MMMDCCCLXXXVIII"},
	{3999, "MMMCMXCIX"},
}

func TestToRoman(t *testing.T) {
	for _, tt := range romans {
		if got := ToRoman(tt.n); got != tt.s {
			t.Errorf("ToRoman(%d) = %q, want %q", tt.n, got, tt.s)
		}
	}
	for _, n := range []int{0, -5, 4000, math.MaxInt} {
		if got := ToRoman(n); got != "" {
			t.Errorf("ToRoman(%d) = %q, want \"\"", n, got)
		}
	}
}

func TestFromRoman(t *testing.T) {
	for _, tt := range romans {
		if n, ok := FromRoman(tt.s); n != tt.n || !ok {
			t.Errorf("FromRoman(%q) = %d, %v, want %d, true", tt.s, n, ok, tt.n)
		}
	}
	for _, s := range []string{
		"",                 // empty
		"IIII",             // not standard (IV)
		"IC",               // not standard (XCIX)
		"VX",               // not standard (V)
		"XM",               // not standard (CMXC)
		"MMMM",             // 4000
		"iv",               // lower case
		"XIZ",              // not a numeral letter
		"MMMDCCCLXXXVIIII", // 16 letters
	} {
		if n, ok := FromRoman(s); n != 0 || ok {
			t.Errorf("FromRoman(%q) = %d, %v, want 0, false", s, n, ok)
		}
	}
}

func TestFormatBase(t *testing.T) {
	tests := []struct {
		n, base int
		want    string
	}{
		{255, 16, "ff"},
		{-255, 16, "-ff"},
		{0, 2, "0"},
		{5, 2, "101"},
		{-1, 10, "-1"},
		{100, 10, "100"},
		{35, 36, "z"},
		{36, 36, "10"},
		{8, 8, "10"},
		{math.MaxInt, 16, "7fffffffffffffff"},
		{math.MinInt, 16, "-8000000000000000"},
		{math.MinInt, 2, "-1" + strings.Repeat("0", 63)},
		{10, 1, ""},
		{10, 37, ""},
		{10, -10, ""},
	}
	for _, tt := range tests {
		if got := FormatBase(tt.n, tt.base); got != tt.want {
			t.Errorf("FormatBase(%d, %d) = %q, want %q", tt.n, tt.base, got, tt.want)
		}
	}
}

func TestParseBase(t *testing.T) {
	tests := []struct {
		s    string
		base int
		n    int
		ok   bool
	}{
		{"ff", 16, 255, true},
		{"FF", 16, 255, true},
		{"-ff", 16, -255, true},
		{"101", 2, 5, true},
		{"z", 36, 35, true},
		{"Zz", 36, 1295, true}, // 35·36 + 35
		{"007", 8, 7, true},
		{"-0", 10, 0, true},
		{"7fffffffffffffff", 16, math.MaxInt, true},
		{"9223372036854775807", 10, math.MaxInt, true},
		{"-9223372036854775807", 10, -math.MaxInt, true},
		{"9223372036854775808", 10, 0, false}, // MaxInt+1
		{"8000000000000000", 16, 0, false},
		{"-8000000000000000", 16, 0, false}, // MinInt: magnitude above MaxInt
		{"", 10, 0, false},
		{"-", 10, 0, false},
		{"--1", 10, 0, false},
		{"12", 2, 0, false}, // 2 is not a binary digit
		{"1g", 16, 0, false},
		{"1 ", 10, 0, false},
		{"1.5", 10, 0, false},
		{"10", 1, 0, false},
		{"10", 37, 0, false},
	}
	for _, tt := range tests {
		n, ok := ParseBase(tt.s, tt.base)
		if n != tt.n || ok != tt.ok {
			t.Errorf("ParseBase(%q, %d) = %d, %v, want %d, %v", tt.s, tt.base, n, ok, tt.n, tt.ok)
		}
	}
}

func TestClock12(t *testing.T) {
	tests := []struct {
		sec  int
		want string
	}{
		{0, "12:00:00 AM"},
		{1, "12:00:01 AM"},
		{59, "12:00:59 AM"},
		{3599, "12:59:59 AM"},
		{3600, "1:00:00 AM"},
		{36000, "10:00:00 AM"},
		{37230, "10:20:30 AM"},
		{43199, "11:59:59 AM"},
		{43200, "12:00:00 PM"},
		{45296, "12:34:56 PM"},
		{46800, "1:00:00 PM"},
		{83405, "11:10:05 PM"},
		{86399, "11:59:59 PM"},
		{86400, ""},
		{-1, ""},
	}
	for _, tt := range tests {
		if got := Clock12(tt.sec); got != tt.want {
			t.Errorf("Clock12(%d) = %q, want %q", tt.sec, got, tt.want)
		}
	}
}

func TestDayOfYear(t *testing.T) {
	tests := []struct {
		y, m, d int
		want    int
	}{
		{2024, 1, 1, 1},
		{1, 1, 1, 1},
		{2023, 6, 15, 166}, // 31+28+31+30+31 + 15
		{2023, 3, 1, 60},
		{2024, 3, 1, 61},
		{1900, 3, 1, 60}, // 1900 is not a leap year
		{2000, 3, 1, 61}, // 2000 is
		{2000, 2, 29, 60},
		{2023, 11, 30, 334},
		{2023, 12, 31, 365},
		{2024, 12, 31, 366},
		{1900, 2, 29, -1},
		{2023, 2, 29, -1},
		{2024, 2, 30, -1},
		{2023, 4, 31, -1},
		{2023, 13, 1, -1},
		{2023, 0, 1, -1},
		{2023, 1, 0, -1},
		{0, 1, 1, -1},
	}
	for _, tt := range tests {
		if got := DayOfYear(tt.y, tt.m, tt.d); got != tt.want {
			t.Errorf("DayOfYear(%d, %d, %d) = %d, want %d", tt.y, tt.m, tt.d, got, tt.want)
		}
	}
}
