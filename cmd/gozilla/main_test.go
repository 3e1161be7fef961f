package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gozilla/gozilla/internal/report"
	"github.com/gozilla/gozilla/internal/sandbox"
	"github.com/gozilla/gozilla/internal/testmod"
)

// The end-to-end tests run the real binary on small modules written to
// temporary directories.

var gozilla string // path of the binary built by TestMain

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "gozilla-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	gozilla = filepath.Join(dir, "gozilla")
	if out, err := exec.Command("go", "build", "-o", gozilla, ".").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "build gozilla: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

const calcSrc = `package calc

// Abs returns |x|.
func Abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Grade maps a score to a letter.
func Grade(score int) string {
	switch {
	case score >= 90:
		return "A"
	case score >= 75:
		return "B"
	}
	return "C"
}

// Untested is reached by no test.
func Untested(a, b int) int { return a*b + 1 }
`

const calcTest = `package calc

import "testing"

func TestAbs(t *testing.T) {
	if Abs(-3) != 3 || Abs(4) != 4 {
		t.Fatal("Abs")
	}
}

func TestGrade(t *testing.T) {
	if Grade(95) != "A" || Grade(10) != "C" {
		t.Fatal("Grade")
	}
}
`

// snapshot hashes every file under dir.
func snapshot(t *testing.T, dir string) map[string][32]byte {
	t.Helper()
	sums := map[string][32]byte{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		sums[path] = sha256.Sum256(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return sums
}

type result struct {
	code           int
	stdout, stderr string
	tmp            string // the TMPDIR the run used
}

// gz runs gozilla in dir with a private TMPDIR.
func gz(t *testing.T, dir string, args ...string) result {
	t.Helper()
	return gzEnv(t, dir, nil, args...)
}

// gzEnv is gz with more environment variables (KEY=VALUE).
func gzEnv(t *testing.T, dir string, env []string, args ...string) result {
	t.Helper()
	tmp := t.TempDir()
	cmd := exec.Command(gozilla, args...)
	cmd.Dir = dir
	// Hermetic: no verdict reused from another test's run unless the
	// test sets GOZILLA_CACHE itself.
	// The go command's own locations are pinned, so that a test that
	// sets HOME (a scenario's env) still builds with the warm cache.
	cmd.Env = append(append(append(append(os.Environ(), sandbox.GoLocations()...), "GOZILLA_CACHE=off"), env...), "TMPDIR="+tmp)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return result{code, stdout.String(), stderr.String(), tmp}
}

func assertNoTempLeft(t *testing.T, tmp string) {
	t.Helper()
	entries, _ := os.ReadDir(tmp)
	for _, e := range entries {
		t.Errorf("temporary %s left behind in TMPDIR", e.Name())
	}
}

type scoreDoc struct {
	Schema  string `json:"schema"`
	Summary struct {
		Mutants, Killed, Lived, Equivalent int
		TimedOut                           int      `json:"timed_out"`
		NotCovered                         int      `json:"not_covered"`
		Score                              *float64 `json:"score"`
	} `json:"summary"`
	Mutants []struct {
		ID          int
		Op, File    string
		Line, Col   int
		Offset, End int
		Orig, Repl  string
		Status      string
		KilledBy    string `json:"killed_by"`
	} `json:"mutants"`
}

func TestScoreJSON(t *testing.T) {
	dir := testmod.Write(t, map[string]string{"calc/calc.go": calcSrc, "calc/calc_test.go": calcTest})
	before := snapshot(t, dir)
	r := gz(t, dir, "score", "-json", "-j", "2", "./calc")
	if r.code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", r.code, r.stderr)
	}
	var doc scoreDoc
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
		t.Fatalf("bad JSON: %v\n%s", err, r.stdout)
	}
	if doc.Schema != "gozilla.score/v1" {
		t.Errorf("schema %q", doc.Schema)
	}
	src, err := os.ReadFile(filepath.Join(dir, "calc/calc.go"))
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for _, m := range doc.Mutants {
		counts[m.Status]++
		if m.File != "calc/calc.go" {
			t.Errorf("mutant %d: file %q, want calc/calc.go (relative to the working directory)", m.ID, m.File)
			continue
		}
		if m.Offset < 0 || m.End > len(src) || m.Offset > m.End {
			t.Errorf("mutant %d: bad span [%d,%d)", m.ID, m.Offset, m.End)
			continue
		}
		if got := string(src[m.Offset:m.End]); got != m.Orig {
			t.Errorf("mutant %d: orig %q but the span holds %q", m.ID, m.Orig, got)
		}
		line := 1 + strings.Count(string(src[:m.Offset]), "\n")
		if line != m.Line {
			t.Errorf("mutant %d: line %d but offset %d is on line %d", m.ID, m.Line, m.Offset, line)
		}
		if m.Status == "killed" && m.KilledBy == "" {
			t.Errorf("mutant %d killed by nobody", m.ID)
		}
		// Untested is reached by no test: its mutants must not be run.
		if strings.Contains(m.Orig, "a*b") && m.Status != "not_covered" {
			t.Errorf("mutant %d in Untested: %s, want not_covered", m.ID, m.Status)
		}
	}
	s := doc.Summary
	if s.Mutants != len(doc.Mutants) || s.Killed != counts["killed"] || s.Lived != counts["lived"] || s.NotCovered != counts["not_covered"] {
		t.Errorf("summary %+v does not match the mutants %v", s, counts)
	}
	if s.Killed == 0 || s.Lived == 0 || s.NotCovered == 0 {
		t.Errorf("want killed, lived and not-covered mutants, got %v", counts)
	}
	want := float64(s.Killed+s.TimedOut) / float64(s.Mutants-s.Equivalent)
	if s.Score == nil || *s.Score < want-1e-6 || *s.Score > want+1e-6 {
		t.Errorf("score %v, want D/(M-E) = %v", s.Score, want)
	}
	if after := snapshot(t, dir); len(after) != len(before) {
		t.Errorf("files changed in the module: %d before, %d after", len(before), len(after))
	} else {
		for path, sum := range before {
			if after[path] != sum {
				t.Errorf("%s was modified", path)
			}
		}
	}
	assertNoTempLeft(t, r.tmp)
}

