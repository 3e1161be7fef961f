package run

import (
	"bufio"
	"bytes"
	"context"
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
	"time"

	"github.com/gozilla/gozilla/internal/mutate"
)

// Runner runs a schemata test binary. Every run is a fresh process, so a
// mutant's panic, os.Exit or corrupted global state cannot leak into the
// next run.
type Runner struct {
	Binary  string   // the test binary from Build
	Dir     string   // working directory of the tests: the package directory, as under go test
	Jobs    int      // parallel processes; <= 0 means 1
	Env     []string // extra environment
	WorkDir string   // scratch directory for coverage files
	// KeepCover keeps each baseline test's coverage file in
	// TestInfo.Cover.
	KeepCover bool
	// Solo, if set, gives the group that runs one test alone: a job
	// whose site's last mutant that test killed runs it first.
	Solo func(test string) (Group, bool)
}

// TestInfo is what the unmutated baseline run learned about one test.
type TestInfo struct {
	Name     string
	Passed   bool
	TimedOut bool          // failed by running past the timeout
	Duration time.Duration // wall time of the test's own process (coverage mode)
	Sites    []int         // mutation sites the test reaches, ascending
	// Weak are the sites of Sites whose infection the schemata check
	// (internal/mutate's weak sites), and Infected the mutants at them
	// whose value differed from the original's in the test's run, both
	// ascending: a mutant of a weak site the test does not infect
	// behaves as the original in that test, which need not run it.
	Weak, Infected []int
	Ticks          uint64 // upper bound of the loop-budget ticks the test uses
	Alloc          uint64 // upper bound of the bytes its process allocates where a tick or a collection reads them
	Output         string // output when the test failed
	// Cover is the test's whole coverage file: the sites above and the
	// records of the coverage probes the schemata carry, if any
	// (coverage.Plan.Decode reads them).
	Cover []byte
}

// Baseline runs every test alone on the original program in coverage
// mode and records whether it passes, how long it takes and which sites
// it reaches. timeout bounds each test (0 = none).
func (r *Runner) Baseline(ctx context.Context, tests []string, timeout time.Duration) ([]TestInfo, error) {
	infos := make([]TestInfo, len(tests))
	err := r.parallel(ctx, len(tests), func(i int) error {
		cover := filepath.Join(r.WorkDir, "cover-"+strconv.Itoa(i))
		os.Remove(cover)
		res := r.exec(ctx, []string{tests[i]}, timeout,
			mutate.EnvMutant+"=-1", mutate.EnvCover+"="+cover)
		if res.err != nil {
			return res.err
		}
		info := TestInfo{Name: tests[i], Duration: res.dur, Passed: res.exit == 0 && !res.timedOut, TimedOut: res.timedOut}
		if !info.Passed {
			info.Output = res.out
			if res.timedOut {
				info.Output = fmt.Sprintf("timed out after %v\n%s", timeout, res.out)
			}
		}
		cv, err := readCover(cover)
		if err != nil {
			return err
		}
		if r.KeepCover {
			if info.Cover, err = os.ReadFile(cover); err != nil && !errors.Is(err, os.ErrNotExist) {
				return err
			}
		}
		os.Remove(cover)
		info.Sites, info.Ticks, info.Weak, info.Infected, info.Alloc = cv.sites, cv.ticks, cv.weak, cv.infected, cv.alloc
		infos[i] = info
		return nil
	})
	return infos, err
}

// Rerun runs each test alone on the original program n times (without
// coverage) and returns how many of its runs failed. It tells a flaky
// test (some runs fail) from a deterministic one. A run the clock ends
// while starved of the CPU runs once more with RetryFor the time, as a
// mutant's does (Run): a loaded machine does not make a test flaky.
func (r *Runner) Rerun(ctx context.Context, tests []string, n int, timeout time.Duration) ([]int, error) {
	fails := make([]int, len(tests))
	var mu sync.Mutex
	err := r.parallel(ctx, len(tests)*n, func(k int) error {
		res := r.exec(ctx, []string{tests[k/n]}, timeout, mutate.EnvMutant+"=-1")
		if res.err == nil && res.timedOut && timeout > 0 && ctx.Err() == nil && starved(timeout, res.cpu) {
			res = r.exec(ctx, []string{tests[k/n]}, RetryFor(timeout), mutate.EnvMutant+"=-1")
		}
		if res.err != nil {
			return res.err
		}
		if res.exit != 0 || res.timedOut {
			mu.Lock()
			fails[k/n]++
			mu.Unlock()
		}
		return nil
	})
	return fails, err
}

// coverFile is what a coverage file records.
type coverFile struct {
	sites, weak, infected []int // ascending
	ticks, alloc          uint64
}

