package main

// End-to-end tests of stopped runs (signals, -deadline, the safety
// clock: partial reports, exit codes, the cache's checkpoints, the
// temporary directories a killed run leaves), flaky tests, the gen report's counts of the mutants outside
// units, and equiv's -j.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/gozilla/gozilla/internal/report"
	"github.com/gozilla/gozilla/internal/testmod"
)

// slowTest makes every mutant of Abs cost a noticeable run.
const slowTest = `package calc

import (
	"testing"
	"time"
)

func TestSlow(t *testing.T) {
	time.Sleep(300 * time.Millisecond)
	if Abs(-3) != 3 {
		t.Fatal("Abs")
	}
}
`

// partialDoc is what the tests read of a partial report (any command).
type partialDoc struct {
	Summary struct {
		Mutants int
		NotRun  int    `json:"not_run"`
		Partial bool   `json:"partial"`
		Stopped string `json:"stopped"`
		Cause   string `json:"cause"`
		Phase   string `json:"phase"`
	} `json:"summary"`
	Packages []struct {
		Path    string
		File    string
		Partial bool   `json:"partial"`
		Phase   string `json:"phase"`
	} `json:"packages"`
	Mutants []struct {
		ID     int
		Status string
	} `json:"mutants"`
}

func parsePartial(t *testing.T, r result) partialDoc {
	t.Helper()
	var doc partialDoc
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
		t.Fatalf("exit %d, bad JSON: %v\n%s\nstderr: %s", r.code, err, r.stdout, r.stderr)
	}
	return doc
}

// TestInterruptPartialReport: SIGINT or SIGTERM during the mutant runs
// writes the report of the mutants decided, marked partial, removes the
// temporary files and exits 130.
func TestInterruptPartialReport(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := testmod.Write(t, map[string]string{"calc/calc.go": calcSrc, "calc/calc_test.go": slowTest})
			tmp := t.TempDir()
			cmd := exec.Command(gozilla, "score", "-json", "-j", "1", "-equiv=false", "./calc")
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// Wait until the schemata binary exists, then a little for
			// the runs to begin.
			deadline := time.Now().Add(60 * time.Second)
			for {
				if m, _ := filepath.Glob(filepath.Join(tmp, "gozilla-score-*", "pkg.test")); len(m) > 0 {
					break
				}
				if time.Now().After(deadline) {
					cmd.Process.Kill()
					t.Fatal("the test binary never appeared")
				}
				time.Sleep(20 * time.Millisecond)
			}
			time.Sleep(800 * time.Millisecond)
			cmd.Process.Signal(sig)
			err := cmd.Wait()
			r := result{stdout: stdout.String(), stderr: stderr.String()}
			if ee, ok := err.(*exec.ExitError); ok {
				r.code = ee.ExitCode()
			}
			if r.code != 130 {
				t.Errorf("exit %d (%v), want 130; stderr %q", r.code, err, r.stderr)
			}
			doc := parsePartial(t, r)
			if !doc.Summary.Partial || !doc.Packages[0].Partial || doc.Summary.Stopped != "interrupted" {
				t.Errorf("summary %+v, package %+v: want partial, stopped: interrupted", doc.Summary, doc.Packages[0])
			}
			notRun := 0
			for _, m := range doc.Mutants {
				if m.Status == "not_run" {
					notRun++
				}
			}
			if notRun == 0 || notRun != doc.Summary.NotRun {
				t.Errorf("%d mutants not_run, summary says %d: want some, and the same", notRun, doc.Summary.NotRun)
			}
			if !strings.Contains(r.stderr, "interrupted: the report is partial") {
				t.Errorf("stderr %q does not say the report is partial", r.stderr)
			}
			assertNoTempLeft(t, tmp)
		})
	}
}

