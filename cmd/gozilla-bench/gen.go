package main

// The gen benchmark: `gozilla gen` on every subject of testdata/subjects
// (copied without their tests into a scratch module), the generated
// files checked three ways — `go test` passes, `gozilla score` detects
// every mutant gen calls killed, gremlins measures the generated tests'
// efficacy on its own mutants — next to the papers' figures.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/report"
)

// paper000 is seed 000 Table 3 (Godzilla): size, TCs, M, D, E, MS, time.
var paper000 = map[string]struct {
	name         string
	tcs, m, d, e int
	ms           float64
	time         string
}{
	"bubble":  {"BUBBLE", 32, 339, 304, 35, 1.00, "0:22"},
	"cal":     {"DAYS", 419, 3016, 2624, 139, .95, "7:02"},
	"find":    {"FIND", 58, 1029, 953, 75, .99, "2:27"},
	"gcd":     {"GCD", 325, 5063, 4747, 298, .99, "14:24"},
	"tritype": {"TRITYP", 420, 970, 862, 107, .99, "10:53"},
}

// paper001 is seed 001 Table II (muJava mutants, MS over the
// non-equivalent ones): the SW ATG system and EvoSuite default 60 s.
// Only triang is among our subjects; the paper does not give the other
// programs' code.
var paper001 = map[string]struct {
	name            string
	m, nonEq        int
	atgMS, atgTests int
	atgSecs         int
	evoMS, evoTests int
}{
	"tritype": {"triang", 315, 265, 98, 19, 114, 89, 21},
}

// genRun is one subject's figures.
type genRun struct {
	name      string
	doc       *report.GenPackage    // last run
	wall      []float64             // seconds of the whole gozilla gen command, one per run
	ids       map[int]mutate.Status // mutant id → gen status (last run)
	mutants   []report.Mutant       // last run
	genKilled int
	confirmed int      // of genKilled, detected by gozilla score with the generated file
	missed    []string // gen-killed mutants score did not detect
	cmp       *pkgResult
}

func (g *genRun) median() float64 {
	w := append([]float64(nil), g.wall...)
	sort.Float64s(w)
	return w[len(w)/2]
}

// utf8Name is the row of the unicode/utf8 copy (not a subject: left out
// of the totals).
const utf8Name = "unicode/utf8 copy"

func benchGen(n, jobs int, seed uint64, only []string, withGremlins, withUTF8 bool, write string) error {
	env, err := setup("gozilla-bench-gen-", withGremlins)
	if err != nil {
		return err
	}
	defer os.RemoveAll(env.tmp)
	gz, gremlins := env.gz, env.gremlins

	targets, err := genTargets(env, only, withUTF8)
	if err != nil {
		return err
	}

	var runs []*genRun
	for _, t := range targets {
		s, mod, dir := t.name, t.mod, t.dir
		r := &genRun{name: s}
		for i := 0; i < n; i++ {
			fmt.Fprintf(os.Stderr, "%s: gen %d/%d...", s, i+1, n)
			if err := runGen(gz, mod, dir, jobs, seed, "random", false, r); err != nil {
				return err
			}
			fmt.Fprintf(os.Stderr, " %.1fs\n", r.wall[i])
		}
		// The generated file must pass on the current code.
		test := exec.Command("go", "test", "-count=1", dir)
		test.Dir = mod
		if out, err := test.CombinedOutput(); err != nil {
			return fmt.Errorf("go test %s with the generated file: %v\n%s", s, err, out)
		}
		// gozilla score with only the generated tests must detect every
		// mutant gen calls killed (same source, same operators: same ids).
		r.cmp = &pkgResult{pkg: s}
		if err := runGozilla(gz, mod, dir, jobs, r.cmp); err != nil {
			return err
		}
		for _, m := range gzDocs[s].Mutants {
			if r.ids[m.ID] != mutate.Killed {
				continue
			}
			if m.Status == "killed" || m.Status == "timed_out" {
				r.confirmed++
			} else {
				r.missed = append(r.missed, fmt.Sprintf("%s #%d %s:%d `%s`→`%s` (score: %s)", s, m.ID, baseName(m.File), m.Line, m.Orig, m.Repl, m.Status))
			}
		}
		if gremlins != "" {
			fmt.Fprintf(os.Stderr, "%s: gremlins...", s)
			if err := runGremlins(gremlins, mod, dir, jobs, r.cmp); err != nil {
				return err
			}
			fmt.Fprintf(os.Stderr, " %.1fs\n", r.cmp.gr.wall[0])
		}
		runs = append(runs, r)
	}
	text := genMarkdown(runs, n, jobs, seed, gremlins != "")
	fmt.Print(text)
	if write != "" {
		return updateSection(write, "gen", text)
	}
	return nil
}

// genTarget is a package gen runs on: a subject or the utf8 copy.
type genTarget struct{ name, mod, dir string }

