package main

// This file implements the support benchmark: how much of real Go code
// gozilla gen handles. On every package of three groups of targets — the
// realistic module of testdata/realistic, copies of standard library
// packages (scripts/stdcopy.sh) and popular third-party modules at
// pinned versions (fetched from the module proxy at bench time) —
// `gozilla gen` runs in a scratch copy; the bench counts the units it
// supports and why it skips the others, checks the generated file (go
// test, GOARCH=386 go vet) and compares, on the same mutants, the
// mutation score of the generated tests with that of the package's own
// tests.
//
// Each module is copied three times into the scratch directory: own (as
// shipped, with its own tests: the score of the own tests and the
// attribution of a failure), gen (gen writes its files there, next to
// the own tests: go test and vet as a user runs them) and only (every
// *_test.go file outside testdata removed, the generated files copied in:
// the score of the generated tests alone).
//
// With -before REV, gozilla built at an earlier revision generates too,
// in two more copies (gen and only of that build): its file is scored by
// this tree's gozilla on the same mutants, and its rows classified, side
// by side with this tree's (issue 30's figures: rows.go).

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/gozilla/gozilla/internal/report"
)

// defaultSupportStd are the standard library packages the support
// benchmark tries to copy: those of the issue, and three more that copy
// cleanly for those stdcopy.sh refuses (their tests import internal std
// packages).
const defaultSupportStd = "math/bits,encoding/hex,encoding/base32,encoding/base64,html,strconv,strings,path," +
	"unicode/utf16,container/list,container/ring,text/tabwriter,sort,unicode/utf8,encoding/ascii85,encoding/csv," +
	"container/heap,image/color"

// defaultSupportModules are the modules of the resources benchmark and
// those of issue 30: containers (gods, btree), glob matching, decimals.
const defaultSupportModules = defaultModules + ",github.com/emirpasic/gods@v1.18.1,github.com/google/btree@v1.1.3," +
	"github.com/gobwas/glob@v0.2.3,github.com/shopspring/decimal@v1.6.0"

// defaultSupportPkgs are the packages measured of a module that has many
// (-pkgs): those of issue 30 in gods, a module of some forty packages.
const defaultSupportPkgs = "github.com/emirpasic/gods/lists/arraylist,github.com/emirpasic/gods/trees/binaryheap,github.com/emirpasic/gods/utils"

// supportModule is one module of a group, copied three ways.
type supportModule struct {
	group          string // group title
	name           string // as shown: a module path, or module@version
	goLine         string // the go directive of its go.mod
	own, gen, only string // the three copies (see the file comment)
	// genBefore and onlyBefore are the gen and only copies of the
	// -before build ("" without).
	genBefore, onlyBefore string
	pkgs                  []listedPkg
}

// listedPkg is a package of a module: its import path and its directory
// relative to the module root ("." for the root).
type listedPkg struct{ path, rel string }

// pattern is the package's pattern for the go command and gozilla.
func (p listedPkg) pattern() string {
	if p.rel == "." {
		return "."
	}
	return "./" + filepath.ToSlash(p.rel)
}

// supportPkg is the figures of one package.
type supportPkg struct {
	group, module, path string
	units, supported    int
	unitsKnown          bool
	census              bool // units counted by a dry run with no passes (gen did not finish)
	skipped             []skippedUnit
	tests               int
	genSecs             float64
	unitSecs            []float64 // per supported unit
	unitNames           []string  // of unitSecs
	file                string    // generated file (base name), "" when none was written
	only64              bool      // the file is left out of 32-bit builds
	stopped             bool      // gen stopped at the limit
	test, vet           string    // outcome of the checks, as shown
	mutants             int
	own, genMS          msResult
	fails               []string // generated file or gen failures, loud
	notes               []string
	genBuild            // what this tree's gen made of it
	// before is what the -before build's gen made of it (nil without).
	before *genBuild
}

// genBuild is what one build of gozilla gen made of a package, for issue
// 30's figures: the rows of its file by kind, and the supported units it
// reached no row for.
type genBuild struct {
	kinds    *rowKinds // nil when there is no file or it could not be classified
	kindsErr string    // why it could not be
	zeroRows []string  // supported units with no row
	// For the -before build: its tests, file and the score of that file
	// by this tree's gozilla (the same mutants as MS own).
	tests int
	file  string
	ms    msResult
}

// skippedUnit is a unit gen skips and the reason it reports.
type skippedUnit struct{ unit, reason string }

// unitTime is a unit's generation time, for the slowest units.
type unitTime struct {
	unit string
	secs float64
}

// msResult is one gozilla score run.
type msResult struct {
	score   *float64
	mutants int
	partial bool
	note    string // why there is no score, short
	detail  string // what the command said, for the notes
}

// supportConfig is what the run was asked; the markdown names it.
type supportConfig struct {
	jobs                int
	limit               time.Duration
	std, modules        []string
	realistic           bool
	minGo               string
	before              string   // the -before revision ("" without)
	pkgs                []string // -pkgs: the packages measured of the modules that have one named
	stdRefused, modsBad []string // notes: std packages not copied, modules not fetched
}

func benchSupport(jobs int, limit time.Duration, realistic bool, std, modules, only []string, before, minGo, write string) error {
	env, err := setup("gozilla-bench-support-", false)
	if err != nil {
		return err
	}
	defer os.RemoveAll(env.tmp)
	cfg := &supportConfig{jobs: jobs, limit: limit, std: std, modules: modules, realistic: realistic, minGo: minGo, before: before, pkgs: only}
	var beforeBin string
	if before != "" {
		if beforeBin, err = buildRevision(env, before); err != nil {
			return err
		}
	}
	mods, err := supportModules(env, cfg)
	if err != nil {
		return err
	}
	var pkgs []*supportPkg
	for _, m := range mods {
		for _, p := range m.pkgs {
			r := supportPackage(env.gz, m, p, jobs, limit)
			if beforeBin != "" {
				r.before = genBefore(beforeBin, env.gz, m, p, jobs, limit)
				if r.before.kindsErr != "" {
					r.notes = append(r.notes, fmt.Sprintf("the rows of the file gozilla at %s generated could not be classified: %s", before, r.before.kindsErr))
				}
			}
			logSupport(r)
			pkgs = append(pkgs, r)
		}
	}
	text := supportMarkdown(pkgs, mods, cfg, machine(), time.Now().UTC().Format("2006-01-02"))
	fmt.Print(text)
	if write != "" {
		if err := updateSection(write, "support", text); err != nil {
			return err
		}
	}
	if n := countFails(pkgs); n > 0 {
		for _, p := range pkgs {
			for _, f := range p.fails {
				fmt.Fprintf(os.Stderr, "FAIL %s: %s\n", p.path, f)
			}
		}
		return fmt.Errorf("FAIL: %d failure(s) of gen or of a generated file", n)
	}
	return nil
}