// TestDeadline: -deadline stops every command and writes a partial
// report; the exit code is 3; gen writes no test file.
func TestDeadline(t *testing.T) {
	dir := testmod.Write(t, map[string]string{"calc/calc.go": calcSrc, "calc/calc_test.go": slowTest})
	before := snapshot(t, dir)
	tests := []struct {
		args   []string
		loaded bool // the package must be in the report
	}{
		// Mid-run: Abs's 28 mutants cost 0.3 s each, 8.8 s in all. The
		// deadline leaves the load (which a stop gives a second more)
		// five seconds: on a loaded machine, 2 s left it none.
		{[]string{"score", "-json", "-j", "1", "-equiv=false", "-deadline", "4s", "./calc"}, true},
		// Past the deadline as soon as the packages are loaded; on a
		// loaded machine, while they load (no package then).
		{[]string{"score", "-json", "-deadline", "1ms", "./calc"}, false},
		{[]string{"gen", "-json", "-deadline", "1ms", "./calc"}, false},
		{[]string{"equiv", "-json", "-deadline", "1ms", "./calc"}, false},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			r := gz(t, dir, tt.args...)
			if r.code != 3 {
				t.Errorf("exit %d, want 3; stderr %q", r.code, r.stderr)
			}
			doc := parsePartial(t, r)
			if !doc.Summary.Partial || !strings.Contains(doc.Summary.Stopped, "deadline") || doc.Summary.Cause != "deadline" {
				t.Errorf("summary %+v: want partial, stopped by the deadline (its cause)", doc.Summary)
			}
			switch {
			case len(doc.Packages) == 0 && !tt.loaded && doc.Summary.Mutants == 0:
				t.Logf("stopped while loading the packages: %+v", doc.Summary)
			case len(doc.Packages) != 1 || !doc.Packages[0].Partial:
				t.Fatalf("summary %+v, packages %+v: want one package, partial", doc.Summary, doc.Packages)
			case doc.Packages[0].File != "":
				t.Errorf("gen wrote %s when stopped", doc.Packages[0].File)
			case doc.Packages[0].Phase == "" || doc.Summary.Phase == "":
				t.Errorf("summary %+v, package %+v: want the phase the stop cut, in both", doc.Summary, doc.Packages[0])
			}
			for _, m := range doc.Mutants {
				if m.Status == "not_run" {
					doc.Summary.NotRun--
				}
			}
			if doc.Summary.NotRun != 0 {
				t.Errorf("summary's not_run is off by %d from the mutants listed not_run", doc.Summary.NotRun)
			}
			assertNoTempLeft(t, r.tmp)
		})
	}
	if after := snapshot(t, dir); !reflect.DeepEqual(before, after) {
		t.Error("files of the module changed: a stopped gen wrote a test file")
	}
	// Text: one clear line.
	if r := gz(t, dir, "score", "-deadline", "1ms", "./calc"); r.code != 3 || !strings.Contains(r.stdout, "PARTIAL REPORT (deadline 1ms reached; phase: ") {
		t.Errorf("text: exit %d, want 3 and a PARTIAL REPORT line:\n%s", r.code, r.stdout)
	}
}

// flakyTest fails on every other run: the runs are counted in the file
// $GOZILLA_TEST_COUNTER names. It alone reaches Untested.
const flakyTest = `

func TestFlaky(t *testing.T) {
	f := os.Getenv("GOZILLA_TEST_COUNTER")
	data, _ := os.ReadFile(f)
	n, _ := strconv.Atoi(string(data))
	n++
	if err := os.WriteFile(f, []byte(strconv.Itoa(n)), 0o644); err != nil {
		t.Fatal(err)
	}
	_ = Untested(2, 3)
	if n%2 == 0 {
		t.Fatal("flaky")
	}
}
`

