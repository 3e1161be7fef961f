package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/report"
	"github.com/gozilla/gozilla/internal/testmod"
)

// TestCache: a second run reuses every verdict; after a change to one
// function only that function's mutants run again, and the verdicts are
// those of a run without the cache; a change to the tests runs all.
func TestCache(t *testing.T) {
	testmod.Long(t)
	dir := testmod.Write(t, map[string]string{"calc/calc.go": calcSrc, "calc/calc_test.go": calcTest})
	cache := []string{"GOZILLA_CACHE=" + filepath.Join(t.TempDir(), "cache")}
	score := func(env []string) *report.Score {
		t.Helper()
		return gzScore(t, dir, env, "score", "-q", "-json", "./calc")
	}
	verdicts := func(d *report.Score) []report.Mutant {
		ms := append([]report.Mutant(nil), d.Mutants...)
		return ms
	}
	first := score(cache)
	if first.Packages[0].Cached != 0 {
		t.Errorf("first run: %d cached", first.Packages[0].Cached)
	}
	second := score(cache)
	if n := second.Packages[0].Cached; n != len(second.Mutants) {
		t.Errorf("second run: %d of %d cached", n, len(second.Mutants))
	}
	if !reflect.DeepEqual(verdicts(first), verdicts(second)) || second.Packages[0].Tests != first.Packages[0].Tests {
		t.Error("the cached run's verdicts differ from the first run's")
	}

	// One function changes: Grade's threshold.
	changed := strings.Replace(calcSrc, "case score >= 75:", "case score >= 70:", 1)
	if err := os.WriteFile(filepath.Join(dir, "calc", "calc.go"), []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	third := score(cache)
	fresh := score(nil)
	grade := 0
	for _, m := range fresh.Mutants {
		if m.Func == "Grade" {
			grade++
		}
	}
	if n := third.Packages[0].Cached; n != len(fresh.Mutants)-grade || grade == 0 {
		t.Errorf("after changing Grade: %d cached, want the %d mutants of the other functions", n, len(fresh.Mutants)-grade)
	}
	if !reflect.DeepEqual(verdicts(third), verdicts(fresh)) {
		t.Error("after a change, the cached run's verdicts differ from a run without the cache")
	}

	// The tests change: nothing is reused.
	if err := os.WriteFile(filepath.Join(dir, "calc", "calc_test.go"), []byte(calcTest+"\n// changed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if n := score(cache).Packages[0].Cached; n != 0 {
		t.Errorf("after the tests changed: %d cached", n)
	}
	// -cache=off reuses nothing.
	r := gzEnv(t, dir, cache, "score", "-q", "-json", "-cache", "off", "./calc")
	var d report.Score
	if json.Unmarshal([]byte(r.stdout), &d) != nil || d.Packages[0].Cached != 0 {
		t.Errorf("-cache=off: %d cached", d.Packages[0].Cached)
	}
}

// TestCacheTampered: a cached verdict edited by hand into another
// well-formed entry (killed → equivalent) fails its checksum: the run
// treats it as a miss, runs the function's mutants again and reports the
// verdicts of a run without the cache, and writes the entry again.
func TestCacheTampered(t *testing.T) {
	dir := testmod.Write(t, map[string]string{"maxi/maxi.go": maxiSrc, "maxi/maxi_test.go": maxiTest})
	cacheDir := filepath.Join(t.TempDir(), "cache")
	cache := []string{"GOZILLA_CACHE=" + cacheDir}
	score := func() *report.Score {
		t.Helper()
		return gzScore(t, dir, cache, "score", "-q", "-json", "-ops", "ROR", "./maxi")
	}
	first := score()
	entries, _ := filepath.Glob(filepath.Join(cacheDir, "score", "*", "*.json"))
	if len(entries) != 1 {
		t.Fatalf("score entries after the first run: %v, want one (Max's)", entries)
	}
	raw, err := os.ReadFile(entries[0])
	if err != nil {
		t.Fatal(err)
	}
	tampered := strings.Replace(string(raw), `"status":"killed"`, `"status":"equivalent"`, 1)
	if tampered == string(raw) {
		t.Fatalf("no killed verdict in the entry:\n%s", raw)
	}
	if !json.Valid([]byte(tampered)) {
		t.Fatal("the tampered entry is not well-formed JSON")
	}
	if err := os.WriteFile(entries[0], []byte(tampered), 0o644); err != nil {
		t.Fatal(err)
	}
	second := score()
	if n := second.Packages[0].Cached; n != 0 {
		t.Errorf("after tampering: %d mutants cached, want none", n)
	}
	if !reflect.DeepEqual(second.Mutants, first.Mutants) || second.Summary.Equivalent != first.Summary.Equivalent {
		t.Errorf("after tampering the verdicts changed: equivalent %d, was %d", second.Summary.Equivalent, first.Summary.Equivalent)
	}
	// The miss wrote the entry again: the next run reuses it.
	if third := score(); third.Packages[0].Cached != len(first.Mutants) || !reflect.DeepEqual(third.Mutants, first.Mutants) {
		t.Errorf("after the rewrite: %d of %d cached", third.Packages[0].Cached, len(first.Mutants))
	}
}

const maxiSrc = `package maxi

// Max returns the larger of a and b.
func Max(a, b int) int {
	if a > b {
		return a
	}
	return b
}
`

const maxiTest = `package maxi

import "testing"

func TestMax(t *testing.T) {
	if Max(2, 1) != 2 {
		t.Fatal("Max(2, 1)")
	}
}
`
