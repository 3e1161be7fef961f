package main

import (
	"slices"
	"strings"
	"testing"
)

// newReport is the text report after issue 32: one survivor a line, the
// most telling, on one line with what to do about it, under a function
// heading that says which test runs the function; lines and functions no
// test runs are one line each; the slowest tests and the legend after
// the survivors.
const newReport = `mutation score 0.590: the tests kill 121 of 205 mutants (4 more are equivalent to the code and left out); 84 survive

PACKAGE               MUTANTS KILLED LIVED TIMED OUT NOT COVERED EQUIVALENT MS    SECONDS
example.com/shop/shop 209     121    70    0         14          4          0.590 0.6

SURVIVORS: 84 mutants no test notices, on 9 lines; below, the most telling of each line (-v lists all)

Discount  shop/price.go:12  38 survive; TestTotal runs it and passes with each change below
    12 |     case qty >= 100:
         #6  ROR  qty >= 100  →  qty > 100: a case with qty=100 tells it apart  (15 more on this line)
    13 |         return 15
         #26  RSR  return 15  →  return 0: no test runs this line; a case with qty=200 tells it apart  (5 more on this line)
  no test runs lines 15, 17: 3 mutants are not covered

G  f.go:10  1 survives: no test runs it; a test that calls it kills many at once

slowest tests (baseline time × mutants run for):
  example.com/shop/shop TestTotal 0.003s × 686 mutants ≈ 1.8s

legend:
  MS, the mutation score = killed (timed out included) / (mutants - equivalent)
  ROR: comparison replaced (< by <=, == by !=, …, or by true/false)
  -v lists the killed and the equivalent mutants too, with the proofs
`

// oldReport is the text report before issue 32: every survivor under
// its line.
const oldReport = `mutation score 0.500: the tests kill 4 of 8 mutants; 4 survive

PACKAGE MUTANTS KILLED LIVED TIMED OUT NOT COVERED EQUIVALENT MS    SECONDS
p       8       4      2     0         2           0          0.500 0.1

SURVIVORS (4): mutants no test notices, by function and line

F  f.go:4  (3)
     4 |     if a > b {   ← tests run this line, and pass with each change below
      #2  ROR  a > b  →  true
      #6  ROR  a > b  →  a != b   told apart by a=1, b=2
     7 |     return b   ← no test runs this line
      #3  RSR  return b  →  return 0

G  f.go:10  (1)
  no test runs it: its 1 mutants are not covered (-v lists them)

legend:
  MS, the mutation score = killed (timed out included) / (mutants - equivalent)
  lived: the tests run the mutated code and all pass
  #9 is not a row: the legend is not the survivors' section
`

