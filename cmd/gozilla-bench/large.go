package main

// This file implements the large benchmark (issue 31): gozilla score and
// gen on large packages of pinned third-party modules, fetched from the
// module proxy into scratch copies. On each target:
//
//   - mutant generation alone: the package is loaded (with its tests, as
//     score loads it) and its mutants made by internal/mutate, in this
//     process, timed: score's report does not give the time its mutants
//     took (gen's does: its phase "mutants and units");
//   - gozilla score -json -q -j N -deadline D, in a scratch copy, to the
//     end or to the deadline: the mutants decided (all but not_run) and
//     their share, the wall time, the exit code, MS;
//   - gozilla gen -json -q -j N -cache=off -deadline D, in another copy:
//     the same, the rows of the file it writes, the units it supports,
//     and the mutants per second of its "mutants and units" phase (from a
//     dry run, gen -n with no passes, when the full run has no phases: a
//     partial or failed run);
//   - -synthetic N adds a target generated in the scratch directory: a
//     module whose one package holds one function of N lines (a
//     condition and arithmetic on every line, as generated code has),
//     and a test: mutant generation and type checks of one large
//     function, where a signal was seen late;
//   - SIGTERM: each command started again (with its progress on standard
//     error, one line per step: GOZILLA_PROGRESS_EVERY=0) in a fresh copy
//     and sent SIGTERM at moments named by events (-signals: so many
//     seconds after the start, after the build of its test binary began,
//     after its test binary first ran, after its first progress line);
//     the phase it was in is told by its progress and by the processes
//     it had running at that moment (go list, go test -c, the test
//     binary, go test…). Measured: the seconds from the signal to its
//     exit, the exit code, whether it wrote a report (valid JSON, partial)
//     and what it left behind: every command runs with TMPDIR a fresh
//     empty directory (other gozilla runs on the machine do not blur the
//     count), whose entries after the exit are listed, and the processes
//     it started that outlive it.
//
// The signal goes to the gozilla process alone, not to its process
// group: stopping what it started is its own job. With -load, every CPU
// is kept busy (internal/cpuload) during the SIGTERM runs: a signal must
// be seen as soon on a loaded machine. With -ends=false, only the SIGTERM
// runs are made.

import (
	"bufio"
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
	"sync"
	"syscall"
	"time"

	"github.com/gozilla/gozilla/internal/cpuload"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/report"
)

// defaultLargeModules are the modules of issue 31.
const defaultLargeModules = "github.com/bits-and-blooms/bitset@v1.29.0,github.com/shopspring/decimal@v1.6.0"

// defaultLargeSignals are the moments SIGTERM is sent at: loading, mutant
// generation, the build, the first runs of the test binary (score's
// baseline), the mutant runs or gen's passes.
const defaultLargeSignals = "1s,5s,build+1s,tests+1s,progress+10s"

// The targets of issue 31.
const (
	largeDecidedTarget = 0.90            // share of the mutants decided by the deadline
	largeExitTarget    = 2 * time.Second // from SIGTERM to the exit
)

// moment is when SIGTERM is sent: after seconds past an event of the run.
type moment struct {
	event string // start, load, build, tests or progress
	after time.Duration
}

// largeEvents are the events a moment can follow: the start, the first
// go list (load), the first build of the test binary (build), the first
// run of the test binary other than listing its tests (tests), the first
// progress line (progress).
var largeEvents = []string{"start", "load", "build", "tests", "progress"}

func (m moment) String() string {
	if m.event == "start" {
		return m.after.String()
	}
	if m.after == 0 {
		return m.event
	}
	return m.event + "+" + m.after.String()
}

// parseMoments reads -signals: comma-separated moments, each a duration
// after the start ("1s"), an event ("build") or an event and a duration
// after it ("progress+10s").
func parseMoments(s string) ([]moment, error) {
	var out []moment
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		ev, dur, plus := strings.Cut(f, "+")
		m := moment{event: "start"}
		switch {
		case plus:
			m.event = ev
		case slices.Contains(largeEvents, f):
			m.event, dur = f, ""
		default:
			dur = f
		}
		if !slices.Contains(largeEvents, m.event) {
			return nil, fmt.Errorf("moment %q: unknown event %q (want one of %s)", f, m.event, strings.Join(largeEvents, ", "))
		}
		if dur != "" {
			d, err := time.ParseDuration(dur)
			if err != nil || d < 0 {
				return nil, fmt.Errorf("moment %q: bad duration %q", f, dur)
			}
			m.after = d
		}
		out = append(out, m)
	}
	return out, nil
}

// largeConfig is what the run was asked; the markdown names it.
type largeConfig struct {
	jobs            int
	deadline, grace time.Duration
	modules, pkgs   []string
	signals         []moment
	synthetic       int  // lines of the generated target's function (0 = none)
	load            bool // the SIGTERM runs beside busy loops
	signalsOnly     bool // -ends=false: no mutant generation timed, no run to the end
	modsBad         []string
}

// largeTarget is one package: the pristine module it is copied from and
// its pattern there.
type largeTarget struct {
	module, path, pattern, src string
}

// mutGen is the mutant generation of a target, in this process.
type mutGen struct {
	mutants           int
	loadSecs, genSecs float64
	err               string
}

// figures is what the benchmark reads of a score or gen report.
type figures struct {
	mutants, decided int
	partial          bool
	stopped          string
	score            *float64
	errors           []string // the packages the run could not process
	// gen only
	units, supported, tests int
	file                    string
	skipped                 string
	prepSecs                float64 // the phase "mutants and units"
	hasPrep                 bool
	clock                   int
}

// parseScoreReport reads a gozilla.score/v1 document.
func parseScoreReport(data []byte) (figures, error) {
	var doc report.Score
	if err := json.Unmarshal(data, &doc); err != nil {
		return figures{}, fmt.Errorf("not JSON: %v", err)
	}
	if doc.Schema != report.ScoreSchema {
		return figures{}, fmt.Errorf("schema %q, want %q", doc.Schema, report.ScoreSchema)
	}
	s := doc.Summary
	f := figures{mutants: s.Mutants, decided: s.Mutants - s.NotRun, partial: s.Partial, stopped: s.Stopped, score: s.Score}
	for _, e := range doc.Errors {
		f.errors = append(f.errors, e.String())
	}
	for _, p := range doc.Packages {
		if p.Skipped != "" {
			f.skipped = p.Skipped
		}
	}
	return f, nil
}

