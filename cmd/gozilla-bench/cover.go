package main

// This file implements the cover benchmark: gozilla cover on every
// subject with its hand-written tests and with only the tests gozilla gen
// writes for it, and on standard library copies with their own tests.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/gozilla/gozilla/internal/report"
)

// coverRow is one target's coverage, with hand-written and with
// generated tests.
type coverRow struct {
	name         string
	own, gen     *report.CoverPackage
	ownS, genS   float64 // seconds of gozilla cover
	genGenS      float64 // seconds of gozilla gen
	missed       []string
	std          bool
	ownErr, note string
}

func benchCover(jobs int, only, std []string, write string) error {
	env, src, subjects, err := setupSubjects("gozilla-bench-cover-", only)
	if err != nil {
		return err
	}
	defer os.RemoveAll(env.tmp)
	ownMod := filepath.Join(env.tmp, "own")
	if err := copyTree(src, ownMod, subjects, true); err != nil {
		return err
	}
	genMod := filepath.Join(env.tmp, "gen")
	if err := copySubjects(src, genMod, subjects); err != nil {
		return err
	}
	var rows []*coverRow
	for _, s := range subjects {
		r := &coverRow{name: s}
		fmt.Fprintf(os.Stderr, "%s: cover (own tests)...", s)
		if r.own, r.ownS, err = runCover(env.gz, ownMod, "./"+s, jobs); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, " %.1fs; gen...", r.ownS)
		t0 := time.Now()
		g := exec.Command(env.gz, "gen", "-q", "-j", strconv.Itoa(jobs), "./"+s)
		g.Dir = genMod
		if out, err := g.CombinedOutput(); err != nil {
			return fmt.Errorf("gozilla gen %s: %v\n%s", s, err, out)
		}
		r.genGenS = time.Since(t0).Seconds()
		fmt.Fprintf(os.Stderr, " %.1fs; cover (generated tests)...", r.genGenS)
		var reqs []report.CoverRequirement
		if r.gen, r.genS, err = runCoverReqs(env.gz, genMod, "./"+s, jobs, &reqs); err != nil {
			return err
		}
		for _, q := range reqs {
			if q.Kind == "branch" && q.Status == report.Uncovered {
				r.missed = append(r.missed, fmt.Sprintf("%s %s:%d %s", s, filepath.Base(q.File), q.Line, q.Text))
			}
		}
		fmt.Fprintf(os.Stderr, " %.1fs\n", r.genS)
		rows = append(rows, r)
	}
	if len(std) > 0 {
		dir := filepath.Join(env.tmp, "stdcopy")
		copied, refused := copyStd(env.root, dir, std)
		for _, p := range copied {
			r := &coverRow{name: p, std: true}
			fmt.Fprintf(os.Stderr, "%s: cover...", p)
			r.own, r.ownS, err = runCover(env.gz, dir, "./"+filepath.Base(p), jobs)
			if err != nil {
				r.ownErr = oneLineErr(err)
			}
			fmt.Fprintf(os.Stderr, " %.1fs\n", r.ownS)
			rows = append(rows, r)
		}
		for _, p := range refused {
			rows = append(rows, &coverRow{name: p, std: true, ownErr: "not copied: stdcopy.sh refuses it"})
		}
	}
	text := coverMarkdown(rows, jobs)
	fmt.Print(text)
	if write != "" {
		return updateSection(write, "cover", text)
	}
	return nil
}

// subjectList is only, or every subject directory of src.
// setupSubjects is setup without gremlins, with the subjects' directory
// and the list of those to measure (only, or all).
func setupSubjects(prefix string, only []string) (*benchEnv, string, []string, error) {
	env, err := setup(prefix, false)
	if err != nil {
		return nil, "", nil, err
	}
	src := filepath.Join(env.root, "testdata", "subjects")
	subjects, err := subjectList(src, only)
	if err != nil {
		os.RemoveAll(env.tmp)
		return nil, "", nil, err
	}
	return env, src, subjects, nil
}

func subjectList(src string, only []string) ([]string, error) {
	if len(only) == 1 && only[0] == "none" {
		return nil, nil
	}
	if len(only) > 0 {
		return only, nil
	}
	ents, err := os.ReadDir(src)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range ents {
		if e.IsDir() {
			out = append(out, e.Name())
		}
	}
	return out, nil
}

func oneLineErr(err error) string {
	s := err.Error()
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}

// copyTree copies each subject's Go files (with its tests when
// withTests) into a fresh module at dst.
func copyTree(src, dst string, subjects []string, withTests bool) error {
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dst, "go.mod"), []byte("module subjects\n\ngo 1.26\n"), 0o644); err != nil {
		return err
	}
	for _, s := range subjects {
		err := filepath.WalkDir(filepath.Join(src, s), func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || (!withTests && strings.HasSuffix(p, "_test.go")) {
				return err
			}
			rel, _ := filepath.Rel(src, p)
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			out := filepath.Join(dst, rel)
			if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
				return err
			}
			return os.WriteFile(out, data, 0o644)
		})
		if err != nil {
			return fmt.Errorf("copy subject %s: %v", s, err)
		}
	}
	return nil
}

