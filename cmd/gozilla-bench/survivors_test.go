package main

import (
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/equiv"
	"github.com/gozilla/gozilla/internal/mutate"
)

func TestSurvivorsMarkdown(t *testing.T) {
	rows := []*survRow{
		{reportTarget: reportTarget{name: "subjects/a"}, mutants: 100, eq0: 5, eq: 5, killable: 30, unknown: 5, secs0: 10, secs1: 12,
			checkedEq: 5, eqHow: map[string]int{"every input": 5}, checkedKill: 30, confirmedKill: 29, badKill: []string{"#7 F(x=1): the oracle's run does not kill it"},
			differs: 1, why: map[string]int{"the prover's budget ran out": 4, "floating-point values": 1}},
		{reportTarget: reportTarget{name: "subjects/b"}, mutants: 10, secs0: 1, fails: []string{"score: exit status 2"}},
	}
	cfg := &reportConfig{jobs: 2, realistic: true, std: strings.Split(defaultReportStd, ",")}
	md := survivorsMarkdown(rows, cfg, defaultSurvivorsRandom, "abc1234", "a machine", "2026-01-01")
	for _, want := range []string{
		"## Survivors decided (issue 33)",
		"`go run ./cmd/gozilla-bench survivors -j 2 -w BENCHMARKS.md`",
		// alive 40 = 5 + 30 + 5; decided 35; same = 35 - 1 of the 35 survivors.
		"| subjects/a | 100 | 40 | 5 | 30 | 5 | 87.5% | 10.0 / 12.0 | +20% | 29 / 30 | 5 / 0 | 34 / 35 |",
		"| subjects/b † | 10 |",
		"| **total** (1 targets) | 100 | 40 | 5 | 30 | 5 | 87.5% | 10.0 / 12.0 | +20% | 29 / 30 | 5 / 0 | 34 / 35 |",
		"the prover's budget ran out 4; floating-point values 1",
		"- killable, not confirmed: subjects/a #7 F(x=1): the oracle's run does not kill it",
		"† subjects/b: score: exit status 2",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q:\n%s", want, md)
		}
	}
}

func TestUnknownClass(t *testing.T) {
	for _, tt := range []struct {
		v    *equiv.Verdict
		want string
	}{
		{nil, "not analysed (outside the functions the prover analyses)"},
		{&equiv.Verdict{Status: mutate.Killable}, "killable by the prover's model, but no run confirms it"},
		{&equiv.Verdict{Reason: "SAT budget (100 propagations) spent"}, "the prover's budget ran out"},
		{&equiv.Verdict{Reason: "floating-point values: the exact procedure does not decide them"}, "floating-point values"},
	} {
		if got := unknownClass(tt.v); got != tt.want {
			t.Errorf("unknownClass(%+v) = %q, want %q", tt.v, got, tt.want)
		}
	}
}

func TestShortCode(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"x < 0", "x < 0"},
		{"if workers < 1 {\n\t\tworkers = 1\n\t}", "if workers < 1 { workers = 1 }"},
		{strings.Repeat("a", 70), strings.Repeat("a", 57) + "..."},
	} {
		if got := shortCode(tt.in); got != tt.want {
			t.Errorf("shortCode(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