// readCover reads a coverage file: one reached site ID per line, "t<n>"
// lines each time the tick count passed a power of two, "a<bytes>" each
// time the bytes allocated grew by a quarter (read every
// mutate.AllocEvery ticks and after each collection), "w<site>" for
// each weak site reached and "i<mutant>" for each mutant infected.
func readCover(path string) (coverFile, error) {
	var cv coverFile
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return cv, nil // the test reached no site
	}
	if err != nil {
		return cv, err
	}
	defer f.Close()
	seen := map[int]bool{}
	weak, infected := map[int]bool{}, map[int]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if t, ok := strings.CutPrefix(line, "t"); ok {
			if n, err := strconv.ParseUint(t, 10, 64); err == nil && 2*n > cv.ticks {
				cv.ticks = 2 * n // the count is below the next mark
			}
		} else if a, ok := strings.CutPrefix(line, "a"); ok {
			if n, err := strconv.ParseUint(a, 10, 64); err == nil && n+n/2 > cv.alloc {
				cv.alloc = n + n/2 // below the next record (a quarter more), where read
			}
		} else if w, ok := strings.CutPrefix(line, "w"); ok {
			if n, err := strconv.Atoi(w); err == nil {
				weak[n] = true
			}
		} else if i, ok := strings.CutPrefix(line, "i"); ok {
			if n, err := strconv.Atoi(i); err == nil {
				infected[n] = true
			}
		} else if n, err := strconv.Atoi(line); err == nil {
			seen[n] = true
		}
	}
	cv.sites, cv.weak, cv.infected = sortedKeys(seen), sortedKeys(weak), sortedKeys(infected)
	return cv, sc.Err()
}

func sortedKeys(m map[int]bool) []int {
	out := make([]int, 0, len(m))
	for n := range m {
		out = append(out, n)
	}
	sort.Ints(out)
	return out
}

// Job is one mutant to run against some tests, in groups: one process
// per group, in order, until a group does not pass.
type Job struct {
	Mutant int // mutant ID (GOZILLA_MUTANT)
	Groups []Group
	// Site, when not 0, is the mutant's site. Consecutive jobs of one
	// site run in order in one worker, and the test that killed the
	// last of them runs first, alone (Runner.Solo): the mutants of a
	// site are mostly killed by the same test.
	Site int
}

// Group is the tests one process runs, with its limits.
type Group struct {
	Tests   []string // must not be empty
	Timeout time.Duration
	Budget  uint64 // loop budget (see BudgetFor); 0 = none
	Alloc   uint64 // allocation budget (see AllocFor); 0 = none
}

// heavyTicks marks a test whose baseline work would dominate a shared
// loop budget: it gets a process of its own.
const heavyTicks = 1 << 16

// slowTest marks a test whose baseline time would dominate a shared
// process although it counts few ticks (its work is in other packages:
// math/big, crypto): it gets a process of its own, after the heavy ones.
// Only where such a test runs and which test is named a mutant's killer
// depend on this clock, never whether a mutant is killed; the margin
// keeps it stable: a test that takes half a second idle and less under
// load, or the reverse, is rare.
const slowTest = 500 * time.Millisecond

// Plan makes the job that runs a mutant against tests (the baseline facts
// of the tests that reach it). Light tests share the first process; each
// heavy test runs alone afterwards, the least work first, so that an endless loop in a light
// test meets a budget sized for light tests; each slow test runs alone
// last. timeout > 0 overrides the derived timeouts.
func Plan(mutant int, tests []TestInfo, timeout time.Duration) Job {
	job := Job{Mutant: mutant}
	light := Group{}
	var lightDur time.Duration
	var lightTicks, lightAlloc uint64
	var heavy, slow []Group
	// Each test's baseline time is that of its own process: the quickest
	// one's stands for the cost of a process, paid once by the light
	// group, not once per test in it (a group of a hundred quick tests
	// would wait ten times a second of process starts before its
	// timeout, and a mutant that hangs it, RetryFor that again).
	proc := time.Duration(-1)
	for _, t := range tests {
		if proc < 0 || t.Duration < proc {
			proc = t.Duration
		}
	}
	for _, t := range tests {
		g := Group{Tests: []string{t.Name}, Timeout: TimeoutFor(t.Duration), Budget: BudgetFor(t.Ticks), Alloc: AllocFor(t.Alloc)}
		switch {
		case t.Ticks > heavyTicks:
			heavy = append(heavy, g)
			continue
		case t.Duration >= slowTest:
			slow = append(slow, g)
			continue
		}
		light.Tests = append(light.Tests, t.Name)
		lightDur += t.Duration - proc
		lightTicks += t.Ticks
		lightAlloc += t.Alloc
	}
	if len(light.Tests) > 0 {
		light.Timeout, light.Budget, light.Alloc = TimeoutFor(lightDur+proc), BudgetFor(lightTicks), AllocFor(lightAlloc)
		job.Groups = append(job.Groups, light)
	}
	// The cheapest heavy test first: a mutant is killed by the first
	// failure, and only a survivor pays for every test. Cost is the
	// counted work, not the measured time, so that the test named as
	// the killer does not depend on the machine's load.
	sort.SliceStable(heavy, func(i, j int) bool { return heavy[i].Budget < heavy[j].Budget })
	sort.SliceStable(slow, func(i, j int) bool { return slow[i].Budget < slow[j].Budget })
	job.Groups = append(job.Groups, heavy...)
	job.Groups = append(job.Groups, slow...)
	if timeout > 0 {
		for i := range job.Groups {
			job.Groups[i].Timeout = timeout
		}
	}
	return job
}