// parseGenReport reads a gozilla.gen/v1 document.
func parseGenReport(data []byte) (figures, error) {
	var doc report.Gen
	if err := json.Unmarshal(data, &doc); err != nil {
		return figures{}, fmt.Errorf("not JSON: %v", err)
	}
	if doc.Schema != report.GenSchema {
		return figures{}, fmt.Errorf("schema %q, want %q", doc.Schema, report.GenSchema)
	}
	s := doc.Summary
	f := figures{mutants: s.Mutants, decided: s.Mutants - s.NotRun, partial: s.Partial, stopped: s.Stopped, score: s.Score, tests: s.Tests, clock: s.Clock}
	for _, e := range doc.Errors {
		f.errors = append(f.errors, e.String())
	}
	for _, p := range doc.Packages {
		if p.Skipped != "" {
			f.skipped = p.Skipped
		}
		if p.File != "" {
			f.file = p.File
		}
		for _, u := range p.Units {
			f.units++
			if u.Skipped == "" {
				f.supported++
			}
		}
		for _, ph := range p.Phases {
			if ph.Name == "mutants and units" {
				f.prepSecs += ph.Seconds
				f.hasPrep = true
			}
		}
	}
	return f, nil
}

// watched is one run of a gozilla command, watched: its processes, its
// progress, and SIGTERM sent at a moment.
type watched struct {
	secs     float64 // start to exit
	exit     int     // -1 when it did not start or was killed by a signal
	stdout   []byte
	stderr   string
	limitHit bool // it ran past the limit and was stopped (SIGTERM, then SIGKILL after the grace)
	killed   bool // SIGKILL was needed: it did not exit within the grace after SIGTERM
	// The signal: whether it was sent, when (seconds after the start),
	// and the seconds from it to the exit.
	sent      bool
	signalAt  float64
	exitAfter float64
	// What the command was doing at the signal.
	phase    string
	children []string // the classes of its processes
	progress string   // its last progress line before the signal
	// What it left behind: the entries of its TMPDIR after the exit, and
	// its processes alive after it exited.
	tmpLeft []string
	stray   []string
	// events are the seconds after the start each event was first seen.
	events map[string]float64
	err    string // why it could not run
}

// proc is one process of /proc.
type proc struct {
	ppid, pgrp int
	state      string
	start      string // start time in clock ticks since boot (pid reuse)
	argv       []string
}

// readProcs reads every process of /proc.
func readProcs() map[int]proc {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	out := map[int]proc{}
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		p, ok := parseStat(string(stat))
		if !ok {
			continue
		}
		if cl, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline")); err == nil {
			p.argv = strings.Split(strings.TrimRight(string(cl), "\x00"), "\x00")
		}
		out[pid] = p
	}
	return out
}

// parseStat reads the fields of /proc/PID/stat the benchmark needs: the
// state, the parent, the process group and the start time. The command
// name, in parentheses, may hold spaces and parentheses: the fields are
// those after the last ')'.
func parseStat(stat string) (proc, bool) {
	i := strings.LastIndexByte(stat, ')')
	if i < 0 {
		return proc{}, false
	}
	f := strings.Fields(stat[i+1:])
	// state(3) ppid(4) pgrp(5) … starttime(22), numbered from pid(1).
	if len(f) < 20 {
		return proc{}, false
	}
	ppid, err1 := strconv.Atoi(f[1])
	pgrp, err2 := strconv.Atoi(f[2])
	if err1 != nil || err2 != nil {
		return proc{}, false
	}
	return proc{state: f[0], ppid: ppid, pgrp: pgrp, start: f[19]}, true
}

// descendants lists the processes below root in procs, sorted.
func descendants(procs map[int]proc, root int) []int {
	kids := map[int][]int{}
	for pid, p := range procs {
		kids[p.ppid] = append(kids[p.ppid], pid)
	}
	var out []int
	queue := []int{root}
	for len(queue) > 0 {
		pid := queue[0]
		queue = queue[1:]
		for _, k := range kids[pid] {
			if k == root || slices.Contains(out, k) {
				continue
			}
			out = append(out, k)
			queue = append(queue, k)
		}
	}
	sort.Ints(out)
	return out
}

// procClass classifies a process gozilla starts by its command line:
// load (go list), build (go test -c, go build), check (go test: gen's
// check of its file), vet (go vet), list (the test binary listing its
// tests), tests (the test binary — score's baseline and mutant runs,
// gen's harness workers), tool (the go command's compilers and linker,
// and the test binaries go test builds: their go command names the
// phase), or the program's base name.
func procClass(argv []string) string {
	if len(argv) == 0 || argv[0] == "" {
		return ""
	}
	base := filepath.Base(argv[0])
	switch {
	case base == "go" && len(argv) > 1:
		switch argv[1] {
		case "list":
			return "load"
		case "build":
			return "build"
		case "vet":
			return "vet"
		case "test":
			if slices.Contains(argv[2:], "-c") {
				return "build"
			}
			return "check"
		}
		return "go " + argv[1]
	case strings.Contains(argv[0], "/pkg/tool/"):
		return "tool"
	case base == "pkg.test":
		for _, a := range argv[1:] {
			if strings.HasPrefix(a, "-test.list") {
				return "list"
			}
		}
		return "tests"
	case strings.HasSuffix(base, ".test"):
		return "tool"
	}
	return base
}

var (
	scoreProgress = regexp.MustCompile(`(\d+)/(\d+) mutants decided`)
	genProgress   = regexp.MustCompile(`(\d+)/(\d+) mutants killed · unit (\d+)/(\d+) (\S+)`)
)

// isProgress reports whether a line of standard error is a progress line.
func isProgress(line string) bool {
	return strings.HasPrefix(line, "gozilla: ") && (scoreProgress.MatchString(line) || genProgress.MatchString(line))
}