// logSupport writes one package's progress line.
func logSupport(r *supportPkg) {
	status := "ok"
	if len(r.fails) > 0 {
		status = "FAIL: " + strings.Join(r.fails, "; ")
	}
	var before string
	if b := r.before; b != nil {
		before = fmt.Sprintf(" (before: %d tests, generated %s, rows %s)", b.tests, fmtMS(b.ms), kindsText(b))
	}
	fmt.Fprintf(os.Stderr, "support %s: units %d/%d, %d tests, gen %.1f s, test %s, vet %s, MS own %s, generated %s, rows %s%s: %s\n",
		r.path, r.supported, r.units, r.tests, r.genSecs, r.test, r.vet, fmtMS(r.own), fmtMS(r.genMS), kindsText(&r.genBuild), before, status)
}

// supportModules prepares the three copies of every module of the three
// groups and lists their packages.
func supportModules(env *benchEnv, cfg *supportConfig) ([]*supportModule, error) {
	var mods []*supportModule
	add := func(group, name, src string) error {
		m, err := copyModule(env.tmp, group, name, src, cfg.before != "")
		if err != nil {
			return err
		}
		m.pkgs = selectPkgs(m.pkgs, cfg.pkgs)
		mods = append(mods, m)
		return nil
	}
	if cfg.realistic {
		if err := add(groupRealistic, "example.com/realistic", filepath.Join(env.root, "testdata", "realistic")); err != nil {
			return nil, err
		}
	}
	if len(cfg.std) > 0 {
		dir := filepath.Join(env.tmp, "stdcopy")
		copied, refused := copyStd(env.root, dir, cfg.std)
		cfg.stdRefused = refused
		if len(copied) > 0 {
			if err := add(groupStd, "example.com/stdcopy", dir); err != nil {
				return nil, err
			}
			m := mods[len(mods)-1]
			m.pkgs = orderStd(m.pkgs, copied)
		}
	}
	for _, mv := range cfg.modules {
		dir, orig, err := fetchModule(env.tmp, mv, cfg.minGo)
		if err != nil {
			cfg.modsBad = append(cfg.modsBad, fmt.Sprintf("%s: %v", mv, firstLine(err.Error())))
			continue
		}
		if err := add(groupModules, mv, dir); err != nil {
			return nil, err
		}
		if line := goDirective(dir); line != orig {
			mods[len(mods)-1].goLine = orig + " → " + line
		}
	}
	return mods, nil
}

// The groups, in the order of the report.
const (
	groupRealistic = "testdata/realistic"
	groupStd       = "Standard library copies"
	groupModules   = "Third-party modules"
)

// copyStd copies each standard library package with its tests into the
// module at dir, one call of stdcopy.sh each: a package it refuses (its
// tests import an internal std package) is removed again and noted.
func copyStd(root, dir string, pkgs []string) (copied, refused []string) {
	for _, pkg := range pkgs {
		c := exec.Command(filepath.Join(root, "scripts/stdcopy.sh"), dir, pkg)
		c.Dir = root
		out, err := c.CombinedOutput()
		if err != nil {
			os.RemoveAll(filepath.Join(dir, filepath.Base(pkg)))
			why := firstLine(string(out))
			if strings.Contains(why, "internal std package") {
				refused = append(refused, pkg)
			} else {
				refused = append(refused, fmt.Sprintf("%s (%s)", pkg, why))
			}
			continue
		}
		copied = append(copied, pkg)
	}
	return copied, refused
}

// orderStd keeps the listed packages of the std copy in the order they
// were asked for.
func orderStd(listed []listedPkg, order []string) []listedPkg {
	var out []listedPkg
	for _, pkg := range order {
		for _, l := range listed {
			if l.rel == filepath.Base(pkg) {
				out = append(out, l)
			}
		}
	}
	return out
}

// copyModule makes the own, gen and only copies of the module at src
// (and the gen and only copies of the -before build, with before) and
// lists its packages (those with non-test Go files).
func copyModule(tmp, group, name, src string, before bool) (*supportModule, error) {
	base := filepath.Join(tmp, "support-"+strings.NewReplacer("/", "_", "@", "_", " ", "_").Replace(name))
	m := &supportModule{group: group, name: name, goLine: goDirective(src),
		own: base + "-own", gen: base + "-gen", only: base + "-only"}
	copies := []string{m.own, m.gen, m.only}
	if before {
		m.genBefore, m.onlyBefore = base+"-gen-before", base+"-only-before"
		copies = append(copies, m.genBefore, m.onlyBefore)
	}
	for _, dst := range copies {
		if out, err := exec.Command("cp", "-r", src, dst).CombinedOutput(); err != nil {
			return nil, fmt.Errorf("copy %s: %v: %s", name, err, out)
		}
	}
	for _, dir := range []string{m.only, m.onlyBefore} {
		if dir == "" {
			continue
		}
		if err := removeTests(dir); err != nil {
			return nil, err
		}
	}
	list := exec.Command("go", "list", "-f", "{{if .GoFiles}}{{.ImportPath}} {{.Dir}}{{end}}", "./...")
	list.Dir = m.own
	out, err := list.Output()
	if err != nil {
		return nil, fmt.Errorf("go list in %s: %v", name, err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		path, dir, ok := strings.Cut(line, " ")
		if !ok {
			continue
		}
		rel, err := filepath.Rel(m.own, dir)
		if err != nil {
			return nil, err
		}
		m.pkgs = append(m.pkgs, listedPkg{path, rel})
	}
	return m, nil
}

// selectPkgs keeps, of a module whose packages only names some, those;
// a module only names none of is kept whole.
func selectPkgs(pkgs []listedPkg, only []string) []listedPkg {
	var out []listedPkg
	for _, p := range pkgs {
		if slices.Contains(only, p.path) {
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		return pkgs
	}
	return out
}

// removeTests removes every *_test.go file of the module at dir (internal
// and external test packages alike), leaving testdata directories alone.
func removeTests(dir string) error {
	return filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(d.Name(), "_test.go") {
			return os.Remove(p)
		}
		return nil
	})
}

