package emit

// This file implements the check of an emitted file before it is written:
// the file runs under go test on the current code, through an overlay (the
// user's tree is not touched: the test binary is built with go test -c
// and runs in the package's sandbox, internal/sandbox), and go vet looks at it for GOARCH=386 (int
// has 32 bits there; for the host when the file leaves 386 out). What
// fails is located: a failing case, a vet finding or a build error inside
// a row of a test's table names that row; one elsewhere in a test function
// names the function; only one outside every test function (an import, a
// helper) names nothing. The caller drops what is named and renders the
// file again: the generated file is a promise that it passes, and one bad
// row never costs the file.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/build/constraint"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/gozilla/gozilla/internal/run"
	"github.com/gozilla/gozilla/internal/sandbox"
	"github.com/gozilla/gozilla/internal/scratch"
)

// FindingKind says which step of the check found a problem.
type FindingKind int

const (
	Failed FindingKind = iota // go test ran the code and it failed
	Broken                    // the file does not compile (go test's build, or go vet's type check)
	Vetted                    // a go vet analyzer's finding
	// Wrote: go test ran the code and it wrote files where it runs (the
	// package directory, the module, $HOME): under the user's go test it
	// would change the user's tree.
	Wrote
	// Varies: a case that passed once failed in one of the stability
	// runs (StableRuns, shuffled): its outcome depends on map order,
	// the scheduler, the clock or the other tests.
	Varies
)

// Finding is one problem the check found in an emitted file, located.
type Finding struct {
	Kind FindingKind
	// Func is the test function it is in; "" when it is outside every
	// test function of the file (an import, a helper): nothing of the
	// file explains it.
	Func string
	// Case is the row of Func's table it is in, by the name emit.File
	// gave it (a failing subtest whose name no row has: the subtest's
	// name); "" when it is in Func but outside every row (the function
	// as a whole is wrong).
	Case string
	// Line is its line in the checked source (0: not known).
	Line int
	// Why is one line: the tool and what it said ("go vet (GOARCH=386):
	// … arg tt.f is a func value, not called").
	Why string
}

// Checked is what checking an emitted file found.
type Checked struct {
	Findings []Finding
	// Own lists the package's own tests that failed (with own): not the
	// generated file's, but the user's go test fails on them.
	Own []string
	// OwnVet is the first finding of go test's vet checks in the
	// package's own files (with own), as vet writes it ("v.go:7:21:
	// non-constant format string …"): go test fails on the package,
	// before any test runs, whatever the generated file holds.
	OwnVet string
}

// Failures is what running an emitted file found: the failing cases, by
// test function and case name as emit.File named them ("TestGozillaF" →
// case names; a function whose failure no case explains maps to nil).
type Failures map[string]map[string]bool

// Fails reports whether the case name of test function fn failed.
func (f Failures) Fails(fn, name string) bool {
	cases, ok := f[fn]
	return ok && (cases == nil || cases[name])
}

// Check runs CheckCases and reports the go test failures as Failures;
// any other finding (a build error, a vet finding, here or for
// GOARCH=386) is an error, wherever it is.
func Check(ctx context.Context, dir, path string, src []byte, tags string, funcs []string, own bool) (Failures, []string, error) {
	c, err := CheckCases(ctx, dir, path, src, tags, funcs, own, nil)
	if err != nil {
		return nil, nil, err
	}
	fails := Failures{}
	for _, f := range c.Findings {
		if f.Kind == Broken || f.Kind == Vetted {
			return nil, nil, fmt.Errorf("internal error: the generated file does not build: %s:%d: %s", filepath.Base(path), f.Line, f.Why)
		}
		cases, ok := fails[f.Func]
		switch {
		case f.Case == "":
			fails[f.Func] = nil
		case ok && cases == nil: // the whole function fails
		default:
			if cases == nil {
				fails[f.Func] = map[string]bool{}
			}
			fails[f.Func][SubtestName(f.Case)] = true
		}
	}
	return fails, c.Own, nil
}

