package report

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/mutate"
)

func TestCountsScore(t *testing.T) {
	tests := []struct {
		statuses []mutate.Status
		want     float64 // NaN for undefined
	}{
		{[]mutate.Status{mutate.Killed, mutate.Lived}, 0.5},
		{[]mutate.Status{mutate.Killed, mutate.TimedOut, mutate.Lived, mutate.NotCovered}, 0.5},
		{[]mutate.Status{mutate.Killed, mutate.Equivalent, mutate.Lived, mutate.Equivalent}, 0.5}, // E leaves the denominator
		{[]mutate.Status{mutate.Equivalent}, math.NaN()},
		{nil, math.NaN()},
	}
	for _, tt := range tests {
		var c Counts
		for _, s := range tt.statuses {
			c.Add(s)
		}
		got := c.Score()
		if math.IsNaN(tt.want) != math.IsNaN(got) || (!math.IsNaN(got) && got != tt.want) {
			t.Errorf("Score of %v = %v, want %v", tt.statuses, got, tt.want)
		}
	}
}

func TestNewScore(t *testing.T) {
	ms := []Mutant{
		{ID: 2, Package: "b", Op: "ROR", Status: mutate.Lived},
		{ID: 1, Package: "b", Op: "SDL", Orig: "x++", Repl: "", Status: mutate.Killed},
		{ID: 1, Package: "a", Op: "AOR", Status: mutate.NotCovered},
	}
	s := NewScore([]Package{{Path: "a"}, {Path: "b"}}, ms, 1.5)
	if s.Mutants[0].Package != "a" || s.Mutants[1].ID != 1 || s.Mutants[2].ID != 2 {
		t.Errorf("mutants not sorted by package and ID: %+v", s.Mutants)
	}
	if s.Summary.Mutants != 3 || s.Summary.Killed != 1 || s.Summary.Lived != 1 || s.Summary.NotCovered != 1 {
		t.Errorf("summary %+v", s.Summary)
	}
	if s.Packages[0].Score == nil || *s.Packages[0].Score != 0 || s.Packages[1].Score == nil || *s.Packages[1].Score != 0.5 {
		t.Errorf("package scores %v %v, want 0 and 0.5", s.Packages[0].Score, s.Packages[1].Score)
	}
	var buf bytes.Buffer
	if err := s.JSON(&buf); err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil || doc["schema"] != ScoreSchema {
		t.Errorf("JSON %s: %v", buf.String(), err)
	}
	buf.Reset()
	s.Text(&buf, false)
	text := buf.String()
	if strings.Contains(text, "SDL") {
		t.Errorf("killed mutants listed without -v:\n%s", text)
	}
	buf.Reset()
	s.Text(&buf, true)
	if !strings.Contains(buf.String(), "x++  →  (deleted)") {
		t.Errorf("verbose listing lacks the deleted statement:\n%s", buf.String())
	}
}

// TestChangeKeepsDifference: shortening long texts never makes two
// different sides print the same; the place where they differ stays in
// view.
func TestChangeKeepsDifference(t *testing.T) {
	long := "func(v int) int { if v == 0 { panic(\"gozilla: ZPUSH\") }; return v }(compute(alpha, beta, gamma))"
	tests := []struct{ orig, repl, want string }{
		{"x < 0", "x <= 0", "x < 0  →  x <= 0"},
		{"x++", "", "x++  →  (deleted)"},
		// The difference is past the 57th rune of both sides.
		{long + " + 1", long + " - 1", "...gamma)) + 1  →  ...gamma)) - 1"},
		// The difference is in the middle of long texts.
		{strings.Repeat("a", 70) + "X" + strings.Repeat("b", 70), strings.Repeat("a", 70) + "Y" + strings.Repeat("b", 70),
			"...aaaaaaaaXbbbbbbbb...  →  ...aaaaaaaaYbbbbbbbb..."},
		// One side short: the long one keeps its start.
		{strings.Repeat("c", 80), "0", strings.Repeat("c", 57) + "...  →  0"},
		// Closures in plain words: no internal name (ZPUSH) in a report.
		{"n", "func(v int) int { if v == 0 { panic(\"gozilla: ZPUSH\") }; return v }(n)", "n  →  n, but a panic when it is 0"},
		{"d", "func(v int64) int64 { if v <= 0 { v = 0 - v }; return -v }(d)", "d  →  -abs(d)"},
		{"d", "func(v int64) int64 { if v <= 0 { v = 0 - v }; return v }(d)", "d  →  abs(d)"},
	}
	for _, tt := range tests {
		got := Change(tt.orig, tt.repl)
		if got != tt.want {
			t.Errorf("Change(%q, %q) = %q, want %q", tt.orig, tt.repl, got, tt.want)
		}
		if o, r, _ := strings.Cut(got, "  →  "); o == r {
			t.Errorf("Change(%q, %q) prints both sides as %q", tt.orig, tt.repl, o)
		}
	}
}