// Result is the outcome of one Job.
type Result struct {
	Mutant   int
	Outcome  mutate.Status // NotRun (interrupted), Lived, Killed or TimedOut
	Duration time.Duration
	Budget   bool   // TimedOut by the loop budget rather than the clock
	KilledBy string // the first failing test, when known
	Output   string // the run's output (capped) when killed
	// Ran are the groups that ran, in order: Job.Groups's first ones,
	// or a test that killed a mutant of the same site first, alone, and
	// the job's groups without it. Every test of these ran once for the
	// mutant.
	Ran []Group
	// Suspects are the tests that may have killed the mutant: KilledBy
	// when it names a test of the killing process, else every test of
	// that process (a panic or exit does not say which test it was in).
	Suspects []string
}

// Run runs the jobs on r.Jobs worker processes at a time. progress, if
// not nil, is called after each job (from one goroutine at a time).
// Results are in job order. Run stops early only when ctx is cancelled:
// then the jobs not run to the end have Outcome NotRun (a process
// interrupted half-way is killed with its group and decides nothing),
// and the error is ctx's.
//
// It runs in two passes: first every job's first group (most mutants
// die in it, in a few milliseconds), then the other groups of the jobs
// still alive, the shortest first. Stopped by a deadline, a
// run has decided as many mutants as it could; the verdicts are those
// of one pass, each job's groups in its order.
func (r *Runner) Run(ctx context.Context, jobs []Job, progress func(done int, res Result)) ([]Result, error) {
	results := make([]Result, len(jobs))
	for i, j := range jobs {
		results[i] = Result{Mutant: j.Mutant, Outcome: mutate.NotRun}
	}
	var mu sync.Mutex
	done := 0
	finish := func(i int) {
		if progress != nil {
			mu.Lock()
			done++
			progress(done, results[i])
			mu.Unlock()
		}
	}
	// Units of work: the runs of consecutive jobs of one site.
	var units [][2]int
	for i := range jobs {
		if n := len(units); n > 0 && jobs[i].Site != 0 && jobs[i].Site == jobs[i-1].Site {
			units[n-1][1] = i + 1
			continue
		}
		units = append(units, [2]int{i, i + 1})
	}
	rest := make([][]Group, len(jobs)) // the groups left for the second pass
	err := r.parallel(ctx, len(units), func(u int) error {
		lead := "" // the test that killed the site's last killed mutant
		for i := units[u][0]; i < units[u][1]; i++ {
			j := r.lead(jobs[i], lead)
			first := j
			if len(j.Groups) > 1 {
				first.Groups = j.Groups[:1]
			}
			out, err := r.runJob(ctx, first)
			if err != nil {
				return err
			}
			if out.Outcome == mutate.Killed && len(out.Suspects) == 1 {
				lead = out.Suspects[0]
			}
			if out.Outcome == mutate.Lived && len(j.Groups) > 1 {
				rest[i] = j.Groups[1:]
				out.Outcome = mutate.NotRun // until the second pass
				results[i] = out
				continue
			}
			results[i] = out
			finish(i)
		}
		return nil
	})
	if err != nil {
		return results, err
	}
	var second []int
	for i, g := range rest {
		if g != nil {
			second = append(second, i)
		}
	}
	// The order of the second pass changes no verdict (each job is its
	// own): the shortest first, by the baseline's times.
	work := func(gs []Group) (w time.Duration) {
		for _, g := range gs {
			w += g.Timeout
		}
		return w
	}
	sort.SliceStable(second, func(a, b int) bool { return work(rest[second[a]]) < work(rest[second[b]]) })
	err = r.parallel(ctx, len(second), func(k int) error {
		i := second[k]
		j := jobs[i]
		j.Groups = rest[i]
		out, err := r.runJob(ctx, j)
		if err != nil {
			return err
		}
		first := results[i]
		out.Duration += first.Duration
		out.Ran = append(first.Ran, out.Ran...)
		results[i] = out
		finish(i)
		return nil
	})
	return results, err
}