// CheckCases runs the test functions funcs of src, to be written at path
// in the package directory dir, with go test on the current code, and
// go vet on it, and returns what fails, located (Finding). With own, the
// package's other tests run too, and those that fail are returned apart.
// The tests run in box, the package's sandbox (nil = a new one, removed
// before CheckCases returns). Its error is operational (the go command
// could not be run, ctx ended).
func CheckCases(ctx context.Context, dir, path string, src []byte, tags string, funcs []string, own bool, box *sandbox.Box) (*Checked, error) {
	tmp, err := scratch.Dir("check")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	if box == nil {
		if box, err = sandbox.New(tmp, dir); err != nil {
			return nil, err
		}
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	o := &overlay{file: filepath.Join(tmp, filepath.Base(path)), json: filepath.Join(tmp, "overlay.json"), base: filepath.Base(path), box: box}
	if err := o.write(src); err != nil {
		return nil, err
	}
	ov, _ := json.Marshal(map[string]map[string]string{"Replace": {abs: o.file}})
	if err := os.WriteFile(o.json, ov, 0o644); err != nil {
		return nil, err
	}
	loc := Locate(src, funcs)
	c := &Checked{}
	if own {
		if c.OwnVet, err = o.ownVet(ctx, dir, tags); err != nil {
			return c, err
		}
	}
	built, err := o.test(ctx, dir, tags, funcs, own, loc, c)
	if err != nil || !built {
		return c, err
	}
	if len(c.Findings) == 0 {
		if err := o.writes(ctx, funcs, loc, c); err != nil {
			return c, err
		}
	}
	if len(c.Findings) == 0 {
		o.buildRace(ctx, dir, tags)
		if err := o.stable(ctx, funcs, loc, c); err != nil {
			return c, err
		}
	}
	return c, o.vet(ctx, dir, tags, src, loc, c)
}

// The stability runs: the generated file is a promise that it passes
// every run, not one. Go randomises map iteration (every range over a
// map starts somewhere else), the scheduler and the clock vary, and
// -shuffle=on reorders the tests: StableRuns runs in all, in processes
// of stableCount runs each, shuffled.
const (
	StableRuns  = 20
	stableCount = 5
)

// buildRace builds the test binary with the race detector when the
// package starts goroutines (a go statement in its files) and the
// toolchain can (cgo, a supported platform: otherwise the stability runs
// go without it).
func (o *overlay) buildRace(ctx context.Context, dir, tags string) {
	if !startsGoroutines(dir) {
		return
	}
	bin := filepath.Join(filepath.Dir(o.file), "check-race.test")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	args := []string{"test", "-c", "-race", "-o", bin, "-vet=off", "-overlay", o.json}
	if tags != "" {
		args = append(args, "-tags", tags)
	}
	cmd := exec.CommandContext(ctx, "go", append(args, ".")...)
	cmd.Dir = dir
	run.Isolate(cmd)
	if cmd.Run() != nil {
		return
	}
	if _, err := os.Stat(bin); err == nil {
		o.raceBin = bin
	}
}

// startsGoroutines reports whether a Go file of the package in dir (not
// a test) has a go statement.
func startsGoroutines(dir string) bool {
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	fset := token.NewFileSet()
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		found := false
		ast.Inspect(f, func(n ast.Node) bool {
			_, ok := n.(*ast.GoStmt)
			found = found || ok
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// stable runs the generated tests StableRuns times, shuffled, and adds
// a Varies finding for each case that failed in any run (how many times
// of how many, and what it said). It stops at the first process in
// which something failed: the caller drops it and checks again.
func (o *overlay) stable(ctx context.Context, funcs []string, loc *Locator, c *Checked) error {
	gen := map[string]bool{}
	var pats []string
	for _, f := range funcs {
		gen[f] = true
		pats = append(pats, regexp.QuoteMeta(f))
	}
	for done := 0; done < StableRuns; done += stableCount {
		bin := o.bin
		if done == 0 && o.raceBin != "" {
			// The first process under the race detector: a package
			// with goroutines.
			bin = o.raceBin
		}
		cmd := exec.CommandContext(ctx, "go", "tool", "test2json", "-p", o.base, bin,
			"-test.v=test2json", "-test.count="+strconv.Itoa(stableCount), "-test.shuffle=on", "-test.paniconexit0", "-test.timeout=10m0s",
			"-test.run=^(?:"+strings.Join(pats, "|")+")$")
		o.box.Cmd(cmd)
		run.Isolate(cmd)
		out, _ := cmd.Output() // the failures are in the events
		if ctx.Err() != nil {
			return ctx.Err()
		}
		ev := readEvents(out, gen)
		if len(ev.failed) == 0 {
			continue
		}
		runs := done + stableCount
		c.Findings = append(c.Findings, o.failures(ev, loc, Varies, func(f failure) string {
			return fmt.Sprintf("it failed in %d of %d runs (-count=%d -shuffle=on, after a run that passed): ", ev.runs[f], runs, stableCount)
		})...)
		return nil
	}
	return nil
}

// writes runs the generated tests alone in the sandbox and, when they
// change its tree or its home (a file written in the package directory,
// the module, $HOME), each function and then each case of it alone, and
// adds a Wrote finding for each case (or function, when no case alone
// explains it) that does: under the user's go test, in the package
// directory, such a row would write in the user's tree.
func (o *overlay) writes(ctx context.Context, funcs []string, loc *Locator, c *Checked) error {
	alone := func(pattern string) ([]string, error) {
		mark := o.box.Mark()
		cmd := exec.CommandContext(ctx, o.bin, "-test.run="+pattern, "-test.count=1", "-test.timeout=10m0s")
		o.box.Cmd(cmd)
		run.Isolate(cmd)
		cmd.Run() // a failure is the test step's to find
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return o.box.Changed(mark), nil
	}
	var pats []string
	for _, f := range funcs {
		pats = append(pats, regexp.QuoteMeta(f))
	}
	all, err := alone("^(?:" + strings.Join(pats, "|") + ")$")
	if err != nil || len(all) == 0 {
		return err
	}
	for _, fn := range funcs {
		wrote, err := alone("^" + regexp.QuoteMeta(fn) + "$")
		if err != nil {
			return err
		}
		if len(wrote) == 0 {
			continue
		}
		found := false
		for _, sub := range o.cases[fn] {
			w, err := alone("^" + regexp.QuoteMeta(fn) + "$/^" + regexp.QuoteMeta(sub) + "$")
			if err != nil {
				return err
			}
			if len(w) > 0 {
				found = true
				c.Findings = append(c.Findings, Finding{Kind: Wrote, Func: fn, Case: loc.caseNamed(fn, sub), Why: "go test: it writes " + fileList(w)})
			}
		}
		if !found {
			c.Findings = append(c.Findings, Finding{Kind: Wrote, Func: fn, Why: "go test: it writes " + fileList(wrote)})
		}
	}
	return nil
}

// fileList names files for a message: the first three, and how many more.
func fileList(files []string) string {
	if len(files) > 3 {
		return strings.Join(files[:3], ", ") + fmt.Sprintf(" and %d more", len(files)-3)
	}
	return strings.Join(files, ", ")
}

// ownVet runs go test's vet checks for the host on the package with the
// file, as go test does before it runs a test, and returns the first
// finding in another file ("" when there is none): the generated file's
// own findings are vet's concern below, where they drop rows.
func (o *overlay) ownVet(ctx context.Context, dir, tags string) (string, error) {
	out, err := o.goVet(ctx, dir, tags, "")
	if ctx.Err() != nil {
		return "", ctx.Err()
	}
	if err == nil {
		return "", nil
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		return "", fmt.Errorf("go vet: %v", err)
	}
	for _, line := range strings.Split(string(out), "\n") {
		m := vetLine.FindStringSubmatch(line)
		if m == nil || filepath.Base(m[1]) == o.base {
			continue
		}
		// The file as the compiler names it: relative to the working
		// directory when inside it.
		file := m[1]
		if !filepath.IsAbs(file) {
			file = filepath.Join(dir, file)
		}
		if wd, err := os.Getwd(); err == nil {
			if rel, err := filepath.Rel(wd, file); err == nil && !strings.HasPrefix(rel, "..") {
				file = rel
			}
		}
		return file + line[strings.Index(line, m[1])+len(m[1]):], nil
	}
	return "", nil // a type error, or a finding in the file: the checks below say
}

// vetLine is a located line of go vet's output: "./v.go:7:21: message".
var vetLine = regexp.MustCompile(`^\s*(?:vet: )?(\S+\.go):\d+:\d+: `)

// overlay is the checked file's copy and the go command's -overlay file
// that puts it in place, and the test binary built with it.
type overlay struct {
	file, json string
	base       string // the file's name, as the tools' messages name it
	box        *sandbox.Box
	bin        string              // the test binary, once built
	raceBin    string              // the same under -race (a package with goroutines), once built
	cases      map[string][]string // the generated functions' cases that passed, by function
	buildOut   []byte              // go test -c -json's output, when it did not build
	buildErr   error
}

// build builds the package's test binary with the file once, without
// vet: the package's own files may not pass go test's vet checks (a
// module whose go directive enables newer ones), which is not the
// generated file's failure; vet below vets the file, and reports only
// what it finds in it. -e: every compile error, so that one round drops
// every row that does not build. It returns go test -c -json's output
// and its error when the binary did not build.
func (o *overlay) build(ctx context.Context, dir, tags string, stderr *bytes.Buffer) ([]byte, error) {
	if o.bin != "" || o.buildErr != nil {
		return o.buildOut, o.buildErr
	}
	bin := filepath.Join(filepath.Dir(o.file), "check.test")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	args := []string{"test", "-c", "-o", bin, "-vet=off", "-gcflags=-e", "-overlay", o.json, "-json"}
	if tags != "" {
		args = append(args, "-tags", tags)
	}
	cmd := exec.CommandContext(ctx, "go", append(args, ".")...)
	cmd.Dir = dir
	run.Isolate(cmd)
	cmd.Stderr = stderr
	out, err := cmd.Output()
	if err == nil {
		if _, serr := os.Stat(bin); serr != nil {
			err = fmt.Errorf("go test -c: no test binary: %s", strings.TrimSpace(stderr.String()))
		}
	}
	if err != nil {
		o.buildOut, o.buildErr = out, err
		return out, err
	}
	o.bin = bin
	return nil, nil
}

func (o *overlay) write(src []byte) error { return os.WriteFile(o.file, src, 0o644) }

// test runs the package's tests with the file and adds its findings to
// c: the failing cases, or the build errors. It reports whether the file
// built. The test binary is built in dir (go test -c: the build reads
// the user's tree, never writes it) and runs in the sandbox, as go test
// would run it in the package directory.
func (o *overlay) test(ctx context.Context, dir, tags string, funcs []string, own bool, loc *Locator, c *Checked) (bool, error) {
	gen := map[string]bool{}
	var pats []string
	for _, f := range funcs {
		gen[f] = true
		pats = append(pats, "^"+f+"$")
	}
	var stderr bytes.Buffer
	out, runErr := o.build(ctx, dir, tags, &stderr)
	if runErr == nil {
		// As go test -json runs it: test2json reads its -test.v output.
		args := []string{"tool", "test2json", "-p", filepath.Base(dir), o.bin,
			"-test.v=test2json", "-test.count=1", "-test.paniconexit0", "-test.timeout=10m0s"}
		if !own {
			args = append(args, "-test.run="+strings.Join(pats, "|"))
		}
		cmd := exec.CommandContext(ctx, "go", args...)
		o.box.Cmd(cmd)
		run.Isolate(cmd)
		cmd.Stderr = &stderr
		out, runErr = cmd.Output()
	}
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	ev := readEvents(out, gen)
	for _, fn := range ev.own {
		if !slices.Contains(c.Own, fn) {
			c.Own = append(c.Own, fn)
		}
	}
	for fn, subs := range ev.passed {
		if o.cases == nil {
			o.cases = map[string][]string{}
		}
		for _, sub := range subs {
			if !slices.Contains(o.cases[fn], sub) {
				o.cases[fn] = append(o.cases[fn], sub)
			}
		}
	}
	if runErr != nil && !ev.sawTest {
		// It did not build (or the binary died before any test).
		text := strings.Join(ev.build, "") + stderr.String()
		fs := o.located(text, loc, Broken, "go build")
		if len(fs) == 0 {
			var ee *exec.ExitError
			if !errors.As(runErr, &ee) {
				return false, fmt.Errorf("go test: %v", runErr)
			}
			fs = []Finding{{Kind: Broken, Why: "go test: " + oneLineOf(lastLines(text+string(out)))}}
		}
		c.Findings = append(c.Findings, fs...)
		return false, nil
	}
	if own {
		for _, f := range funcs {
			if !ev.decided[f] {
				// The run ended before f did (an own test exited or
				// crashed the binary): the generated tests alone.
				ownFails := c.Own
				c.Own = nil
				built, err := o.test(ctx, dir, tags, funcs, false, loc, c)
				c.Own = ownFails
				return built, err
			}
		}
	}
	c.Findings = append(c.Findings, o.failures(ev, loc, Failed, nil)...)
	return true, nil
}

// failure is a failed generated test function, or a case of it.
type failure struct{ fn, sub string }

// testEvents is what go test -json (test2json) said of one run.
type testEvents struct {
	failed  []failure           // the generated functions' failures, in order (each once)
	runs    map[failure]int     // how many times each failed (go test -count)
	output  map[string][]string // test → its output lines
	passed  map[string][]string // a generated function → its cases that passed
	own     []string            // the other top-level tests that failed
	decided map[string]bool     // the tests that ended
	build   []string            // the build's output
	sawTest bool
}

// readEvents reads test2json's events; gen holds the generated test
// functions.
func readEvents(out []byte, gen map[string]bool) *testEvents {
	ev := &testEvents{runs: map[failure]int{}, output: map[string][]string{}, passed: map[string][]string{}, decided: map[string]bool{}}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		var e struct{ Action, Test, Output string }
		if json.Unmarshal(sc.Bytes(), &e) != nil {
			continue
		}
		if e.Action == "build-output" {
			ev.build = append(ev.build, e.Output)
		}
		if e.Test == "" {
			continue
		}
		ev.sawTest = true
		switch e.Action {
		case "output":
			ev.output[e.Test] = append(ev.output[e.Test], e.Output)
		case "pass", "skip":
			ev.decided[e.Test] = true
			if fn, sub, ok := strings.Cut(e.Test, "/"); ok && gen[fn] && e.Action == "pass" && !strings.Contains(sub, "/") {
				if !slices.Contains(ev.passed[fn], sub) {
					ev.passed[fn] = append(ev.passed[fn], sub)
				}
			}
		case "fail":
			ev.decided[e.Test] = true
			fn, sub, _ := strings.Cut(e.Test, "/")
			if !gen[fn] {
				if sub == "" && !slices.Contains(ev.own, fn) {
					ev.own = append(ev.own, fn)
				}
				continue
			}
			f := failure{fn, sub}
			if ev.runs[f] == 0 {
				ev.failed = append(ev.failed, f)
			}
			ev.runs[f]++
		}
	}
	return ev
}

// failures turns the generated functions' failures into findings of
// kind, each why prefixed by how (its count of runs, for the stability
// runs).
func (o *overlay) failures(ev *testEvents, loc *Locator, kind FindingKind, how func(failure) string) []Finding {
	// A failing case fails its function too: the function counts alone
	// only when no case of it failed.
	hasCase := map[string]bool{}
	for _, f := range ev.failed {
		hasCase[f.fn] = hasCase[f.fn] || f.sub != ""
	}
	var fs []Finding
	for _, f := range ev.failed {
		if f.sub == "" && hasCase[f.fn] {
			continue
		}
		test := f.fn
		if f.sub != "" {
			test += "/" + f.sub
		}
		why := failText(o.base, ev.output[test])
		if why == "" {
			// A panic's text is its test function's output.
			if why = failText(o.base, ev.output[f.fn]); why == "" {
				why = "failed"
			}
		}
		if how != nil {
			why = how(f) + why
		}
		fs = append(fs, Finding{Kind: kind, Func: f.fn, Case: loc.caseNamed(f.fn, f.sub), Why: "go test: " + why})
	}
	return fs
}

// vetArgs are the analyzers go vet runs on the file: those go test runs
// (the file passes them for the host), plus printf's siblings.
var vetArgs = []string{"-atomic", "-bools", "-buildtag", "-directive", "-errorsas", "-ifaceassert", "-nilfunc", "-printf", "-stringintconv", "-tests"}

// maxVets bounds the go vet runs of one check: go vet reports one type
// error at a time, so that a row that does not compile for 386 is left
// out (its lines blanked) and the file vetted again to find the next.
const maxVets = 16

// goVet runs go vet's checks of go test (vetArgs) on the package in dir
// with the file, for arch ("" = the host).
func (o *overlay) goVet(ctx context.Context, dir, tags, arch string) ([]byte, error) {
	args := append([]string{"vet", "-overlay", o.json}, vetArgs...)
	if tags != "" {
		args = append(args, "-tags", tags)
	}
	cmd := exec.CommandContext(ctx, "go", append(args, ".")...)
	cmd.Dir = dir
	run.Isolate(cmd)
	if arch != "" {
		cmd.Env = append(os.Environ(), "GOARCH="+arch)
	}
	return cmd.CombinedOutput()
}

// vet runs go vet for GOARCH=386 (for the host when the file's build
// constraint leaves 386 out) on the package with the file, and adds what
// it says about the file to c. What it says about the package's other
// files (which may not build for 386 at all, or have findings of their
// own) is not the generated file's concern.
func (o *overlay) vet(ctx context.Context, dir, tags string, src []byte, loc *Locator, c *Checked) error {
	arch, tool := "386", "go vet (GOARCH=386)"
	if !builds386(src, tags) {
		arch, tool = "", "go vet"
	}
	for i := 0; i < maxVets; i++ {
		out, err := o.goVet(ctx, dir, tags, arch)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err == nil {
			return nil
		}
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			return fmt.Errorf("go vet: %v", err)
		}
		found := o.located(string(out), loc, Vetted, tool)
		var lines []int
		for _, f := range found {
			if i > 0 && f.Func == "" {
				// It appeared once rows were left out (an import only
				// they used): the file is rendered again anyway.
				return nil
			}
			lines = append(lines, f.Line)
		}
		c.Findings = append(c.Findings, found...)
		// A type error stops vet's analyzers: leave out what it is in,
		// and vet again for the next.
		if !slices.ContainsFunc(found, func(f Finding) bool { return f.Kind == Broken && f.Func != "" }) {
			return nil
		}
		if src = loc.blank(src, lines); src == nil {
			return nil
		}
		if err := o.write(src); err != nil {
			return err
		}
	}
	return nil
}

// located returns the findings a tool's output text reports in the file,
// one per line of the file it names (go vet prefixes type errors with
// "vet: ": they are Broken).
func (o *overlay) located(text string, loc *Locator, kind FindingKind, tool string) []Finding {
	re := regexp.MustCompile(`(?:^|[\s/\\])` + regexp.QuoteMeta(o.base) + `:(\d+):(?:\d+:)? ?(.*)$`)
	var out []Finding
	seen := map[string]bool{}
	for _, line := range strings.Split(text, "\n") {
		m := re.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(m[1])
		k := kind
		if strings.HasPrefix(strings.TrimSpace(line), "vet: ") {
			k = Broken
		}
		msg := strings.TrimSpace(m[2])
		if seen[m[1]+msg] {
			continue
		}
		seen[m[1]+msg] = true
		fn, name := loc.At(n)
		out = append(out, Finding{Kind: k, Func: fn, Case: name, Line: n, Why: tool + ": " + msg})
	}
	return out
}

// builds386 reports whether the file builds for GOARCH=386 (on the
// host's system, with tags): whether its //go:build line allows it.
func builds386(src []byte, tags string) bool {
	user := map[string]bool{}
	for _, t := range strings.FieldsFunc(tags, func(r rune) bool { return r == ',' || unicode.IsSpace(r) }) {
		user[t] = true
	}
	for _, line := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(line, "package ") {
			break
		}
		if !constraint.IsGoBuild(line) {
			continue
		}
		x, err := constraint.Parse(line)
		if err != nil {
			return true // go vet says what is wrong with it
		}
		return x.Eval(func(tag string) bool {
			return tag == "386" || tag == runtime.GOOS || tag == "gc" || tag == "unix" && runtime.GOOS != "windows" || strings.HasPrefix(tag, "go1.") || user[tag]
		})
	}
	return true
}

// failText is the gist of a failing test's output: its first line naming
// the file (t.Errorf's), or a panic's line; "" when it has neither.
func failText(base string, lines []string) string {
	for _, l := range lines {
		if l = strings.TrimSpace(l); strings.HasPrefix(l, base+":") || strings.HasPrefix(l, "panic:") {
			return l
		}
	}
	return ""
}

// Locator maps the lines of an emitted file to its test functions and
// the rows of their tables.
type Locator struct {
	funcs []locFunc
}

type locFunc struct {
	name       string
	start, end int // lines, the doc comment included
	rows       []locRow
}

type locRow struct {
	name       string // the row's name ("" when it is not a string literal)
	start, end int    // lines: the comment above the row, then the row
}

// Table is the table of a generated test function: the
// `tests := []struct{…}{…}` composite literal, its name field (the
// first) and its rows.
type Table struct {
	Func      *ast.FuncDecl
	Lit       *ast.CompositeLit
	Struct    *ast.StructType
	NameField string
	Rows      []Row
}

// Row is one element of a Table.
type Row struct {
	Name string // the name field's string literal, "" when it has none
	Lit  *ast.CompositeLit
}

// Tables returns the tables of f's test functions whose name is in funcs
// (every Test function when funcs is nil), in file order. A function
// without a table has a Table with no Lit.
func Tables(f *ast.File, funcs []string) []Table {
	var out []Table
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv != nil || fd.Body == nil {
			continue
		}
		if funcs != nil && !slices.Contains(funcs, fd.Name.Name) || funcs == nil && !strings.HasPrefix(fd.Name.Name, "Test") {
			continue
		}
		out = append(out, tableOf(fd))
	}
	return out
}

