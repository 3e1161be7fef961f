package main

// This file implements the speed benchmark: how fast gozilla gen is and
// whether what it writes depends on the machine's load or on how it was
// reached. On each target — a copy of a standard library package
// (scripts/stdcopy.sh) or a package of a pinned third-party module
// fetched from the module proxy —, each in scratch copies:
//
//   - gen -cache=off runs twice, on the idle machine and while every CPU
//     is kept busy by a burner (internal/cpuload): the two files must be
//     byte-identical; the wall time of each run, gen's exit code (3 when a
//     wall clock, a safety net, decided something, with the units it
//     decided for), the per-unit seconds and the phases of the idle run
//     (where the time and the harness runs went) are recorded;
//   - a pull request's runs with the cache on, in a git repository: a
//     full gen (F1), a one-line change (the first killed mutant of F1's
//     report that the package's own tests pass on, applied to the code),
//     gen -diff HEAD (F2), a full gen (F3)
//     and a full gen with the cache off (F4): F2 and F3 must be the same
//     file (the -diff run writes the whole package's file), and F3 should
//     be F4 (the cache replays what the passes would find);
//   - with -suite, go test -count=1 ./... of this repository, idle and
//     under load.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/gozilla/gozilla/internal/cpuload"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/report"
)

// defaultSpeedStd are the standard library packages the speed benchmark
// copies by default.
const defaultSpeedStd = "container/heap,container/list,encoding/hex,encoding/base32"

// speedDoc is what the benchmark reads of gen's JSON report
// (gozilla.gen/v1, report.Gen): the fields it needs, so that it reads
// reports of builds with and without the newer ones (phases, clock).
type speedDoc struct {
	Packages []speedPkg `json:"packages"`
	Summary  struct {
		Score *float64 `json:"score"`
		Clock int      `json:"clock"`
	} `json:"summary"`
	Mutants []report.Mutant `json:"mutants"`
}

// speedPkg is a package of a speedDoc (report.GenPackage).
type speedPkg struct {
	Path    string        `json:"path"`
	File    string        `json:"file"`
	Skipped string        `json:"skipped"`
	Partial bool          `json:"partial"`
	Phases  []speedPhase  `json:"phases"`
	Units   []report.Unit `json:"units"`
	Clock   []string      `json:"clock"`
}

// speedPhase is one phase of a package's generation (report.GenPhase).
type speedPhase struct {
	Name    string  `json:"name"`
	Seconds float64 `json:"seconds"`
	Runs    int64   `json:"runs"`
}

// speedTarget is one package: the pristine module it is copied from and
// its pattern there.
type speedTarget struct{ name, src, pattern string }

// speedRun is one run of gozilla gen on a target.
type speedRun struct {
	secs  float64
	exit  int
	score *float64
	clock []string // the units a wall clock decided for (exit 4)
	pkg   *speedPkg
	doc   *speedDoc
	file  []byte // the file gen wrote (nil when none)
	rows  int
	err   string // why the run is not measured ("" when it is)
}

// speedResult is the figures of one target.
type speedResult struct {
	target       string
	idle, loaded speedRun
	identical    bool // the two files are the same bytes
	compared     bool // both runs wrote a report (identical is meaningful)
	unitMed      float64
	unitMax      float64
	slowest      string
	units        int
	pr           prResult
}

// prResult is the pull request's scenario on one target.
type prResult struct {
	change string      // the one-line change made
	runs   [4]speedRun // F1 full, F2 -diff HEAD, F3 full, F4 full -cache=off
	ran    int         // how many of runs ran
	f23    bool        // F2 == F3
	f34    bool        // F3 == F4
	err    string
}

// suiteRun is one go test ./... of the repository.
type suiteRun struct {
	secs  float64
	ok    bool
	tail  string      // the failing output's last lines
	tests []suiteTest // the top-level tests' times (runSuiteJSON)
}

// speedConfig is what the run was asked; the markdown names it.
type speedConfig struct {
	jobs                 int
	std, modules, pkgs   []string
	suite                bool
	limit                time.Duration
	stdRefused, modsBad  []string
	idleSuite, loadSuite *suiteRun
}

