package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/report"
	"github.com/gozilla/gozilla/internal/testmod"
)

// TestDiffRun: score -diff REF mutates only the lines changed since a
// commit (and gen too), a diff file does the same, and a ref that is not
// one is an error (exit 2, one line).
func TestDiffRun(t *testing.T) {
	testmod.Long(t)
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := testmod.Write(t, map[string]string{"calc/calc.go": calcSrc, "calc/calc_test.go": calcTest})
	gitCommitAll(t, dir, "calc")
	// The change: Grade's first case.
	changed := strings.Replace(calcSrc, "case score >= 90:", "case score >= 95:", 1)
	if err := os.WriteFile(filepath.Join(dir, "calc", "calc.go"), []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	line := 1 + strings.Count(changed[:strings.Index(changed, "score >= 95")], "\n")

	check := func(args ...string) *report.Score {
		t.Helper()
		d := gzScore(t, dir, nil, args...)
		if len(d.Mutants) == 0 {
			t.Fatalf("gozilla %v: no mutant", args)
		}
		for _, m := range d.Mutants {
			if m.Line != line {
				t.Errorf("gozilla %v: mutant on line %d, which did not change (line %d did)", args, m.Line, line)
			}
		}
		return d
	}
	d := check("score", "-q", "-json", "-diff", "HEAD", "./calc")
	if d.Summary.Diff != "the 1 line(s) changed since HEAD, in 1 file(s)," {
		t.Errorf("summary.diff %q", d.Summary.Diff)
	}
	// The mutants keep the IDs a full run gives them.
	full := gzScore(t, dir, nil, "score", "-q", "-json", "-cache=off", "./calc")
	byID := map[int]report.Mutant{}
	for _, m := range full.Mutants {
		byID[m.ID] = m
	}
	for _, m := range d.Mutants {
		if f := byID[m.ID]; f.Line != m.Line || f.Col != m.Col || f.Repl != m.Repl {
			t.Errorf("score -diff: mutant #%d is %d:%d %q, the full run's #%d is %d:%d %q", m.ID, m.Line, m.Col, m.Repl, m.ID, f.Line, f.Col, f.Repl)
		}
	}

	patch := "--- a/calc/calc.go\n+++ b/calc/calc.go\n@@ -" + strconv.Itoa(line) + " +" + strconv.Itoa(line) + " @@\n-\tcase score >= 90:\n+\tcase score >= 95:\n"
	if err := os.WriteFile(filepath.Join(dir, "change.diff"), []byte(patch), 0o644); err != nil {
		t.Fatal(err)
	}
	check("score", "-q", "-json", "-diff", "change.diff", "./calc")

	r := gz(t, dir, "gen", "-q", "-n", "-json", "-diff", "HEAD", "./calc")
	var g report.Gen
	if err := json.Unmarshal([]byte(r.stdout), &g); r.code != 0 || err != nil {
		t.Fatalf("gen -diff: exit %d, %v\n%s", r.code, err, r.stderr)
	}
	for _, m := range g.Mutants {
		if m.Line != line {
			t.Errorf("gen -diff: mutant on line %d", m.Line)
		}
	}

	if r := gz(t, dir, "score", "-diff", "nosuchbranch", "./calc"); r.code != 2 || !strings.HasPrefix(r.stderr, "gozilla: -diff nosuchbranch: not a git revision of ") || strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("a bad ref: exit %d, %q", r.code, r.stderr)
	}
}

// gitCommitAll makes dir a git repository whose one commit holds every
// file in it.
func gitCommitAll(t *testing.T, dir, msg string) {
	t.Helper()
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"commit", "-q", "-m", msg}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
}
