package main

// The cbt benchmark (issue 4): `gozilla gen` on every subject with the
// random pass alone and with random + CBT, side by side in one run, the
// commands alternating; the generated files of the second are checked
// (go test passes, gozilla score detects every mutant gen calls killed);
// the mutants CBT leaves alive are tallied by the reason the report
// gives.

import (
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strings"
	"time"

	"github.com/gozilla/gozilla/internal/mutate"
)

type cbtRow struct {
	name         string
	random, both *genRun
	exact        *genRun        // random + cbt + sat (nil when not measured)
	newKills     int            // killed with CBT, not by the random pass alone
	cbtTests     int            // emitted cases that came from the CBT pass
	whys         map[string]int // live mutants by reason class
	randomLived  int
	confirmed    int
	missed       []string
}

func benchCBT(n, jobs int, seed uint64, only []string, withUTF8, withSAT bool, write string) error {
	env, err := setup("gozilla-bench-cbt-", false)
	if err != nil {
		return err
	}
	defer os.RemoveAll(env.tmp)
	targets, err := genTargets(env, only, withUTF8)
	if err != nil {
		return err
	}

	var rows []*cbtRow
	for _, t := range targets {
		row := &cbtRow{name: t.name, random: &genRun{name: t.name}, both: &genRun{name: t.name}, whys: map[string]int{}}
		for i := 0; i < n; i++ {
			fmt.Fprintf(os.Stderr, "%s: run %d/%d: random", t.name, i+1, n)
			if err := runGen(env.gz, t.mod, t.dir, jobs, seed, "random", true, row.random); err != nil {
				return err
			}
			fmt.Fprintf(os.Stderr, " %.1fs, random+cbt", row.random.wall[i])
			if err := runGen(env.gz, t.mod, t.dir, jobs, seed, "random,cbt", false, row.both); err != nil {
				return err
			}
			fmt.Fprintf(os.Stderr, " %.1fs", row.both.wall[i])
			if withSAT && t.name != utf8Name {
				if row.exact == nil {
					row.exact = &genRun{name: t.name}
				}
				if err := runGen(env.gz, t.mod, t.dir, jobs, seed, "random,cbt,sat", true, row.exact); err != nil {
					return err
				}
				fmt.Fprintf(os.Stderr, ", random+cbt+sat %.1fs", row.exact.wall[i])
			}
			fmt.Fprintln(os.Stderr)
		}
		for id, st := range row.both.ids {
			if st == mutate.Killed && row.random.ids[id] != mutate.Killed {
				row.newKills++
			}
		}
		row.randomLived = row.random.doc.Mutants - row.random.doc.Killed
		for _, c := range row.both.doc.Cases {
			if c.Pass == "cbt" {
				row.cbtTests++
			}
		}
		for _, m := range row.both.mutants {
			if m.Status != mutate.Killed {
				row.whys[whyClass(m.Why)]++
			}
		}
		// The generated file passes on the current code, and score with
		// it as the only test detects every mutant gen calls killed.
		test := exec.Command("go", "test", "-count=1", t.dir)
		test.Dir = t.mod
		if out, err := test.CombinedOutput(); err != nil {
			return fmt.Errorf("go test %s with the generated file: %v\n%s", t.name, err, out)
		}
		pr := &pkgResult{pkg: t.name}
		if err := runGozilla(env.gz, t.mod, t.dir, jobs, pr); err != nil {
			return err
		}
		for _, m := range gzDocs[t.name].Mutants {
			if row.both.ids[m.ID] != mutate.Killed {
				continue
			}
			if m.Status == "killed" || m.Status == "timed_out" {
				row.confirmed++
			} else {
				row.missed = append(row.missed, fmt.Sprintf("%s #%d %s:%d `%s`→`%s` (score: %s)", t.name, m.ID, baseName(m.File), m.Line, m.Orig, m.Repl, m.Status))
			}
		}
		rows = append(rows, row)
	}
	text := cbtMarkdown(rows, n, jobs, seed)
	fmt.Print(text)
	if write != "" {
		return updateSection(write, "cbt", text)
	}
	return nil
}

// whyClass groups the reasons gen gives for a live mutant.
func whyClass(why string) string {
	switch {
	case why == "":
		return "not tried (not reached by any input)"
	case strings.Contains(why, "the system is false"):
		return "system false (mutant = original on every path)"
	case strings.Contains(why, "detectably unsolvable"):
		return "detectably unsolvable"
	case strings.Contains(why, "no solution found"):
		return "no solution found"
	case strings.Contains(why, "none made a difference"):
		return "candidates ran, none made a difference"
	case strings.Contains(why, "no explored path"):
		return "no explored path reaches it"
	case strings.Contains(why, "unsupported"):
		return "unsupported expression"
	}
	return "other"
}