func benchSpeed(jobs int, std, modules, pkgs []string, suite bool, limit time.Duration, write string) error {
	env, err := setup("gozilla-bench-speed-", false)
	if err != nil {
		return err
	}
	defer os.RemoveAll(env.tmp)
	cfg := &speedConfig{jobs: jobs, std: std, modules: modules, pkgs: pkgs, suite: suite, limit: limit}
	targets, err := speedTargets(env, cfg)
	if err != nil {
		return err
	}
	var results []*speedResult
	for i, t := range targets {
		r := speedOne(env, t, i, jobs, limit)
		logSpeed(r)
		results = append(results, r)
	}
	if suite {
		cfg.idleSuite = runSuite(env.root, limit, false)
		fmt.Fprintf(os.Stderr, "speed suite idle: %.1f s, ok %v\n", cfg.idleSuite.secs, cfg.idleSuite.ok)
		cfg.loadSuite = runSuite(env.root, limit, true)
		fmt.Fprintf(os.Stderr, "speed suite loaded: %.1f s, ok %v\n", cfg.loadSuite.secs, cfg.loadSuite.ok)
	}
	md := speedMarkdown(results, cfg, machine(), time.Now().UTC().Format("2006-01-02"))
	fmt.Print(md)
	if write != "" {
		return updateSection(write, "speed", md)
	}
	return nil
}

// speedTargets copies the std packages (one module each, with their
// tests) and fetches the modules (support's copies), and lists the
// targets.
func speedTargets(env *benchEnv, cfg *speedConfig) ([]speedTarget, error) {
	var targets []speedTarget
	for _, pkg := range cfg.std {
		mod := filepath.Join(env.tmp, "std-"+strings.ReplaceAll(pkg, "/", "-"))
		if err := cmd(env.root, filepath.Join(env.root, "scripts/stdcopy.sh"), mod, pkg).Run(); err != nil {
			cfg.stdRefused = append(cfg.stdRefused, pkg)
			continue
		}
		targets = append(targets, speedTarget{pkg + " (copy)", mod, "./" + filepath.Base(pkg)})
	}
	if len(cfg.modules) > 0 {
		sc := &supportConfig{jobs: cfg.jobs, modules: cfg.modules, pkgs: cfg.pkgs}
		mods, err := supportModules(env, sc)
		if err != nil {
			return nil, err
		}
		cfg.modsBad = sc.modsBad
		for _, m := range mods {
			for _, p := range m.pkgs {
				targets = append(targets, speedTarget{p.path, m.own, p.pattern()})
			}
		}
	}
	return targets, nil
}

// speedOne measures one target, in two scratch copies of its module.
func speedOne(env *benchEnv, t speedTarget, i int, jobs int, limit time.Duration) *speedResult {
	r := &speedResult{target: t.name}
	base := filepath.Join(env.tmp, fmt.Sprintf("speed-%d", i))
	timing := base + "-time"
	if err := copyDir(t.src, timing); err != nil {
		r.idle.err = err.Error()
		r.pr.err = err.Error()
		return r
	}
	args := []string{"-cache=off", t.pattern}
	r.idle = speedGen(env.gz, timing, nil, jobs, limit, false, true, args...)
	r.loaded = speedGen(env.gz, timing, nil, jobs, limit, true, true, args...)
	if r.idle.err == "" && r.loaded.err == "" {
		r.compared = true
		r.identical = bytes.Equal(r.idle.file, r.loaded.file)
	}
	if p := r.idle.pkg; p != nil {
		var secs []float64
		top := -1.0
		for _, u := range p.Units {
			if u.Skipped != "" {
				continue
			}
			secs = append(secs, u.Seconds)
			if u.Seconds > top {
				top, r.slowest = u.Seconds, u.Name
			}
		}
		r.units = len(secs)
		r.unitMed, r.unitMax = medianMax(secs)
	}
	r.pr = pullRequest(env, t, base+"-pr", jobs, limit)
	return r
}