// tableOf finds fd's table: the first assignment of a slice-of-struct
// composite literal in its body.
func tableOf(fd *ast.FuncDecl) Table {
	t := Table{Func: fd}
	for _, s := range fd.Body.List {
		as, ok := s.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			continue
		}
		lit, ok := as.Rhs[0].(*ast.CompositeLit)
		if !ok {
			continue
		}
		at, ok := lit.Type.(*ast.ArrayType)
		if !ok {
			continue
		}
		st, ok := at.Elt.(*ast.StructType)
		if !ok {
			continue
		}
		t.Lit, t.Struct = lit, st
		if len(st.Fields.List) > 0 && len(st.Fields.List[0].Names) > 0 {
			t.NameField = st.Fields.List[0].Names[0].Name
		}
		for _, e := range lit.Elts {
			row, ok := e.(*ast.CompositeLit)
			if !ok {
				continue
			}
			r := Row{Lit: row}
			for _, kv := range row.Elts {
				kv, ok := kv.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				if k, ok := kv.Key.(*ast.Ident); ok && k.Name == t.NameField {
					if b, ok := kv.Value.(*ast.BasicLit); ok && b.Kind == token.STRING {
						r.Name, _ = strconv.Unquote(b.Value)
					}
				}
			}
			t.Rows = append(t.Rows, r)
		}
		break
	}
	return t
}