func runCover(gz, mod, dir string, jobs int) (*report.CoverPackage, float64, error) {
	return runCoverReqs(gz, mod, dir, jobs, nil)
}

// runCoverReqs runs gozilla cover -json on one package and returns its
// report, the command's seconds and, when reqs is not nil, the
// requirements not covered.
func runCoverReqs(gz, mod, dir string, jobs int, reqs *[]report.CoverRequirement) (*report.CoverPackage, float64, error) {
	c := exec.Command(gz, "cover", "-json", "-q", "-j", strconv.Itoa(jobs), dir)
	c.Dir = mod
	var stdout, stderr bytes.Buffer
	c.Stdout, c.Stderr = &stdout, &stderr
	t0 := time.Now()
	err := c.Run()
	secs := time.Since(t0).Seconds()
	if err != nil {
		return nil, secs, fmt.Errorf("gozilla cover %s: %v: %s", dir, err, stderr.String())
	}
	var doc report.Cover
	if err := json.Unmarshal(stdout.Bytes(), &doc); err != nil {
		return nil, secs, err
	}
	if len(doc.Packages) != 1 {
		return nil, secs, fmt.Errorf("gozilla cover %s: %d packages", dir, len(doc.Packages))
	}
	if reqs != nil {
		*reqs = doc.Requirements
	}
	return &doc.Packages[0], secs, nil
}

// tallyCell writes covered/feasible (+infeasible).
func tallyCell(t report.Tally) string {
	if t.Total == 0 {
		return "–"
	}
	s := fmt.Sprintf("%d/%d", t.Covered, t.Total-t.Infeasible)
	if t.Infeasible > 0 {
		s += fmt.Sprintf(" (+%d inf.)", t.Infeasible)
	}
	return s
}

func tallyPct(t report.Tally) string {
	if t.Percent == nil {
		return "–"
	}
	return fmt.Sprintf("%.1f%%", *t.Percent)
}

func coverMarkdown(rows []*coverRow, jobs int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Reproduce: `go run ./cmd/gozilla-bench cover -j %d -w BENCHMARKS.md` (add `-std a,b` for standard library copies). ", jobs)
	b.WriteString("Each subject of `testdata/subjects` is copied twice into scratch modules: with its hand-written tests (*own*), and without them, where `gozilla gen` (default engines, `-cover` on) writes its test file (*generated*); `gozilla cover -json` measures each. Cells are covered/feasible, with the requirements the prover shows infeasible (`+n inf.`) out of the denominator: statements as `go test -cover` counts them, branch outcomes (both directions of every if/for condition, every case and default), def-use pairs (all-uses). Seconds are one run of each command, on a 2-core machine.\n\n")
	b.WriteString("| subject | statements own | branches own | pairs own | statements gen | branches gen | pairs gen | branch % gen | cover s own | gen s | cover s gen |\n|---|---|---|---|---|---|---|---|---|---|---|\n")
	var full, subj int
	var missed []string
	for _, r := range rows {
		if r.std {
			continue
		}
		subj++
		if r.gen.Branches.Percent == nil || *r.gen.Branches.Percent == 100 {
			full++
		}
		missed = append(missed, r.missed...)
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s | %.1f | %.1f | %.1f |\n", r.name,
			tallyCell(r.own.Statements), tallyCell(r.own.Branches), tallyCell(r.own.Pairs),
			tallyCell(r.gen.Statements), tallyCell(r.gen.Branches), tallyCell(r.gen.Pairs), tallyPct(r.gen.Branches), r.ownS, r.genGenS, r.genS)
	}
	fmt.Fprintf(&b, "\nGenerated tests cover every feasible branch of %d of %d subjects.", full, subj)
	if len(missed) > 0 {
		sort.Strings(missed)
		fmt.Fprintf(&b, " Branches they miss: %s.", strings.Join(missed, "; "))
	}
	b.WriteString("\n")
	var std []*coverRow
	for _, r := range rows {
		if r.std {
			std = append(std, r)
		}
	}
	if len(std) > 0 {
		b.WriteString("\nStandard library copies (`scripts/stdcopy.sh`) with their own tests:\n\n| package | statements | branches | pairs | cover s |\n|---|---|---|---|---|\n")
		for _, r := range std {
			if r.own == nil {
				fmt.Fprintf(&b, "| %s | %s | | | |\n", r.name, r.ownErr)
				continue
			}
			fmt.Fprintf(&b, "| %s | %s %s | %s %s | %s %s | %.1f |\n", r.name, tallyCell(r.own.Statements), tallyPct(r.own.Statements), tallyCell(r.own.Branches), tallyPct(r.own.Branches), tallyCell(r.own.Pairs), tallyPct(r.own.Pairs), r.ownS)
		}
	}
	return b.String()
}
