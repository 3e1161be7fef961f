// Package digits is loops over the decimal digits of numbers and
// strings, written for seed 002 (Offutt, Jin & Pan, "The Dynamic Domain
// Reduction Procedure for Test Data Generation"). The seed evaluates DDR
// on C units with loops (its Tables I and II) but lists no code for
// them; these are the digit loops such units are made of, each with the
// guard a careful C programmer writes: an Atoi that refuses values past
// the range of a 32-bit int, a digit reversal that refuses to overflow,
// a digit sum that never negates (so math.MinInt is safe), a palindrome
// test over an array of digits, and the Luhn checksum of card numbers. Reaching their goals takes many loop
// iterations and particular digits: a literal of ten digits just past
// the bound, a number whose digits mirror each other, a digit string
// whose doubled digits sum to a multiple of ten.
package digits

import "math"

// Atoi returns the value of s, an optional sign ('+' or '-') followed by
// one or more decimal digits, as a value in the range of int32:
// Atoi("-2147483648") is math.MinInt32.
//
// Guards: ok is false, and n 0, if s is empty, has no digits after the
// sign or has a character other than a digit, or if the value is
// outside [math.MinInt32, math.MaxInt32]; the overflow check comes
// before each multiplication, so no prefix of s can overflow either.
func Atoi(s string) (n int, ok bool) {
	neg := false
	if len(s) > 0 && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if len(s) == 0 {
		return 0, false
	}
	limit := math.MaxInt32
	if neg {
		limit = -math.MinInt32
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		d := int(c - '0')
		if n > (limit-d)/10 {
			return 0, false
		}
		n = n*10 + d
	}
	if neg {
		n = -n
	}
	return n, true
}

// DigitSum returns the sum of the decimal digits of n, ignoring its
// sign: DigitSum(-1234) is 10. It works on negative remainders, so
// math.MinInt needs no special case.
func DigitSum(n int) int {
	sum := 0
	for n != 0 {
		d := n % 10
		if d < 0 {
			d = -d
		}
		sum += d
		n /= 10
	}
	return sum
}

// Reverse returns the number whose decimal digits are those of n in
// reverse order, with the sign of n: Reverse(1200) is 21 and
// Reverse(-123) is -321.
//
// Guard: ok is false, and r 0, if the reversed number is outside the
// range of int: Reverse(math.MaxInt) is 7085774586302733229, but
// Reverse(1000000000000000099) would be 9900000000000000001. The check
// comes before each multiplication by 10.
func Reverse(n int) (r int, ok bool) {
	for n != 0 {
		d := n % 10
		if n > 0 && r > (math.MaxInt-d)/10 || n < 0 && r < (math.MinInt-d)/10 {
			return 0, false
		}
		r = r*10 + d
		n /= 10
	}
	return r, true
}

// IsPalindromeNumber reports whether the decimal digits of n read the
// same both ways, as 12321 and 7 do. Negative numbers are not
// palindromes (the sign reads differently backwards). It compares the
// digits held in an array rather than the reversed number, so it needs
// no overflow guard.
func IsPalindromeNumber(n int) bool {
	if n < 0 {
		return false
	}
	var digits [20]int
	k := 0
	for {
		digits[k] = n % 10
		k++
		n /= 10
		if n == 0 {
			break
		}
	}
	for i, j := 0, k-1; i < j; i, j = i+1, j-1 {
		if digits[i] != digits[j] {
			return false
		}
	}
	return true
}

// Luhn reports whether the digit string s passes the Luhn checksum used
// by card numbers: from the rightmost digit leftward, every second digit
// is doubled, 9 is subtracted from a double above 9, and the sum of all
// the digits must be a multiple of 10. Luhn("79927398713") is true.
//
// Guard: Luhn is false if s has fewer than two characters or a
// character other than a decimal digit.
func Luhn(s string) bool {
	if len(s) < 2 {
		return false
	}
	sum := 0
	double := false
	for i := len(s) - 1; i >= 0; i-- {
		c := s[i]
		if c < '0' || c > '9' {
			return false
		}
		d := int(c - '0')
		if double {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
		double = !double
	}
	return sum%10 == 0
}
