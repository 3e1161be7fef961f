package report

import (
	"bytes"
	"strings"
	"testing"
)

// TestGenSummaryDenominator: the summary's score has the packages'
// denominator, the mutants not run in it (counted as not killed), and
// the text names them. On samber/lo the summary said 1 and the package
// 0.0045: the summary left the 3601 mutants not run out.
func TestGenSummaryDenominator(t *testing.T) {
	p := GenPackage{Path: "lo", Counts: Counts{Mutants: 3617, Killed: 16, Equivalent: 0, NotRun: 3601}, Partial: true, Stopped: "deadline 30m0s: the search stopped at 24m0s"}
	p.Score = UnitScore(p.Killed, p.Mutants-p.Equivalent)
	q := GenPackage{Path: "lo/it", Counts: Counts{Mutants: 100, Killed: 50, Equivalent: 10, Lived: 40}}
	q.Score = UnitScore(q.Killed, q.Mutants-q.Equivalent)
	g := NewGen([]GenPackage{p, q}, nil, 1)
	want := 66.0 / (3717 - 10)
	if s := g.Summary.Score; s == nil || *s != *UnitScore(66, 3707) || *s < want-1e-6 || *s > want+1e-6 {
		t.Errorf("summary score %v, want %.6f (killed / (mutants - equivalent), not run in)", g.Summary.Score, want)
	}
	one := NewGen([]GenPackage{p}, nil, 1)
	if *one.Summary.Score != *p.Score {
		t.Errorf("one package: summary score %v, package %v: want the same", *one.Summary.Score, *p.Score)
	}
	var b bytes.Buffer
	if err := g.Text(&b, false); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "all packages: 3717 mutants, 66 killed (3601 not run, counted as not killed), MS 0.018") {
		t.Errorf("the text's totals do not name the mutants not run:\n%s", b.String())
	}
}

// TestGenPartialClock: a package the safety clock stopped is partial
// with its file written; the text says the clock stopped it, not a
// deadline, and does not say no file was written.
func TestGenPartialClock(t *testing.T) {
	p := GenPackage{Path: "m/calc", File: "calc/calc_gozilla_test.go", Counts: Counts{Mutants: 10, Killed: 8, Lived: 2}, Partial: true, Phase: "unit passes", Clock: []string{"Abs"}}
	g := NewGen([]GenPackage{p}, nil, 1)
	g.Summary.Cause, g.Summary.Stopped = "unit clock", "the safety clock (-unit 2m0s) stopped 1 unit(s)"
	if !g.Summary.Partial || g.Summary.Phase != "unit passes" {
		t.Errorf("summary %+v: want partial, phase unit passes", g.Summary)
	}
	var b bytes.Buffer
	if err := g.Text(&b, false); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !strings.Contains(out, "m/calc → calc/calc_gozilla_test.go") || strings.Contains(out, "no test file written") {
		t.Errorf("a clocked package's file is written:\n%s", out)
	}
	if !strings.Contains(out, "PARTIAL RESULT (the safety clock, not a deadline: exit 4)") {
		t.Errorf("the text does not say the clock stopped it:\n%s", out)
	}
}