// supportPackage runs the steps on one package: gen (in the gen copy),
// the checks of the generated file, and the two scores.
func supportPackage(gz string, m *supportModule, p listedPkg, jobs int, limit time.Duration) *supportPkg {
	r := &supportPkg{group: m.group, module: m.name, path: p.path, test: "—", vet: "—"}
	if m.group != groupModules {
		// Shown as the std path or the directory in testdata/realistic.
		r.path = strings.TrimPrefix(p.path, m.name+"/")
	}
	genPackage(gz, m, p, jobs, limit, r)
	if r.file != "" {
		// The only copy: the generated file without the own tests.
		data, err := os.ReadFile(filepath.Join(m.gen, p.rel, r.file))
		if err == nil {
			err = os.WriteFile(filepath.Join(m.only, p.rel, r.file), data, 0o644)
		}
		if err != nil {
			r.fails = append(r.fails, "copying the generated file: "+err.Error())
			return r
		}
		checkGoTest(m, p, limit, r)
		checkVet386(m, p, limit, r)
		r.classify(m.only, p, r.file)
		if r.kindsErr != "" {
			r.notes = append(r.notes, "its rows could not be classified: "+r.kindsErr)
		}
	}
	r.own = scorePackage(gz, m.own, p, jobs, limit)
	if r.file != "" {
		r.genMS = scorePackage(gz, m.only, p, jobs, limit)
	} else {
		r.genMS = msResult{note: "no file"}
	}
	if r.own.score != nil && r.genMS.score != nil && r.own.mutants != r.genMS.mutants {
		r.notes = append(r.notes, fmt.Sprintf("the two score runs made %d and %d mutants", r.own.mutants, r.genMS.mutants))
	}
	r.mutants = max(r.own.mutants, r.genMS.mutants)
	for _, m := range []struct {
		which string
		ms    msResult
	}{{"own tests", r.own}, {"generated file", r.genMS}} {
		if m.ms.detail != "" {
			r.notes = append(r.notes, "gozilla score with the "+m.which+": "+m.ms.detail)
		}
	}
	return r
}

// genPackage runs gozilla gen on the package in the gen copy and reads
// its report into r; when gen does not finish, the units are counted by
// a dry run with no passes.
func genPackage(gz string, m *supportModule, p listedPkg, jobs int, limit time.Duration, r *supportPkg) {
	res := runWithin(m.gen, limit+time.Minute, gz, "gen", "-json", "-q", "-j", strconv.Itoa(jobs), "-deadline", limit.String(), p.pattern())
	r.genSecs = res.secs
	var doc report.Gen
	if json.Unmarshal(res.stdout, &doc) != nil || len(doc.Packages) != 1 {
		if res.killed {
			r.stopped = true
			r.notes = append(r.notes, fmt.Sprintf("gen did not stop at its -deadline %s: killed (SIGTERM, then SIGKILL) %s later, no report, no file", limit, time.Minute))
		} else {
			r.fails = append(r.fails, "gozilla gen: "+noReport(res))
		}
		censusUnits(gz, m, p, r)
		return
	}
	g := doc.Packages[0]
	r.tests = g.Tests
	if g.Partial || res.killed {
		r.stopped = true
		r.notes = append(r.notes, fmt.Sprintf("gen stopped at the limit (%s): no file written", limit))
		censusUnits(gz, m, p, r)
		return
	}
	if g.Skipped != "" {
		r.notes = append(r.notes, "gen skipped the package: "+g.Skipped)
	}
	readUnits(g.Units, r)
	for _, u := range g.Units {
		if u.Skipped == "" {
			r.unitSecs = append(r.unitSecs, u.Seconds)
			r.unitNames = append(r.unitNames, u.Name)
		}
	}
	r.zeroRows = zeroRows(g.Units)
	if g.File != "" {
		r.file = filepath.Base(g.File)
		data, _ := os.ReadFile(filepath.Join(m.gen, p.rel, r.file))
		r.only64 = bytes.Contains(data, []byte("\n//go:build !386"))
	}
}

// readUnits counts the units of a report and keeps the skipped ones.
func readUnits(units []report.Unit, r *supportPkg) {
	r.unitsKnown = true
	r.units, r.supported, r.skipped = len(units), 0, nil
	for _, u := range units {
		if u.Skipped == "" {
			r.supported++
		} else {
			r.skipped = append(r.skipped, skippedUnit{u.Name, u.Skipped})
		}
	}
}

// censusUnits counts the package's units by a dry gen with no passes
// (the units and their skip reasons do not depend on the passes).
func censusUnits(gz string, m *supportModule, p listedPkg, r *supportPkg) {
	res := runWithin(m.own, 10*time.Minute, gz, "gen", "-json", "-q", "-n", "-random", "0", "-engine", "", p.pattern())
	var doc report.Gen
	if json.Unmarshal(res.stdout, &doc) != nil || len(doc.Packages) != 1 || doc.Packages[0].Partial {
		r.notes = append(r.notes, "its units could not be counted: "+lastLine(res.stderr+" "))
		return
	}
	readUnits(doc.Packages[0].Units, r)
	r.census = true
}

// checkGoTest runs go test with the generated file next to the own tests
// (gen copy), as a user does. A failure is the generated file's when the
// output names the file or one of its tests fails, or when the file alone
// (only copy, -vet=off: go test's vet is about the package's own files
// too) fails, or when the own tests pass without it (own copy); otherwise
// it is the package's own (its code fails go test's vet, or its own
// tests fail), and noted.
func checkGoTest(m *supportModule, p listedPkg, limit time.Duration, r *supportPkg) {
	test := func(dir string, extra ...string) runResult {
		args := append([]string{"test", "-count=1", "-timeout", limit.String()}, extra...)
		return runWithin(dir, limit+time.Minute, "go", append(args, p.pattern())...)
	}
	both := test(m.gen)
	if both.exit == 0 {
		r.test = "ok"
		return
	}
	out := string(both.stdout) + "\n" + both.stderr
	if lines := fileLines(out, r.file); lines != "" || strings.Contains(out, "--- FAIL: TestGozilla") {
		if lines == "" {
			lines = excerpt(both.stdout, both.stderr)
		}
		r.test = "FAIL"
		r.fails = append(r.fails, "go test with the own tests: "+lines)
		return
	}
	if alone := test(m.only, "-vet=off"); alone.exit != 0 {
		r.test = "FAIL"
		r.fails = append(r.fails, "go test -vet=off of the generated file alone: "+excerpt(alone.stdout, alone.stderr))
		return
	}
	if own := test(m.own); own.exit == 0 {
		// The own tests pass without the file and fail next to it: the
		// file breaks them (state a generated row leaves behind).
		r.test = "FAIL"
		r.fails = append(r.fails, "the own tests pass alone and fail next to the generated file: "+excerpt(both.stdout, both.stderr))
		return
	}
	r.test = "ok (own files fail)"
	r.notes = append(r.notes, "go test fails on the package's own files or tests, also without the generated file (which passes alone): "+excerpt(both.stdout, both.stderr))
}