// pullRequest runs the pull request's scenario in a fresh git copy of
// the target's module with a fresh cache.
func pullRequest(env *benchEnv, t speedTarget, dir string, jobs int, limit time.Duration) prResult {
	var pr prResult
	if err := copyDir(t.src, dir); err != nil {
		pr.err = err.Error()
		return pr
	}
	if err := gitCommit(dir, "base"); err != nil {
		pr.err = err.Error()
		return pr
	}
	cache, err := os.MkdirTemp(env.tmp, "cache-")
	if err != nil {
		pr.err = err.Error()
		return pr
	}
	cacheEnv := []string{"GOZILLA_CACHE=" + cache}
	steps := []struct {
		name string
		args []string
	}{
		{"F1 (full)", nil},
		{"F2 (-diff HEAD)", []string{"-diff", "HEAD"}},
		{"F3 (full)", nil},
		{"F4 (full, -cache=off)", []string{"-cache=off"}},
	}
	for k, s := range steps {
		if k == 1 {
			change, err := changeOneLine(dir, pr.runs[0].doc, func() bool { return ownTestsPass(dir, t.pattern) })
			if err != nil {
				pr.err = "the one-line change: " + err.Error()
				return pr
			}
			pr.change = change
		}
		pr.runs[k] = speedGen(env.gz, dir, cacheEnv, jobs, limit, false, false, append(s.args, t.pattern)...)
		pr.ran = k + 1
		if e := pr.runs[k].err; e != "" {
			pr.err = s.name + ": " + e
			return pr
		}
	}
	pr.f23 = bytes.Equal(pr.runs[1].file, pr.runs[2].file)
	pr.f34 = bytes.Equal(pr.runs[2].file, pr.runs[3].file)
	return pr
}

// speedGen runs gozilla gen -json -q -j jobs args... in dir (with the extra
// environment, under CPU load with load) and reads its report and the
// file it wrote; with remove, the file is deleted afterwards.
func speedGen(gz, dir string, extraEnv []string, jobs int, limit time.Duration, load, remove bool, args ...string) speedRun {
	name, full := gz, append([]string{"gen", "-json", "-q", "-j", strconv.Itoa(jobs)}, args...)
	if len(extraEnv) > 0 {
		name, full = "env", append(append(append([]string{}, extraEnv...), gz), full...)
	}
	var stop func()
	if load {
		stop = cpuload.Start()
	}
	res := runWithin(dir, limit, name, full...)
	if stop != nil {
		stop()
	}
	g := speedRun{secs: res.secs, exit: res.exit}
	var doc speedDoc
	switch {
	case res.killed:
		g.err = fmt.Sprintf("killed at the limit (%s)", limit)
		return g
	case res.exit != 0 && res.exit != 3 && res.exit != 4:
		g.err = noReport(res)
		return g
	case json.Unmarshal(res.stdout, &doc) != nil:
		g.err = "no JSON report: " + noReport(res)
		return g
	case len(doc.Packages) != 1:
		g.err = fmt.Sprintf("the report has %d packages, want 1", len(doc.Packages))
		return g
	}
	g.doc, g.pkg, g.score = &doc, &doc.Packages[0], doc.Summary.Score
	for _, p := range doc.Packages {
		g.clock = append(g.clock, p.Clock...)
	}
	if g.pkg.Partial {
		g.err = "partial report (generation stopped)"
		return g
	}
	if g.pkg.Skipped != "" {
		g.err = "package skipped: " + g.pkg.Skipped
		return g
	}
	if g.pkg.File != "" {
		path := g.pkg.File
		if !filepath.IsAbs(path) {
			path = filepath.Join(dir, path)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			g.err = "reading the file: " + err.Error()
			return g
		}
		g.file, g.rows = data, countRows(data)
		if remove {
			if err := os.Remove(path); err != nil {
				g.err = err.Error()
			}
		}
	}
	return g
}