// Locate indexes src's test functions funcs and their tables' rows by
// line. A source that does not parse locates nothing.
func Locate(src []byte, funcs []string) *Locator {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return &Locator{}
	}
	line := func(p token.Pos) int { return fset.Position(p).Line }
	loc := &Locator{}
	for _, t := range Tables(f, funcs) {
		lf := locFunc{name: t.Func.Name.Name, start: line(t.Func.Pos()), end: line(t.Func.End())}
		if t.Func.Doc != nil {
			lf.start = line(t.Func.Doc.Pos())
		}
		if t.Lit != nil {
			prev := line(t.Lit.Lbrace)
			for _, r := range t.Rows {
				end := line(r.Lit.End())
				lf.rows = append(lf.rows, locRow{name: r.Name, start: prev + 1, end: end})
				prev = end
			}
		}
		loc.funcs = append(loc.funcs, lf)
	}
	return loc
}

// At returns the test function and the row line n is in ("" for none).
func (l *Locator) At(n int) (fn, row string) {
	for _, f := range l.funcs {
		if n < f.start || n > f.end {
			continue
		}
		for _, r := range f.rows {
			if n >= r.start && n <= r.end && r.name != "" {
				return f.name, r.name
			}
		}
		return f.name, ""
	}
	return "", ""
}