// gzCounter runs gozilla with the flaky test's counter starting at start.
func gzCounter(t *testing.T, dir, start string, args ...string) result {
	t.Helper()
	counter := filepath.Join(t.TempDir(), "counter")
	if err := os.WriteFile(counter, []byte(start), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GOZILLA_TEST_COUNTER", counter)
	return gz(t, dir, args...)
}

// TestFlaky: a test that fails on some runs of the unmutated code is
// left out of the mutant runs and listed, whether it fails in the
// baseline or only later, when it seems to kill mutants; -flaky=fail
// makes it an error.
func TestFlaky(t *testing.T) {
	test := strings.Replace(calcTest, `import "testing"`, "import (\n\t\"os\"\n\t\"strconv\"\n\t\"testing\"\n)", 1) + flakyTest
	dir := testmod.Write(t, map[string]string{"calc/calc.go": calcSrc, "calc/calc_test.go": test})
	type flakyDoc struct {
		Packages []struct {
			Flaky []struct {
				Test         string
				Runs, Failed int
			}
		}
		Mutants []struct {
			Func, Status string
			KilledBy     string `json:"killed_by"`
		}
	}
	for _, tt := range []struct {
		name, start string
	}{
		{"fails in the baseline", "1"}, // the baseline run is the 2nd: it fails
		{"fails later", "0"},           // the baseline run passes, the 2nd (a mutant's) fails
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := gzCounter(t, dir, tt.start, "score", "-json", "-j", "1", "-equiv=false", "./calc")
			if r.code != 0 {
				t.Fatalf("exit %d, want 0; stderr %q", r.code, r.stderr)
			}
			var doc flakyDoc
			if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
				t.Fatal(err)
			}
			if fl := doc.Packages[0].Flaky; len(fl) != 1 || fl[0].Test != "TestFlaky" || fl[0].Failed == 0 || fl[0].Failed == fl[0].Runs {
				t.Errorf("flaky %+v, want TestFlaky, failed some runs", fl)
			}
			for _, m := range doc.Mutants {
				if m.KilledBy == "TestFlaky" {
					t.Errorf("a %s mutant is killed by the flaky test", m.Func)
				}
				if m.Func == "Untested" && m.Status != "not_covered" {
					t.Errorf("a mutant of Untested, which only the flaky test reaches, is %s, want not_covered", m.Status)
				}
			}
		})
	}
	r := gzCounter(t, dir, "1", "score", "-j", "1", "-equiv=false", "./calc")
	if !strings.Contains(r.stdout, "flaky: example.com/m/calc TestFlaky failed") {
		t.Errorf("text report does not list the flaky test:\n%s", r.stdout)
	}
	r = gzCounter(t, dir, "1", "score", "-flaky=fail", "-j", "1", "-equiv=false", "./calc")
	if lines := strings.Split(strings.TrimSpace(r.stderr), "\n"); r.code != 2 || len(lines) != 1 || !strings.Contains(lines[0], "flaky test TestFlaky") {
		t.Errorf("-flaky=fail: exit %d, stderr %q; want 2 and one line naming TestFlaky", r.code, r.stderr)
	}
}

// TestGenOtherCounts: the gen report's "other" (mutants outside every
// unit) agrees with summary and mutants[]: a mutant no input reaches is
// not_covered in all three.
func TestGenOtherCounts(t *testing.T) {
	src := `package calc

import "unsafe"

// Abs returns |x|.
func Abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Keys is skipped (unsafe pointers are not modelled), and nothing calls it.
func Keys(m unsafe.Pointer) int {
	if m == nil {
		return 1
	}
	return 2
}
`
	dir := testmod.Write(t, map[string]string{"calc/calc.go": src})
	r := gz(t, dir, "gen", "-n", "-json", "-engine", "random", "./calc")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var doc struct {
		Packages []struct {
			Other struct {
				Mutants, Killed, Lived int
				NotCovered             int `json:"not_covered"`
			}
		}
		Mutants []struct {
			Func, Status string
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
		t.Fatal(err)
	}
	want := map[string]int{}
	for _, m := range doc.Mutants {
		if m.Func == "Keys" {
			want[m.Status]++
		}
	}
	o := doc.Packages[0].Other
	if want["not_covered"] == 0 || o.NotCovered != want["not_covered"] || o.Lived != want["lived"] || o.Killed != want["killed"] {
		t.Errorf("other %+v, but the mutants of Keys are %v", o, want)
	}
}

// TestEquivJobs: equiv's verdicts do not depend on -j.
func TestEquivJobs(t *testing.T) {
	testmod.Long(t)
	dir := testmod.Write(t, map[string]string{"mid/mid.go": midSrc})
	var docs []any
	for _, j := range []string{"1", "2"} {
		r := gz(t, dir, "equiv", "-json", "-v", "-j", j, "./mid")
		if r.code != 0 {
			t.Fatalf("-j %s: exit %d: %s", j, r.code, r.stderr)
		}
		var doc any
		if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
			t.Fatal(err)
		}
		docs = append(docs, dropSeconds(doc))
	}
	if !reflect.DeepEqual(docs[0], docs[1]) {
		a, _ := json.MarshalIndent(docs[0], "", " ")
		b, _ := json.MarshalIndent(docs[1], "", " ")
		t.Errorf("-j 1 and -j 2 differ:\n%s\n---\n%s", a, b)
	}
}