// phaseName names what a command was doing at the signal, from the
// classes of its processes then, the events seen before it (build) and
// its last progress line ("" when none).
func phaseName(command string, classes []string, seenBuild bool, progress string) string {
	has := func(c string) bool { return slices.Contains(classes, c) }
	bin := "the test binary"
	if command == "gen" {
		bin = "the harness binary"
	}
	switch {
	case has("build"):
		return "build of " + bin + " (go test -c)"
	case has("load"):
		return "loading (go list)"
	case has("check"):
		return "check of the file (go test)"
	case has("vet"):
		return "vet of the file (go vet)"
	case has("list"):
		return "listing the tests"
	}
	if progress != "" {
		if m := scoreProgress.FindStringSubmatch(progress); command == "score" && m != nil {
			if m[1] == m[2] {
				return fmt.Sprintf("after the mutant runs (%s/%s decided): proofs", m[1], m[2])
			}
			return fmt.Sprintf("mutant runs (%s/%s decided)", m[1], m[2])
		}
		if m := genProgress.FindStringSubmatch(progress); command == "gen" && m != nil {
			return fmt.Sprintf("random pass or later (last progress: unit %s/%s %s, %s/%s killed)", m[3], m[4], m[5], m[1], m[2])
		}
	}
	switch {
	case has("tests") && command == "score":
		return "baseline (the tests on the original)"
	case has("tests"):
		return "harness started, before the first unit"
	case !seenBuild && command == "score":
		return "loading or mutant generation (in process)"
	case !seenBuild:
		return "loading or mutants and units (in process)"
	}
	return "after the build (in process)"
}

// progressLine keeps the text of a progress line after "gozilla: ".
func progressLine(line string) string { return strings.TrimPrefix(line, "gozilla: ") }

// watchRun runs a gozilla command in dir with TMPDIR a fresh directory of
// tmp and its progress on standard error, watches its processes every
// 100 ms, sends it SIGTERM at the moment (nil: never, but at the limit),
// and waits for its exit at most the grace after a signal before it
// kills its process group and every process it started.
func watchRun(tmp, dir string, at *moment, limit, grace time.Duration, name string, args ...string) *watched {
	w := &watched{exit: -1, events: map[string]float64{}}
	tmpdir, err := os.MkdirTemp(tmp, "tmpdir-")
	if err != nil {
		w.err = err.Error()
		return w
	}
	defer os.RemoveAll(tmpdir)
	out, err := os.CreateTemp(tmp, "stdout-")
	if err != nil {
		w.err = err.Error()
		return w
	}
	defer os.Remove(out.Name())
	defer out.Close()
	errR, errW, err := os.Pipe()
	if err != nil {
		w.err = err.Error()
		return w
	}
	c := exec.Command(name, args...)
	c.Dir = dir
	c.Env = append(os.Environ(), "TMPDIR="+tmpdir, "GOZILLA_PROGRESS_EVERY=0")
	// Files, not buffers: Wait returns when the process exits, not when
	// the last process holding its output does.
	c.Stdout, c.Stderr = out, errW
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	start := time.Now()
	if err := c.Start(); err != nil {
		errW.Close()
		errR.Close()
		w.err = err.Error()
		return w
	}
	errW.Close()
	pid := c.Process.Pid

	type line struct {
		t    time.Time
		text string
	}
	var mu sync.Mutex
	var lines []line
	firstProgress := time.Time{}
	readDone := make(chan struct{})
	go func() {
		defer close(readDone)
		sc := bufio.NewScanner(errR)
		sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
		for sc.Scan() {
			now := time.Now()
			mu.Lock()
			lines = append(lines, line{now, sc.Text()})
			if firstProgress.IsZero() && isProgress(sc.Text()) {
				firstProgress = now
			}
			mu.Unlock()
		}
	}()
	type exited struct {
		err error
		t   time.Time
	}
	done := make(chan exited, 1)
	go func() {
		err := c.Wait()
		done <- exited{err, time.Now()}
	}()

	seen := map[int]string{} // descendants seen, by pid: their start time
	seenArgv := map[int][]string{}
	var classes []string
	note := func(now time.Time) {
		procs := readProcs()
		classes = classes[:0]
		for _, d := range descendants(procs, pid) {
			p := procs[d]
			if _, ok := seen[d]; !ok {
				seen[d], seenArgv[d] = p.start, p.argv
			}
			cl := procClass(p.argv)
			if cl != "" && !slices.Contains(classes, cl) {
				classes = append(classes, cl)
			}
			for _, ev := range []string{"load", "build", "tests"} {
				if cl == ev {
					if _, ok := w.events[ev]; !ok {
						w.events[ev] = now.Sub(start).Seconds()
					}
				}
			}
		}
		sort.Strings(classes)
		mu.Lock()
		if _, ok := w.events["progress"]; !ok && !firstProgress.IsZero() {
			w.events["progress"] = firstProgress.Sub(start).Seconds()
		}
		mu.Unlock()
	}
	due := func(now time.Time) bool {
		if at == nil {
			return false
		}
		if at.event == "start" {
			return now.Sub(start) >= at.after
		}
		t, ok := w.events[at.event]
		return ok && now.Sub(start).Seconds() >= t+at.after.Seconds()
	}

	var signalAt time.Time
	var ex exited
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
wait:
	for {
		select {
		case ex = <-done:
			break wait
		case now := <-tick.C:
			note(now)
			if !signalAt.IsZero() {
				if now.Sub(signalAt) >= grace {
					w.killed = true
					killAll(pid, seen)
					ex = <-done
					break wait
				}
				continue
			}
			limited := now.Sub(start) >= limit
			if !due(now) && !limited {
				continue
			}
			// The phase at the signal: its processes now, its last
			// progress line.
			_, built := w.events["build"]
			mu.Lock()
			for i := len(lines) - 1; i >= 0; i-- {
				if isProgress(lines[i].text) {
					w.progress = progressLine(lines[i].text)
					break
				}
			}
			mu.Unlock()
			w.children = append([]string(nil), classes...)
			w.phase = phaseName(commandOf(args), classes, built, w.progress)
			if syscall.Kill(pid, syscall.SIGTERM) != nil {
				continue // it is exiting
			}
			signalAt = time.Now()
			w.sent, w.limitHit = true, limited && !due(now)
			w.signalAt = signalAt.Sub(start).Seconds()
		}
	}
	w.secs = ex.t.Sub(start).Seconds()
	if w.sent {
		w.exitAfter = ex.t.Sub(signalAt).Seconds()
	}
	var ee *exec.ExitError
	switch {
	case ex.err == nil:
		w.exit = 0
	case errors.As(ex.err, &ee):
		w.exit = ee.ExitCode()
	}
	// What it left: its processes still alive, then its TMPDIR's
	// entries (before the strays are killed: what they hold is the run's).
	w.stray = alive(seen, seenArgv, pid)
	if ents, err := os.ReadDir(tmpdir); err == nil {
		for _, e := range ents {
			w.tmpLeft = append(w.tmpLeft, e.Name())
		}
	}
	killAll(pid, seen)
	select {
	case <-readDone:
	case <-time.After(5 * time.Second):
	}
	errR.Close()
	mu.Lock()
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(l.text + "\n")
	}
	mu.Unlock()
	w.stderr = b.String()
	w.stdout, _ = os.ReadFile(out.Name())
	return w
}

