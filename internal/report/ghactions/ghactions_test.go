package ghactions

import (
	"bytes"
	"testing"

	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/report"
)

// TestAnnotations: a warning per line with lived mutants, a notice per
// line with uncovered ones, the special characters of messages and properties escaped, and a
// summary.
func TestAnnotations(t *testing.T) {
	ms := []report.Mutant{
		{ID: 1, Package: "p", Op: "ROR", File: "dir/f,1.go", Line: 4, Col: 5, Orig: "a > b", Repl: "a < b", Status: mutate.Killed},
		{ID: 2, Package: "p", Op: "ROR", File: "dir/f,1.go", Line: 4, Col: 5, Orig: "a%b > 0", Repl: "true", Status: mutate.Lived},
		{ID: 3, Package: "p", Op: "RSR", File: "dir/f,1.go", Line: 7, Col: 2, Orig: "return b", Repl: "return 0", Status: mutate.NotCovered},
		{ID: 4, Package: "p", Op: "UOI", File: "dir/f,1.go", Line: 7, Col: 9, Orig: "b", Repl: "(-b)", Status: mutate.NotCovered},
	}
	var buf bytes.Buffer
	if err := Write(&buf, report.NewScore([]report.Package{{Path: "p"}}, ms, 1).Mutation()); err != nil {
		t.Fatal(err)
	}
	want := "::warning file=dir/f%2C1.go,line=4,col=5,title=gozilla%3A 1 mutant(s) survive::the tests run this line and all pass with 1 change(s):%0A#2 ROR: a%25b > 0  →  true\n" +
		"::notice file=dir/f%2C1.go,line=7,col=2,title=gozilla%3A 2 mutant(s) survive::no test runs this line, so none notices 2 change(s):%0A#3 RSR: return b  →  return 0%0A#4 UOI: b  →  (-b)\n" +
		"::notice title=gozilla score::mutation score 0.250: 4 mutants, 3 survive on 2 line(s)\n"
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
}
