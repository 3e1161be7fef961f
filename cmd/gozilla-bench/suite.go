package main

// The suite benchmark: the README's test command (go test -count=1 ./...
// of this repository), on the idle machine and beside a burner that
// keeps every CPU busy, and beside it with -p 1, alternating, n times
// each (issue 51: at most five minutes idle on two cores, passing under
// load), with the slowest tests. The speed benchmark's -suite
// does the same once, after its targets; this one is on its own, so that
// the suite is measured without re-measuring gen.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/gozilla/gozilla/internal/cpuload"
)

func benchSuite(n int, limit time.Duration, write string) error {
	root, err := repoRoot()
	if err != nil {
		return err
	}
	var idle, loaded, serial []*suiteRun
	for i := 0; i < n; i++ {
		s := runSuiteJSON(root, limit, false)
		fmt.Fprintf(os.Stderr, "suite idle %d: %.1f s, ok %v\n", i+1, s.secs, s.ok)
		idle = append(idle, s)
		s = runSuiteJSON(root, limit, true)
		fmt.Fprintf(os.Stderr, "suite loaded %d: %.1f s, ok %v\n", i+1, s.secs, s.ok)
		loaded = append(loaded, s)
		s = runSuiteJSON(root, limit, true, "-p", "1")
		fmt.Fprintf(os.Stderr, "suite loaded -p 1 %d: %.1f s, ok %v\n", i+1, s.secs, s.ok)
		serial = append(serial, s)
	}
	md := suiteMarkdown(n, idle, loaded, serial, machine(), time.Now().UTC().Format("2006-01-02"))
	fmt.Print(md)
	if write != "" {
		return updateSection(write, "suite", md)
	}
	return nil
}

// suiteTest is a top-level test's time in a suite run.
type suiteTest struct {
	pkg, name string
	secs      float64
}

// runSuiteJSON runs go test -json -count=1 ./... (with extra flags),
// beside a burner with load, and keeps the top-level tests' times.
func runSuiteJSON(root string, limit time.Duration, load bool, extra ...string) *suiteRun {
	var stop func()
	if load {
		stop = cpuload.Start()
	}
	args := append([]string{"-u", "GOZILLA_CACHE", "go", "test", "-json", "-count=1"}, extra...)
	res := runWithin(root, limit, "env", append(args, "./...")...)
	if stop != nil {
		stop()
	}
	s := &suiteRun{secs: res.secs, ok: res.exit == 0 && !res.killed}
	var text strings.Builder
	sc := bufio.NewScanner(bytes.NewReader(res.stdout))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		var ev struct {
			Action, Package, Test, Output string
			Elapsed                       float64
		}
		if json.Unmarshal(sc.Bytes(), &ev) != nil {
			continue
		}
		switch {
		case ev.Action == "output":
			text.WriteString(ev.Output)
		case (ev.Action == "pass" || ev.Action == "fail") && ev.Test != "" && !strings.Contains(ev.Test, "/"):
			s.tests = append(s.tests, suiteTest{ev.Package, ev.Test, ev.Elapsed})
		}
	}
	if !s.ok {
		s.tail = lastLines(text.String()+"\n"+res.stderr, 15)
		if res.killed {
			s.tail += fmt.Sprintf("\n(killed at the limit, %s)", limit)
		}
	}
	return s
}

func suiteMarkdown(n int, idle, loaded, serial []*suiteRun, host, date string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Measured %s on %s; `go run ./cmd/gozilla-bench suite -n %d -w BENCHMARKS.md`.\n", date, host, n)
	b.WriteString("`go test -json -count=1 ./...` in the repository root (the README's test command, GOZILLA_CACHE unset), on the idle machine, beside a burner that keeps every CPU busy (`internal/cpuload`, one busy loop per CPU), and beside the burner with `-p 1` (one package at a time); the target is at most 300 s idle, every run passing.\n\n")
	b.WriteString("| run | runs | median s | max s | all passed |\n|---|--:|--:|--:|---|\n")
	var tails []string
	for _, r := range []struct {
		which string
		runs  []*suiteRun
	}{{"idle", idle}, {"loaded", loaded}, {"loaded, -p 1", serial}} {
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
	// The slowest tests of the first idle and loaded runs, side by side.
	if len(idle) > 0 && len(loaded) > 0 {
		at := map[string]float64{}
		for _, t := range loaded[0].tests {
			at[t.pkg+" "+t.name] = t.secs
		}
		tests := slices.Clone(idle[0].tests)
		sort.SliceStable(tests, func(i, j int) bool { return tests[i].secs > tests[j].secs })
		if len(tests) > 10 {
			tests = tests[:10]
		}
		b.WriteString("The slowest tests (a package's tests run in parallel with the other packages'):\n\n| test | package | idle s | loaded s |\n|---|---|--:|--:|\n")
		for _, t := range tests {
			fmt.Fprintf(&b, "| %s | %s | %.1f | %.1f |\n", t.name, strings.TrimPrefix(t.pkg, "github.com/gozilla/gozilla/"), t.secs, at[t.pkg+" "+t.name])
		}
		b.WriteString("\n")
	}
	for _, t := range tails {
		b.WriteString(t + "\n")
	}
	return b.String()
}
