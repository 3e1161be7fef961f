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