func TestScoreTextAndThreshold(t *testing.T) {
	dir := testmod.Write(t, map[string]string{"calc/calc.go": calcSrc, "calc/calc_test.go": calcTest})
	r := gz(t, dir, "score", "./calc")
	if r.code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", r.code, r.stderr)
	}
	for _, want := range []string{"example.com/m/calc", "MS", "no test runs", "runs it and passes with each change below"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("text report lacks %q:\n%s", want, r.stdout)
		}
	}
	if r := gz(t, dir, "score", "-threshold", "99%", "./calc"); r.code != 1 || !strings.Contains(r.stderr, "below the threshold") {
		t.Errorf("threshold 99%%: exit %d, stderr %q; want 1 and a message", r.code, r.stderr)
	}
	if r := gz(t, dir, "score", "-threshold", "0.01", "./calc"); r.code != 0 {
		t.Errorf("threshold 0.01: exit %d, want 0; stderr %q", r.code, r.stderr)
	}
}

func TestBadInput(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		args  []string
		want  string // in the error line
	}{
		{"no such directory", map[string]string{"calc/calc.go": calcSrc}, []string{"./nothing"}, "matches no packages"},
		{"no match", map[string]string{"calc/calc.go": calcSrc}, []string{"./calc/sub/..."}, "matches no packages"},
		{"does not compile", map[string]string{"calc/calc.go": calcSrc + "\nfunc Broken() int { return \"x\" }\n", "calc/calc_test.go": calcTest}, []string{"./calc"}, "does not compile"},
		{"tests fail", map[string]string{"calc/calc.go": calcSrc, "calc/calc_test.go": calcTest + "\nfunc TestBad(t *testing.T) { t.Fatal(\"always\") }\n"}, []string{"./calc"}, "tests fail before mutation: TestBad: calc_test.go:17: always"},
		{"no test files", map[string]string{"calc/calc.go": calcSrc}, []string{"./calc"}, "no test files"},
		{"no tests", map[string]string{"calc/calc.go": calcSrc, "calc/calc_test.go": "package calc\n"}, []string{"./calc"}, "no tests"},
		{"unknown operator", map[string]string{"calc/calc.go": calcSrc, "calc/calc_test.go": calcTest}, []string{"-ops", "XYZ", "./calc"}, "unknown mutation operator"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := testmod.Write(t, tt.files)
			before := snapshot(t, dir)
			r := gz(t, dir, append([]string{"score"}, tt.args...)...)
			if r.code != 2 {
				t.Errorf("exit %d, want 2; stderr:\n%s", r.code, r.stderr)
			}
			lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
			if len(lines) != 1 || !strings.Contains(lines[0], tt.want) || !strings.HasPrefix(lines[0], "gozilla: ") {
				t.Errorf("stderr %q: want one line \"gozilla: ...%s...\"", r.stderr, tt.want)
			}
			after := snapshot(t, dir)
			for path, sum := range before {
				if after[path] != sum {
					t.Errorf("%s was modified", path)
				}
			}
			assertNoTempLeft(t, r.tmp)
		})
	}
}

