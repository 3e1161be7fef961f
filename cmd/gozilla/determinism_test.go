package main

// End-to-end tests of determinism: the same code, flags and seed give
// the same verdicts on every run, whatever -j and the machine's load.
// The prover's verdicts are the ones at risk (its limits are budgets of
// SAT propagations and explored blocks, not the clock), so the subject
// is TRITYP, whose survivors need the prover (rules, exact SAT and the
// miter) to come out equivalent.

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/cpuload"
	"github.com/gozilla/gozilla/internal/report"
	"github.com/gozilla/gozilla/internal/testmod"
)

// subjectModule writes testdata/subjects/name as package name of a
// module of its own.
func subjectModule(t *testing.T, name string) string {
	t.Helper()
	files := map[string]string{}
	paths, err := filepath.Glob(filepath.Join("..", "..", "testdata", "subjects", name, "*.go"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("subject %s: %v", name, err)
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files[name+"/"+filepath.Base(p)] = string(data)
	}
	return testmod.Write(t, files)
}

// verdicts is what a run decided: every mutant's status, and the score
// (gen's report has the score schema's summary and mutants too).
type verdicts = report.Score

// loaded runs gozilla with every CPU kept busy by other goroutines, so
// that its solver and workers are descheduled at arbitrary points.
func loaded(t *testing.T, dir string, args ...string) result {
	t.Helper()
	stop := cpuload.Start()
	defer stop()
	return gz(t, dir, args...)
}

// sameVerdicts runs args with -j 1, then with -j 2 under load, and
// compares every mutant's status and the score.
func sameVerdicts(t *testing.T, dir string, args ...string) {
	t.Helper()
	var docs [2]verdicts
	for i, j := range []string{"1", "2"} {
		run := gz
		if i == 1 {
			run = loaded
		}
		a := append([]string{args[0], "-j", j}, args[1:]...)
		r := run(t, dir, a...)
		if r.code != 0 {
			t.Fatalf("gozilla %s: exit %d, stderr:\n%s", strings.Join(a, " "), r.code, r.stderr)
		}
		if err := json.Unmarshal([]byte(r.stdout), &docs[i]); err != nil {
			t.Fatalf("bad JSON: %v\n%s", err, r.stdout)
		}
	}
	a, b := docs[0], docs[1]
	if len(a.Mutants) == 0 || len(a.Mutants) != len(b.Mutants) {
		t.Fatalf("%d mutants with -j 1, %d with -j 2", len(a.Mutants), len(b.Mutants))
	}
	if a.Summary.Equivalent == 0 {
		t.Fatalf("no mutant proven equivalent: the prover's verdicts are not compared")
	}
	diff := 0
	for i, m := range a.Mutants {
		n := b.Mutants[i]
		if m.ID != n.ID || m.Package != n.Package {
			t.Fatalf("mutant %d: %s #%d with -j 1, %s #%d with -j 2", i, m.Package, m.ID, n.Package, n.ID)
		}
		if m.Status != n.Status {
			diff++
			t.Errorf("mutant %d (line %d, %s → %s): %s with -j 1, %s with -j 2 under load", m.ID, m.Line, m.Orig, m.Repl, m.Status, n.Status)
		}
	}
	if score := func(v verdicts) string {
		if v.Summary.Score == nil {
			return "null"
		}
		return fmt.Sprint(*v.Summary.Score)
	}; score(a) != score(b) || a.Summary.Equivalent != b.Summary.Equivalent {
		t.Errorf("score %s (E=%d) with -j 1, %s (E=%d) with -j 2", score(a), a.Summary.Equivalent, score(b), b.Summary.Equivalent)
	}
	t.Logf("%d mutants, E=%d, %d statuses differ", len(a.Mutants), a.Summary.Equivalent, diff)
}

// TestScoreDeterministic: gozilla score -json gives every mutant the same
// status, and the same MS, with -j 1 and with -j 2 under load.
func TestScoreDeterministic(t *testing.T) {
	testmod.Long(t)
	if testing.Short() {
		t.Skip("runs gozilla score twice on TRITYP")
	}
	sameVerdicts(t, subjectModule(t, "tritype"), "score", "-json", "-q", "./tritype")
}

// TestGenDeterministic: the same for gozilla gen -n -json (killed, lived,
// equivalent per mutant).
func TestGenDeterministic(t *testing.T) {
	testmod.Long(t)
	if testing.Short() {
		t.Skip("runs gozilla gen twice on TRITYP")
	}
	sameVerdicts(t, subjectModule(t, "tritype"), "gen", "-n", "-json", "-q", "./tritype")
}

// TestGenFileUnderLoad: gozilla gen writes the same file, byte for byte,
// with -j 1 on an idle machine and with -j 2 while every CPU is busy: no
// clock decides a row (the unit's wall clock is a safety net far past
// what its counted budgets take).
func TestGenFileUnderLoad(t *testing.T) {
	testmod.Long(t)
	var files [2][]byte
	for i, j := range []string{"1", "2"} {
		dir := subjectModule(t, "tritype")
		run := gz
		if i == 1 {
			run = loaded
		}
		if r := run(t, dir, "gen", "-q", "-cache=off", "-j", j, "./tritype"); r.code != 0 {
			t.Fatalf("gen -j %s: exit %d\n%s", j, r.code, r.stderr)
		}
		data, err := os.ReadFile(filepath.Join(dir, "tritype", "tritype_gozilla_test.go"))
		if err != nil {
			t.Fatal(err)
		}
		files[i] = data
	}
	if string(files[0]) != string(files[1]) {
		t.Errorf("gen wrote another file under load:\n-j 1:\n%s\n-j 2, loaded:\n%s", files[0], files[1])
	}
}