// changeOneLine applies the first killed mutant of the report (whose
// span still holds its original text and which changes one line) that
// the package's own tests pass on, as pass (a pull request whose CI
// passes: gen exits 2 when they fail), to the code in dir and describes
// the change.
func changeOneLine(dir string, doc *speedDoc, pass func() bool) (string, error) {
	if doc == nil {
		return "", fmt.Errorf("no report")
	}
	tried := 0
	for _, m := range doc.Mutants {
		if m.Status != mutate.Killed {
			continue
		}
		path := m.File
		if !filepath.IsAbs(path) {
			path = filepath.Join(dir, path)
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return "", err
		}
		out, ok := applyMutant(src, m)
		if !ok {
			continue
		}
		if err := os.WriteFile(path, out, 0o644); err != nil {
			return "", err
		}
		if !pass() {
			if err := os.WriteFile(path, src, 0o644); err != nil {
				return "", err
			}
			if tried++; tried == 40 {
				break
			}
			continue
		}
		return fmt.Sprintf("%s:%d `%s` → `%s` (mutant #%d, %s)", filepath.Base(m.File), m.Line, m.Orig, m.Repl, m.ID, m.Op), nil
	}
	return "", fmt.Errorf("no killed mutant applies that the package's own tests pass on (%d tried)", tried)
}

// ownTestsPass runs the package's own tests in dir, the files gozilla
// generated set aside.
func ownTestsPass(dir, pattern string) bool {
	gen, _ := filepath.Glob(filepath.Join(dir, "*", "*_gozilla_test.go"))
	top, _ := filepath.Glob(filepath.Join(dir, "*_gozilla_test.go"))
	gen = append(gen, top...)
	for _, f := range gen {
		if err := os.Rename(f, f+".aside"); err != nil {
			return false
		}
		defer os.Rename(f+".aside", f)
	}
	cmd := exec.Command("go", "test", "-count=1", pattern)
	cmd.Dir = dir
	return cmd.Run() == nil
}

// applyMutant returns src with the mutant's span [Offset,End) replaced
// by its replacement; ok is false when the span is out of range, does
// not hold the original text, or the change spans more than one line.
func applyMutant(src []byte, m report.Mutant) (out []byte, ok bool) {
	if m.Offset < 0 || m.End < m.Offset || m.End > len(src) || string(src[m.Offset:m.End]) != m.Orig ||
		strings.Contains(m.Orig, "\n") || strings.Contains(m.Repl, "\n") || m.Orig == m.Repl {
		return nil, false
	}
	out = make([]byte, 0, len(src)-len(m.Orig)+len(m.Repl))
	out = append(out, src[:m.Offset]...)
	out = append(out, m.Repl...)
	return append(out, src[m.End:]...), true
}

// countRows counts the rows of a generated file's tables: the lines that
// begin a row, "\t\t{name: …".
func countRows(file []byte) int {
	n := 0
	for _, line := range strings.Split(string(file), "\n") {
		if strings.HasPrefix(line, "\t\t{name:") {
			n++
		}
	}
	return n
}

// copyDir copies the directory src to dst (which must not exist).
func copyDir(src, dst string) error {
	if out, err := exec.Command("cp", "-r", src, dst).CombinedOutput(); err != nil {
		return fmt.Errorf("copy %s: %v: %s", src, err, out)
	}
	return nil
}

// gitCommit makes dir a git repository with one commit of all its files.
func gitCommit(dir, msg string) error {
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"-c", "commit.gpgsign=false", "commit", "-q", "-m", msg}} {
		c := exec.Command("git", args...)
		c.Dir = dir
		c.Env = append(os.Environ(), "GIT_AUTHOR_NAME=gozilla-bench", "GIT_AUTHOR_EMAIL=bench@example.com",
			"GIT_COMMITTER_NAME=gozilla-bench", "GIT_COMMITTER_EMAIL=bench@example.com")
		if out, err := c.CombinedOutput(); err != nil {
			return fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, firstLine(string(out)))
		}
	}
	return nil
}

