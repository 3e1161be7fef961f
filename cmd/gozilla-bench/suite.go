package main

// The suite benchmark: the README's test command (go test -count=1 ./...
// of this repository), on the idle machine and beside a burner that
// keeps every CPU busy, alternating, n times each (issue 31: at most
// five minutes under load on two cores). The speed benchmark's -suite
// does the same once, after its targets; this one is on its own, so that
// the suite is measured without re-measuring gen.

import (
	"fmt"
	"os"
	"strings"
	"time"
)

func benchSuite(n int, limit time.Duration, write string) error {
	root, err := repoRoot()
	if err != nil {
		return err
	}
	var idle, loaded []*suiteRun
	for i := 0; i < n; i++ {
		s := runSuite(root, limit, false)
		fmt.Fprintf(os.Stderr, "suite idle %d: %.1f s, ok %v\n", i+1, s.secs, s.ok)
		idle = append(idle, s)
		s = runSuite(root, limit, true)
		fmt.Fprintf(os.Stderr, "suite loaded %d: %.1f s, ok %v\n", i+1, s.secs, s.ok)
		loaded = append(loaded, s)
	}
	md := suiteMarkdown(n, idle, loaded, machine(), time.Now().UTC().Format("2006-01-02"))
	fmt.Print(md)
	if write != "" {
		return updateSection(write, "suite", md)
	}
	return nil
}

func suiteMarkdown(n int, idle, loaded []*suiteRun, host, date string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Measured %s on %s; `go run ./cmd/gozilla-bench suite -n %d -w BENCHMARKS.md`.\n", date, host, n)
	b.WriteString("`go test -count=1 ./...` in the repository root (the README's test command, GOZILLA_CACHE unset), on the idle machine and then beside a burner that keeps every CPU busy (`internal/cpuload`, one busy loop per CPU), alternating; the target is at most 300 s under load, every run passing.\n\n")
	b.WriteString("| run | runs | median s | max s | all passed |\n|---|--:|--:|--:|---|\n")
	var tails []string
	for _, r := range []struct {
		which string
		runs  []*suiteRun
	}{{"idle", idle}, {"loaded", loaded}} {
		var secs []float64
		ok := true
		for _, s := range r.runs {
			secs = append(secs, s.secs)
			if !s.ok {
				ok = false
				tails = append(tails, fmt.Sprintf("The %s run's last lines:\n\n```\n%s\n```\n", r.which, s.tail))
			}
		}
		med, top := medianMax(secs)
		passed := "yes"
		if !ok {
			passed = "**no**"
		}
		fmt.Fprintf(&b, "| %s | %d | %.1f | %.1f | %s |\n", r.which, len(secs), med, top, passed)
	}
	b.WriteString("\n")
	for _, t := range tails {
		b.WriteString(t + "\n")
	}
	return b.String()
}
