// Package letters has small helpers for word games: decoding "leet speak",
// classifying vowels and computing Scrabble scores.
package letters

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
)

// ErrInvalid is wrapped by Decode when the input contains a character
// that has no letter equivalent.
var ErrInvalid = errors.New("letters: invalid character")

// Decode translates leet speak such as "h3ll0 w0r1d" back into plain
// lower-case letters. Letters are lower-cased, spaces are kept, and the
// usual digit and symbol substitutions are reversed. Any other character
// results in an error wrapping ErrInvalid.
func Decode(s string) (string, error) {
	var b strings.Builder
	b.Grow(len(s))
	for i, r := range s {
		switch r {
		case '4', '@':
			b.WriteRune('a')
		case '8':
			b.WriteRune('b')
		case '3':
			b.WriteRune('e')
		case '1', '!':
			b.WriteRune('i')
		case '0':
			b.WriteRune('o')
		case '5', '$':
			b.WriteRune('s')
		case '7', '+':
			b.WriteRune('t')
		case ' ':
			b.WriteRune(' ')
		default:
			if r > unicode.MaxASCII || !unicode.IsLetter(r) {
				return "", fmt.Errorf("decode %q at offset %d: %w", s, i, ErrInvalid)
			}
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String(), nil
}

// IsVowel reports whether r is an English vowel (a, e, i, o, u),
// in either case.
func IsVowel(r rune) bool {
	switch unicode.ToLower(r) {
	case 'a', 'e', 'i', 'o', 'u':
		return true
	}
	return false
}

// Score returns the Scrabble score of word. Letters are case-insensitive
// and characters that are not letters score nothing.
func Score(word string) int {
	total := 0
	for _, r := range strings.ToUpper(word) {
		switch r {
		case 'A', 'E', 'I', 'O', 'U', 'L', 'N', 'S', 'T', 'R':
			total += 1
		case 'D', 'G':
			total += 2
		case 'B', 'C', 'M', 'P':
			total += 3
		case 'F', 'H', 'V', 'W', 'Y':
			total += 4
		case 'K':
			total += 5
		case 'J', 'X':
			total += 8
		case 'Q', 'Z':
			total += 10
		}
	}
	return total
}

// Vowels returns the number of vowels in s.
func Vowels(s string) int {
	n := 0
	for _, r := range s {
		if IsVowel(r) {
			n++
		}
	}
	return n
}