// commandOf is the gozilla command of a command line (its first
// argument).
func commandOf(args []string) string {
	if len(args) == 0 {
		return ""
	}
	return args[0]
}

// alive lists the processes of seen (pid → start time) still running
// (not zombies) as the same process, and any other of the process group
// of root: "class (pid)".
func alive(seen map[int]string, argv map[int][]string, root int) []string {
	procs := readProcs()
	var out []string
	for pid, p := range procs {
		if p.state == "Z" {
			continue
		}
		st, ok := seen[pid]
		if (ok && st == p.start) || (!ok && p.pgrp == root && pid != root) {
			a := p.argv
			if ok && len(argv[pid]) > 0 {
				a = argv[pid]
			}
			out = append(out, fmt.Sprintf("%s (pid %d)", procLabel(a), pid))
		}
	}
	sort.Strings(out)
	return out
}

// procLabel shortens a command line for a note: the program's base name
// and its first arguments, cut at 80 bytes.
func procLabel(argv []string) string {
	if len(argv) == 0 {
		return "?"
	}
	s := strings.Join(append([]string{filepath.Base(argv[0])}, argv[1:]...), " ")
	if len(s) > 80 {
		s = strings.ToValidUTF8(s[:79], "") + "…"
	}
	return s
}

// killAll kills the process group of root and every process seen below
// it that is still the same process.
func killAll(root int, seen map[int]string) {
	syscall.Kill(-root, syscall.SIGKILL)
	procs := readProcs()
	for pid, st := range seen {
		if p, ok := procs[pid]; ok && p.start == st {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

// largeRun is one measured run of a command with what its report says.
type largeRun struct {
	w        *watched
	fig      figures
	reported bool   // stdout holds a valid report
	why      string // why it does not ("" when it does)
	rows     int    // gen: the rows of the file it wrote
	fileErr  string
	// moment is the signal's moment (SIGTERM runs), written is set when
	// gen left a test file in the package although it was stopped
	// (signalled, or partial without naming the file in its report).
	moment  moment
	written string
}

// largeResult is the figures of one target.
type largeResult struct {
	target          largeTarget
	mg              mutGen
	score, gen, dry *largeRun
	sigScore        []*largeRun
	sigGen          []*largeRun
}

func benchLarge(cfg *largeConfig, write string) error {
	env, err := setup("gozilla-bench-large-", false)
	if err != nil {
		return err
	}
	defer os.RemoveAll(env.tmp)
	targets, err := largeTargets(env, cfg)
	if err != nil {
		return err
	}
	var results []*largeResult
	for i, t := range targets {
		results = append(results, largeOne(env, cfg, t, i))
	}
	md := largeMarkdown(results, cfg, machine(), time.Now().UTC().Format("2006-01-02"))
	fmt.Print(md)
	if write != "" {
		return updateSection(write, "large", md)
	}
	return nil
}

// largeTargets fetches the modules and picks their packages.
func largeTargets(env *benchEnv, cfg *largeConfig) ([]largeTarget, error) {
	var targets []largeTarget
	for _, mv := range cfg.modules {
		dir, _, err := fetchModule(env.tmp, mv, "")
		if err != nil {
			cfg.modsBad = append(cfg.modsBad, fmt.Sprintf("%s: %v", mv, firstLine(err.Error())))
			continue
		}
		listed, err := listPkgs(dir)
		if err != nil {
			cfg.modsBad = append(cfg.modsBad, fmt.Sprintf("%s: %v", mv, firstLine(err.Error())))
			continue
		}
		path, _, _ := strings.Cut(mv, "@")
		picked := pickPkgs(listed, path, cfg.pkgs)
		if len(picked) == 0 {
			cfg.modsBad = append(cfg.modsBad, fmt.Sprintf("%s: its root is no package and -pkgs names none of its packages", mv))
			continue
		}
		for _, p := range picked {
			targets = append(targets, largeTarget{module: mv, path: p.path, pattern: p.pattern(), src: dir})
		}
	}
	if cfg.synthetic > 0 {
		t, err := syntheticTarget(env.tmp, cfg.synthetic)
		if err != nil {
			cfg.modsBad = append(cfg.modsBad, fmt.Sprintf("synthetic: %v", err))
		} else {
			targets = append(targets, t)
		}
	}
	if len(targets) == 0 {
		return nil, fmt.Errorf("no target: %s", strings.Join(cfg.modsBad, "; "))
	}
	return targets, nil
}

// syntheticTarget writes, in dir, the module of -synthetic: package big,
// one function Long of about lines lines (an if with a condition and an
// assignment with arithmetic every three lines), and a test that calls
// it.
func syntheticTarget(dir string, lines int) (largeTarget, error) {
	src := filepath.Join(dir, "synthetic")
	var b strings.Builder
	b.WriteString("package big\n\n// Long is long.\nfunc Long(x, y int) int {\n")
	for i := 0; 3*i < lines; i++ {
		fmt.Fprintf(&b, "\tif x > %d && y < %d {\n\t\ty = y*%d + x - %d\n\t}\n", i, i+7, i%5+2, i%11)
	}
	b.WriteString("\treturn x + y\n}\n")
	files := map[string]string{
		"go.mod":          "module example.com/synthetic\n\ngo 1.22\n",
		"big/big.go":      b.String(),
		"big/big_test.go": "package big\n\nimport \"testing\"\n\nfunc TestLong(t *testing.T) {\n\tif Long(1, 2) == 0 {\n\t\tt.Fatal(\"zero\")\n\t}\n}\n",
	}
	for name, text := range files {
		path := filepath.Join(src, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return largeTarget{}, err
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			return largeTarget{}, err
		}
	}
	return largeTarget{module: fmt.Sprintf("synthetic (one %d-line function)", lines), path: "example.com/synthetic/big", pattern: "./big", src: src}, nil
}

// listPkgs lists the packages of the module at dir that have non-test Go
// files.
func listPkgs(dir string) ([]listedPkg, error) {
	list := exec.Command("go", "list", "-f", "{{if .GoFiles}}{{.ImportPath}} {{.Dir}}{{end}}", "./...")
	list.Dir = dir
	out, err := list.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %v", err)
	}
	var pkgs []listedPkg
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		path, pdir, ok := strings.Cut(line, " ")
		if !ok {
			continue
		}
		rel, err := filepath.Rel(dir, pdir)
		if err != nil {
			return nil, err
		}
		pkgs = append(pkgs, listedPkg{path, rel})
	}
	return pkgs, nil
}

// pickPkgs keeps the packages of a module that only names; when it names
// none of them, the module's root package (module path modPath).
func pickPkgs(listed []listedPkg, modPath string, only []string) []listedPkg {
	var out []listedPkg
	for _, p := range listed {
		if slices.Contains(only, p.path) {
			out = append(out, p)
		}
	}
	if len(out) > 0 {
		return out
	}
	for _, p := range listed {
		if p.path == modPath {
			return []listedPkg{p}
		}
	}
	return nil
}

// largeOne measures one target: its mutant generation, score and gen to
// the end (or the deadline), and each command stopped by SIGTERM at each
// moment; every run in a fresh copy of the module.
func largeOne(env *benchEnv, cfg *largeConfig, t largeTarget, i int) *largeResult {
	r := &largeResult{target: t}
	copyOf := func(what string) (string, error) {
		dir := filepath.Join(env.tmp, fmt.Sprintf("large-%d-%s", i, what))
		return dir, copyDir(t.src, dir)
	}
	j := strconv.Itoa(cfg.jobs)
	d := cfg.deadline.String()
	limit := cfg.deadline + 2*time.Minute

	if cfg.signalsOnly {
		r.mg.err = "not measured (-ends=false)"
	} else if dir, err := copyOf("mutants"); err != nil {
		r.mg.err = err.Error()
	} else {
		r.mg = generateMutants(dir, t.pattern)
	}
	fmt.Fprintf(os.Stderr, "large %s: mutants %d, load %.1f s, generation %.1f s %s\n", t.path, r.mg.mutants, r.mg.loadSecs, r.mg.genSecs, r.mg.err)

	runIn := func(what, command string, at *moment, runLimit time.Duration, args ...string) *largeRun {
		dir, err := copyOf(what)
		if err != nil {
			return &largeRun{w: &watched{exit: -1, err: err.Error()}, why: err.Error()}
		}
		run := &largeRun{w: watchRun(env.tmp, dir, at, runLimit, cfg.grace, env.gz, args...)}
		if at != nil {
			run.moment = *at
		}
		readRun(run, command, dir, t)
		return run
	}
	if !cfg.signalsOnly {
		r.score = runIn("score", "score", nil, limit, "score", "-json", "-q", "-j", j, "-deadline", d, t.pattern)
		logLarge(t, "score", r.score)
		r.gen = runIn("gen", "gen", nil, limit, "gen", "-json", "-q", "-j", j, "-cache=off", "-deadline", d, t.pattern)
		logLarge(t, "gen", r.gen)
		if !r.gen.fig.hasPrep {
			r.dry = runIn("gen-dry", "gen", nil, limit, "gen", "-json", "-q", "-n", "-random", "0", "-engine", "", "-j", j, "-cache=off", "-deadline", d, t.pattern)
			logLarge(t, "gen -n (dry, no passes)", r.dry)
		}
	}
	if cfg.load && len(cfg.signals) > 0 {
		defer cpuload.Start()()
	}
	for k, m := range cfg.signals {
		m := m
		s := runIn(fmt.Sprintf("sig-score-%d", k), "score", &m, limit, "score", "-json", "-j", j, "-deadline", d, t.pattern)
		r.sigScore = append(r.sigScore, s)
		logLarge(t, "score, SIGTERM at "+m.String(), s)
		g := runIn(fmt.Sprintf("sig-gen-%d", k), "gen", &m, limit, "gen", "-json", "-j", j, "-cache=off", "-deadline", d, t.pattern)
		r.sigGen = append(r.sigGen, g)
		logLarge(t, "gen, SIGTERM at "+m.String(), g)
	}
	return r
}

// generateMutants loads the package in dir with its tests, as gozilla
// score does, and makes its mutants as score does (every operator), in
// this process, timing both.
func generateMutants(dir, pattern string) mutGen {
	var g mutGen
	t0 := time.Now()
	pkgs, err := load.Load(load.Config{Dir: dir}, pattern)
	g.loadSecs = time.Since(t0).Seconds()
	if err != nil {
		g.err = "load: " + firstLine(err.Error())
		return g
	}
	if len(pkgs) != 1 {
		g.err = fmt.Sprintf("load: %d packages, want 1", len(pkgs))
		return g
	}
	t0 = time.Now()
	set, err := mutate.Generate(pkgs[0], mutate.Options{})
	g.genSecs = time.Since(t0).Seconds()
	if err != nil {
		g.err = "generate: " + firstLine(err.Error())
		return g
	}
	g.mutants = len(set.Mutants)
	return g
}

// readRun reads a run's report and, for gen, the file it wrote in dir:
// its rows, or, when the run was stopped (partial), that it wrote one.
func readRun(run *largeRun, command, dir string, t largeTarget) {
	if run.w.err != "" {
		run.why = run.w.err
		return
	}
	var err error
	if command == "score" {
		run.fig, err = parseScoreReport(run.w.stdout)
	} else {
		run.fig, err = parseGenReport(run.w.stdout)
	}
	switch {
	case len(bytes.TrimSpace(run.w.stdout)) == 0:
		run.why = "no report (standard output empty)"
	case err != nil:
		run.why = "no valid report: " + err.Error()
	default:
		run.reported = true
	}
	if command != "gen" {
		return
	}
	// The file gen wrote, or left though stopped.
	pkgDir := filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(t.pattern, "./")))
	ents, _ := os.ReadDir(pkgDir)
	var files []string
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), "_gozilla_test.go") {
			files = append(files, e.Name())
		}
	}
	if run.fig.file != "" {
		path := run.fig.file
		if !filepath.IsAbs(path) {
			path = filepath.Join(dir, path)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			run.fileErr = err.Error()
		} else {
			run.rows = countRows(data)
		}
	}
	// A -deadline that stopped gen's search early leaves the file of
	// what it found, named by its report; a signal, or a deadline
	// before that, leaves none.
	if (run.w.sent || run.fig.partial && run.fig.file == "") && len(files) > 0 {
		run.written = strings.Join(files, ", ")
	}
}

