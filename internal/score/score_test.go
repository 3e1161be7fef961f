package score

import (
	"context"
	"testing"

	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/testmod"
)

// TestSlowTestOnlyWhereItReaches: a slow test (the one that loops over
// many runes) runs for the mutants it reaches and no other, and the
// report's tests_time says so.
func TestSlowTestOnlyWhereItReaches(t *testing.T) {
	dir := testmod.Write(t, map[string]string{
		"p/p.go": `package p

// Width counts the runes that take more than one byte.
func Width(r rune) int {
	if r > 127 {
		return 1
	}
	return 0
}

// Sign is reached by the light test only.
func Sign(x int) int {
	if x < 0 {
		return -1
	}
	return 1
}
`,
		"p/p_test.go": `package p

import "testing"

func TestRunes(t *testing.T) {
	n := 0
	for r := rune(0); r < 1<<17; r++ {
		n += Width(r)
	}
	if n != 1<<17-128 {
		t.Fatal(n)
	}
}

func TestSign(t *testing.T) {
	if Sign(-4) != -1 || Sign(3) != 1 {
		t.Fatal("Sign")
	}
}
`})
	res, err := Run(context.Background(), Config{Dir: dir, Jobs: 2, NoEquiv: true}, "./p")
	if err != nil {
		t.Fatal(err)
	}
	ran := map[string]int{} // function -> its mutants that ran
	for _, m := range res.Mutants {
		switch m.Status {
		case mutate.Killed, mutate.Lived, mutate.TimedOut:
			ran[m.Func]++
		case mutate.NotRun:
			t.Errorf("mutant %d not run in a finished report", m.ID)
		}
	}
	if ran["Width"] == 0 || ran["Sign"] == 0 {
		t.Fatalf("want mutants run in both functions, got %v", ran)
	}
	got := map[string]int{}
	for _, tt := range res.Packages[0].TestsTime {
		got[tt.Test] = tt.Mutants
	}
	// (A mutant no test infects lived without a run: at most every
	// mutant of the function.)
	if got["TestRunes"] == 0 || got["TestRunes"] > ran["Width"] || got["TestSign"] == 0 || got["TestSign"] > ran["Sign"] {
		t.Errorf("tests_time %+v: want TestRunes run for Width's %d mutants only, TestSign for Sign's %d", res.Packages[0].TestsTime, ran["Width"], ran["Sign"])
	}
	if res.Summary.Partial || res.Packages[0].Partial {
		t.Error("a finished run is marked partial")
	}
}

// TestStoppedDuringRuns: a run whose context is cancelled once the runs start
// returns a partial report with every mutant not_run.
func TestStoppedDuringRuns(t *testing.T) {
	dir := testmod.Write(t, map[string]string{
		"p/p.go":      "package p\n\nfunc Sign(x int) int {\n\tif x < 0 {\n\t\treturn -1\n\t}\n\treturn 1\n}\n",
		"p/p_test.go": "package p\n\nimport \"testing\"\n\nfunc TestSign(t *testing.T) {\n\tif Sign(-4) != -1 {\n\t\tt.Fatal()\n\t}\n}\n",
	})
	ctx, cancel := context.WithCancel(context.Background())
	cfg := Config{Dir: dir, Jobs: 1, NoEquiv: true}
	// Cancelled once the runs start: the first progress call.
	cfg.Progress = func(string, int, int) { cancel() }
	res, err := Run(ctx, cfg, "./p")
	if err != nil {
		t.Fatal(err)
	}
	if !res.Summary.Partial || !res.Packages[0].Partial || res.Summary.NotRun == 0 || res.Summary.NotRun == res.Summary.Mutants {
		t.Errorf("summary %+v: want partial, some mutants decided and some not_run", res.Summary)
	}
}

// TestInfectedOnly: a mutant runs only with the tests that infect it
// (its expression's value differs in their run), and skipping the
// others changes no verdict: the statuses with the coverage run's
// infection check are those of running every test that reaches each
// mutant (GOZILLA_WEAK=0), in fewer test runs. Clamp's mutants at the
// bounds' comparisons are infected by the boundary test only.
func TestInfectedOnly(t *testing.T) {
	dir := testmod.Write(t, map[string]string{
		"p/p.go": `package p

// Clamp limits x to [lo, hi].
func Clamp(x, lo, hi int) int {
	if x < lo {
		return lo
	}
	if x > hi {
		return hi
	}
	return x
}
`,
		"p/p_test.go": `package p

import "testing"

func TestInside(t *testing.T) {
	if Clamp(5, 0, 10) != 5 {
		t.Fatal("inside")
	}
}

func TestBelow(t *testing.T) {
	if Clamp(-3, 0, 10) != 0 {
		t.Fatal("below")
	}
}

func TestBoundary(t *testing.T) {
	if Clamp(10, 0, 10) != 10 || Clamp(0, 0, 10) != 0 {
		t.Fatal("boundary")
	}
}
`})
	runs := map[string]int{}
	status := map[string]map[int]mutate.Status{}
	for _, weak := range []string{"1", "0"} {
		t.Setenv("GOZILLA_WEAK", weak)
		res, err := Run(context.Background(), Config{Dir: dir, Jobs: 2, NoEquiv: true, NoEvidence: true, CacheDir: t.TempDir()}, "./p")
		if err != nil {
			t.Fatal(err)
		}
		status[weak] = map[int]mutate.Status{}
		for _, m := range res.Mutants {
			status[weak][m.ID] = m.Status
		}
		for _, tt := range res.Packages[0].TestsTime {
			runs[weak] += tt.Mutants
		}
	}
	for id, st := range status["0"] {
		if status["1"][id] != st {
			t.Errorf("mutant %d: %v with the infection check, %v running every test that reaches it", id, status["1"][id], st)
		}
	}
	if runs["1"] >= runs["0"] {
		t.Errorf("%d test runs with the infection check, %d without: want fewer", runs["1"], runs["0"])
	}
	t.Logf("test runs: %d with the infection check, %d without", runs["1"], runs["0"])
}
