package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/report"
	"github.com/gozilla/gozilla/internal/testmod"
)

// TestGenCache: a second gen replays every unit's tests from the cache
// and writes the same file; after a change to one unit, that unit runs
// its passes again and the others are replayed, and the file still
// passes go test.
func TestGenCache(t *testing.T) {
	testmod.Long(t)
	dir := testmod.Write(t, map[string]string{"calc/calc.go": calcSrc})
	env := []string{"GOZILLA_CACHE=" + filepath.Join(t.TempDir(), "cache")}
	file := filepath.Join(dir, "calc", "calc_gozilla_test.go")
	gen := func() (*report.Gen, []byte) {
		t.Helper()
		r := gzEnv(t, dir, env, "gen", "-q", "-json", "./calc")
		var d report.Gen
		if err := json.Unmarshal([]byte(r.stdout), &d); r.code != 0 || err != nil {
			t.Fatalf("gen: exit %d, %v\n%s", r.code, err, r.stderr)
		}
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		return &d, data
	}
	cached := func(d *report.Gen) map[string]bool {
		out := map[string]bool{}
		for _, u := range d.Packages[0].Units {
			out[u.Name] = u.Cached
		}
		return out
	}
	d1, f1 := gen()
	for name, c := range cached(d1) {
		if c {
			t.Errorf("first run: %s from the cache", name)
		}
	}
	d2, f2 := gen()
	for name, c := range cached(d2) {
		if !c {
			t.Errorf("second run: %s not from the cache", name)
		}
	}
	if !bytes.Equal(f1, f2) || d2.Summary.Killed != d1.Summary.Killed {
		t.Errorf("the cached run wrote another file (killed %d, then %d)", d1.Summary.Killed, d2.Summary.Killed)
	}

	changed := strings.Replace(calcSrc, "case score >= 75:", "case score >= 70:", 1)
	if err := os.WriteFile(filepath.Join(dir, "calc", "calc.go"), []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	d3, _ := gen()
	c3 := cached(d3)
	if c3["Grade"] || !c3["Abs"] || !c3["Untested"] {
		t.Errorf("after changing Grade: from the cache %v, want all but Grade", c3)
	}
	if r := goTest(t, dir); r != "" {
		t.Errorf("the file written after the change fails go test:\n%s", r)
	}
}

// goTest runs go test ./... in dir: its output when it fails, else "".
func goTest(t *testing.T, dir string) string {
	t.Helper()
	cmd := exec.Command("go", "test", "-count=1", "./...")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return string(out)
	}
	return ""
}

