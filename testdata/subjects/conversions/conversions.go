// Package conversions is eight unit conversions, after the Conversions
// subject of seed 002 (Offutt, Jin & Pan, "The Dynamic Domain Reduction
// Procedure for Test Data Generation", Tables I and II: 8 functions, 523
// blocks, 247 decisions). The seed names and sizes the program but does
// not list its code; this is a Go version of what such a unit plausibly
// is, much smaller than the original: temperatures in tenths of a degree
// (Celsius and Fahrenheit, both ways), Roman numerals (both ways),
// integers in bases 2 to 36 (both ways), seconds since midnight to a
// 12-hour clock, and a date to its day of the year. It departs from a C
// original in using no floats: temperatures are ints in tenths of a
// degree, rounded to the nearest tenth.
package conversions

import "math"

// CToF converts c, a Celsius temperature in tenths of a degree, to
// Fahrenheit in tenths of a degree (F = C·9/5 + 32), rounded to the
// nearest tenth (C·9/5 is never halfway between two tenths).
//
// Guards: ok is false, and f 0, for a temperature below absolute zero
// (−273.15 °C, so c < −2731) or above 10^9 tenths, a bound that keeps
// c·9 far from overflowing.
func CToF(c int) (f int, ok bool) {
	if c < -2731 || c > 1e9 {
		return 0, false
	}
	x := c * 9
	q, r := x/5, x%5
	if r >= 3 {
		q++
	} else if r <= -3 {
		q--
	}
	return q + 320, true
}

// FToC converts f, a Fahrenheit temperature in tenths of a degree, to
// Celsius in tenths of a degree (C = (F − 32)·5/9), rounded to the
// nearest tenth (never halfway).
//
// Guards: ok is false, and c 0, for a temperature below absolute zero
// (−459.67 °F, so f < −4596) or above 10^9 tenths.
func FToC(f int) (c int, ok bool) {
	if f < -4596 || f > 1e9 {
		return 0, false
	}
	x := (f - 320) * 5
	q, r := x/9, x%9
	if r >= 5 {
		q++
	} else if r <= -5 {
		q--
	}
	return q, true
}

// ToRoman returns the Roman numeral of n in its standard form, with the
// subtractive pairs CM, CD, XC, XL, IX and IV: ToRoman(1994) is
// "MCMXCIV".
//
// Guard: ToRoman returns "" for n outside 1..3999, which Roman numerals
// without overlines cannot write.
func ToRoman(n int) string {
	if n < 1 || n > 3999 {
		return ""
	}
	values := [13]int{1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1}
	symbols := [13]string{"M", "CM", "D", "CD", "C", "XC", "L", "XL", "X", "IX", "V", "IV", "I"}
	var buf [15]byte // the longest numeral, MMMDCCCLXXXVIII, has 15 letters
	k := 0
	for i := 0; i < 13; i++ {
		for n >= values[i] {
			k += copy(buf[k:], symbols[i])
			n -= values[i]
		}
	}
	return string(buf[:k])
}

// FromRoman returns the value of the Roman numeral s, in upper case.
// Only the standard form ToRoman writes is accepted: "IIII", "IC" and
// "VX" are not numerals.
//
// Guards: ok is false, and n 0, if s is empty, longer than 15 letters
// (the longest numeral, MMMDCCCLXXXVIII, has 15), has a letter other than
// I V X L C D M, or is not in standard form.
func FromRoman(s string) (n int, ok bool) {
	if len(s) == 0 || len(s) > 15 {
		return 0, false
	}
	prev := 0
	for i := len(s) - 1; i >= 0; i-- {
		v := 0
		switch s[i] {
		case 'I':
			v = 1
		case 'V':
			v = 5
		case 'X':
			v = 10
		case 'L':
			v = 50
		case 'C':
			v = 100
		case 'D':
			v = 500
		case 'M':
			v = 1000
		default:
			return 0, false
		}
		if v < prev {
			n -= v
		} else {
			n += v
			prev = v
		}
	}
	if ToRoman(n) != s {
		return 0, false
	}
	return n, true
}

// FormatBase returns n written in base, with digits 0-9 then lower-case
// a-z and a leading '-' for a negative n: FormatBase(-255, 16) is "-ff".
// It works on negative remainders, so math.MinInt needs no special case.
//
// Guard: FormatBase returns "" for a base outside 2..36.
func FormatBase(n, base int) string {
	if base < 2 || base > 36 {
		return ""
	}
	const digits = "0123456789abcdefghijklmnopqrstuvwxyz"
	var buf [65]byte
	i := len(buf)
	neg := n < 0
	for {
		d := n % base
		if d < 0 {
			d = -d
		}
		i--
		buf[i] = digits[d]
		n /= base
		if n == 0 {
			break
		}
	}
	if neg {
		i--
		buf[i] = '-'
	}
	return string(buf[i:])
}

// ParseBase returns the value of s, an integer written in base with an
// optional leading '-' and digits 0-9, a-z or A-Z.
//
// Guards: ok is false, and n 0, for a base outside 2..36, an empty
// string or a lone '-', a character that is not a digit of base, or a
// magnitude above math.MaxInt (so math.MinInt is not accepted).
func ParseBase(s string, base int) (n int, ok bool) {
	if base < 2 || base > 36 {
		return 0, false
	}
	neg := len(s) > 0 && s[0] == '-'
	if neg {
		s = s[1:]
	}
	if len(s) == 0 {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		d := 36
		if c >= '0' && c <= '9' {
			d = int(c - '0')
		} else if c >= 'a' && c <= 'z' {
			d = int(c-'a') + 10
		} else if c >= 'A' && c <= 'Z' {
			d = int(c-'A') + 10
		}
		if d >= base {
			return 0, false
		}
		if n > (math.MaxInt-d)/base {
			return 0, false
		}
		n = n*base + d
	}
	if neg {
		n = -n
	}
	return n, true
}

// Clock12 returns the time of day sec seconds after midnight on a
// 12-hour clock, "h:mm:ss AM" or "h:mm:ss PM": 0 is "12:00:00 AM",
// 43200 (noon) is "12:00:00 PM", 86399 is "11:59:59 PM".
//
// Guard: Clock12 returns "" for sec outside 0..86399, which is not a
// time of one day.
func Clock12(sec int) string {
	if sec < 0 || sec >= 86400 {
		return ""
	}
	h, m, s := sec/3600, sec/60%60, sec%60
	suffix := " AM"
	if h >= 12 {
		suffix = " PM"
		h -= 12
	}
	if h == 0 {
		h = 12
	}
	out := ""
	if h >= 10 {
		out += string(rune('0' + h/10))
	}
	out += string(rune('0'+h%10)) + ":"
	out += string(rune('0'+m/10)) + string(rune('0'+m%10)) + ":"
	out += string(rune('0'+s/10)) + string(rune('0'+s%10))
	return out + suffix
}

// DayOfYear returns the day of the year of the date year-month-day of
// the proleptic Gregorian calendar, 1 for January 1: a year divisible by
// 4 is a leap year, except a century not divisible by 400.
//
// Guard: DayOfYear returns -1 if year < 1, month is outside 1..12 or day
// is outside 1 and the number of days of that month.
func DayOfYear(year, month, day int) int {
	if year < 1 || month < 1 || month > 12 || day < 1 {
		return -1
	}
	leap := year%4 == 0 && (year%100 != 0 || year%400 == 0)
	days := [12]int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}
	if leap {
		days[1] = 29
	}
	if day > days[month-1] {
		return -1
	}
	n := day
	for m := 0; m < month-1; m++ {
		n += days[m]
	}
	return n
}