// checkVet386 runs GOARCH=386 go vet with the generated file next to the
// own tests; its findings are the generated file's when they name it
// (those on the package's own files are noted).
func checkVet386(m *supportModule, p listedPkg, limit time.Duration, r *supportPkg) {
	ok := "ok"
	if r.only64 {
		ok = "ok (file 64-bit only)"
	}
	res := runWithin(m.gen, limit, "env", "GOARCH=386", "go", "vet", p.pattern())
	if res.exit == 0 {
		r.vet = ok
		return
	}
	if lines := fileLines(string(res.stdout)+"\n"+res.stderr, r.file); lines != "" {
		r.vet = "FAIL"
		r.fails = append(r.fails, "GOARCH=386 go vet: "+lines)
		return
	}
	r.vet = ok + " (own files fail)"
	r.notes = append(r.notes, "GOARCH=386 go vet fails on the package's own files, not on the generated file: "+excerpt(res.stdout, res.stderr))
}

// fileLines returns the lines of out that name the file base (at most
// five, joined by " | "), or "".
func fileLines(out, base string) string {
	if base == "" {
		return ""
	}
	var keep []string
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, base+":") {
			keep = append(keep, strings.TrimSpace(line))
			if len(keep) == 5 {
				break
			}
		}
	}
	return strings.Join(keep, " | ")
}

// scorePackage runs gozilla score on the package in dir.
func scorePackage(gz, dir string, p listedPkg, jobs int, limit time.Duration) msResult {
	res := runWithin(dir, limit+time.Minute, gz, "score", "-json", "-q", "-j", strconv.Itoa(jobs), "-deadline", limit.String(), p.pattern())
	var doc report.Score
	if json.Unmarshal(res.stdout, &doc) != nil {
		note := noReport(res)
		if strings.Contains(note, "tests fail before mutation") {
			return msResult{note: "tests fail before mutation", detail: note}
		}
		return msResult{note: note}
	}
	return msResult{score: doc.Summary.Score, mutants: doc.Summary.Mutants, partial: doc.Summary.Partial || res.killed}
}

// noReport says why a gozilla command wrote no JSON report.
func noReport(res runResult) string {
	last := strings.TrimSpace(tailLine(res.stderr, 300))
	switch {
	case strings.Contains(last, "no test files"):
		return "no tests"
	case res.killed:
		return "killed at the limit, no report"
	case last == "":
		return fmt.Sprintf("exit %d, no report", res.exit)
	}
	return fmt.Sprintf("exit %d: %s", res.exit, last)
}

// runResult is what one command did.
type runResult struct {
	stdout []byte
	stderr string
	exit   int // -1 when it could not start
	secs   float64
	killed bool // stopped at the limit
}

// runWithin runs a command in dir and stops its process group (SIGTERM,
// then SIGKILL 30 s later) at the limit.
func runWithin(dir string, limit time.Duration, name string, args ...string) runResult {
	c := exec.Command(name, args...)
	c.Dir = dir
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var stdout, stderr bytes.Buffer
	c.Stdout, c.Stderr = &stdout, &stderr
	start := time.Now()
	if err := c.Start(); err != nil {
		return runResult{exit: -1, stderr: err.Error()}
	}
	done := make(chan error, 1)
	go func() { done <- c.Wait() }()
	var res runResult
	var err error
	select {
	case err = <-done:
	case <-time.After(limit):
		res.killed = true
		syscall.Kill(-c.Process.Pid, syscall.SIGTERM)
		select {
		case err = <-done:
		case <-time.After(30 * time.Second):
			syscall.Kill(-c.Process.Pid, syscall.SIGKILL)
			err = <-done
		}
	}
	syscall.Kill(-c.Process.Pid, syscall.SIGKILL) // stray children
	res.secs = time.Since(start).Seconds()
	res.stdout, res.stderr = stdout.Bytes(), stderr.String()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		res.exit = exit.ExitCode()
	} else if err != nil {
		res.exit = -1
	}
	return res
}

// errLine matches the lines of go test and go vet output that say what
// failed.
var errLine = regexp.MustCompile(`(\.go:\d+|^--- FAIL|^panic:|^FAIL\b|^# )`)

// excerpt keeps the lines of a failed command's output that say what
// failed (at most five, joined by " | "), or its last line.
func excerpt(stdout []byte, stderr string) string {
	var keep []string
	for _, line := range strings.Split(string(stdout)+"\n"+stderr, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || !errLine.MatchString(line) || strings.HasPrefix(line, "FAIL\t") {
			continue
		}
		keep = append(keep, line)
		if len(keep) == 5 {
			break
		}
	}
	if len(keep) == 0 {
		return lastLine(string(stdout) + "\n" + stderr + " ")
	}
	return strings.Join(keep, " | ")
}

// tailLine is the last non-empty line of s, cut to n bytes.
func tailLine(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	l := lines[len(lines)-1]
	if len(l) > n {
		l = l[:n-3] + "..."
	}
	return l
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return l
}

// skipClass groups a skip reason: the innermost reason of an unsupported
// type ("parameter r: type io.Reader (interface)" → "interface"), with
// the names of fields, constraints and types left out.
func skipClass(reason string) string {
	for _, role := range []string{"receiver", "parameter", "result"} {
		if strings.HasPrefix(reason, role+" ") || strings.HasPrefix(reason, role+":") {
			parts := strings.Split(reason, ": ")
			return typeClass(parts[len(parts)-1])
		}
	}
	if strings.HasPrefix(reason, "generic: no type argument satisfies constraint") {
		return "generic: no type argument satisfies the constraint"
	}
	return reason
}