// genTargets copies the subjects of testdata/subjects (all, or only
// these) without their tests into a scratch module, and with withUTF8
// the standard library's unicode/utf8 without its tests.
func genTargets(env *benchEnv, only []string, withUTF8 bool) ([]genTarget, error) {
	src := filepath.Join(env.root, "testdata", "subjects")
	subjects := only
	if len(subjects) == 0 {
		ents, err := os.ReadDir(src)
		if err != nil {
			return nil, err
		}
		for _, e := range ents {
			if e.IsDir() {
				subjects = append(subjects, e.Name())
			}
		}
	}
	mod := filepath.Join(env.tmp, "subjects")
	if err := copySubjects(src, mod, subjects); err != nil {
		return nil, err
	}
	var targets []genTarget
	for _, s := range subjects {
		targets = append(targets, genTarget{s, mod, "./" + s})
	}
	if withUTF8 {
		umod := filepath.Join(env.tmp, "utf8copy")
		if err := cmd(env.root, filepath.Join(env.root, "scripts/utf8copy.sh"), umod).Run(); err != nil {
			return nil, fmt.Errorf("copy unicode/utf8: %v", err)
		}
		tests, _ := filepath.Glob(filepath.Join(umod, "utf8", "*_test.go"))
		for _, f := range tests {
			os.Remove(f)
		}
		targets = append(targets, genTarget{utf8Name, umod, "./utf8"})
	}
	return targets, nil
}

// copySubjects copies the non-test Go files of each subject into a fresh
// module at dst.
func copySubjects(src, dst string, subjects []string) error {
	return copyTree(src, dst, subjects, false)
}

// runGen runs gozilla gen with the given passes (writing the test file
// unless dry) and records the run in r.
func runGen(gz, mod, dir string, jobs int, seed uint64, engine string, dry bool, r *genRun, extra ...string) error {
	args := []string{"gen", "-json", "-q", "-j", strconv.Itoa(jobs), "-seed", strconv.FormatUint(seed, 10), "-engine", engine}
	if dry {
		args = append(args, "-n")
	}
	args = append(args, extra...)
	c := exec.Command(gz, append(args, dir)...)
	c.Dir = mod
	var stdout, stderr bytes.Buffer
	c.Stdout, c.Stderr = &stdout, &stderr
	start := time.Now()
	if err := c.Run(); err != nil {
		return fmt.Errorf("gozilla gen %s: %v: %s", dir, err, stderr.String())
	}
	r.wall = append(r.wall, time.Since(start).Seconds())
	var doc report.Gen
	if err := json.Unmarshal(stdout.Bytes(), &doc); err != nil {
		return err
	}
	if len(doc.Packages) != 1 {
		return fmt.Errorf("gozilla gen %s: %d packages in the report", dir, len(doc.Packages))
	}
	r.doc = &doc.Packages[0]
	r.mutants = doc.Mutants
	r.ids = map[int]mutate.Status{}
	r.genKilled = 0
	for _, m := range doc.Mutants {
		r.ids[m.ID] = m.Status
		if m.Status == mutate.Killed {
			r.genKilled++
		}
	}
	return nil
}