// TestPartialScore: the mutants a stopped run did not decide are
// counted not_run, left out of MS, and the report says it is partial.
func TestPartialScore(t *testing.T) {
	ms := []Mutant{
		{ID: 1, Package: "a", Status: mutate.Killed},
		{ID: 2, Package: "a", Status: mutate.Lived},
		{ID: 3, Package: "a", Status: mutate.NotRun},
		{ID: 4, Package: "a", Status: mutate.NotRun},
	}
	s := NewScore([]Package{{Path: "a", Partial: true, TestsTime: []TestTime{{Test: "TestRunes", BaselineSeconds: 2, Mutants: 3, Seconds: 6}}}}, ms, 1)
	s.Summary.Stopped = "interrupted"
	if !s.Summary.Partial || s.Summary.NotRun != 2 || s.Packages[0].NotRun != 2 {
		t.Errorf("summary %+v, package %+v: want partial with 2 not_run", s.Summary, s.Packages[0].Counts)
	}
	if s.Summary.Score == nil || *s.Summary.Score != 0.5 {
		t.Errorf("score %v, want 0.5 over the 2 decided mutants", s.Summary.Score)
	}
	var buf bytes.Buffer
	s.JSON(&buf)
	for _, want := range []string{`"partial": true`, `"not_run": 2`, `"status": "not_run"`, `"tests_time"`} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("JSON lacks %s:\n%s", want, buf.String())
		}
	}
	buf.Reset()
	s.Text(&buf, false)
	if first := "PARTIAL REPORT (interrupted): 2 of 4 mutants not run, left out of the score\n"; !strings.HasPrefix(buf.String(), first) {
		t.Errorf("a partial report's first line is not %q:\n%s", first, buf.String())
	}
	for _, want := range []string{"PARTIAL REPORT (interrupted): 2 of 4 mutants not run", "a TestRunes 2.000s × 3 mutants ≈ 6.0s"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, buf.String())
		}
	}
	if strings.Contains(buf.String(), "not_run ") {
		t.Errorf("text lists the mutants not run without -v:\n%s", buf.String())
	}
	// A finished report has none of it.
	full := NewScore([]Package{{Path: "a"}}, ms[:2], 1)
	buf.Reset()
	full.JSON(&buf)
	if strings.Contains(buf.String(), "partial") || strings.Contains(buf.String(), "not_run") {
		t.Errorf("finished report mentions partial or not_run:\n%s", buf.String())
	}
}

// TestScoreText checks the text report's order and grouping: the score
// first, then the packages, the survivors by function and line with
// each line's source, the equivalent ones with plain proofs under -v,
// and a legend of what is shown.
func TestScoreText(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f.go")
	src := "package p\n\nfunc F(a, b int) int {\n\tif a > b {\n\t\treturn a\n\t}\n\treturn b\n}\n\nfunc G() {}\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	ms := []Mutant{
		{ID: 1, Package: "p", Func: "F", Op: "ROR", File: file, Line: 4, Offset: 30, Orig: "a > b", Repl: "a >= b", Status: mutate.Equivalent,
			Reason: "rules: reachability ∧ necessity infeasible on each of 1 arrival(s) (Offutt–Pan strategies): partial negation: a > b conflicts with a == b"},
		{ID: 2, Package: "p", Func: "F", Op: "ROR", File: file, Line: 4, Offset: 30, Orig: "a > b", Repl: "true", Status: mutate.Lived, RunBy: "TestF", Tests: 2},
		{ID: 6, Package: "p", Func: "F", Op: "ROR", File: file, Line: 4, Offset: 30, Orig: "a > b", Repl: "a != b", Status: mutate.Lived, RunBy: "TestF", Tests: 2, Input: "a=1, b=2"},
		{ID: 7, Package: "p", Func: "F", Op: "RSR", File: file, Line: 5, Offset: 40, Orig: "return a", Repl: "return 0", Status: mutate.Lived, RunBy: "TestG", Tests: 1},
		{ID: 3, Package: "p", Func: "F", Op: "RSR", File: file, Line: 7, Offset: 50, Orig: "return b", Repl: "return 0", Status: mutate.NotCovered},
		{ID: 4, Package: "p", Func: "F", Op: "ROR", File: file, Line: 4, Offset: 30, Orig: "a > b", Repl: "a < b", Status: mutate.Killed, KilledBy: "TestF"},
		{ID: 5, Package: "p", Func: "G", Op: "SDL", File: file, Line: 10, Offset: 70, Orig: "x()", Status: mutate.NotCovered},
	}
	s := NewScore([]Package{{Path: "p"}}, ms, 1)
	var buf bytes.Buffer
	if err := s.Text(&buf, false); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	// One survivor a line, the most telling (the one with an input that
	// kills it), and what to do about it.
	for _, want := range []string{
		"mutation score 0.167: the tests kill 1 of 6 mutants (1 more are equivalent to the code and left out); 5 survive\n\nPACKAGE",
		"SURVIVORS: 5 mutants no test notices, on 4 lines; below, the most telling of each line (-v lists all)\n\nF  " + file + ":4  4 survive; TestF (and 1 more test) run it and pass with each change below\n",
		"     4 |     if a > b {\n         #6  ROR  a > b  →  a != b: a case with a=1, b=2 tells it apart  (1 more on this line)\n",
		"     5 |         return a\n         #7  RSR  return a  →  return 0: TestG runs this line and passes\n",
		"  no test runs line 7: 1 mutant is not covered\n",
		"G  " + file + ":10  1 survives: no test runs it; a test that calls it kills many at once\n",
		"legend: MS, the mutation score",
		"  lived: the tests run the mutated code and all pass; not covered: no test runs the mutated code\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	for _, not := range []string{"#1 ", "#2 ", "#3 ", "#4 ", "EQUIVALENT (", "KILLED (", "SDL:"} {
		if strings.Contains(text, not) {
			t.Errorf("text without -v has %q:\n%s", not, text)
		}
	}
	if i, j := strings.Index(text, "mutation score"), strings.Index(text, "SURVIVORS"); i != 0 || j < i {
		t.Errorf("the score is not first:\n%s", text)
	}

	buf.Reset()
	s.Text(&buf, true)
	text = buf.String()
	for _, want := range []string{
		"EQUIVALENT (1): mutants that behave like the code on every input, left out of the score\n",
		"      #1  ROR  a > b  →  a >= b\n           proof: wherever the change is reached, it cannot change a value: partial negation: a > b conflicts with a == b (Offutt–Pan's rules)\n",
		"KILLED (1)\n",
		"#4  ROR  a > b  →  a < b  by TestF",
		"    10 | func G() {}   ← no test runs this line\n      #5  SDL  x()  →  (deleted)\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("verbose text lacks %q:\n%s", want, text)
		}
	}
}