// typeClass is the class of the last part of an unsupported type's
// reason: "type T (why)", "T (why)" or the type itself.
func typeClass(s string) string {
	switch {
	case strings.HasPrefix(s, "func("), strings.HasPrefix(s, "func "):
		return "func"
	case strings.HasPrefix(s, "chan "), strings.HasPrefix(s, "<-chan "), strings.HasPrefix(s, "chan<- "):
		return "channel"
	case strings.HasPrefix(s, "interface{"), s == "any", s == "error":
		return "interface"
	}
	s = strings.TrimPrefix(s, "type ")
	_, why, ok := strings.Cut(s, " (")
	if !ok || !strings.HasSuffix(why, ")") {
		return s
	}
	why = strings.TrimSuffix(why, ")")
	switch {
	case strings.HasPrefix(why, "unexported field ") && strings.HasSuffix(why, " of another package"):
		return "unexported field of another package"
	case strings.HasPrefix(why, "channel of "):
		return "channel"
	}
	return why
}

// skipGroup is one class of skip reasons with its count and examples.
type skipGroup struct {
	class    string
	count    int
	examples []string // package.unit: reason
}

// groupSkips sums the skip reasons of every package by class, the
// largest class first (then by name); each class keeps up to three
// examples.
func groupSkips(pkgs []*supportPkg) []skipGroup {
	byClass := map[string]*skipGroup{}
	for _, p := range pkgs {
		for _, s := range p.skipped {
			c := skipClass(s.reason)
			g := byClass[c]
			if g == nil {
				g = &skipGroup{class: c}
				byClass[c] = g
			}
			g.count++
			if len(g.examples) < 3 {
				g.examples = append(g.examples, fmt.Sprintf("`%s.%s`: %s", shortPkg(p.path), s.unit, s.reason))
			}
		}
	}
	var out []skipGroup
	for _, g := range byClass {
		out = append(out, *g)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].count != out[j].count {
			return out[i].count > out[j].count
		}
		return out[i].class < out[j].class
	})
	return out
}

// shortPkg is the last element of an import path, with the one before
// it when it is a major version suffix (semver/v3).
func shortPkg(path string) string {
	elems := strings.Split(path, "/")
	last := elems[len(elems)-1]
	if n := len(elems); n > 1 && majorSuffix.MatchString(last) {
		return elems[n-2] + "/" + last
	}
	return last
}

var majorSuffix = regexp.MustCompile(`^v[0-9]+$`)

