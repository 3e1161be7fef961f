// Package wc is the program wc of seed 004 (Lapierre et al., "Automatic
// unit test data generation using mixed-integer linear programming and
// execution trees", Fig. 1), ported to Go.
//
// The original is a main program that reads characters from stdin with
// getc until EOF and prints the counts; the port reads the bytes of a
// string instead (one byte for each getc) and returns the counts.
package wc

// Count returns the number of lines (newline bytes), words (maximal runs
// of bytes other than newline, tab and space) and characters (bytes) of s.
func Count(s string) (nl, nw, nc int) {
	inword := 0
	nl = 0
	nw = 0
	nc = 0
	i := 0
	for i < len(s) {
		c := s[i]
		nc = nc + 1
		if c == '\n' {
			nl = nl + 1
		}
		if c == '\n' || c == '\t' || c == ' ' {
			inword = 0
		} else if inword == 0 {
			inword = 1
			nw = nw + 1
		}
		i = i + 1
	}
	return nl, nw, nc
}