// lead returns j with the test lead run first, alone, when j runs it
// and r.Solo gives its group.
func (r *Runner) lead(j Job, lead string) Job {
	if lead == "" || r.Solo == nil {
		return j
	}
	first, ok := r.Solo(lead)
	if !ok {
		return j
	}
	groups := []Group{first}
	found := false
	for _, g := range j.Groups {
		k := slices.Index(g.Tests, lead)
		if k < 0 {
			groups = append(groups, g)
			continue
		}
		found = true
		if len(g.Tests) > 1 {
			g.Tests = slices.Delete(slices.Clone(g.Tests), k, k+1)
			groups = append(groups, g)
		}
	}
	if !found {
		return j
	}
	j.Groups = groups
	return j
}

// runJob runs one job's groups until one does not pass.
func (r *Runner) runJob(ctx context.Context, j Job) (Result, error) {
	out := Result{Mutant: j.Mutant, Outcome: mutate.Lived}
	for _, g := range j.Groups {
		env := []string{mutate.EnvMutant + "=" + strconv.Itoa(j.Mutant)}
		if g.Budget > 0 {
			env = append(env, mutate.EnvBudget+"="+strconv.FormatUint(g.Budget, 10))
		}
		if g.Alloc > 0 {
			env = append(env, mutate.EnvAlloc+"="+strconv.FormatUint(g.Alloc, 10))
		}
		res := r.exec(ctx, g.Tests, g.Timeout, env...)
		if res.err == nil && res.timedOut && g.Timeout > 0 && ctx.Err() == nil && starved(g.Timeout, res.cpu) {
			// The clock, not the loop budget, ended the run: a
			// safety net, which a loaded machine may trip as well as
			// the mutant. Once more, with RetryFor the time, so
			// that a mutant an assertion kills is not timed out for
			// the machine's load; not when it was not starved.
			out.Duration += res.dur
			res = r.exec(ctx, g.Tests, RetryFor(g.Timeout), env...)
		}
		if res.err != nil {
			return out, res.err
		}
		out.Duration += res.dur
		out.Ran = append(out.Ran, g)
		switch {
		case res.timedOut:
			out.Outcome = mutate.TimedOut
		case res.exit == mutate.ExitBudget:
			out.Outcome, out.Budget = mutate.TimedOut, true
		case res.exit != 0:
			out.Outcome = mutate.Killed
			out.KilledBy = killer(res.out)
			out.Output = res.out
			out.Suspects = g.Tests
			if slices.Contains(g.Tests, out.KilledBy) {
				out.Suspects = []string{out.KilledBy}
			}
		}
		if out.Outcome != mutate.Lived {
			break
		}
	}
	return out, nil
}

// starved says whether a process the clock stopped after timeout had
// less of the CPU than it needed to be judged: less than three quarters
// of the timeout (ten times its tests' baseline and a second). One that
// had more was working far past what its tests need on any machine (its
// work outside the package, which counts no loop ticks: math/big with a
// huge exponent), and is timed out without a second, four times longer
// run. Only a mutant that needs 7.5 to 10 times the tests' baseline
// work before it fails may be timed out here where an idle machine
// would have seen the failure: a mutant the timeout judges narrowly on
// any machine.
func starved(timeout, cpu time.Duration) bool { return cpu < timeout*3/4 }

var failRE = regexp.MustCompile(`(?m)^\s*--- FAIL: (\S+)`)

// killer names what killed a mutant from the test binary's output.
func killer(out string) string {
	if m := failRE.FindStringSubmatch(out); m != nil {
		return m[1]
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "panic: ") || strings.HasPrefix(line, "fatal error: ") {
			return strings.TrimSpace(line)
		}
	}
	return "exit status"
}

// parallel calls f(0..n-1) on r.Jobs goroutines; the first error (or a
// cancelled ctx) stops the hand-out of further work.
func (r *Runner) parallel(ctx context.Context, n int, f func(i int) error) error {
	workers := max(r.Jobs, 1)
	next := make(chan int)
	var wg sync.WaitGroup
	var once sync.Once
	var firstErr error
	stop := make(chan struct{})
	for w := 0; w < min(workers, n); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if err := f(i); err != nil {
					once.Do(func() { firstErr = err; close(stop) })
				}
			}
		}()
	}
