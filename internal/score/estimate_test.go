package score

import (
	"testing"
	"time"

	"github.com/gozilla/gozilla/internal/run"
)

func TestEstimate(t *testing.T) {
	ms := time.Millisecond
	base := []run.TestInfo{
		{Name: "TestEmpty", Duration: 10 * ms}, // the cost of a process
		{Name: "TestA", Duration: 30 * ms},
		{Name: "TestB", Duration: 110 * ms},
		{Name: "TestHeavy", Duration: 1010 * ms},
	}
	jobs := []run.Job{
		{Mutant: 1, Groups: []run.Group{{Tests: []string{"TestA", "TestB"}}, {Tests: []string{"TestHeavy"}}}},
		{Mutant: 2, Groups: []run.Group{{Tests: []string{"TestB"}}}},
	}
	e := estimate(base, jobs, 2)
	// Least: mutant 1 dies in TestA (10+20), mutant 2 in TestB (10+100).
	// Most: mutant 1 runs two processes (10+20+100, 10+1000), mutant 2 one (10+100).
	if want := (Estimate{Mutants: 2, Jobs: 2, Least: 140 * ms / 2, Most: 1250 * ms / 2}); e != want {
		t.Errorf("estimate = %+v, want %+v", e, want)
	}
}
