package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"

	"github.com/gozilla/gozilla/internal/report"
	"github.com/gozilla/gozilla/internal/testmod"
)

// TestShardMerge scores a package unsharded and in 3 shards, merges the
// shards' reports, and checks that the merged report gives every mutant
// the unsharded run's verdict, and the same counts and score.
func TestShardMerge(t *testing.T) {
	testmod.Long(t)
	dir := testmod.Write(t, map[string]string{"calc/calc.go": calcSrc, "calc/calc_test.go": calcTest})
	read := func(args ...string) *report.Score { t.Helper(); return gzScore(t, dir, nil, args...) }
	whole := read("score", "-q", "-json", "./calc")
	var files []string
	total := 0
	for k := 1; k <= 3; k++ {
		part := read("score", "-q", "-json", "-shard", strconv.Itoa(k)+"/3", "./calc")
		if part.Summary.Shard != strconv.Itoa(k)+"/3" {
			t.Errorf("shard %d/3 says it is %q", k, part.Summary.Shard)
		}
		total += len(part.Mutants)
		data, _ := json.Marshal(part)
		f := filepath.Join(dir, "shard"+strconv.Itoa(k)+".json")
		if err := os.WriteFile(f, data, 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	if total != len(whole.Mutants) {
		t.Fatalf("the shards have %d mutants, the whole run %d", total, len(whole.Mutants))
	}
	merged := read(append([]string{"merge", "-json"}, files[2], files[0], files[1])...)
	if merged.Summary.Counts != whole.Summary.Counts || *merged.Summary.Score != *whole.Summary.Score {
		t.Errorf("merged summary %+v, unsharded %+v", merged.Summary, whole.Summary)
	}
	if len(merged.Mutants) != len(whole.Mutants) {
		t.Fatalf("merged %d mutants, unsharded %d", len(merged.Mutants), len(whole.Mutants))
	}
	for i, m := range merged.Mutants {
		w := whole.Mutants[i]
		// A survivor's killing row is found among the survivors a run
		// asks about (a shard's): another true one may come first. The
		// verdict is the same.
		if m.Verdict == "killable" && w.Verdict == "killable" {
			m.Input, m.Row, m.RowTest, m.RowName = w.Input, w.Row, w.RowTest, w.RowName
		}
		if !reflect.DeepEqual(m, w) {
			t.Errorf("mutant %d: merged %+v, unsharded %+v", w.ID, m, w)
		}
	}
	if merged.Packages[0].Counts != whole.Packages[0].Counts {
		t.Errorf("package counts: merged %+v, unsharded %+v", merged.Packages[0].Counts, whole.Packages[0].Counts)
	}

	// A missing shard, or the same twice, is an error.
	if r := gz(t, dir, "merge", files[0], files[1]); r.code != 2 || r.stderr != "gozilla: merge: shard(s) missing: 3/3\n" {
		t.Errorf("two of three shards: exit %d, %q", r.code, r.stderr)
	}
	if r := gz(t, dir, "merge", files[0], files[0], files[1]); r.code != 2 {
		t.Errorf("a shard twice: exit %d", r.code)
	}
	if r := gz(t, dir, "score", "-shard", "4/3", "./calc"); r.code != 2 {
		t.Errorf("-shard 4/3: exit %d", r.code)
	}
}