feed:
	for i := 0; i < n; i++ {
		select {
		case next <- i:
		case <-stop:
			break feed
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	return ctx.Err()
}

type execResult struct {
	exit     int
	timedOut bool
	dur      time.Duration
	cpu      time.Duration // the process's CPU time (user and system)
	out      string
	err      error // the process could not be run, or ctx was cancelled
}

// maxOutput caps the output kept per run: a mutant may print in a loop.
const maxOutput = 64 << 10

// exec runs the binary on the tests with the extra environment.
func (r *Runner) exec(ctx context.Context, tests []string, timeout time.Duration, env ...string) execResult {
	runCtx := ctx
	if timeout > 0 {
		var cancel context.CancelFunc
		runCtx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	args := []string{
		"-test.run=" + testRegexp(tests),
		"-test.failfast",
		"-test.paniconexit0",
		"-test.count=1",
	}
	cmd := exec.CommandContext(runCtx, r.Binary, args...)
	cmd.Dir = r.Dir
	cmd.Env = append(append(os.Environ(), r.Env...), env...)
	out := &capped{max: maxOutput}
	cmd.Stdout, cmd.Stderr = out, out
	Isolate(cmd)
	cmd.WaitDelay = time.Second // do not wait for grandchildren holding the pipe
	start := time.Now()
	err := cmd.Run()
	res := execResult{dur: time.Since(start), out: out.String()}
	if st := cmd.ProcessState; st != nil {
		res.cpu = st.UserTime() + st.SystemTime()
	}
	if ctx.Err() != nil {
		res.err = ctx.Err()
		return res
	}
	if runCtx.Err() != nil {
		res.timedOut = true
		return res
	}
	var exitErr *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exitErr):
		res.exit = exitErr.ExitCode()
		if res.exit == 0 { // killed by a signal of its own making
			res.exit = -1
		}
	case errors.Is(err, exec.ErrWaitDelay):
		// The tests finished but a child they started kept the output
		// open; the exit status is still valid.
		if cmd.ProcessState != nil {
			res.exit = cmd.ProcessState.ExitCode()
		}
	default:
		res.err = fmt.Errorf("run %s: %w", filepath.Base(r.Binary), err)
	}
	return res
}

// testRegexp matches exactly the named top-level tests (and their subtests).
func testRegexp(tests []string) string {
	quoted := make([]string, len(tests))
	for i, t := range tests {
		quoted[i] = regexp.QuoteMeta(t)
	}
	return "^(" + strings.Join(quoted, "|") + ")$"
}

// capped keeps the first max bytes written to it.
type capped struct {
	mu  sync.Mutex
	buf bytes.Buffer
	max int
}

func (c *capped) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if room := c.max - c.buf.Len(); room > 0 {
		c.buf.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

func (c *capped) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.buf.String()
}

// BudgetFor derives a mutant's loop budget from the baseline ticks of the
// tests it runs. Like the timeout it allows ten times the original's work,
// plus a constant (2^17) that an endless loop exhausts in milliseconds even when each iteration does I/O; unlike
// the timeout it is deterministic and does not wait.
func BudgetFor(ticks uint64) uint64 {
	return 10*ticks + 1<<17
}

// AllocFor derives a mutant's allocation budget from the bytes the
// processes of the tests it runs allocate in the baseline: ten times as
// much, plus a constant (32 MiB) that a heavy mutant allocates in tens
// of milliseconds. math/big on numbers a mutant made huge counts few
// ticks but allocates: stopped by this budget where a tick reads it, it
// is timed out at the same point on every machine, not by the clock
// after a quarter of a second or more (shopspring/decimal: 540 of its
// 920 clock timeouts, each in about a third of the clock's time, with a
// 64 MiB constant).
func AllocFor(bytes uint64) uint64 {
	return 10*bytes + 32<<20
}

// TimeoutFor derives a mutant's timeout from the baseline duration of the
// tests it runs: short enough that an endless loop costs little. A run
// it ends while starved of the CPU (a loaded machine) runs again with
// RetryFor of it, generous enough for a slow machine.
func TimeoutFor(base time.Duration) time.Duration {
	return 10*base + TimeoutSlack
}

// TimeoutSlack is the constant part of a mutant's timeout: ten times
// the start of a test process, and more.
const TimeoutSlack = 250 * time.Millisecond

// RetryFor is the timeout of a second run, after a first one timeout
// ended while starved: four times as long and three seconds more (for
// a test of a few milliseconds, 4s).
func RetryFor(timeout time.Duration) time.Duration {
	return 4*timeout + 3*time.Second
}