// medianMax returns the median and the largest of xs (0, 0 when empty).
func medianMax(xs []float64) (med, top float64) {
	if len(xs) == 0 {
		return 0, 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	n := len(s)
	med = s[n/2]
	if n%2 == 0 {
		med = (s[n/2-1] + s[n/2]) / 2
	}
	return med, s[n-1]
}

// percent formats part/whole as "97/100 (97.0%)".
func percent(part, whole int) string {
	if whole == 0 {
		return fmt.Sprintf("%d/%d", part, whole)
	}
	return fmt.Sprintf("%d/%d (%.1f%%)", part, whole, 100*float64(part)/float64(whole))
}

// fmtMS formats a score run: the score, "—" with why there is none,
// and whether the run was stopped.
func fmtMS(m msResult) string {
	if m.score == nil {
		if m.note == "" {
			return "—"
		}
		return "— (" + m.note + ")"
	}
	s := fmt.Sprintf("%.3f", *m.score)
	if m.partial {
		s += " (partial)"
	}
	return s
}

func countFails(pkgs []*supportPkg) int {
	n := 0
	for _, p := range pkgs {
		n += len(p.fails)
	}
	return n
}

// supportTotals sums a set of packages.
type supportTotals struct {
	pkgs, units, supported, tests, files, fails int
	secs                                        float64
	unitSecs                                    []float64
	msOwn, msGen                                []float64 // of the packages with both scores
}

func sumSupport(pkgs []*supportPkg) supportTotals {
	var t supportTotals
	for _, p := range pkgs {
		t.pkgs++
		t.units += p.units
		t.supported += p.supported
		t.tests += p.tests
		t.secs += p.genSecs
		t.unitSecs = append(t.unitSecs, p.unitSecs...)
		t.fails += len(p.fails)
		if p.file != "" {
			t.files++
		}
		if p.own.score != nil && p.genMS.score != nil {
			t.msOwn = append(t.msOwn, *p.own.score)
			t.msGen = append(t.msGen, *p.genMS.score)
		}
	}
	return t
}

// msMedians formats the medians of the own and generated scores, with
// the number of packages they are over.
func msMedians(t supportTotals) (own, gen string) {
	if len(t.msOwn) == 0 {
		return "—", "—"
	}
	o, _ := medianMax(t.msOwn)
	g, _ := medianMax(t.msGen)
	return fmt.Sprintf("%.3f (%d)", o, len(t.msOwn)), fmt.Sprintf("%.3f (%d)", g, len(t.msGen))
}

// supportFlags is the command line's flags that differ from the defaults.
func supportFlags(cfg *supportConfig) string {
	s := fmt.Sprintf(" -j %d -limit %s", cfg.jobs, cfg.limit)
	if !cfg.realistic {
		s += " -realistic=false"
	}
	if strings.Join(cfg.std, ",") != defaultSupportStd {
		s += " -std '" + strings.Join(cfg.std, ",") + "'"
	}
	if strings.Join(cfg.modules, ",") != defaultSupportModules {
		s += " -modules '" + strings.Join(cfg.modules, ",") + "'"
	}
	if strings.Join(cfg.pkgs, ",") != defaultSupportPkgs {
		s += " -pkgs '" + strings.Join(cfg.pkgs, ",") + "'"
	}
	if cfg.before != "" {
		s += " -before " + cfg.before
	}
	if cfg.minGo != "" {
		s += " -mingo " + cfg.minGo
	}
	return s
}

// supportMarkdown renders the section: the totals, one table per group,
// the skip reasons, the slowest units, the failures and the notes.
func supportMarkdown(pkgs []*supportPkg, mods []*supportModule, cfg *supportConfig, host, date string) string {
	var b strings.Builder
	b.WriteString("## Support: how much of real Go code gozilla gen handles\n\n")
	fmt.Fprintf(&b, "`go run ./cmd/gozilla-bench support%s -w BENCHMARKS.md` on %s, %s; every figure from this one run.\n\n", supportFlags(cfg), host, date)
	fmt.Fprintf(&b, "Targets: the module of `testdata/realistic` with its own tests; copies of standard library packages with their tests (`scripts/stdcopy.sh`, one module); third-party modules at pinned versions, fetched from the module proxy at bench time (go directive as shipped unless `-mingo`). On each package, in a scratch copy: `gozilla gen -json -q -j %d -deadline %s` (stopped at the limit: then no file, and the units are counted by a dry `gen -n -random 0 -engine ''`). *units*: the functions and methods gen supports (does not skip) out of all it finds; *gen s*: the whole command; *per-unit s*: the seconds gen's report gives each supported unit (median, max); *go test*: `go test -count=1` with the generated file next to the package's own tests, a failure being the file's when the output names it or one of its tests, or when the file alone fails `go test -vet=off`, or when the own tests pass without the file (*own files fail*: go test fails on the package's own code or tests, with or without the file); *386 vet*: `GOARCH=386 go vet` likewise, its findings the file's when they name it (*64-bit only*: the file's rows need a 64-bit int and its build constraint leaves 32-bit targets out); *MS own* and *MS generated*: `gozilla score -json` (default operators, same mutants) with only the package's own tests, and with only the generated file (every `*_test.go` outside testdata removed): D/(M−E) as score reports it.\n\n", cfg.jobs, cfg.limit)

	all := sumSupport(pkgs)
	verdict := "met"
	if all.units == 0 || float64(all.supported) < 0.95*float64(all.units) {
		verdict = "**not met**"
	}
	fmt.Fprintf(&b, "**Units supported: %s** over %d packages (target ≥ 95%%: %s). Generated files failing go test or GOARCH=386 go vet, or gen failing: **%d**.\n\n", percent(all.supported, all.units), all.pkgs, verdict, all.fails)
	b.WriteString("| group | packages | units supported | tests | files | gen s | per-unit s median | per-unit s max | MS own median | MS generated median | failures |\n|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	for _, g := range []string{groupRealistic, groupStd, groupModules} {
		t := sumSupport(inGroup(pkgs, g))
		if t.pkgs == 0 {
			continue
		}
		med, top := medianMax(t.unitSecs)
		own, gen := msMedians(t)
		fmt.Fprintf(&b, "| %s | %d | %s | %d | %d | %.1f | %.2f | %.2f | %s | %s | %d |\n", g, t.pkgs, percent(t.supported, t.units), t.tests, t.files, t.secs, med, top, own, gen, t.fails)
	}
	med, top := medianMax(all.unitSecs)
	own, gen := msMedians(all)
	fmt.Fprintf(&b, "| **all** | %d | **%s** | %d | %d | %.1f | %.2f | %.2f | %s | %s | %d |\n\n", all.pkgs, percent(all.supported, all.units), all.tests, all.files, all.secs, med, top, own, gen, all.fails)
	b.WriteString("*MS medians*: over the packages with both scores (n in parentheses), side by side.\n\n")

	for _, g := range []string{groupRealistic, groupStd, groupModules} {
		writeGroup(&b, g, inGroup(pkgs, g), mods, cfg)
	}

	writeRows(&b, pkgs, cfg)

	b.WriteString("### Why units are skipped (all packages)\n\n")
	groups := groupSkips(pkgs)
	if len(groups) == 0 {
		b.WriteString("No unit is skipped.\n\n")
	} else {
		b.WriteString("| reason | units | examples |\n|---|--:|---|\n")
		for _, g := range groups {
			fmt.Fprintf(&b, "| %s | %d | %s |\n", mdCell(g.class), g.count, mdCell(strings.Join(g.examples, "; ")))
		}
		b.WriteString("\n")
	}

	b.WriteString("### Slowest units\n\n")
	slow := slowestUnits(pkgs, 10)
	if len(slow) == 0 {
		b.WriteString("No unit was generated for.\n\n")
	} else {
		b.WriteString("| unit | gen seconds |\n|---|--:|\n")
		for _, u := range slow {
			fmt.Fprintf(&b, "| `%s` | %.2f |\n", u.unit, u.secs)
		}
		b.WriteString("\n")
	}

	b.WriteString("### Failures\n\n")
	if all.fails == 0 {
		b.WriteString("None: gen finished or was stopped at the limit on every package, and every generated file passes go test and GOARCH=386 go vet.\n\n")
	} else {
		for _, p := range pkgs {
			for _, f := range p.fails {
				fmt.Fprintf(&b, "- **FAIL** %s: %s\n", p.path, mdCell(f))
			}
		}
		b.WriteString("\n")
	}
	writeNotes(&b, pkgs, cfg)
	return b.String()
}

// writeGroup writes one group's table.
func writeGroup(b *strings.Builder, group string, pkgs []*supportPkg, mods []*supportModule, cfg *supportConfig) {
	var ms []string
	for _, m := range mods {
		if m.group == group {
			ms = append(ms, fmt.Sprintf("%s (go %s)", m.name, m.goLine))
		}
	}
	if len(pkgs) == 0 && !(group == groupStd && len(cfg.stdRefused) > 0) && !(group == groupModules && len(cfg.modsBad) > 0) {
		return
	}
	fmt.Fprintf(b, "### %s\n\n", group)
	if group != groupStd && len(ms) > 0 {
		fmt.Fprintf(b, "Modules: %s.\n\n", strings.Join(ms, ", "))
	}
	if group == groupStd && len(cfg.stdRefused) > 0 {
		fmt.Fprintf(b, "Not copied (stdcopy.sh refuses a package whose files import an internal std package): %s.\n\n", strings.Join(cfg.stdRefused, ", "))
	}
	if group == groupModules && len(cfg.modsBad) > 0 {
		fmt.Fprintf(b, "Not fetched: %s.\n\n", strings.Join(cfg.modsBad, "; "))
	}
	if len(pkgs) == 0 {
		return
	}
	b.WriteString("| package | units supported | tests | gen s | per-unit s median | per-unit s max | go test | 386 vet | mutants | MS own | MS generated |\n|---|--:|--:|--:|--:|--:|---|---|--:|--:|--:|\n")
	for _, p := range pkgs {
		units := "?"
		if p.unitsKnown {
			units = fmt.Sprintf("%d/%d", p.supported, p.units)
		}
		if p.census {
			units += " (dry count)"
		}
		secs := fmt.Sprintf("%.1f", p.genSecs)
		if p.stopped {
			secs += " (stopped)"
		} else if len(p.fails) > 0 && p.file == "" && p.test == "—" {
			secs += " (FAIL)"
		}
		med, top := "—", "—"
		if len(p.unitSecs) > 0 {
			m, t := medianMax(p.unitSecs)
			med, top = fmt.Sprintf("%.2f", m), fmt.Sprintf("%.2f", t)
		}
		test, vet := p.test, p.vet
		if p.file == "" {
			test, vet = "— (no file)", "—"
		}
		fmt.Fprintf(b, "| %s | %s | %d | %s | %s | %s | %s | %s | %d | %s | %s |\n",
			p.path, units, p.tests, secs, med, top, test, vet, p.mutants, fmtMS(p.own), fmtMS(p.genMS))
	}
	t := sumSupport(pkgs)
	m, top := medianMax(t.unitSecs)
	fmt.Fprintf(b, "| **total** | %s | %d | %.1f | %.2f | %.2f | | | | | |\n\n", percent(t.supported, t.units), t.tests, t.secs, m, top)
}

// writeNotes lists the packages' notes.
func writeNotes(b *strings.Builder, pkgs []*supportPkg, cfg *supportConfig) {
	var notes []string
	for _, p := range pkgs {
		for _, n := range p.notes {
			notes = append(notes, fmt.Sprintf("- %s: %s", p.path, mdCell(n)))
		}
	}
	if len(notes) == 0 {
		return
	}
	b.WriteString("### Notes\n\n" + strings.Join(notes, "\n") + "\n\n")
}

// inGroup keeps the packages of one group.
func inGroup(pkgs []*supportPkg, group string) []*supportPkg {
	var out []*supportPkg
	for _, p := range pkgs {
		if p.group == group {
			out = append(out, p)
		}
	}
	return out
}

// slowestUnits returns the n units with the largest generation time.
func slowestUnits(pkgs []*supportPkg, n int) []unitTime {
	var all []unitTime
	for _, p := range pkgs {
		all = append(all, p.slowUnits()...)
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].secs > all[j].secs })
	if len(all) > n {
		all = all[:n]
	}
	return all
}