// TestPlainProofHidesSymbols: a proof's conflict is shown when it is in
// the code's terms, and left out when it names the prover's own symbols.
func TestPlainProofHidesSymbols(t *testing.T) {
	for _, tt := range []struct{ reason, want string }{
		{"rules: reachability ∧ necessity infeasible on each of 1 arrival(s) (Offutt–Pan strategies): negation: a > b conflicts with a <= b",
			"wherever the change is reached, it cannot change a value: negation: a > b conflicts with a <= b (Offutt–Pan's rules)"},
		{"rules: reachability ∧ necessity infeasible on each of 2 arrival(s) (Offutt–Pan strategies): negation: ?v#38 > 0 conflicts with ?v#38 < 0",
			"wherever the change is reached, it cannot change a value (Offutt–Pan's rules)"},
	} {
		if got := PlainProof(tt.reason); got != tt.want {
			t.Errorf("PlainProof(%q) = %q, want %q", tt.reason, got, tt.want)
		}
	}
}

// TestScoreTextSearchFailed: when the search for killing inputs failed
// (its build, beside a file declaring the harness's names), the report
// says so, in the summary and for each survivor, never "no input found".
func TestScoreTextSearchFailed(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f.go")
	src := "package p\n\nfunc F(a, b int) int {\n\tif a > b {\n\t\treturn a\n\t}\n\treturn b\n}\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	why := "the search for a killing input failed: building the harness: p_gozilla_test.go:12:6: gozillaRequest redeclared in this block"
	ms := []Mutant{
		{ID: 1, Package: "p", Func: "F", Op: "ROR", File: file, Line: 4, Offset: 30, Orig: "a > b", Repl: "true", Status: mutate.Lived, RunBy: "TestF", Tests: 2, Verdict: "unknown", Why: why},
		{ID: 2, Package: "p", Func: "F", Op: "ROR", File: file, Line: 4, Offset: 30, Orig: "a > b", Repl: "a < b", Status: mutate.Killed, KilledBy: "TestF"},
	}
	s := NewScore([]Package{{Path: "p"}}, ms, 1)
	var buf bytes.Buffer
	if err := s.Text(&buf, false); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	for _, want := range []string{
		"(0 with an input that kills them, 1 undecided: " + why + ")",
		"undecided (" + why + ")",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "no input found") {
		t.Errorf("text says no input was found:\n%s", text)
	}
}

// TestTellsApartNamesItsFunction: an input found for another function
// than the mutant's (a constructor whose value's method reaches it) is
// said with that function's name, whose parameters it spells.
func TestTellsApartNamesItsFunction(t *testing.T) {
	m := Mutant{ID: 3, Func: "ParseLimit", Input: `spec="0/s", maxKeys=0`, InputOf: "NewLimiter"}
	if got, want := tellsApart(m), `a case of NewLimiter with spec="0/s", maxKeys=0 tells it apart`; got != want {
		t.Errorf("tellsApart = %q, want %q", got, want)
	}
	m.InputOf = ""
	if got, want := tellsApart(m), `a case with spec="0/s", maxKeys=0 tells it apart`; got != want {
		t.Errorf("tellsApart = %q, want %q", got, want)
	}
}