func TestParseReportText(t *testing.T) {
	ms := func(v float64) *float64 { return &v }
	for _, tc := range []struct {
		name string
		text string
		want textFigures
	}{
		{"new shape", newReport, textFigures{lines: 23, sectionLines: 10, survivors: 84, killed: 121, of: 205, ms: ms(0.590),
			surfaced: 2, condensed: 4, condensedFns: 1, unshown: 20}},
		{"old shape", oldReport, textFigures{lines: 21, sectionLines: 11, survivors: 4, killed: 4, of: 8, ms: ms(0.5),
			surfaced: 3, condensed: 1, condensedFns: 1}},
		{"no survivors", "mutation score 1.000: the tests kill 3 of 3 mutants; 0 survive\n\nPACKAGE MUTANTS\np 3\n\nlegend:\n  MS\n",
			textFigures{lines: 7, survivors: 0, killed: 3, of: 3, ms: ms(1)}},
		{"no score", "mutation score n/a: no mutant to score (0 mutants, 0 equivalent)\n\nPACKAGE MUTANTS\np 0\n",
			textFigures{lines: 4, survivors: 0}},
		{"not a report", "gozilla: no Go files", textFigures{lines: 1, survivors: -1}},
		{"empty", "", textFigures{survivors: -1}},
		{"arid note and a flaky test right after the survivors", `mutation score 0.750: the tests kill 3 of 4 mutants; 1 survive
not counted: 7 mutants of arid code (log lines, error and panic messages), not made; -arid makes and counts them

SURVIVORS: 1 mutants no test notices, on 1 lines; below, the most telling of each line (-v lists all)

(package level)  f.go:3  (1)
     3 | var x = 1
      #1  CRP  1  →  2
          tests run this line and pass with the change: check what the change alters
flaky: p TestX failed 1 of 3 runs on the unmutated code: left out of the mutant runs
      #99  not a row
`, textFigures{lines: 11, sectionLines: 6, survivors: 1, killed: 3, of: 4, ms: ms(0.75), surfaced: 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := parseReportText(tc.text)
			if (got.ms == nil) != (tc.want.ms == nil) || got.ms != nil && *got.ms != *tc.want.ms {
				t.Errorf("ms = %v, want %v", fmtScore(got.ms), fmtScore(tc.want.ms))
			}
			got.ms, tc.want.ms = nil, nil
			if got != tc.want {
				t.Errorf("parseReportText =\n %+v, want\n %+v", got, tc.want)
			}
		})
	}
}

func TestCountLines(t *testing.T) {
	for _, tc := range []struct {
		text string
		want int
	}{
		{"", 0},
		{"\n", 1},
		{"a", 1},
		{"a\nb", 2},
		{"a\nb\n", 2},
		{"a\n\n\nb\n", 4},
		{newReport, 23},
	} {
		if got := countLines(tc.text); got != tc.want {
			t.Errorf("countLines(%q) = %d, want %d", tc.text, got, tc.want)
		}
	}
}