// slowUnits names the package's supported units with their times.
func (p *supportPkg) slowUnits() []unitTime {
	var out []unitTime
	for i, s := range p.unitSecs {
		name := fmt.Sprintf("%s#%d", shortPkg(p.path), i+1)
		if i < len(p.unitNames) {
			name = shortPkg(p.path) + "." + p.unitNames[i]
		}
		out = append(out, unitTime{name, s})
	}
	return out
}

// mdCell makes text safe in a markdown table cell.
func mdCell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}

// zeroRows lists the supported units of a report with no row.
func zeroRows(units []report.Unit) []string {
	var out []string
	for _, u := range units {
		if u.Skipped == "" && u.Tests == 0 {
			out = append(out, u.Name)
		}
	}
	return out
}

// classify classifies the rows of a package's generated file in the
// copy at dir (rows.go).
func (g *genBuild) classify(dir string, p listedPkg, file string) {
	k, err := classifyDir(dir, p.pattern(), []string{file})
	if err != nil {
		g.kindsErr = firstLine(err.Error())
		return
	}
	g.kinds = &k
}

// genBefore runs the -before build's gen on the package in its gen copy
// and scores its file alone (only copy) with this tree's gozilla, on the
// same mutants as MS own; its rows are classified like this tree's.
func genBefore(bin, gz string, m *supportModule, p listedPkg, jobs int, limit time.Duration) *genBuild {
	b := &genBuild{}
	res := runWithin(m.genBefore, limit+time.Minute, bin, "gen", "-json", "-q", "-j", strconv.Itoa(jobs), "-deadline", limit.String(), p.pattern())
	var doc report.Gen
	if json.Unmarshal(res.stdout, &doc) != nil || len(doc.Packages) != 1 {
		b.ms = msResult{note: "gen: " + noReport(res)}
		return b
	}
	g := doc.Packages[0]
	b.tests = g.Tests
	if g.Partial || res.killed {
		b.ms = msResult{note: "gen stopped at the limit"}
		return b
	}
	b.zeroRows = zeroRows(g.Units)
	if g.File == "" {
		b.ms = msResult{note: "no file"}
		return b
	}
	b.file = filepath.Base(g.File)
	data, err := os.ReadFile(filepath.Join(m.genBefore, p.rel, b.file))
	if err == nil {
		err = os.WriteFile(filepath.Join(m.onlyBefore, p.rel, b.file), data, 0o644)
	}
	if err != nil {
		b.ms = msResult{note: "copying the file: " + err.Error()}
		return b
	}
	b.ms = scorePackage(gz, m.onlyBefore, p, jobs, limit)
	b.classify(m.onlyBefore, p, b.file)
	return b
}

// kindsText is a build's rows by kind, for the progress line.
func kindsText(g *genBuild) string {
	if g.kinds == nil {
		if g.kindsErr != "" {
			return "not classified (" + g.kindsErr + ")"
		}
		return "—"
	}
	k := g.kinds
	return fmt.Sprintf("%d (API %d, unexported %d, nil panic %d, 64-bit %d; %d helper lines)", k.rows, k.api, k.unexported, k.nilPanic, k.only64, k.helperLines)
}

// rowCell is a count of rows of one kind, with the fields seen.
func rowCell(n int, fields []string) string {
	if len(fields) == 0 {
		return strconv.Itoa(n)
	}
	if len(fields) > 4 {
		fields = append(fields[:4:4], "…")
	}
	return fmt.Sprintf("%d (%s)", n, strings.Join(fields, ", "))
}

// kindCells are the cells of one build's row figures: rows, API,
// unexported, nil panic, 64-bit, helper lines, unsafe.
func kindCells(k *rowKinds) []string {
	if k == nil {
		return []string{"—", "—", "—", "—", "—", "—", "—"}
	}
	unsafe := "no"
	if k.unsafe {
		unsafe = "yes"
	}
	return []string{strconv.Itoa(k.rows), strconv.Itoa(k.api), rowCell(k.unexported, k.fields), strconv.Itoa(k.nilPanic),
		strconv.Itoa(k.only64), strconv.Itoa(k.helperLines), unsafe}
}

// sideBySide joins the before and after cells: "b → a" (a alone without
// before).
func sideBySide(before, after []string) []string {
	if before == nil {
		return after
	}
	out := make([]string, len(after))
	for i := range after {
		out[i] = before[i] + " → " + after[i]
	}
	return out
}

// rowTotals sums the rows of a build over pkgs and counts the packages
// whose generated MS is at least the own one (of those with both).
type rowTotals struct {
	kinds           rowKinds
	classified      int // packages whose file was classified
	atLeast, scored int // generated MS ≥ own MS, of the packages with both
	heap            *float64
}

func sumRows(pkgs []*supportPkg, build func(*supportPkg) *genBuild, ms func(*supportPkg) msResult) rowTotals {
	var t rowTotals
	for _, p := range pkgs {
		g := build(p)
		if g == nil {
			continue
		}
		if g.kinds != nil {
			t.kinds.add(*g.kinds)
			t.classified++
		}
		gm := ms(p)
		if p.own.score != nil && gm.score != nil {
			t.scored++
			if *gm.score >= *p.own.score {
				t.atLeast++
			}
		}
		if p.group == groupStd && (p.path == "heap" || strings.HasSuffix(p.path, "container/heap")) {
			t.heap = gm.score
		}
	}
	return t
}