func cbtMarkdown(rows []*cbtRow, n, jobs int, seed uint64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Measured %s on %s; `go run ./cmd/gozilla-bench cbt -n %d -j %d -seed %d -w BENCHMARKS.md`.\n", time.Now().UTC().Format("2006-01-02"), machine(), n, jobs, seed)
	fmt.Fprintf(&b, "Each subject of `testdata/subjects`, copied without its tests, gets `gozilla gen -engine random` and `gozilla gen -engine random,cbt` (the default), both with `-j %d -seed %d`, alternating, %d run(s) each; seconds are medians of the whole command. The last two columns add the `sat` pass (`-engine random,cbt,sat`: the same systems, each clause decided exactly by bit-blasting and SAT, at most 0.5 s a mutant), on the subjects only. \"CBT kills\" are mutants killed with CBT that the random pass alone left alive; \"share\" is their part of those the random pass left alive. E = 0 until issue 5, so MS = killed/M is a lower bound of D/(M−E): the live mutants include every equivalent one.\n\n", jobs, seed, n)
	b.WriteString("| subject | M | random: killed | MS | tests | s | random+CBT: killed | MS | tests (CBT) | s | CBT kills | share | +SAT: killed | s |\n")
	b.WriteString("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	var sumR, sumB float64
	var m, kr, kb, newK, lived, tr, tb int
	var sr, sb float64
	subjects := 0
	maxSecs, maxName := 0.0, ""
	line := func(r *cbtRow) (float64, float64) {
		dr, db := r.random.doc, r.both.doc
		msR := float64(dr.Killed) / float64(dr.Mutants)
		msB := float64(db.Killed) / float64(db.Mutants)
		share := "–"
		if r.randomLived > 0 {
			share = fmt.Sprintf("%.2f", float64(r.newKills)/float64(r.randomLived))
		}
		exact := " | "
		if r.exact != nil {
			exact = fmt.Sprintf("%d | %.1f", r.exact.doc.Killed, r.exact.median())
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %.3f | %d | %.1f | %d | %.3f | %d (%d) | %.1f | %d | %s | %s |\n", r.name, dr.Mutants, dr.Killed, msR, dr.Tests, r.random.median(),
			db.Killed, msB, db.Tests, r.cbtTests, r.both.median(), r.newKills, share, exact)
		return msR, msB
	}
	for _, r := range rows {
		if r.name == utf8Name {
			continue
		}
		subjects++
		a, c := line(r)
		sumR += a
		sumB += c
		m += r.both.doc.Mutants
		kr += r.random.doc.Killed
		kb += r.both.doc.Killed
		newK += r.newKills
		lived += r.randomLived
		tr += r.random.doc.Tests
		tb += r.both.doc.Tests
		sr += r.random.median()
		sb += r.both.median()
		if r.both.median() > maxSecs {
			maxSecs, maxName = r.both.median(), r.name
		}
	}
	ke, se := 0, 0.0
	for _, r := range rows {
		if r.exact != nil {
			ke += r.exact.doc.Killed
			se += r.exact.median()
		}
	}
	fmt.Fprintf(&b, "| **all subjects** | %d | %d | %.3f | %d | %.1f | %d | %.3f | %d | %.1f | %d | %.2f | %d | %.1f |\n", m, kr, float64(kr)/float64(m), tr, sr, kb, float64(kb)/float64(m), tb, sb, newK, float64(newK)/float64(max(lived, 1)), ke, se)
	for _, r := range rows {
		if r.name == utf8Name {
			line(r)
		}
	}
	fmt.Fprintf(&b, "\nAverage MS over the %d subjects (E = 0): random pass **%.3f**, random + CBT **%.3f**. Slowest subject with CBT: %s, %.1f s.\n\n", subjects, sumR/float64(subjects), sumB/float64(subjects), maxName, maxSecs)

	// Why the rest live.
	classes := map[string]int{}
	for _, r := range rows {
		if r.name == utf8Name {
			continue
		}
		for k, v := range r.whys {
			classes[k] += v
		}
	}
	var keys []string
	for k := range classes {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		return classes[keys[i]] > classes[keys[j]] || classes[keys[i]] == classes[keys[j]] && keys[i] < keys[j]
	})
	b.WriteString("The mutants left alive on the subjects with random + CBT, by the reason the report gives (`gozilla gen -v`, `-explain ID`):\n\n| reason | mutants |\n|---|--:|\n")
	for _, k := range keys {
		fmt.Fprintf(&b, "| %s | %d |\n", k, classes[k])
	}
	b.WriteString("\nIndependent check of the random + CBT files: each passes `go test` on the current code (or the bench fails), and `gozilla score` with only the generated file detects the mutants gen calls killed:\n\n| subject | gen killed | detected by score |\n|---|--:|--:|\n")
	var missed []string
	for _, r := range rows {
		fmt.Fprintf(&b, "| %s | %d | %d |\n", r.name, r.both.genKilled, r.confirmed)
		missed = append(missed, r.missed...)
	}
	if len(missed) > 0 {
		b.WriteString("\nMutants gen calls killed that score does not detect with the generated file:\n\n")
		for _, s := range missed {
			fmt.Fprintf(&b, "- %s\n", s)
		}
	}
	return b.String()
}