func TestParseScoreJSON(t *testing.T) {
	for _, tc := range []struct {
		name    string
		json    string
		want    jsonFigures
		score   string
		wantErr bool
	}{
		{"arid not mutated", `{"schema":"x","summary":{"mutants":209,"killed":121,"lived":70,"timed_out":2,"not_covered":14,"equivalent":4,"score":0.59,"seconds":0.6,"arid":31},"packages":[],"mutants":[]}`,
			jsonFigures{mutants: 209, killed: 121, timedOut: 2, equivalent: 4, survivors: 84, arid: 31}, "0.590", false},
		{"-arid: no arid field", `{"summary":{"mutants":240,"killed":140,"lived":80,"not_covered":16,"equivalent":4,"score":0.593}}`,
			jsonFigures{mutants: 240, killed: 140, equivalent: 4, survivors: 96}, "0.593", false},
		{"no score, partial", `{"summary":{"mutants":3,"equivalent":1,"not_run":2,"score":null,"partial":true}}`,
			jsonFigures{mutants: 3, equivalent: 1, notRun: 2, partial: true}, "n/a", false},
		{"not JSON", "mutation score 0.5", jsonFigures{}, "n/a", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseScoreJSON([]byte(tc.json))
			if (err != nil) != tc.wantErr {
				t.Fatalf("err = %v, want error %v", err, tc.wantErr)
			}
			if s := fmtScore(got.score); s != tc.score {
				t.Errorf("score = %s, want %s", s, tc.score)
			}
			got.score = nil
			if got != tc.want {
				t.Errorf("parseScoreJSON = %+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestReportMarkdown(t *testing.T) {
	ms := func(v float64) *float64 { return &v }
	old, cur := parseReportText(oldReport), parseReportText(newReport)
	rows := []*reportRow{
		{reportTarget: reportTarget{name: "subjects/a"}, srcLines: 200, before: &old, after: &cur,
			plain: &jsonFigures{mutants: 209, killed: 121, equivalent: 4, survivors: 84, arid: 31, score: ms(0.59)},
			arid:  &jsonFigures{mutants: 240, killed: 140, equivalent: 4, survivors: 96, score: ms(0.593)}},
		{reportTarget: reportTarget{name: "subjects/b"}, srcLines: 50, after: &cur, fails: []string{"score (-before): exit status 2: bad flag"}},
	}
	cfg := &reportConfig{jobs: 2, before: defaultReportBefore, realistic: true, std: strings.Split(defaultReportStd, ",")}
	md := reportMarkdown(rows, cfg, "abc1234+dirty", "a machine", "2026-01-01")
	for _, want := range []string{
		"## Reports a reviewer can act on (issue 32)",
		"`go run ./cmd/gozilla-bench report -j 2 -w BENCHMARKS.md`",
		"abc1234+dirty", "4c68169",
		"| subjects/a | 200 | 21 / 23 | 10.5 / 11.5 | 4 / 84 | 3 / 2 | 1 / 4 | 0.500 | 0.590 / 0.593 | 31 |",
		"| subjects/b † | 50 | — / 23 | — / 46.0 | — / — | — / 2 | — / 4 | — | — / — | — |",
		"| **total** (1 targets) | 200 | 21 / 23 | 10.5 / 11.5 | 4 / 84 | 3 / 2 | 1 / 4 | 0.500 | 0.590 / 0.593 | 31 |",
		"The totals are of the 1 targets with every figure",
		"† subjects/b: failed: score (-before): exit status 2: bad flag.",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q:\n%s", want, md)
		}
	}
}

func TestReportFlags(t *testing.T) {
	cfg := &reportConfig{jobs: 1, before: "abc", subjects: []string{"gcd", "tritype"}, realistic: false}
	if got, want := reportFlags(cfg), " -j 1 -before abc -subjects gcd,tritype -realistic=false -std ''"; got != want {
		t.Errorf("reportFlags = %q, want %q", got, want)
	}
}

func TestReportRowCheck(t *testing.T) {
	ms := func(v float64) *float64 { return &v }
	// Of 84 survivors, 9 shown (one a line), 70 counted, 5 in a function
	// no test runs.
	cur := textFigures{survivors: 84, surfaced: 9, unshown: 70, condensed: 5}
	broken := cur
	broken.surfaced--
	for _, tc := range []struct {
		name         string
		row          reportRow
		notes, fails []string
	}{
		{"agreeing", reportRow{after: &cur,
			plain: &jsonFigures{mutants: 209, survivors: 84, arid: 31, score: ms(0.59)},
			arid:  &jsonFigures{mutants: 240, survivors: 96, score: ms(0.593)}}, nil, nil},
		{"text and JSON runs differ", reportRow{after: &cur, plain: &jsonFigures{survivors: 85}},
			[]string{"the text run counts 84 survivors, the JSON run 85: verdicts that vary from run to run"}, nil},
		{"arid count off", reportRow{plain: &jsonFigures{mutants: 10, arid: 2, score: ms(0.5)}, arid: &jsonFigures{mutants: 11, score: ms(0.5)}},
			[]string{"10 mutants and 2 arid not made, but 11 with -arid (the arid count includes mutants -arid drops as not compiling)"}, nil},
		{"MS moves with no arid mutant", reportRow{plain: &jsonFigures{mutants: 10, score: ms(0.5)}, arid: &jsonFigures{mutants: 10, score: ms(0.4)}},
			[]string{"no arid mutant, yet MS 0.500 and 0.400 on the same 10 mutants: verdicts that vary from run to run"}, nil},
		{"rows do not add up", reportRow{before: &broken},
			nil, []string{"the -before report shows 8 survivors, counts 70 more and condenses 5, of 84"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.row.check()
			if !slices.Equal(tc.row.notes, tc.notes) || !slices.Equal(tc.row.fails, tc.fails) {
				t.Errorf("notes %q, fails %q; want %q, %q", tc.row.notes, tc.row.fails, tc.notes, tc.fails)
			}
		})
	}
}
