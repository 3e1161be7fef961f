// Package pat is Pat, the naive pattern matcher, a classic subject of the
// test data generation literature (the "patternmatcher" of seed 004,
// Lapierre et al., Sec. 3.2), ported to Go. The seed names it but does not
// list its code; this is the classic naive matcher.
package pat

// Pat returns the byte index of the first occurrence of pattern in
// subject, or -1 if pattern does not occur. The empty pattern occurs at
// index 0.
func Pat(subject, pattern string) int {
	i := 0
	for i <= len(subject)-len(pattern) {
		j := 0
		for j < len(pattern) && subject[i+j] == pattern[j] {
			j = j + 1
		}
		if j == len(pattern) {
			return i
		}
		i = i + 1
	}
	return -1
}