// logLarge writes one run's progress line.
func logLarge(t largeTarget, what string, run *largeRun) {
	w := run.w
	sig := ""
	if w.sent {
		sig = fmt.Sprintf(", signal at %.1f s (%s), exit %.2f s after", w.signalAt, w.phase, w.exitAfter)
	}
	rep := "report: " + run.why
	if run.reported {
		rep = fmt.Sprintf("report: %d/%d decided, partial %v", run.fig.decided, run.fig.mutants, run.fig.partial)
	}
	fmt.Fprintf(os.Stderr, "large %s %s: %.1f s, exit %d%s; %s; left %d temp entries, %d processes\n",
		t.path, what, w.secs, w.exit, sig, rep, len(w.tmpLeft), len(w.stray))
}

// decidedText is "decided/mutants (share)".
func decidedText(f figures) string {
	return percent(f.decided, f.mutants)
}

// partialText says whether a report is partial, and why.
func partialText(run *largeRun) string {
	switch {
	case !run.reported:
		return "—"
	case run.fig.partial && run.fig.stopped != "":
		return "yes (" + run.fig.stopped + ")"
	case run.fig.partial:
		return "yes"
	case run.fig.clock > 0:
		return fmt.Sprintf("no (a safety clock stopped %d units)", run.fig.clock)
	}
	return "no"
}