// TestGenDiffKeepsTheFile is a pull request's run with the cache on: a
// full gen, a one-line change, gen -diff, then a full gen again. The
// -diff run writes the whole file (every unit's rows, not only the
// changed unit's), the next full run writes the same file, and the -diff
// report lists only the changed line's mutants, under the full report's
// IDs.
func TestGenDiffKeepsTheFile(t *testing.T) {
	testmod.Long(t)
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := testmod.Write(t, map[string]string{"stack/stack.go": stackSrc})
	gitCommitAll(t, dir, "stack")
	env := []string{"GOZILLA_CACHE=" + filepath.Join(t.TempDir(), "cache")}
	file := filepath.Join(dir, "stack", "stack_gozilla_test.go")
	gen := func(args ...string) (*report.Gen, []byte) {
		t.Helper()
		r := gzEnv(t, dir, env, append(append([]string{"gen", "-q", "-json"}, args...), "./stack")...)
		var d report.Gen
		if err := json.Unmarshal([]byte(r.stdout), &d); r.code != 0 || err != nil {
			t.Fatalf("gen %v: exit %d, %v\n%s", args, r.code, err, r.stderr)
		}
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		return &d, data
	}
	funcs := func(f []byte) []string {
		var out []string
		for _, l := range strings.Split(string(f), "\n") {
			if strings.HasPrefix(l, "func Test") {
				out = append(out, l)
			}
		}
		return out
	}
	_, f1 := gen()
	changed := strings.Replace(stackSrc, "if v >= floor {", "if v > floor {", 1)
	if changed == stackSrc {
		t.Fatal("the change did not apply")
	}
	if err := os.WriteFile(filepath.Join(dir, "stack", "stack.go"), []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	line := 1 + strings.Count(changed[:strings.Index(changed, "if v > floor")], "\n")
	d2, f2 := gen("-diff", "HEAD")
	d3, f3 := gen()
	if !bytes.Equal(f2, f3) {
		t.Errorf("the full run after gen -diff wrote another file:\n-diff:\n%s\nfull:\n%s", f2, f3)
	}
	if a, b := funcs(f1), funcs(f2); strings.Join(a, "\n") != strings.Join(b, "\n") {
		t.Errorf("gen -diff wrote test functions %q, the full run %q", b, a)
	}
	if len(d2.Mutants) == 0 {
		t.Fatal("gen -diff: no mutant")
	}
	full := map[int]report.Mutant{}
	for _, m := range d3.Mutants {
		full[m.ID] = m
	}
	for _, m := range d2.Mutants {
		if m.Line != line {
			t.Errorf("gen -diff: mutant %d on line %d, which did not change (line %d did)", m.ID, m.Line, line)
		}
		if f, ok := full[m.ID]; !ok || f.Line != m.Line || f.Col != m.Col || f.Op != m.Op || f.Repl != m.Repl {
			t.Errorf("gen -diff: mutant %d is %+v, in the full report %+v", m.ID, m, f)
		}
	}
	if d2.Summary.Mutants != len(d2.Mutants) {
		t.Errorf("gen -diff: the summary counts %d mutants, the list has %d", d2.Summary.Mutants, len(d2.Mutants))
	}
	if r := goTest(t, dir); r != "" {
		t.Errorf("the file fails go test:\n%s", r)
	}

	// A change to the constructor alone: the methods' text is the same,
	// but the inputs their rows build with New give other outcomes, so
	// they are not served from the cache as they were.
	ctorChanged := strings.Replace(changed, "return &Stack{limit: limit}", "return &Stack{limit: limit, items: []int{7}}", 1)
	if ctorChanged == changed {
		t.Fatal("the constructor change did not apply")
	}
	if err := os.WriteFile(filepath.Join(dir, "stack", "stack.go"), []byte(ctorChanged), 0o644); err != nil {
		t.Fatal(err)
	}
	d4, _ := gen()
	stale := 0
	for _, u := range d4.Packages[0].Units {
		if u.Name != "New" && !u.Cached {
			stale++
		}
	}
	if stale == 0 {
		t.Errorf("after changing New, every method came from the cache: %+v", d4.Packages[0].Units)
	}
	if r := goTest(t, dir); r != "" {
		t.Errorf("the file fails go test after changing New:\n%s", r)
	}
}

const stackSrc = `// Package stack is a bounded stack of ints.
package stack

import "errors"

// ErrFull is returned by Push on a full stack.
var ErrFull = errors.New("stack: full")

// Stack holds at most its capacity of ints.
type Stack struct {
	items []int
	limit int
}

// New returns an empty stack that holds at most limit ints.
func New(limit int) *Stack {
	if limit < 1 {
		limit = 1
	}
	return &Stack{limit: limit}
}

// Push adds v on top.
func (s *Stack) Push(v int) error {
	if len(s.items) >= s.limit {
		return ErrFull
	}
	s.items = append(s.items, v)
	return nil
}

// Pop removes the top and returns it; ok is false on an empty stack.
func (s *Stack) Pop() (v int, ok bool) {
	if len(s.items) == 0 {
		return 0, false
	}
	v = s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, true
}

// Len is the number of ints held.
func (s *Stack) Len() int { return len(s.items) }

// Sum adds the ints held, ignoring those below floor.
func (s *Stack) Sum(floor int) int {
	t := 0
	for _, v := range s.items {
		if v >= floor {
			t += v
		}
	}
	return t
}
`