// dropSeconds removes the timings from a decoded JSON document.
func dropSeconds(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if strings.HasSuffix(k, "seconds") {
				delete(v, k)
			} else {
				v[k] = dropSeconds(x)
			}
		}
	case []any:
		for i, x := range v {
			v[i] = dropSeconds(x)
		}
	}
	return v
}

// TestInterruptDuringBuild: SIGTERM while the go command compiles the
// schemata build ends the build with its compilers, and leaves nothing in
// TMPDIR: not gozilla's files, not the go command's work directory
// (bits-and-blooms/bitset: a compile process and a go-build directory
// outlived gozilla).
func TestInterruptDuringBuild(t *testing.T) {
	// A package whose compilation takes a while, never in the build
	// cache: one long function, with a constant of this run.
	var big strings.Builder
	fmt.Fprintf(&big, "package calc\n\nconst stamp = %d\n\nfunc Long(x int) int {\n", time.Now().UnixNano())
	for i := 0; i < 20000; i++ {
		fmt.Fprintf(&big, "\tif x == %d {\n\t\tx += %d * stamp %% 7\n\t}\n", i, i)
	}
	big.WriteString("\treturn x\n}\n")
	dir := testmod.Write(t, map[string]string{"calc/calc.go": calcSrc, "calc/long.go": big.String(), "calc/calc_test.go": calcTest})
	tmp := t.TempDir()
	cmd := exec.Command(gozilla, "score", "-json", "-j", "1", "./calc")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait for the go command's work directory, in gozilla's GOTMPDIR.
	deadline := time.Now().Add(120 * time.Second)
	for {
		if m, _ := filepath.Glob(filepath.Join(tmp, "gozilla-go-*", "go-build*")); len(m) > 0 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("no go-build directory appeared in gozilla's GOTMPDIR; stderr %s", stderr.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGTERM)
	err := cmd.Wait()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	}
	if code != 130 {
		t.Errorf("exit %d (%v), want 130; stderr %q", code, err, stderr.String())
	}
	// The compilers were killed with the go command: nothing writes
	// into TMPDIR after gozilla ends.
	time.Sleep(200 * time.Millisecond)
	assertNoTempLeft(t, tmp)
}