// caseNamed returns the name of fn's row whose subtest go test called
// sub (sub itself when no row's is).
func (l *Locator) caseNamed(fn, sub string) string {
	if sub == "" {
		return ""
	}
	for _, f := range l.funcs {
		if f.name != fn {
			continue
		}
		for _, r := range f.rows {
			if r.name != "" && SubtestName(r.name) == sub {
				return r.name
			}
		}
	}
	return sub
}

// blank returns src with the rows (or, outside every row, the test
// functions) that lines are in blanked out, line numbers kept; nil when
// a line is in neither.
func (l *Locator) blank(src []byte, lines []int) []byte {
	text := strings.Split(string(src), "\n")
	for _, n := range lines {
		from, to := 0, 0
		for _, f := range l.funcs {
			if n < f.start || n > f.end {
				continue
			}
			from, to = f.start, f.end
			for _, r := range f.rows {
				if n >= r.start && n <= r.end {
					from, to = r.start, r.end
				}
			}
		}
		if from == 0 {
			return nil
		}
		for i := from; i <= to && i <= len(text); i++ {
			text[i-1] = ""
		}
	}
	return []byte(strings.Join(text, "\n"))
}

// SubtestName is the name go test gives a subtest called name (testing's
// rewrite: spaces become underscores, unprintable runes are escaped).
func SubtestName(name string) string {
	var b strings.Builder
	for _, r := range name {
		switch {
		case unicode.IsSpace(r):
			b.WriteByte('_')
		case !strconv.IsPrint(r):
			s := strconv.QuoteRune(r)
			b.WriteString(s[1 : len(s)-1])
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func lastLines(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > 5 {
		lines = lines[len(lines)-5:]
	}
	return strings.Join(lines, "\n")
}

// oneLineOf joins s's lines with "; ".
func oneLineOf(s string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "\n", " ; ")), " ")
}
