package main

// This file implements the repeat benchmark: determinism of the
// verdicts. gozilla score and gozilla gen -n run twice on each target,
// with -j 1 on an idle machine and with -j 2 while every CPU is kept busy
// by a burner, and every mutant's status is compared: the same code,
// flags and seed must give the same statuses and MS (target: 0 differ).

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/gozilla/gozilla/internal/cpuload"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/report"
)

// repeatRun is one command run twice on one target.
type repeatRun struct {
	target, command string
	mutants, differ int
	ms              [2]string // MS of each run
	eq              [2]int    // equivalents of each run
	secs            [2]float64
	examples        []string // the first statuses that differ
	err             string
}

// repeatDoc is what the comparison reads from the JSON reports of score
// and gen: both have the score schema's summary and mutants.
type repeatDoc = report.Score

func benchRepeat(jobs int, only, std []string, write string) error {
	env, err := setup("gozilla-bench-repeat-", false)
	if err != nil {
		return err
	}
	defer os.RemoveAll(env.tmp)
	type target struct{ name, dir, pattern string }
	var targets []target
	subjects := only
	if subjects == nil {
		entries, err := os.ReadDir(filepath.Join(env.root, "testdata/subjects"))
		if err != nil {
			return err
		}
		for _, e := range entries {
			if e.IsDir() {
				subjects = append(subjects, e.Name())
			}
		}
	}
	for _, s := range subjects {
		// In place: score never writes the user's files, gen -n writes nothing.
		targets = append(targets, target{s, env.root, "./testdata/subjects/" + s})
	}
	for _, pkg := range std {
		mod := filepath.Join(env.tmp, "std-"+strings.ReplaceAll(pkg, "/", "-"))
		if err := cmd(env.root, filepath.Join(env.root, "scripts/stdcopy.sh"), mod, pkg).Run(); err != nil {
			return fmt.Errorf("stdcopy %s: %v", pkg, err)
		}
		targets = append(targets, target{pkg + " (copy)", mod, "./" + filepath.Base(pkg)})
	}
	var runs []*repeatRun
	for _, t := range targets {
		for _, command := range []string{"score", "gen"} {
			r := &repeatRun{target: t.name, command: command}
			var docs [2]repeatDoc
			for i, j := range []int{1, jobs} {
				args := []string{command, "-json", "-q", "-j", fmt.Sprint(j)}
				if command == "gen" {
					args = append(args, "-n")
				}
				args = append(args, t.pattern)
				t0 := time.Now()
				out, err := runLoaded(i == 1, t.dir, env.gz, args...)
				r.secs[i] = time.Since(t0).Seconds()
				if err == nil {
					err = json.Unmarshal(out, &docs[i])
				}
				if err != nil {
					r.err = fmt.Sprintf("gozilla %s: %v", strings.Join(args, " "), err)
					break
				}
				r.ms[i], r.eq[i] = "—", docs[i].Summary.Equivalent
				if s := docs[i].Summary.Score; s != nil {
					r.ms[i] = fmt.Sprintf("%.6f", *s)
				}
			}
			if r.err == "" {
				compareRuns(r, docs)
			}
			fmt.Fprintf(os.Stderr, "repeat %s %s: %d mutants, %d differ, MS %s / %s, E %d / %d %s\n", t.name, command, r.mutants, r.differ, r.ms[0], r.ms[1], r.eq[0], r.eq[1], r.err)
			runs = append(runs, r)
		}
	}
	md := repeatMarkdown(runs, jobs, only, std)
	fmt.Print(md)
	if write != "" {
		return updateSection(write, "repeat", md)
	}
	return nil
}

// compareRuns counts the mutants whose status differs between the runs.
func compareRuns(r *repeatRun, docs [2]repeatDoc) {
	type key struct {
		pkg string
		id  int
	}
	second := map[key]mutate.Status{}
	for _, m := range docs[1].Mutants {
		second[key{m.Package, m.ID}] = m.Status
	}
	r.mutants = len(docs[0].Mutants)
	if len(docs[1].Mutants) != r.mutants {
		r.err = fmt.Sprintf("%d mutants, then %d", r.mutants, len(docs[1].Mutants))
	}
	for _, m := range docs[0].Mutants {
		if st := second[key{m.Package, m.ID}]; st != m.Status {
			r.differ++
			if len(r.examples) < 3 {
				r.examples = append(r.examples, fmt.Sprintf("#%d line %d `%s`→`%s`: %s / %s", m.ID, m.Line, m.Orig, m.Repl, m.Status, st))
			}
		}
	}
}

// runLoaded runs gozilla and returns its standard output; with load, every
// CPU is kept busy by goroutines of this process meanwhile.
func runLoaded(load bool, dir, gz string, args ...string) ([]byte, error) {
	if load {
		stop := cpuload.Start()
		defer stop()
	}
	c := exec.Command(gz, args...)
	c.Dir = dir
	c.Stderr = os.Stderr
	out, err := c.Output()
	if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 1 {
		err = nil // below a threshold, or tests that fail: the report is there
	}
	return out, err
}

func repeatMarkdown(runs []*repeatRun, jobs int, only, std []string) string {
	var b strings.Builder
	flags := ""
	if len(only) > 0 {
		flags += " -subjects " + strings.Join(only, ",")
	}
	flags += " -std " + strings.Join(std, ",")
	fmt.Fprintf(&b, "Measured %s on %s; `go run ./cmd/gozilla-bench repeat -j %d%s -w BENCHMARKS.md`.\n", time.Now().UTC().Format("2006-01-02"), machine(), jobs, flags)
	fmt.Fprintf(&b, "Each command runs twice on each target: with `-j 1` on an otherwise idle machine, then with `-j %d` while a burner keeps every CPU busy. *Differ* counts the mutants whose status (killed, lived, equivalent, …) is not the same in both runs; the target is 0.\n\n", jobs)
	b.WriteString("| target | command | mutants | differ | MS (-j 1) | MS (loaded) | E (-j 1) | E (loaded) | s (-j 1) | s (loaded) |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	sort.SliceStable(runs, func(i, j int) bool { return runs[i].command > runs[j].command })
	total, differ := 0, 0
	var notes []string
	for _, r := range runs {
		if r.err != "" {
			fmt.Fprintf(&b, "| %s | %s | — | — | — | — | — | — | | |\n", r.target, r.command)
			notes = append(notes, fmt.Sprintf("- %s %s: %s", r.target, r.command, r.err))
			continue
		}
		total += r.mutants
		differ += r.differ
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %s | %s | %d | %d | %.1f | %.1f |\n", r.target, r.command, r.mutants, r.differ, r.ms[0], r.ms[1], r.eq[0], r.eq[1], r.secs[0], r.secs[1])
		for _, e := range r.examples {
			notes = append(notes, fmt.Sprintf("- %s %s: %s", r.target, r.command, e))
		}
	}
	fmt.Fprintf(&b, "\n%d statuses differ out of %d.\n", differ, total)
	if len(notes) > 0 {
		b.WriteString("\n" + strings.Join(notes, "\n") + "\n")
	}
	return b.String()
}