// TestKilledRunSwept: a run killed by SIGKILL leaves its temporary
// directories (nothing of it runs to remove them); the next run removes
// those whose owner is dead once their owner file is a minute old, and
// leaves a live run's alone.
func TestKilledRunSwept(t *testing.T) {
	dir := testmod.Write(t, map[string]string{"calc/calc.go": calcSrc, "calc/calc_test.go": slowTest})
	tmp := t.TempDir()
	cmd := exec.Command(gozilla, "score", "-json", "-j", "1", "-equiv=false", "./calc")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp, "GOZILLA_CACHE=off")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		if m, _ := filepath.Glob(filepath.Join(tmp, "gozilla-score-*", "pkg.test")); len(m) > 0 {
			break
		}
		if time.Now().After(deadline) {
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			cmd.Wait()
			t.Fatal("the test binary never appeared")
		}
		time.Sleep(20 * time.Millisecond)
	}
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // gozilla and what it started
	cmd.Wait()
	left, _ := filepath.Glob(filepath.Join(tmp, "gozilla-*"))
	if len(left) < 2 { // gozilla-go-* (GOTMPDIR) and gozilla-score-*
		t.Fatalf("after SIGKILL, TMPDIR holds %v: want the run's directories", left)
	}
	// A live owner's directory (this test's process) stays.
	live := filepath.Join(tmp, "gozilla-live-1")
	if err := os.Mkdir(live, 0o755); err != nil {
		t.Fatal(err)
	}
	owner := fmt.Sprintf(`{"pid":%d}`, os.Getpid())
	if err := os.WriteFile(filepath.Join(live, ".gozilla-owner"), []byte(owner), 0o644); err != nil {
		t.Fatal(err)
	}
	// Fresh owner files are not judged: the next run leaves them.
	gzIn := func() {
		t.Helper()
		c := exec.Command(gozilla, "version")
		c.Env = append(os.Environ(), "TMPDIR="+tmp)
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("gozilla version: %v\n%s", err, out)
		}
	}
	gzIn()
	if still, _ := filepath.Glob(filepath.Join(tmp, "gozilla-*")); len(still) != len(left)+1 {
		t.Fatalf("a run removed fresh directories: %v left of %v", still, left)
	}
	old := time.Now().Add(-2 * time.Minute)
	for _, d := range append(left, live) {
		f := filepath.Join(d, ".gozilla-owner")
		if _, err := os.Stat(f); err != nil {
			t.Fatalf("%s has no owner file: %v", filepath.Base(d), err)
		}
		if err := os.Chtimes(f, old, old); err != nil {
			t.Fatal(err)
		}
	}
	gzIn()
	still, _ := filepath.Glob(filepath.Join(tmp, "gozilla-*"))
	if len(still) != 1 || still[0] != live {
		t.Errorf("after the next run, TMPDIR holds %v: want only the live owner's %s", still, live)
	}
}

// searchSrc is a package whose survivors' search is endless: any input
// but the test's (3) marks the file $GOZILLA_TEST_MARK names, then
// sleeps a second.
const searchSrc = `package s

import (
	"os"
	"time"
)

// Twice doubles x above 2.
func Twice(x int) int {
	pause(x) //gozilla:skip
	if x > 2 {
		return x * 2
	}
	return x
}

// pause marks, then sleeps on, every input but the test's.
//
//gozilla:skip
func pause(x int) {
	if x == 3 {
		return
	}
	if f := os.Getenv("GOZILLA_TEST_MARK"); f != "" {
		os.WriteFile(f, nil, 0o644)
	}
	time.Sleep(time.Second)
}
`

const searchTest = `package s

import "testing"

func TestTwice(t *testing.T) {
	if Twice(3) != 6 {
		t.Fatal("Twice")
	}
}
`

// startUntil starts gozilla with args in dir (progress on standard error,
// one line per step) and signals it with sig once ready reports true
// (checked every 20 ms, given its standard error so far); it returns the
// run once it exited.
func startUntil(t *testing.T, dir string, env []string, sig syscall.Signal, ready func(stderr string) bool, args ...string) result {
	t.Helper()
	tmp := t.TempDir()
	cmd := exec.Command(gozilla, args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "GOZILLA_PROGRESS_EVERY=0", "TMPDIR="+tmp), env...)
	var stdout bytes.Buffer
	stderr := &syncBuffer{}
	cmd.Stdout, cmd.Stderr = &stdout, stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	var err error
	deadline := time.Now().Add(3 * time.Minute)