// exitCell is the exit code, with how the run ended when it was stopped.
func exitCell(w *watched) string {
	s := strconv.Itoa(w.exit)
	switch {
	case w.err != "":
		return "— (did not run)"
	case w.killed && w.limitHit:
		s += " (SIGKILL: past the limit, then the grace)"
	case w.killed:
		s += " (SIGKILL after the grace)"
	case w.limitHit:
		s += " (SIGTERM at the limit)"
	}
	return s
}

// msCell is a report's MS.
func msCell(run *largeRun) string {
	if !run.reported || run.fig.score == nil {
		return "—"
	}
	return fmt.Sprintf("%.3f", *run.fig.score)
}

// rate formats n per secs ("—" when either is missing).
func rate(n int, secs float64) string {
	if n <= 0 || secs <= 0 {
		return "—"
	}
	return fmt.Sprintf("%.0f", float64(n)/secs)
}

// leftCell says what a run left behind: the gozilla entries of its
// TMPDIR, the others, its processes alive after it.
func leftCell(w *watched) string {
	gz, gobuild, other := tmpKinds(w.tmpLeft)
	var parts []string
	if gz > 0 {
		parts = append(parts, fmt.Sprintf("**%d gozilla temp dirs**", gz))
	}
	if gobuild > 0 {
		parts = append(parts, fmt.Sprintf("**%d go-build dirs**", gobuild))
	}
	if other > 0 {
		parts = append(parts, fmt.Sprintf("%d other temp entries", other))
	}
	if len(w.stray) > 0 {
		parts = append(parts, fmt.Sprintf("**%d processes**", len(w.stray)))
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

// tmpKinds counts the entries left in a run's TMPDIR: gozilla's own
// directories (gozilla-*), the go command's work directories (go-build*:
// a go command gozilla started that did not clean up, killed), others.
func tmpKinds(entries []string) (gz, gobuild, other int) {
	for _, e := range entries {
		switch {
		case strings.HasPrefix(e, "gozilla-"):
			gz++
		case strings.HasPrefix(e, "go-build"):
			gobuild++
		default:
			other++
		}
	}
	return gz, gobuild, other
}

// reportCell says whether a stopped run wrote its report.
func reportCell(run *largeRun) string {
	if !run.reported {
		return "**no**: " + mdCell(run.why)
	}
	s := "yes"
	if run.fig.partial {
		s += ", partial"
	} else {
		s += ", not partial"
	}
	if run.fig.stopped != "" {
		s += " (" + run.fig.stopped + ")"
	}
	return s + ", " + decidedText(run.fig) + " decided"
}

// signalCells are a SIGTERM run's cells: signal at s, phase, exit s after
// the signal.
func signalCells(run *largeRun) (at, phase, after string) {
	w := run.w
	if !w.sent {
		if w.err != "" {
			return "—", "did not run: " + mdCell(w.err), "—"
		}
		return "—", fmt.Sprintf("not sent: it exited at %.1f s, before the moment", w.secs), "—"
	}
	at = fmt.Sprintf("%.1f", w.signalAt)
	phase = mdCell(w.phase)
	if w.limitHit {
		phase = "at the limit, " + phase
	}
	if w.killed {
		return at, phase, fmt.Sprintf("**> %.0f (SIGKILL)**", w.exitAfter)
	}
	after = fmt.Sprintf("%.2f", w.exitAfter)
	if w.exitAfter > largeExitTarget.Seconds() {
		after = "**" + after + "**"
	}
	return at, phase, after
}

// largeVerdicts are the targets of issue 31 over the results.
type largeVerdicts struct {
	scored                  []string // per target: decided share and whether met
	scoredMet               bool
	signals                 int     // SIGTERM sent
	maxAfter                float64 // the longest exit after one
	late                    int     // exits later than the target, or killed
	reports                 int     // signalled runs with a valid partial report
	gzLeft, goBuild, strays int     // runs that left gozilla temp dirs, go-build dirs, processes
}

func largeVerdictsOf(results []*largeResult) largeVerdicts {
	v := largeVerdicts{scoredMet: len(results) > 0}
	for _, r := range results {
		if s := r.score; s != nil { // nil: -ends=false
			ok := s.reported && s.fig.mutants > 0 && (!s.fig.partial || float64(s.fig.decided) >= largeDecidedTarget*float64(s.fig.mutants))
			fig := "no report"
			if s.reported {
				fig = decidedText(s.fig) + " decided"
				if !s.fig.partial {
					fig += ", to the end"
				}
			}
			v.scored = append(v.scored, fmt.Sprintf("%s: %s", shortPkg(r.target.path), fig))
			v.scoredMet = v.scoredMet && ok
		}
		for _, run := range append(append([]*largeRun{}, r.sigScore...), r.sigGen...) {
			w := run.w
			if !w.sent {
				continue
			}
			v.signals++
			v.maxAfter = max(v.maxAfter, w.exitAfter)
			if w.killed || w.exitAfter > largeExitTarget.Seconds() {
				v.late++
			}
			if run.reported && run.fig.partial {
				v.reports++
			}
		}
		for _, run := range r.all() {
			gz, gobuild, _ := tmpKinds(run.w.tmpLeft)
			if gz > 0 {
				v.gzLeft++
			}
			if gobuild > 0 {
				v.goBuild++
			}
			if len(run.w.stray) > 0 {
				v.strays++
			}
		}
	}
	return v
}

// all is every run of a result.
func (r *largeResult) all() []*largeRun {
	var out []*largeRun
	for _, run := range []*largeRun{r.score, r.gen, r.dry} {
		if run != nil {
			out = append(out, run)
		}
	}
	out = append(out, r.sigScore...)
	return append(out, r.sigGen...)
}

// largeFlags is the command line's flags, as the markdown names them.
func largeFlags(cfg *largeConfig) string {
	s := fmt.Sprintf(" -j %d -deadline %s", cfg.jobs, cfg.deadline)
	if strings.Join(cfg.modules, ",") != defaultLargeModules {
		s += " -modules " + strings.Join(cfg.modules, ",")
	}
	if len(cfg.pkgs) > 0 {
		s += " -pkgs " + strings.Join(cfg.pkgs, ",")
	}
	var ms []string
	for _, m := range cfg.signals {
		ms = append(ms, m.String())
	}
	if sig := strings.Join(ms, ","); sig != defaultLargeSignals {
		s += " -signals '" + sig + "'"
	}
	if cfg.grace != 30*time.Second {
		s += " -grace " + cfg.grace.String()
	}
	if cfg.synthetic > 0 {
		s += fmt.Sprintf(" -synthetic %d", cfg.synthetic)
	}
	if cfg.load {
		s += " -load"
	}
	if cfg.signalsOnly {
		s += " -ends=false"
	}
	return s
}

func verdict(ok bool) string {
	if ok {
		return "met"
	}
	return "**not met**"
}

func largeMarkdown(results []*largeResult, cfg *largeConfig, host, date string) string {
	var b strings.Builder
	b.WriteString("## Large packages: score and gen to the end, and SIGTERM (issue 31)\n\n")
	fmt.Fprintf(&b, "Measured %s on %s; `go run ./cmd/gozilla-bench large%s -w BENCHMARKS.md`.\n", date, host, largeFlags(cfg))
	fmt.Fprintf(&b, "Each target is a package of a third-party module at a pinned version, fetched from the module proxy, each run in a fresh scratch copy of its module. "+
		"*Mutant generation*: the package loaded with its tests and its mutants made (every operator) as `gozilla score` makes them, by `internal/mutate` in the benchmark's process, timed (score's report does not give that time); "+
		"gen's mutants per second are those of its report's phase *mutants and units* (the mutants with the coverage probes, and the units), from a dry run (`gen -n -random 0 -engine ''`) when the full run has no phases. "+
		"Then `gozilla score -json -q -j %[1]d -deadline %[2]s` and `gozilla gen -json -q -j %[1]d -cache=off -deadline %[2]s` to the end or the deadline: *decided* are the mutants not `not_run` (killed, lived, timed out, not covered, equivalent). "+
		"Then each command again, with its progress on standard error (`GOZILLA_PROGRESS_EVERY=0`), sent SIGTERM (to the gozilla process alone) at each moment of `-signals`: so long after the start, or after an event — *build*: the first `go test -c` of the test (or harness) binary; *tests*: the first run of that binary other than listing its tests; *progress*: the first progress line. "+
		"*Phase* is what it was doing then, told by its last progress line and by the processes it had running (`go list`, `go test -c`, the test binary, `go test`). "+
		"Every command runs with `TMPDIR` a fresh empty directory: *left* is what is in it after the exit (`gozilla-*` directories are gozilla's own, `go-build*` those of a go command it started that did not clean up) and the processes it started that outlive it (not its children alone: their children too, seen every 100 ms while it ran). A run that does not exit %[3]s after SIGTERM is killed (SIGKILL).\n\n",
		cfg.jobs, cfg.deadline, cfg.grace)
	if len(cfg.modsBad) > 0 {
		fmt.Fprintf(&b, "Not measured: %s.\n\n", mdCell(strings.Join(cfg.modsBad, "; ")))
	}

	if cfg.synthetic > 0 {
		fmt.Fprintf(&b, "The target *example.com/synthetic/big* is generated by the benchmark: one function of %d lines (`if x > K && y < K+7 { y = y*k + x - c }` over and over) and a test that calls it. ", cfg.synthetic)
	}
	if cfg.load {
		b.WriteString("The SIGTERM runs are made beside busy loops, one per CPU (`internal/cpuload`, in the benchmark's process). ")
	}
	if cfg.signalsOnly {
		b.WriteString("With `-ends=false`, only the SIGTERM runs are made. ")
	}
	if cfg.synthetic > 0 || cfg.load || cfg.signalsOnly {
		b.WriteString("\n\n")
	}
	v := largeVerdictsOf(results)
	b.WriteString("### Issue 31's targets\n\n| target | figure | verdict |\n|---|---|---|\n")
	if !cfg.signalsOnly {
		fmt.Fprintf(&b, "| scored to the end, or to the -deadline with ≥ %.0f%% decided | %s | %s |\n", 100*largeDecidedTarget, mdCell(strings.Join(v.scored, "; ")), verdict(v.scoredMet))
	}
	if v.signals == 0 {
		b.WriteString("| SIGTERM ends every phase within 2 s | no signal sent | — |\n| the partial report written | no signal sent | — |\n")
	} else {
		fmt.Fprintf(&b, "| SIGTERM ends every phase within %.0f s | %d signals, the longest exit %.2f s after one, %d later | %s |\n", largeExitTarget.Seconds(), v.signals, v.maxAfter, v.late, verdict(v.late == 0))
		fmt.Fprintf(&b, "| the partial report written | %d of %d signalled runs | %s |\n", v.reports, v.signals, verdict(v.reports == v.signals))
	}
	fmt.Fprintf(&b, "| nothing left behind: no gozilla temp dir, no go-build dir of a go command it started, no process | runs that left gozilla temp dirs: %d; go-build dirs: %d; processes: %d | %s |\n\n",
		v.gzLeft, v.goBuild, v.strays, verdict(v.gzLeft == 0 && v.goBuild == 0 && v.strays == 0))

	var notes []string
	if !cfg.signalsOnly {
		notes = largeEnds(&b, results)
	}

	b.WriteString("### SIGTERM\n\n| target | command | moment | signal at s | phase | exit s after signal | exit code | report written | left |\n|---|---|---|--:|---|--:|---|---|---|\n")
	for _, r := range results {
		for _, run := range append(append([]*largeRun{}, r.sigScore...), r.sigGen...) {
			cmd := "score"
			if slices.Contains(r.sigGen, run) {
				cmd = "gen"
			}
			at, phase, after := signalCells(run)
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", r.target.path, cmd, run.moment, at, phase, after, exitCell(run.w), reportCell(run), leftCell(run.w))
			what := fmt.Sprintf("%s, %s, SIGTERM at %s", r.target.path, cmd, run.moment)
			notes = append(notes, runNotes(what, run)...)
		}
	}
	b.WriteString("\n")
	if len(notes) > 0 {
		b.WriteString("### Notes\n\n" + strings.Join(notes, "\n") + "\n\n")
	}
	return b.String()
}

// largeEnds writes the tables of the runs to the end (mutant generation,
// score, gen) and returns their notes.
func largeEnds(b *strings.Builder, results []*largeResult) []string {
	b.WriteString("### Mutant generation\n\n| target | mutants | load s | generation s | mutants/s | gen: mutants | gen: *mutants and units* s | gen: mutants/s |\n|---|--:|--:|--:|--:|--:|--:|--:|\n")
	var notes []string
	for _, r := range results {
		mg := r.mg
		genM, genS, genR := "—", "—", "—"
		src := r.gen
		if !src.fig.hasPrep && r.dry != nil {
			src = r.dry
		}
		if src.fig.hasPrep {
			genM, genS, genR = strconv.Itoa(src.fig.mutants), fmt.Sprintf("%.1f", src.fig.prepSecs), rate(src.fig.mutants, src.fig.prepSecs)
			if src == r.dry {
				genS += " (dry run)"
			}
		}
		if mg.err != "" {
			notes = append(notes, fmt.Sprintf("- %s, mutant generation: **error**: %s", r.target.path, mdCell(mg.err)))
		}
		fmt.Fprintf(b, "| %s | %d | %.1f | %.1f | %s | %s | %s | %s |\n", r.target.path, mg.mutants, mg.loadSecs, mg.genSecs, rate(mg.mutants, mg.genSecs), genM, genS, genR)
		if r.score.reported && mg.err == "" && r.score.fig.mutants != mg.mutants {
			notes = append(notes, fmt.Sprintf("- %s: score's report has %d mutants, the generation here %d", r.target.path, r.score.fig.mutants, mg.mutants))
		}
	}
	b.WriteString("\n")

	b.WriteString("### gozilla score\n\n| target | mutants | decided | partial | exit | wall s | MS | left |\n|---|--:|--:|---|---|--:|--:|---|\n")
	for _, r := range results {
		s := r.score
		fmt.Fprintf(b, "| %s | %d | %s | %s | %s | %.1f | %s | %s |\n", r.target.path, s.fig.mutants, decidedText(s.fig), partialText(s), exitCell(s.w), s.w.secs, msCell(s), leftCell(s.w))
		notes = append(notes, runNotes(r.target.path+", score", s)...)
	}
	b.WriteString("\n")

	b.WriteString("### gozilla gen\n\n| target | mutants | decided | partial | exit | wall s | MS | rows | units supported | tests | left |\n|---|--:|--:|---|---|--:|--:|--:|--:|--:|---|\n")
	for _, r := range results {
		g := r.gen
		rows := "—"
		if g.fig.file != "" {
			rows = strconv.Itoa(g.rows)
		}
		units := "—"
		if g.fig.units > 0 {
			units = percent(g.fig.supported, g.fig.units)
		}
		fmt.Fprintf(b, "| %s | %d | %s | %s | %s | %.1f | %s | %s | %s | %d | %s |\n", r.target.path, g.fig.mutants, decidedText(g.fig), partialText(g), exitCell(g.w), g.w.secs, msCell(g), rows, units, g.fig.tests, leftCell(g.w))
		notes = append(notes, runNotes(r.target.path+", gen", g)...)
		if r.dry != nil {
			notes = append(notes, runNotes(r.target.path+", gen -n (dry run)", r.dry)...)
		}
	}
	b.WriteString("\n")

	return notes
}

// runNotes are a run's notes: why it has no report, the packages it
// could not process, the file a stopped gen left, what it left behind,
// its last line on standard error when it failed.
func runNotes(what string, run *largeRun) []string {
	var out []string
	w := run.w
	if !run.reported {
		line := ""
		if t := strings.TrimSpace(lastNonProgress(w.stderr)); t != "" {
			line = ": `" + mdCell(tailLine(t, 300)) + "`"
		}
		out = append(out, fmt.Sprintf("- %s: no report (exit %d)%s", what, w.exit, line))
	}
	for _, e := range run.fig.errors {
		out = append(out, fmt.Sprintf("- %s: not processed: %s", what, mdCell(e)))
	}
	if run.fig.skipped != "" {
		out = append(out, fmt.Sprintf("- %s: %s", what, mdCell(run.fig.skipped)))
	}
	if run.written != "" {
		out = append(out, fmt.Sprintf("- %s: **stopped, yet left %s in the package**", what, run.written))
	}
	if run.fileErr != "" {
		out = append(out, fmt.Sprintf("- %s: reading its file: %s", what, mdCell(run.fileErr)))
	}
	if len(w.tmpLeft) > 0 {
		out = append(out, fmt.Sprintf("- %s: left in its TMPDIR: %s", what, mdCell(strings.Join(w.tmpLeft, ", "))))
	}
	if len(w.stray) > 0 {
		out = append(out, fmt.Sprintf("- %s: **processes alive after its exit**: %s", what, mdCell(strings.Join(w.stray, "; "))))
	}
	return out
}

// lastNonProgress is the last line of a run's standard error that is not
// a progress line.
func lastNonProgress(stderr string) string {
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if !isProgress(lines[i]) && strings.TrimSpace(lines[i]) != "" {
			return lines[i]
		}
	}
	return ""
}