// runSuite runs go test -count=1 ./... in the repository root, as a
// developer does (without the benchmark's GOZILLA_CACHE=off), under CPU
// load with load.
func runSuite(root string, limit time.Duration, load bool) *suiteRun {
	var stop func()
	if load {
		stop = cpuload.Start()
	}
	res := runWithin(root, limit, "env", "-u", "GOZILLA_CACHE", "go", "test", "-count=1", "./...")
	if stop != nil {
		stop()
	}
	s := &suiteRun{secs: res.secs, ok: res.exit == 0 && !res.killed}
	if !s.ok {
		s.tail = lastLines(string(res.stdout)+"\n"+res.stderr, 15)
		if res.killed {
			s.tail += fmt.Sprintf("\n(killed at the limit, %s)", limit)
		}
	}
	return s
}

// lastLines is the last n non-empty lines of s.
func lastLines(s string, n int) string {
	var keep []string
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) != "" {
			keep = append(keep, l)
		}
	}
	if len(keep) > n {
		keep = keep[len(keep)-n:]
	}
	return strings.Join(keep, "\n")
}

// logSpeed writes one target's progress line.
func logSpeed(r *speedResult) {
	pr := r.pr
	prText := "PR: " + pr.err
	if pr.err == "" {
		prText = fmt.Sprintf("PR: F2==F3 %s, F3==F4 %s, rows %s, MS %s, s %s", yesNo(pr.f23), yesNo(pr.f34), prRows(pr), prMS(pr), prSecs(pr))
	}
	fmt.Fprintf(os.Stderr, "speed %s: identical %s, gen %.1f s idle / %.1f s loaded, exit %s / %s, per-unit s %.2f / %.2f (%s); %s\n",
		r.target, identicalText(r), r.idle.secs, r.loaded.secs, exitText(r.idle), exitText(r.loaded), r.unitMed, r.unitMax, r.slowest, prText)
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "**no**"
}

// identicalText is the identical cell of a target.
func identicalText(r *speedResult) string {
	switch {
	case !r.compared:
		return "—"
	case r.idle.file == nil && r.loaded.file == nil:
		return "yes (no file)"
	}
	return yesNo(r.identical)
}

// exitText is a run's exit code, with the units a wall clock decided
// for counted (exit 4).
func exitText(g speedRun) string {
	if g.err != "" && g.doc == nil {
		return fmt.Sprintf("%d (error)", g.exit)
	}
	if len(g.clock) > 0 {
		return fmt.Sprintf("%d (clock: %d units)", g.exit, len(g.clock))
	}
	return strconv.Itoa(g.exit)
}

// prCells formats the ran runs of the scenario with f, "—" for the others.
func prCells(pr prResult, f func(speedRun) string) string {
	cells := make([]string, 4)
	for k := range cells {
		cells[k] = "—"
		if k < pr.ran && pr.runs[k].doc != nil {
			cells[k] = f(pr.runs[k])
		}
	}
	return strings.Join(cells, " / ")
}

func prRows(pr prResult) string {
	return prCells(pr, func(g speedRun) string { return strconv.Itoa(g.rows) })
}

func prMS(pr prResult) string {
	return prCells(pr, func(g speedRun) string {
		if g.score == nil {
			return "—"
		}
		return fmt.Sprintf("%.3f", *g.score)
	})
}

func prSecs(pr prResult) string {
	return prCells(pr, func(g speedRun) string { return fmt.Sprintf("%.1f", g.secs) })
}

func prExits(pr prResult) string {
	return prCells(pr, func(g speedRun) string { return strconv.Itoa(g.exit) })
}

// speedFlags is the command line's flags, as the markdown names them.
func speedFlags(cfg *speedConfig) string {
	flags := fmt.Sprintf(" -j %d -std %s", cfg.jobs, strings.Join(cfg.std, ","))
	if len(cfg.std) == 0 {
		flags = fmt.Sprintf(" -j %d -std ''", cfg.jobs)
	}
	if len(cfg.modules) > 0 {
		flags += " -modules " + strings.Join(cfg.modules, ",")
	}
	if len(cfg.pkgs) > 0 {
		flags += " -pkgs " + strings.Join(cfg.pkgs, ",")
	}
	if cfg.suite {
		flags += " -suite"
	}
	return flags
}