wait:
	for {
		select {
		case err = <-exited:
			t.Fatalf("gozilla %v exited (%v) before the moment to signal it:\n%s\n%s", args, err, stdout.String(), stderr.String())
		case <-time.After(20 * time.Millisecond):
			if ready(stderr.String()) {
				cmd.Process.Signal(sig)
				err = <-exited
				break wait
			}
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				<-exited
				t.Fatalf("gozilla %v: the moment never came:\n%s", args, stderr.String())
			}
		}
	}
	r := result{stdout: stdout.String(), stderr: stderr.String(), tmp: tmp}
	if ee, ok := err.(*exec.ExitError); ok {
		r.code = ee.ExitCode()
	}
	return r
}

// syncBuffer is a bytes.Buffer safe for a writer and a reader.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestStoppedInSearch: a signal during score's survivors' search (every
// mutant ran) makes the report partial all the same, names the phase and
// the cause, and exits 130: it gave exit 0 and no partial, every
// survivor undecided.
func TestStoppedInSearch(t *testing.T) {
	dir := testmod.Write(t, map[string]string{"s/s.go": searchSrc, "s/s_test.go": searchTest})
	mark := filepath.Join(t.TempDir(), "mark")
	searching := func(string) bool { _, err := os.Stat(mark); return err == nil }
	r := startUntil(t, dir, []string{"GOZILLA_TEST_MARK=" + mark, "GOZILLA_CACHE=off"}, syscall.SIGTERM, searching, "score", "-json", "-j", "1", "-equiv=false", "./s")
	if r.code != 130 {
		t.Errorf("exit %d, want 130; stderr %q", r.code, r.stderr)
	}
	var doc struct {
		Summary struct {
			Partial          bool
			Stopped, Cause   string
			Phase            string
			Mutants, Unknown int
			NotRun           int `json:"not_run"`
		}
		Packages []struct {
			Partial bool
			Phase   string
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
		t.Fatalf("bad JSON: %v\n%s", err, r.stdout)
	}
	s := doc.Summary
	if !s.Partial || s.Phase != "survivors' search" || s.Cause != "signal" || s.Stopped != "interrupted" {
		t.Errorf("summary %+v: want partial, phase survivors' search, cause signal", s)
	}
	if s.NotRun != 0 || s.Unknown == 0 {
		t.Errorf("summary %+v: want every mutant run (none not_run), some survivors undecided", s)
	}
	if len(doc.Packages) != 1 || !doc.Packages[0].Partial || doc.Packages[0].Phase != "survivors' search" {
		t.Errorf("packages %+v: want one, partial, in the survivors' search", doc.Packages)
	}
	assertNoTempLeft(t, r.tmp)

	// The text says it on its first line.
	r = startUntil(t, dir, []string{"GOZILLA_TEST_MARK=" + mark + "2", "GOZILLA_CACHE=off"}, syscall.SIGINT, func(string) bool { _, err := os.Stat(mark + "2"); return err == nil }, "score", "-j", "1", "-equiv=false", "./s")
	if first, _, _ := strings.Cut(r.stdout, "\n"); r.code != 130 || !strings.HasPrefix(first, "PARTIAL REPORT (interrupted; phase: survivors' search): every mutant ran; ") {
		t.Errorf("text: exit %d, first line %q; want 130 and the partial report's line", r.code, first)
	}
}

// TestGenClockExit: the safety clock (-unit) alone stopping units exits
// 4, not 3 (the deadline's), and the report is partial, with the cause,
// the phase and the units.
func TestGenClockExit(t *testing.T) {
	dir := testmod.Write(t, map[string]string{"calc/calc.go": calcSrc})
	r := gz(t, dir, "gen", "-n", "-json", "-engine", "random", "-unit", "1ns", "./calc")
	if r.code != 4 {
		t.Errorf("exit %d, want 4; stderr %q", r.code, r.stderr)
	}
	var doc report.Gen
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
		t.Fatalf("bad JSON: %v\n%s", err, r.stdout)
	}
	s := doc.Summary
	if !s.Partial || s.Cause != "unit clock" || s.Phase != "unit passes" || s.Clock == 0 || !strings.Contains(s.Stopped, "safety clock") {
		t.Errorf("summary %+v: want partial, cause unit clock, phase unit passes, clocked units", s)
	}
	if !strings.Contains(r.stderr, "not the deadline") {
		t.Errorf("stderr %q does not tell the clock from the deadline", r.stderr)
	}
	r = gz(t, dir, "gen", "-n", "-engine", "random", "-unit", "1ns", "./calc")
	if r.code != 4 || !strings.Contains(r.stdout, "PARTIAL RESULT (the safety clock, not a deadline: exit 4)") {
		t.Errorf("text: exit %d, want 4 and the PARTIAL RESULT line:\n%s", r.code, r.stdout)
	}
}

