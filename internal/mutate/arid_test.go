package mutate

import (
	"strings"
	"testing"
)

// aridSrc holds arid code next to code that is not; aridCases say which
// mutants (by their original text on a line) are made by default.
const aridSrc = `package p

import (
	"errors"
	"fmt"
	"io"
	"log"
	"log/slog"
	"os"
)

var ErrNeg = errors.New("negative")

func F(x int, w io.Writer) (int, error) {
	if x < 0 {
		log.Printf("negative %d", x+1)
		return 0, fmt.Errorf("bad %d: %w", x*2, ErrNeg)
	}
	if x > 100 {
		panic(fmt.Sprintf("big %d", x-100))
	}
	fmt.Fprintf(os.Stderr, "x=%d\n", x+2)
	fmt.Fprintf(w, "%d", x+3)
	slog.Info("done", "x", x+6)
	return x + 5, errors.New(fmt.Sprint(x + 7))
}

func G(x int) {
	if x == 3 {
		log.Fatalf("three: %d", x+4)
	}
}
`

var aridCases = []struct {
	line, orig string // a line holding it, the mutant's original text
	made       bool
}{
	{"if x < 0", "x < 0", true},                             // the guard of a log line
	{"log.Printf", "x+1", false},                            // a log line's argument
	{"log.Printf", `log.Printf("negative %d", x+1)`, false}, // deleting a log line
	{"fmt.Errorf", "x*2", false},                            // an error message's argument
	{"fmt.Errorf", "0", true},                               // the returned value beside it
	{"panic(", "x-100", false},                              // a panic's text
	{"os.Stderr", "x+2", false},                             // a line to standard error
	{"Fprintf(w", "x+3", true},                              // output to the caller's writer
	{"slog.Info", "x+6", false},                             // structured logging
	{"return x + 5", "x + 5", true},                         // the result
	{"return x + 5", "x + 7", false},                        // an error's text
	{"log.Fatalf", "x+4", false},                            // the text of a log line that exits
	{"log.Fatalf", `log.Fatalf("three: %d", x+4)`, true},    // deleting it changes control flow
}

func TestArid(t *testing.T) {
	pkg := loadSrc(t, map[string]string{"p.go": aridSrc})
	made := func(set *Set, line, orig string) bool {
		lines := strings.Split(aridSrc, "\n")
		for _, m := range set.Mutants {
			if m.Orig == orig && strings.Contains(lines[m.Line-1], line) {
				return true
			}
		}
		return false
	}
	set, err := Generate(pkg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	all, err := Generate(pkg, Options{Arid: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range aridCases {
		if !made(all, c.line, c.orig) {
			t.Errorf("no mutant of %q on the line of %q even with Arid: the case tests nothing", c.orig, c.line)
			continue
		}
		if got := made(set, c.line, c.orig); got != c.made {
			t.Errorf("mutant of %q on the line of %q: made %v by default, want %v", c.orig, c.line, got, c.made)
		}
	}
	if add := len(all.Mutants) - len(set.Mutants); add == 0 || set.Arid != add {
		t.Errorf("Set.Arid = %d, want the %d mutants Arid adds", set.Arid, add)
	}
}
