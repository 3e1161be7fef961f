package run

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/gozilla/gozilla/internal/mutate"
)

// TestRerunStarved: Rerun, which tells a flaky test from a sound one,
// runs a test the clock stopped while it was starved of the CPU once
// more with RetryFor the time, as Run does a mutant's: score's check of
// the tests that killed mutants gives each ten times its baseline and a
// quarter second, which a loaded machine's process start outlived
// (score_basic's TestMax called flaky beside busy loops). TestNaps,
// asleep past the timeout, stands for a starved run: it passes, as it
// would with the CPU. A test that fails still fails every run. (A run
// that had the CPU is timed out without a second one: TestClockRetry.)
func TestRerunStarved(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/abs\n\ngo 1.26\n",
		"abs.go": absSrc,
		"abs_test.go": `package abs

import (
	"testing"
	"time"
)

func TestNaps(t *testing.T) {
	time.Sleep(600 * time.Millisecond)
	if Abs(-3) != 3 {
		t.Fatal("Abs")
	}
}

func TestFails(t *testing.T) {
	if Abs(-3) != -3 {
		t.Fatal("Abs")
	}
}
`,
	}
	dir, work, bin, _ := buildModule(t, files, mutate.ROR)
	r := &Runner{Binary: bin, Dir: dir, Jobs: 2, WorkDir: work}
	const timeout = 300 * time.Millisecond
	start := time.Now()
	fails, err := r.Rerun(context.Background(), []string{"TestNaps", "TestFails"}, 2, timeout)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{0, 2}; !slices.Equal(fails, want) {
		t.Errorf("failed runs of TestNaps and TestFails: %v, want %v (%v in all)", fails, want, time.Since(start))
	}
}