func genMarkdown(runs []*genRun, n, jobs int, seed uint64, gremlins bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Measured %s on %s; `go run ./cmd/gozilla-bench gen -n %d -j %d -seed %d -w BENCHMARKS.md`.\n", time.Now().UTC().Format("2006-01-02"), machine(), n, jobs, seed)
	fmt.Fprintf(&b, "Each subject of `testdata/subjects` is copied without its tests into a scratch module and `gozilla gen -engine random -j %d -seed %d` runs on it; seconds are the median of %d run(s) of the whole command (loading, mutating, building the harness binary, passes, compaction, writing). Passes: the random pass only (the constraint engines of issues 4–6 come next). E = 0 until equivalence detection (issue 5), so MS = killed/M is a lower bound of D/(M−E).\n\n", jobs, seed, n)
	b.WriteString("| subject | M | killed | lived | not covered | E | MS | tests | seconds | build s | harness runs | runs/s |\n")
	b.WriteString("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	var sumMS float64
	var tot report.Counts
	var totTests int
	var totRuns int64
	var totSecs, totHarness float64
	row := func(r *genRun) float64 {
		d := r.doc
		ms := 0.0
		if d.Score != nil {
			ms = *d.Score
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d | %.3f | %d | %.1f | %.1f | %d | %.0f |\n",
			r.name, d.Mutants, d.Killed, d.Lived, d.NotCovered, d.Equivalent, ms, d.Tests, r.median(), d.Build, d.Runs, float64(d.Runs)/(d.Seconds-d.Build))
		return ms
	}
	subjects := 0
	for _, r := range runs {
		if r.name == utf8Name {
			continue
		}
		subjects++
		d := r.doc
		sumMS += row(r)
		harness := d.Seconds - d.Build
		tot.Mutants += d.Mutants
		tot.Killed += d.Killed
		tot.Lived += d.Lived
		tot.NotCovered += d.NotCovered
		totTests += d.Tests
		totRuns += d.Runs
		totSecs += r.median()
		totHarness += harness
	}
	fmt.Fprintf(&b, "| **all subjects** | %d | %d | %d | %d | 0 | %.3f | %d | %.1f | | %d | %.0f |\n",
		tot.Mutants, tot.Killed, tot.Lived, tot.NotCovered, float64(tot.Killed)/float64(tot.Mutants), totTests, totSecs, totRuns, float64(totRuns)/totHarness)
	for _, r := range runs {
		if r.name == utf8Name {
			row(r)
		}
	}
	fmt.Fprintf(&b, "\nAverage MS over the %d subjects: **%.3f**. Harness runs are executions of a unit on one input under the original or one mutant, inside the schemata test binary; runs/s counts them over the command's time minus the build. The last row is the standard library's unicode/utf8 copied without its tests (`scripts/utf8copy.sh`); its own tests score .798 (score section).\n\n", subjects, sumMS/float64(subjects))

	b.WriteString("Next to the papers. Seed 000 Table 3 (Godzilla, Mothra's Fortran mutants, E found by hand) and seed 001 Table II (muJava mutants, MS over the non-equivalent ones; the best SW ATG figures and EvoSuite default 60 s):\n\n")
	b.WriteString("| subject | gozilla M | MS (E=0) | tests | s | Godzilla M | E | MS | TCs | time | SW ATG MS | tests | s | EvoSuite 60 s MS | tests |\n")
	b.WriteString("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	for _, r := range runs {
		p, ok0 := paper000[r.name]
		q, ok1 := paper001[r.name]
		if !ok0 && !ok1 {
			continue
		}
		d := r.doc
		fmt.Fprintf(&b, "| %s | %d | %.3f | %d | %.1f |", r.name, d.Mutants, float64(d.Killed)/float64(d.Mutants), d.Tests, r.median())
		if ok0 {
			fmt.Fprintf(&b, " %d | %d | %.2f | %d | %s |", p.m, p.e, p.ms, p.tcs, p.time)
		} else {
			b.WriteString(" | | | | |")
		}
		if ok1 {
			fmt.Fprintf(&b, " .%02d | %d | %d | .%02d | %d |\n", q.atgMS, q.atgTests, q.atgSecs, q.evoMS, q.evoTests)
		} else {
			b.WriteString(" | | | | |\n")
		}
	}
	b.WriteString("\nSeed 001 Table II over its eight programs: SW ATG average MS .935, EvoSuite default 60 s .844 (the other seven programs' code is not in the paper, so only triang = TRITYP is compared row by row).\n\n")

	b.WriteString("Independent checks of the generated files (each passes `go test` on the current code, or the bench fails). `gozilla score` with only the generated file detects the mutants gen calls killed")
	if gremlins {
		b.WriteString("; gremlins v0.5.0 (every mutant type, `GOFLAGS=-count=1`) on the same copy with only the generated file reports its efficacy = killed/(killed+lived)")
	}
	b.WriteString(":\n\n")
	if gremlins {
		b.WriteString("| subject | gen killed | detected by score | gremlins mutants | killed | lived | timed out | not covered | not viable | gremlins efficacy | gozilla MS | same mutants | detected: gozilla / gremlins |\n")
		b.WriteString("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	} else {
		b.WriteString("| subject | gen killed | detected by score |\n|---|--:|--:|\n")
	}
	var missed []string
	for _, r := range runs {
		fmt.Fprintf(&b, "| %s | %d | %d |", r.name, r.genKilled, r.confirmed)
		missed = append(missed, r.missed...)
		if !gremlins {
			b.WriteString("\n")
			continue
		}
		g := r.cmp.gr
		eff := "–"
		if g.killed+g.lived > 0 {
			eff = fmt.Sprintf("%.3f", float64(g.killed)/float64(g.killed+g.lived))
		}
		ms := 0.0
		if r.doc.Score != nil {
			ms = *r.doc.Score
		}
		fmt.Fprintf(&b, " %d | %d | %d | %d | %d | %d | %s | %.3f | %d | %d / %d |\n", g.mutants, g.killed, g.lived, g.timedOut, g.notCovered, g.other, eff, ms, r.cmp.matched, r.cmp.gzDet, r.cmp.grDet)
	}
	if len(missed) > 0 {
		b.WriteString("\nMutants gen calls killed that score does not detect with the generated file:\n\n")
		for _, m := range missed {
			fmt.Fprintf(&b, "- %s\n", m)
		}
	}
	var onlyG []string
	for _, r := range runs {
		if r.cmp != nil {
			onlyG = append(onlyG, r.cmp.onlyGList...)
		}
	}
	var lived []string
	for _, r := range runs {
		if r.cmp != nil {
			lived = append(lived, r.cmp.livedList...)
		}
	}
	if len(lived) > 0 {
		b.WriteString("\nThe mutants gremlins reports LIVED against the generated tests, with gozilla score's status for the same mutant:\n\n")
		for _, s := range lived {
			fmt.Fprintf(&b, "- %s\n", s)
		}
	}
	if len(onlyG) > 0 {
		b.WriteString("\nSame mutants detected by gremlins but not by gozilla score with the generated file:\n\n")
		for _, s := range onlyG {
			fmt.Fprintf(&b, "- %s\n", s)
		}
	}
	return b.String()
}