// TestInterrupt: Ctrl-C during the mutant runs removes the temporary
// directories and exits 130.
func TestInterrupt(t *testing.T) {
	slowTest := `package calc

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
	dir := testmod.Write(t, map[string]string{"calc/calc.go": calcSrc, "calc/calc_test.go": slowTest})
	tmp := t.TempDir()
	cmd := exec.Command(gozilla, "score", "-j", "1", "./calc")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait until the schemata binary exists, i.e. the runs have begun.
	deadline := time.Now().Add(60 * time.Second)
	for {
		matches, _ := filepath.Glob(filepath.Join(tmp, "gozilla-score-*", "pkg.test"))
		if len(matches) > 0 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("the test binary never appeared")
		}
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(500 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGINT)
	err := cmd.Wait()
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != 130 {
		t.Errorf("after SIGINT: %v, want exit 130; stderr %q", err, stderr.String())
	}
	assertNoTempLeft(t, tmp)
}

// TestTags: files behind a build tag are mutated only with -tags.
func TestTags(t *testing.T) {
	extra := "//go:build extra\n\npackage calc\n\n// Triple is only built with -tags extra.\nfunc Triple(x int) int { return 3 * x }\n"
	extraTest := "//go:build extra\n\npackage calc\n\nimport \"testing\"\n\nfunc TestTriple(t *testing.T) {\n\tif Triple(2) != 6 {\n\t\tt.Fatal(\"Triple\")\n\t}\n}\n"
	dir := testmod.Write(t, map[string]string{"calc/calc.go": calcSrc, "calc/calc_test.go": calcTest, "calc/extra.go": extra, "calc/extra_test.go": extraTest})
	inExtra := func(r result) (n int) {
		var doc scoreDoc
		if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
			t.Fatalf("exit %d, bad JSON: %v\n%s", r.code, err, r.stderr)
		}
		for _, m := range doc.Mutants {
			if m.File == "calc/extra.go" {
				n++
				if m.Status != "killed" && m.Status != "lived" {
					t.Errorf("mutant %d in extra.go: %s; TestTriple reaches it", m.ID, m.Status)
				}
			}
		}
		return n
	}
	if n := inExtra(gz(t, dir, "score", "-json", "./calc")); n != 0 {
		t.Errorf("without -tags: %d mutants in extra.go, want 0", n)
	}
	if n := inExtra(gz(t, dir, "score", "-json", "-tags", "extra", "./calc")); n == 0 {
		t.Error("with -tags extra: no mutant in extra.go")
	}
}

// TestExternalTestsOnly: a package tested only by package p_test is scored.
func TestExternalTestsOnly(t *testing.T) {
	xtest := strings.Replace(calcTest, "package calc", "package calc_test\n\nimport . \"example.com/m/calc\"", 1)
	dir := testmod.Write(t, map[string]string{"calc/calc.go": calcSrc, "calc/calc_test.go": xtest})
	r := gz(t, dir, "score", "-json", "./calc")
	var doc scoreDoc
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil || r.code != 0 {
		t.Fatalf("exit %d, %v; stderr %s", r.code, err, r.stderr)
	}
	if doc.Summary.Killed == 0 {
		t.Errorf("no mutant killed by the external tests: %+v", doc.Summary)
	}
}

// gzScore runs a gozilla command that writes a score document (score
// -json, merge -json) with env, and decodes it; a failure ends the test.
func gzScore(t *testing.T, dir string, env []string, args ...string) *report.Score {
	t.Helper()
	r := gzEnv(t, dir, env, args...)
	if r.code != 0 {
		t.Fatalf("gozilla %v: exit %d\n%s", args, r.code, r.stderr)
	}
	var d report.Score
	if err := json.Unmarshal([]byte(r.stdout), &d); err != nil {
		t.Fatalf("gozilla %v: %v", args, err)
	}
	return &d
}