// writeRows writes issue 30's figures: the rows of the generated files
// by kind, per package and in total, the targets, and the functions gen
// reached no row for; with -before, the earlier build's beside.
func writeRows(b *strings.Builder, pkgs []*supportPkg, cfg *supportConfig) {
	b.WriteString("### Rows of the generated files (issue 30)\n\n")
	b.WriteString("A row is an element of the `tests := []struct{…}{…}` table of a `TestGozilla*` function, read with go/ast and the package's types (`cmd/gozilla-bench/rows.go`). *unexported*: the row spells a value of one of the package's own struct types through its unexported fields (a composite literal keyed by one, or positional), as input or expected value — with the fields seen; *nil panic*: it only pins a panic from a nil input (its wantPanic is a nil-pointer dereference and an input of pointer, interface, func, map or slice type is nil or left out); *64-bit*: it runs on 64-bit targets only (in a file whose `//go:build` line leaves out 386 or arm — a *64-bit-only file* —, in a table marked so, or it skips itself where int has 32 bits); *API*: neither unexported nor nil panic (inputs and expectations built and observed through the API, or plain values; 64-bit or not). Unexported, nil panic and 64-bit may overlap. *helper lines*: the lines of the file's funcs and vars named `gozilla*` (not its Test functions, not its fake types).")
	before := cfg.before != ""
	if before {
		fmt.Fprintf(b, " Each cell is *%s → this tree*; the earlier build's file is scored by this tree's gozilla, on the same mutants as MS own.", cfg.before)
	}
	b.WriteString("\n\n| package | rows | API | unexported | nil panic | 64-bit | helper lines | unsafe | MS own | MS generated |\n|---|--:|--:|--:|--:|--:|--:|---|--:|--:|\n")
	var zero []string
	for _, p := range pkgs {
		var bc []string
		bms := ""
		if before {
			bc = []string{"—", "—", "—", "—", "—", "—", "—"}
			if p.before != nil {
				bc = kindCells(p.before.kinds)
				bms = fmtMS(p.before.ms) + " → "
			}
		}
		cells := sideBySide(bc, kindCells(p.kinds))
		fmt.Fprintf(b, "| %s | %s | %s | %s |\n", p.path, strings.Join(cells, " | "), fmtMS(p.own), bms+fmtMS(p.genMS))
		line := strings.Join(p.zeroRows, ", ")
		if p.before != nil && strings.Join(p.before.zeroRows, ", ") != line {
			line = fmt.Sprintf("%s (%s: %s)", noneIfEmpty(line), cfg.before, noneIfEmpty(strings.Join(p.before.zeroRows, ", ")))
		}
		if line != "" {
			zero = append(zero, fmt.Sprintf("- %s: %s", p.path, mdCell(line)))
		}
	}
	after := sumRows(pkgs, func(p *supportPkg) *genBuild { return &p.genBuild }, func(p *supportPkg) msResult { return p.genMS })
	var bt rowTotals
	var btc []string
	if before {
		bt = sumRows(pkgs, func(p *supportPkg) *genBuild { return p.before }, func(p *supportPkg) msResult {
			if p.before == nil {
				return msResult{}
			}
			return p.before.ms
		})
		btc = totalCells(bt)
	}
	fmt.Fprintf(b, "| **total** | %s | | |\n\n", strings.Join(sideBySide(btc, totalCells(after)), " | "))

	b.WriteString("Issue 30's targets:\n\n| target | ")
	if before {
		b.WriteString(cfg.before + " | ")
	}
	b.WriteString("this tree |\n|---|")
	if before {
		b.WriteString("---|")
	}
	b.WriteString("---|\n")
	for _, tg := range rowTargets() {
		fmt.Fprintf(b, "| %s | ", tg.name)
		if before {
			b.WriteString(tg.check(bt) + " | ")
		}
		b.WriteString(tg.check(after) + " |\n")
	}
	b.WriteString("\n")
	if len(zero) > 0 {
		b.WriteString("Supported functions gen reached no row for:\n\n" + strings.Join(zero, "\n") + "\n\n")
	}
}

func noneIfEmpty(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// totalCells are the total row's cells: rows, then each kind with its
// share of the rows, helper lines, files importing unsafe.
func totalCells(t rowTotals) []string {
	k := t.kinds
	share := func(n int) string { return percent(n, k.rows) }
	unsafe := "no"
	if k.unsafe {
		unsafe = "yes"
	}
	return []string{strconv.Itoa(k.rows), share(k.api), share(k.unexported), share(k.nilPanic), share(k.only64), strconv.Itoa(k.helperLines), unsafe}
}

// rowTarget is one of issue 30's targets.
type rowTarget struct {
	name  string
	check func(rowTotals) string // the figure and met / not met
}

func rowTargets() []rowTarget {
	verdict := func(ok bool, fig string) string {
		if ok {
			return fig + ": met"
		}
		return fig + ": **not met**"
	}
	share := func(n, of int) float64 {
		if of == 0 {
			return 0
		}
		return float64(n) / float64(of)
	}
	return []rowTarget{
		{"generated MS ≥ own MS on ≥ 70% of the packages (with both scores)", func(t rowTotals) string {
			return verdict(t.scored > 0 && share(t.atLeast, t.scored) >= .7, percent(t.atLeast, t.scored))
		}},
		{"container/heap: generated MS ≥ .85", func(t rowTotals) string {
			if t.heap == nil {
				return "— (not measured)"
			}
			return verdict(*t.heap >= .85, fmt.Sprintf("%.3f", *t.heap))
		}},
		{"nil-panic rows ≤ 5%", func(t rowTotals) string {
			return verdict(t.kinds.rows > 0 && share(t.kinds.nilPanic, t.kinds.rows) <= .05, percent(t.kinds.nilPanic, t.kinds.rows))
		}},
		{"unexported-field rows ≤ 10%", func(t rowTotals) string {
			return verdict(t.kinds.rows > 0 && share(t.kinds.unexported, t.kinds.rows) <= .10, percent(t.kinds.unexported, t.kinds.rows))
		}},
		{"no 64-bit-only file", func(t rowTotals) string {
			return verdict(t.kinds.only64Files == 0, fmt.Sprintf("%d of %d files", t.kinds.only64Files, t.kinds.files))
		}},
	}
}