func speedMarkdown(results []*speedResult, cfg *speedConfig, host, date string) string {
	var b strings.Builder
	b.WriteString("## Speed: gen's time, its phases, its files under load and in a pull request's runs\n\n")
	fmt.Fprintf(&b, "Measured %s on %s; `go run ./cmd/gozilla-bench speed%s -w BENCHMARKS.md`.\n", date, host, speedFlags(cfg))
	fmt.Fprintf(&b, "Each target is a package in a scratch copy of its module. `gozilla gen -json -q -j %d -cache=off` runs twice on it, first on the otherwise idle machine, then while a burner keeps every CPU busy (`internal/cpuload`): *identical* says whether the two test files are the same bytes (the target: always; gen decides by counted budgets, never by the clock), *exit* is gen's exit code (3: a wall clock, a safety net, decided for some units — listed below), the per-unit seconds and the phases (where the time and the harness runs went) are the idle run's. Then a pull request's runs with the cache on (a fresh `GOZILLA_CACHE`), in a git repository of a fresh copy: a full gen (F1); a one-line change to the package's code (the first killed mutant of F1's report that the package's own tests pass on, applied: a pull request whose CI passes); `gen -diff HEAD` (F2); a full gen (F3); a full gen with `-cache=off` (F4). F2 must be F3 (the -diff run writes the whole package's file); F3 should be F4 (the cache replays what the passes find). *Rows* are the files' table rows; the MS of F2 is that of the changed line's mutants alone.\n\n", cfg.jobs)
	if len(cfg.stdRefused) > 0 {
		fmt.Fprintf(&b, "Not copied (stdcopy.sh refuses them): %s.\n\n", strings.Join(cfg.stdRefused, ", "))
	}
	if len(cfg.modsBad) > 0 {
		fmt.Fprintf(&b, "Not fetched: %s.\n\n", strings.Join(cfg.modsBad, "; "))
	}

	b.WriteString("### Under load\n\n")
	b.WriteString("| target | identical | s idle | s loaded | exit idle | exit loaded | units | per-unit s median | per-unit s max | slowest unit |\n|---|---|--:|--:|---|---|--:|--:|--:|---|\n")
	identical, compared := 0, 0
	var notes []string
	for _, r := range results {
		if r.compared {
			compared++
			if r.identical {
				identical++
			}
		}
		fmt.Fprintf(&b, "| %s | %s | %.1f | %.1f | %s | %s | %d | %.2f | %.2f | %s |\n", r.target, identicalText(r), r.idle.secs, r.loaded.secs,
			exitText(r.idle), exitText(r.loaded), r.units, r.unitMed, r.unitMax, codeOrDash(r.slowest))
		for _, run := range []struct {
			which string
			g     speedRun
		}{{"idle run", r.idle}, {"loaded run", r.loaded}} {
			if run.g.err != "" {
				notes = append(notes, fmt.Sprintf("- %s, %s: **error**: %s", r.target, run.which, mdCell(run.g.err)))
			}
			if len(run.g.clock) > 0 {
				notes = append(notes, fmt.Sprintf("- %s, %s: a wall clock decided for %s", r.target, run.which, mdCell(strings.Join(run.g.clock, ", "))))
			}
		}
	}
	b.WriteString("\n")

	b.WriteString("### Phases (idle run)\n\n")
	b.WriteString("| target | phase | s | runs | share of the phases' s |\n|---|---|--:|--:|--:|\n")
	type total struct {
		secs float64
		runs int64
	}
	totals := map[string]*total{}
	var order []string
	var all float64
	withPhases := 0
	for _, r := range results {
		p := r.idle.pkg
		if p == nil || len(p.Phases) == 0 {
			fmt.Fprintf(&b, "| %s | — | | | |\n", r.target)
			continue
		}
		withPhases++
		var sum float64
		for _, ph := range p.Phases {
			sum += ph.Seconds
		}
		for _, ph := range p.Phases {
			fmt.Fprintf(&b, "| %s | %s | %.2f | %d | %s |\n", r.target, ph.Name, ph.Seconds, ph.Runs, share(ph.Seconds, sum))
			t := totals[ph.Name]
			if t == nil {
				t = &total{}
				totals[ph.Name] = t
				order = append(order, ph.Name)
			}
			t.secs += ph.Seconds
			t.runs += ph.Runs
			all += ph.Seconds
		}
	}
	for _, name := range order {
		if withPhases < 2 {
			break // one target: its rows are the totals
		}
		t := totals[name]
		fmt.Fprintf(&b, "| **total** | %s | %.2f | %d | %s |\n", name, t.secs, t.runs, share(t.secs, all))
	}
	fmt.Fprintf(&b, "| **total** | all phases | %.2f | | |\n\n", all)

	b.WriteString("### A pull request's runs (cache on)\n\n")
	b.WriteString("| target | F2 = F3 | F3 = F4 | rows F1 / F2 / F3 / F4 | MS F1 / F2 / F3 / F4 | s F1 / F2 / F3 / F4 | exit F1 / F2 / F3 / F4 |\n|---|---|---|---|---|---|---|\n")
	kept, tried := 0, 0
	for _, r := range results {
		pr := r.pr
		f23, f34 := "—", "—"
		if pr.err == "" {
			tried++
			if pr.f23 {
				kept++
			}
			f23, f34 = yesNo(pr.f23), yesNo(pr.f34)
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s |\n", r.target, f23, f34, prRows(pr), prMS(pr), prSecs(pr), prExits(pr))
		if pr.change != "" {
			notes = append(notes, fmt.Sprintf("- %s, the one-line change: %s", r.target, mdCell(pr.change)))
		}
		if pr.err != "" {
			notes = append(notes, fmt.Sprintf("- %s, pull request: **error**: %s", r.target, mdCell(pr.err)))
		}
		for k, g := range pr.runs[:pr.ran] {
			if len(g.clock) > 0 {
				notes = append(notes, fmt.Sprintf("- %s, F%d: a wall clock decided for %s", r.target, k+1, mdCell(strings.Join(g.clock, ", "))))
			}
		}
	}
	b.WriteString("\n")
	fmt.Fprintf(&b, "files identical under load: %d/%d\n\n-diff then full run keeps the file: %d/%d\n\n", identical, compared, kept, tried)

	if cfg.suite {
		b.WriteString("### The repository's tests\n\n`go test -count=1 ./...` in the repository root, idle, then under load.\n\n| run | s | result |\n|---|--:|---|\n")
		for _, s := range []struct {
			which string
			run   *suiteRun
		}{{"idle", cfg.idleSuite}, {"loaded", cfg.loadSuite}} {
			if s.run == nil {
				continue
			}
			result := "ok"
			if !s.run.ok {
				result = "**FAIL**"
			}
			fmt.Fprintf(&b, "| %s | %.1f | %s |\n", s.which, s.run.secs, result)
		}
		b.WriteString("\n")
		for _, s := range []struct {
			which string
			run   *suiteRun
		}{{"idle", cfg.idleSuite}, {"loaded", cfg.loadSuite}} {
			if s.run != nil && !s.run.ok {
				fmt.Fprintf(&b, "The %s run's last lines:\n\n```\n%s\n```\n\n", s.which, s.run.tail)
			}
		}
	}

	if len(notes) > 0 {
		b.WriteString("### Notes\n\n" + strings.Join(notes, "\n") + "\n\n")
	}
	return b.String()
}

// share formats part/whole as a percentage ("—" when whole is 0).
func share(part, whole float64) string {
	if whole <= 0 {
		return "—"
	}
	return fmt.Sprintf("%.1f%%", 100*part/whole)
}

func codeOrDash(s string) string {
	if s == "" {
		return "—"
	}
	return "`" + s + "`"
}