// resumeSrc has three units; the third is slow when GOZILLA_TEST_SLOW is
// set.
const resumeSrc = `package r

import (
	"os"
	"time"
)

// Abs returns |x|.
func Abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Clamp keeps x within [lo, hi].
func Clamp(x, lo, hi int) int {
	if x < lo {
		return lo
	}
	if x > hi {
		return hi
	}
	return x
}

// Slow is slow when GOZILLA_TEST_SLOW is set.
func Slow(x int) int {
	pause() //gozilla:skip
	if x > 10 {
		return x - 10
	}
	return x
}

// pause sleeps when GOZILLA_TEST_SLOW is set.
//
//gozilla:skip
func pause() {
	if os.Getenv("GOZILLA_TEST_SLOW") != "" {
		time.Sleep(100 * time.Millisecond)
	}
}
`

// TestGenResumesStopped: gen stopped by SIGTERM keeps in the cache the
// passes its units finished (Abs's and Clamp's random passes, once Slow's
// has begun) and says so; the next run resumes them after those passes
// and writes a file that passes go test. A stopped gen wrote nothing the
// next run could use ("no test file written; 3601 mutants not run").
func TestGenResumesStopped(t *testing.T) {
	dir := testmod.Write(t, map[string]string{"r/r.go": resumeSrc})
	cache := "GOZILLA_CACHE=" + filepath.Join(t.TempDir(), "cache")
	third := func(stderr string) bool { return strings.Contains(stderr, "unit 3/3 Slow") }
	r := startUntil(t, dir, []string{cache, "GOZILLA_TEST_SLOW=1"}, syscall.SIGTERM, third, "gen", "-json", "-j", "1", "-engine", "random", "./r")
	if r.code != 130 {
		t.Fatalf("exit %d, want 130; stderr %q", r.code, r.stderr)
	}
	var d1 report.Gen
	if err := json.Unmarshal([]byte(r.stdout), &d1); err != nil {
		t.Fatalf("bad JSON: %v\n%s", err, r.stdout)
	}
	if p := d1.Packages[0]; !p.Partial || p.File != "" || p.Saved != 2 || p.Phase == "" || d1.Summary.Cause != "signal" {
		t.Errorf("stopped run: package %+v, summary %+v: want partial, no file, 2 units saved, a phase, cause signal", p, d1.Summary)
	}
	r = gzEnv(t, dir, []string{cache}, "gen", "-json", "-j", "1", "-engine", "random", "./r")
	if r.code != 0 {
		t.Fatalf("next run: exit %d: %s", r.code, r.stderr)
	}
	var d2 report.Gen
	if err := json.Unmarshal([]byte(r.stdout), &d2); err != nil {
		t.Fatal(err)
	}
	resumed := map[string]string{}
	for _, u := range d2.Packages[0].Units {
		resumed[u.Name] = u.Resumed
	}
	if want := map[string]string{"Abs": "random", "Clamp": "random", "Slow": "", "pause": ""}; !reflect.DeepEqual(resumed, want) {
		t.Errorf("next run resumed %v, want %v", resumed, want)
	}
	if out := goTest(t, dir); out != "" {
		t.Errorf("the resumed run's file fails go test:\n%s", out)
	}
}
