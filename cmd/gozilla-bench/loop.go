package main

// This file implements the loop benchmark (issue 53): a developer's daily
// pull-request loop, scripted end to end on a git repository holding a
// copy of testdata/realistic/ratelimit, with gozilla built from the
// working tree and one cache directory (-cache) inside the scratch
// directory for every gozilla command:
//
//  1. gozilla score with the package's own tests, gozilla gen, go test,
//     and the generated file committed;
//  2. gozilla score again with the file committed: the survivors decided
//     (verdict killable) before and after, in all and on the mutants that
//     survive both runs;
//  3. an edit: a new function right after the import block (every line
//     below moves) and one comparison changed in one function; gozilla
//     gen again, and the lines of the generated file that changed inside
//     the test functions of those two functions against outside them;
//  4. that committed, one more one-function edit, and gozilla gen -diff
//     HEAD and gozilla score -diff HEAD: their seconds, exit codes, the
//     diff they name and the units gen replayed from the cache; the edit
//     checked out again;
//  5. a fix that changes a message a generated row pins: gozilla score
//     (what the user is told), gozilla gen, and go test.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/gozilla/gozilla/internal/report"
)

// loopLimit stops any one command of the loop (SIGTERM) after this long.
const loopLimit = 30 * time.Minute

// The subject: its module, its package and the files the loop edits.
const (
	loopPkg     = "./ratelimit"
	loopSrc     = "ratelimit/ratelimit.go"
	loopGenFile = "ratelimit/ratelimit_gozilla_test.go"
)

// loopNewFunc is the function step 3 adds right after the import block.
const (
	loopNewName = "Version"
	loopNewFunc = "// Version is the package's version.\nfunc Version() string { return \"1.0\" }"
)

// loopEdit is a one-function edit: in function fn (its name, without the
// receiver), the one occurrence of old becomes new.
type loopEdit struct{ fn, old, new string }

var (
	// loopStep3Edit changes one comparison of a function with a generated
	// test; the package's own tests pass either way (checked).
	loopStep3Edit = loopEdit{"waitFor", "missing <= 0", "missing < 0"}
	// loopStep4Edit is the edit of the pull request's -diff runs.
	loopStep4Edit = loopEdit{"ParseLimit", "burst < 1", "burst <= 0"}
)

// loopRow is one command of the loop: its table row.
type loopRow struct {
	step, command string
	secs          float64
	exit          int
	figures       []string
}

// loopRun is the benchmark's state: the scratch repository, the cache,
// the rows so far and the notes.
type loopRun struct {
	env         *benchEnv
	repo, cache string
	jobs        int
	rows        []*loopRow
	notes       []string
}

func benchLoop(jobs int, write string) error {
	env, err := setup("gozilla-bench-loop-", false)
	if err != nil {
		return err
	}
	defer os.RemoveAll(env.tmp)
	l := &loopRun{env: env, repo: filepath.Join(env.tmp, "repo"), cache: filepath.Join(env.tmp, "cache"), jobs: jobs}
	if err := l.prepare(); err != nil {
		return err
	}
	stepsErr := l.steps()
	if stepsErr != nil {
		// What ran is reported, with why the loop stopped, and the
		// command fails.
		l.note("**the loop stopped**: " + stepsErr.Error())
		stepsErr = fmt.Errorf("loop stopped: %v", stepsErr)
	}
	md := loopMarkdown(l, machine(), time.Now().UTC().Format("2006-01-02"))
	fmt.Print(md)
	if write != "" {
		if err := updateSection(write, "loop", md); err != nil {
			return err
		}
	}
	return stepsErr
}

// prepare copies the module's go.mod and the package into the scratch
// repository and commits them.
func (l *loopRun) prepare() error {
	if err := os.MkdirAll(l.repo, 0o755); err != nil {
		return err
	}
	mod, err := os.ReadFile(filepath.Join(l.env.root, "testdata/realistic/go.mod"))
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(l.repo, "go.mod"), mod, 0o644); err != nil {
		return err
	}
	if err := copyDir(filepath.Join(l.env.root, "testdata/realistic/ratelimit"), filepath.Join(l.repo, "ratelimit")); err != nil {
		return err
	}
	for _, args := range [][]string{
		{"init", "-q"},
		{"config", "user.name", "gozilla-bench"},
		{"config", "user.email", "bench@example.com"},
		{"config", "commit.gpgsign", "false"},
	} {
		if _, err := l.git(args...); err != nil {
			return err
		}
	}
	return l.commit("ratelimit")
}

func (l *loopRun) note(s string) { l.notes = append(l.notes, s) }

// git runs git in the scratch repository (never in the user's tree).
func (l *loopRun) git(args ...string) (string, error) { return gitIn(l.repo, args...) }

// gitIn runs git in dir, one of the loop's scratch repositories.
func gitIn(dir string, args ...string) (string, error) {
	c := exec.Command("git", args...)
	c.Dir = dir
	var stdout, stderr bytes.Buffer
	c.Stdout, c.Stderr = &stdout, &stderr
	if err := c.Run(); err != nil {
		return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, firstLine(stderr.String()))
	}
	return stdout.String(), nil
}

// commit commits every change of the scratch repository.
func (l *loopRun) commit(msg string) error {
	if _, err := l.git("add", "-A"); err != nil {
		return err
	}
	_, err := l.git("commit", "-q", "-m", msg)
	return err
}

// commitRow commits, timed, as a row of step.
func (l *loopRun) commitRow(step, msg string) error {
	start := time.Now()
	err := l.commit(msg)
	r := &loopRow{step: step, command: "`git add -A && git commit`", secs: time.Since(start).Seconds()}
	if err != nil {
		r.exit = 1
		r.figures = append(r.figures, firstLine(err.Error()))
	} else {
		head, _ := l.git("rev-parse", "--short", "HEAD")
		r.figures = append(r.figures, "commit "+strings.TrimSpace(head))
	}
	l.rows = append(l.rows, r)
	return err
}

// gz runs a gozilla command in the scratch repository.
func (l *loopRun) gz(args ...string) runResult {
	fmt.Fprintf(os.Stderr, "loop: gozilla %s\n", strings.Join(args, " "))
	return runWithin(l.repo, loopLimit, l.env.gz, args...)
}

// flags are the flags of every gozilla command of the loop after -json -q.
func (l *loopRun) flags() []string {
	return []string{"-j", strconv.Itoa(l.jobs), "-cache", l.cache}
}

// shown is a command as the table shows it: -j with its value, the
// cache as C.
func (l *loopRun) shown(args ...string) string {
	s := "gozilla " + strings.Join(args, " ") + " -j " + strconv.Itoa(l.jobs) + " -cache C " + loopPkg
	return "`" + s + "`"
}

// row adds a command's row.
func (l *loopRun) row(step, command string, res runResult, figures ...string) *loopRow {
	r := &loopRow{step: step, command: command, secs: res.secs, exit: res.exit, figures: figures}
	if res.killed {
		r.figures = append(r.figures, fmt.Sprintf("**stopped at the limit (%s)**", loopLimit))
	}
	l.rows = append(l.rows, r)
	return r
}

// goTest runs go test -count=1 args... ./ratelimit as a row of step.
func (l *loopRun) goTest(step string, args ...string) *loopRow {
	all := append(append([]string{"test", "-count=1"}, args...), loopPkg)
	fmt.Fprintf(os.Stderr, "loop: go %s\n", strings.Join(all, " "))
	res := runWithin(l.repo, loopLimit, "go", all...)
	shown := "`go " + strings.Join(all, " ") + "`"
	if len(args) > 0 {
		shown = "`go test -count=1 -skip '^TestGozilla' " + loopPkg + "` (the package's own tests)"
	}
	r := l.row(step, shown, res)
	if res.exit == 0 {
		r.figures = append(r.figures, "pass")
	} else {
		r.figures = append(r.figures, "**fails**: "+excerpt(res.stdout, res.stderr))
	}
	return r
}

// loopScoreDoc reads gozilla score's JSON report.
func loopScoreDoc(res runResult) (*report.Score, error) {
	var d report.Score
	if err := json.Unmarshal(res.stdout, &d); err != nil || d.Schema == "" {
		return nil, fmt.Errorf("gozilla score wrote no report: %s", noReport(res))
	}
	return &d, nil
}

// loopGenDoc reads gozilla gen's JSON report (of one package).
func loopGenDoc(res runResult) (*report.Gen, error) {
	var d report.Gen
	if err := json.Unmarshal(res.stdout, &d); err != nil || d.Schema == "" {
		return nil, fmt.Errorf("gozilla gen wrote no report: %s", noReport(res))
	}
	if len(d.Packages) != 1 {
		return nil, fmt.Errorf("gozilla gen: the report has %d packages, want 1", len(d.Packages))
	}
	return &d, nil
}

// loopSurvivors is what a score report says of its survivors.
type loopSurvivors struct {
	survivors, killable, unknown, failed int
	byKey                                map[string]report.Mutant
}

// searchFailedPrefix starts a survivor's why when the search for a
// killing input failed (report.searchFailed).
const searchFailedPrefix = "the search for a killing input failed"

func survivorsOf(d *report.Score) loopSurvivors {
	s := loopSurvivors{byKey: map[string]report.Mutant{}, killable: d.Summary.Killable, unknown: d.Summary.Unknown}
	for _, m := range d.Mutants {
		s.byKey[m.Key] = m
		if !report.Survives(m.Status) {
			continue
		}
		s.survivors++
		if strings.HasPrefix(m.Why, searchFailedPrefix) {
			s.failed++
		}
	}
	return s
}

func (s loopSurvivors) String() string {
	return fmt.Sprintf("%d survivors: %d killable (%s), %d unknown; %d whose search failed", s.survivors, s.killable, pct(s.killable, s.survivors), s.unknown, s.failed)
}

func scoreFigures(d *report.Score) []string {
	ms := "—"
	if d.Summary.Score != nil {
		ms = fmt.Sprintf("%.3f", *d.Summary.Score)
	}
	return []string{fmt.Sprintf("%d mutants, %d killed, %d equivalent, MS %s", d.Summary.Mutants, d.Summary.Killed, d.Summary.Equivalent, ms)}
}

// loopUnits counts gen's units: those it ran passes for, those it replayed
// from the cache, those it resumed, those it skipped.
func loopUnits(p report.GenPackage) string {
	ran, cached, resumed, skipped := 0, 0, 0, 0
	var names []string
	for _, u := range p.Units {
		switch {
		case u.Skipped != "":
			skipped++
		case u.Cached:
			cached++
		default:
			ran++
			names = append(names, "`"+u.Name+"`")
			if u.Resumed != "" {
				resumed++
			}
		}
	}
	s := fmt.Sprintf("%d unit(s) in the report: passes ran for %d (%s), replayed from the cache %d", len(p.Units), ran, strings.Join(names, ", "), cached)
	if resumed > 0 {
		s += fmt.Sprintf(", resumed %d", resumed)
	}
	if skipped > 0 {
		s += fmt.Sprintf(", skipped %d", skipped)
	}
	for _, ph := range p.Phases {
		if ph.Name == "replay" {
			s += fmt.Sprintf("; phase replay entered for %d unit(s)", ph.Entered)
		}
	}
	return s
}

func genFigures(d *report.Gen) []string {
	p := d.Packages[0]
	ms := "—"
	if p.Score != nil {
		ms = fmt.Sprintf("%.3f", *p.Score)
	}
	f := []string{fmt.Sprintf("%d rows, gen's MS %s", p.Tests, ms)}
	if p.File == "" {
		f = append(f, "**no file written**")
	}
	if d.Summary.Partial {
		f = append(f, "**partial**: "+d.Summary.Stopped+d.Summary.Phase)
	}
	return f
}

func (l *loopRun) steps() error {
	j := l.flags()
	scoreArgs := append([]string{"score", "-json", "-q"}, j...)
	genArgs := append([]string{"gen", "-json", "-q"}, j...)

	// 1. The package's own tests, then gen, go test, and a commit.
	res := l.gz(append(scoreArgs, loopPkg)...)
	s1, err := loopScoreDoc(res)
	if err != nil {
		l.row("1", l.shown("score", "-json", "-q"), res, err.Error())
		return err
	}
	sv1 := survivorsOf(s1)
	l.row("1", l.shown("score", "-json", "-q"), res, append(scoreFigures(s1), sv1.String())...)
	res = l.gz(append(genArgs, loopPkg)...)
	g1, err := loopGenDoc(res)
	if err != nil {
		l.row("1", l.shown("gen", "-json", "-q"), res, err.Error())
		return err
	}
	l.row("1", l.shown("gen", "-json", "-q"), res, append(genFigures(g1), loopUnits(g1.Packages[0]))...)
	if g1.Packages[0].File == "" {
		return fmt.Errorf("gen wrote no file")
	}
	if r := l.goTest("1"); r.exit != 0 {
		return fmt.Errorf("go test fails on the generated file")
	}
	if err := l.commitRow("1", "the generated tests"); err != nil {
		return err
	}

	// 2. Score again, with the generated file committed.
	res = l.gz(append(scoreArgs, loopPkg)...)
	s2, err := loopScoreDoc(res)
	if err != nil {
		l.row("2", l.shown("score", "-json", "-q"), res, err.Error())
		return err
	}
	sv2 := survivorsOf(s2)
	both := compareSurvivors(sv1, sv2)
	l.row("2", l.shown("score", "-json", "-q"), res, append(scoreFigures(s2),
		"before the commit: "+sv1.String(), "after: "+sv2.String(), both.String())...)
	if len(both.lost) > 0 {
		l.note(lostNote(both, sv1))
		// Not part of the loop: whether they are lost without the
		// cache too (score on the same tree, in a copy).
		off := filepath.Join(l.env.tmp, "repo-score-off")
		if err := copyDir(l.repo, off); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "loop: gozilla score -cache=off, in a copy of the tree\n")
		res := runWithin(off, loopLimit, l.env.gz, "score", "-json", "-q", "-j", strconv.Itoa(l.jobs), "-cache=off", loopPkg)
		shown := "`gozilla score -json -q -j " + strconv.Itoa(l.jobs) + " -cache=off " + loopPkg + "` (a check, not part of the loop: the same tree, in a copy, without the cache)"
		if d, err := loopScoreDoc(res); err != nil {
			l.row("2", shown, res, err.Error())
		} else {
			svOff := survivorsOf(d)
			bothOff := compareSurvivors(sv1, svOff)
			same := "the same mutants"
			if strings.Join(bothOff.lost, ",") != strings.Join(both.lost, ",") {
				same = "**other mutants**: " + strings.Join(bothOff.lost, ", ")
			}
			l.row("2", shown, res, "against step 1's run: "+svOff.String(), bothOff.String(), "no longer decided: "+same)
		}
	}

	// 3. A new function above the others and a one-comparison edit.
	src := filepath.Join(l.repo, loopSrc)
	if err := insertAfterImports(src, loopNewFunc); err != nil {
		return err
	}
	if err := editFunc(src, loopStep3Edit); err != nil {
		return err
	}
	edit3 := fmt.Sprintf("`%s` added after the import block; `%s` in `%s` made `%s`", loopNewName, loopStep3Edit.old, loopStep3Edit.fn, loopStep3Edit.new)
	if r := l.goTest("3", "-skip", "^TestGozilla"); r.exit != 0 {
		return fmt.Errorf("the edit of step 3 (%s) fails the package's own tests", edit3)
	}
	l.rows[len(l.rows)-1].figures = append([]string{"after the edit: " + edit3}, l.rows[len(l.rows)-1].figures...)
	// The tree as gen finds it, for the check without the cache below.
	fresh := filepath.Join(l.env.tmp, "repo-fresh")
	if err := copyDir(l.repo, fresh); err != nil {
		return err
	}
	res = l.gz(append(genArgs, loopPkg)...)
	g3, err := loopGenDoc(res)
	if err != nil {
		l.row("3", l.shown("gen", "-json", "-q"), res, err.Error())
		return err
	}
	r3 := l.row("3", l.shown("gen", "-json", "-q"), res, append(genFigures(g3), loopUnits(g3.Packages[0]))...)
	targets := []string{testNameOf(loopNewName), testNameOf(unitName(g3.Packages[0], loopStep3Edit.fn))}
	ch, err := genFileChanges(l.repo, targets)
	if err != nil {
		return err
	}
	r3.figures = append(r3.figures, ch.String(targets))
	if r := l.goTest("3"); r.exit != 0 {
		return fmt.Errorf("go test fails on the file of step 3")
	}
	if ch.outAdd+ch.outDel > 0 {
		// Not part of the loop: whether the lines outside change
		// without the cache too (gen on the same tree, in a copy).
		fmt.Fprintf(os.Stderr, "loop: gozilla gen -cache=off, in a copy of the tree\n")
		res := runWithin(fresh, loopLimit, l.env.gz, "gen", "-json", "-q", "-j", strconv.Itoa(l.jobs), "-cache=off", loopPkg)
		shown := "`gozilla gen -json -q -j " + strconv.Itoa(l.jobs) + " -cache=off " + loopPkg + "` (a check, not part of the loop: the same tree, in a copy, without the cache)"
		if _, err := loopGenDoc(res); err != nil {
			l.row("3", shown, res, err.Error())
		} else if chf, err := genFileChanges(fresh, targets); err != nil {
			l.row("3", shown, res, err.Error())
		} else {
			l.row("3", shown, res, chf.String(targets), "against the file the loop's run wrote: "+sameFile(filepath.Join(l.repo, loopGenFile), filepath.Join(fresh, loopGenFile)))
		}
	}

	// 4. Commit, one more edit, and the pull request's -diff runs.
	if err := l.commitRow("4", "Version, and waitFor's comparison"); err != nil {
		return err
	}
	if err := editFunc(src, loopStep4Edit); err != nil {
		return err
	}
	edit4 := fmt.Sprintf("`%s` in `%s` made `%s`, not committed", loopStep4Edit.old, loopStep4Edit.fn, loopStep4Edit.new)
	if r := l.goTest("4", "-skip", "^TestGozilla"); r.exit != 0 {
		return fmt.Errorf("the edit of step 4 (%s) fails the package's own tests", edit4)
	}
	l.rows[len(l.rows)-1].figures = append([]string{"after the edit: " + edit4}, l.rows[len(l.rows)-1].figures...)
	res = l.gz(append(append([]string{"gen", "-diff", "HEAD", "-json", "-q"}, j...), loopPkg)...)
	if g4, err := loopGenDoc(res); err != nil {
		l.row("4", l.shown("gen", "-diff", "HEAD", "-json", "-q"), res, err.Error())
	} else {
		f := append(genFigures(g4), "summary.diff: "+loopQuote(g4.Summary.Diff), loopUnits(g4.Packages[0]))
		targets := []string{testNameOf(unitName(g4.Packages[0], loopStep4Edit.fn))}
		if ch, err := genFileChanges(l.repo, targets); err != nil {
			f = append(f, err.Error())
		} else {
			f = append(f, ch.String(targets))
		}
		l.row("4", l.shown("gen", "-diff", "HEAD", "-json", "-q"), res, f...)
	}
	res = l.gz(append(append([]string{"score", "-diff", "HEAD", "-json", "-q"}, j...), loopPkg)...)
	if s4, err := loopScoreDoc(res); err != nil {
		l.row("4", l.shown("score", "-diff", "HEAD", "-json", "-q"), res, err.Error())
	} else {
		l.row("4", l.shown("score", "-diff", "HEAD", "-json", "-q"), res, append(scoreFigures(s4),
			"summary.diff: "+loopQuote(s4.Summary.Diff), survivorsOf(s4).String(), fmt.Sprintf("%d mutants from the cache", cachedOf(s4)))...)
	}
	if _, err := l.git("checkout", "--", "."); err != nil {
		return err
	}
	if st, err := l.git("status", "--porcelain"); err != nil || strings.TrimSpace(st) != "" {
		return fmt.Errorf("after git checkout the tree is not clean: %q %v", st, err)
	}

	// 5. A fix that changes what a generated row pins.
	gen, err := os.ReadFile(filepath.Join(l.repo, loopGenFile))
	if err != nil {
		return err
	}
	fix, err := pinnedFix(src, gen)
	if err != nil {
		return err
	}
	if err := editFunc(src, fix.edit); err != nil {
		return err
	}
	edit5 := fmt.Sprintf("in `%s`, the message `%s` made `%s` (pinned by %s)", fix.edit.fn, fix.edit.old, fix.edit.new, strings.Join(fix.pinnedBy, ", "))
	if r := l.goTest("5", "-skip", "^TestGozilla"); r.exit != 0 {
		return fmt.Errorf("the fix of step 5 (%s) fails the package's own tests", edit5)
	}
	l.rows[len(l.rows)-1].figures = append([]string{"after the fix: " + edit5}, l.rows[len(l.rows)-1].figures...)
	res = l.gz(append(append([]string{"score", "-q"}, j...), loopPkg)...)
	told := firstLine(res.stderr)
	if told == "" {
		told = "(nothing on stderr)"
	}
	r5 := l.row("5", l.shown("score", "-q"), res, "stderr's first line: "+told)
	names := strings.Contains(told, "rows gozilla gen wrote")
	says := strings.Contains(told, "gozilla gen")
	r5.figures = append(r5.figures, fmt.Sprintf("names gozilla's own rows: %s; says to run gozilla gen: %s", yesNo(names), yesNo(says)))
	res = l.gz(append(append([]string{"gen", "-q"}, j...), loopPkg)...)
	r := l.row("5", l.shown("gen", "-q"), res)
	if res.exit != 0 {
		r.figures = append(r.figures, "stderr: "+tailLine(lastNonProgress(res.stderr)+" ", 300))
	}
	if gen, err := os.ReadFile(filepath.Join(l.repo, loopGenFile)); err == nil {
		r.figures = append(r.figures, fmt.Sprintf("the file pins the new message in %d line(s), the old in %d", strings.Count(string(gen), fix.newPinned), strings.Count(string(gen), fix.oldPinned)))
	}
	l.goTest("5")
	return nil
}

// bothSurvived compares the verdicts of the mutants that survive two
// runs, by their stable key.
type bothSurvived struct {
	both, killableBefore, killableAfter, gained int
	lost                                        []string // keys: killable before, not after
}

func compareSurvivors(before, after loopSurvivors) bothSurvived {
	var c bothSurvived
	for key, a := range after.byKey {
		b, ok := before.byKey[key]
		if !ok || !report.Survives(a.Status) || !report.Survives(b.Status) {
			continue
		}
		c.both++
		if b.Verdict == "killable" {
			c.killableBefore++
		}
		if a.Verdict == "killable" {
			c.killableAfter++
		}
		switch {
		case b.Verdict == "killable" && a.Verdict != "killable":
			c.lost = append(c.lost, key)
		case b.Verdict != "killable" && a.Verdict == "killable":
			c.gained++
		}
	}
	sort.Strings(c.lost)
	return c
}

func (c bothSurvived) String() string {
	return fmt.Sprintf("of the %d mutants surviving both runs: killable %d before, %d after (%d no longer decided, %d newly)", c.both, c.killableBefore, c.killableAfter, len(c.lost), c.gained)
}

// lostNote lists the mutants no longer decided, with the row that
// decided each before.
func lostNote(c bothSurvived, before loopSurvivors) string {
	var ex []string
	for _, k := range c.lost {
		m := before.byKey[k]
		ex = append(ex, fmt.Sprintf("`%s` (%s, row `%s` before)", k, report.Change(m.Orig, m.Repl), m.Row))
	}
	return fmt.Sprintf("step 2: the survivors killable before the commit and not after (%d): %s", len(c.lost), strings.Join(ex, "; "))
}

func cachedOf(d *report.Score) int {
	n := 0
	for _, p := range d.Packages {
		n += p.Cached
	}
	return n
}

// loopQuote is s as code, "(none)" when empty.
func loopQuote(s string) string {
	if s == "" {
		return "(none)"
	}
	return "`" + s + "`"
}

// numstat reads git diff --numstat's line: "+A −D".
func numstat(s string) string {
	f := strings.Fields(s)
	if len(f) < 2 {
		return "unchanged"
	}
	return fmt.Sprintf("+%s −%s lines", f[0], f[1])
}

// sameFile compares two files: "the same" or the lines git diff
// --no-index counts added and deleted from a to b.
func sameFile(a, b string) string {
	out, _ := exec.Command("git", "diff", "--no-index", "--numstat", "--", a, b).Output()
	if strings.TrimSpace(string(out)) == "" {
		return "the same"
	}
	return numstat(string(out))
}

// unitName is the name gen's report gives the unit of function fn
// (F, T.M or (*T).M); fn when there is none.
func unitName(p report.GenPackage, fn string) string {
	for _, u := range p.Units {
		name := u.Name
		if i := strings.LastIndex(name, "."); i >= 0 {
			name = name[i+1:]
		}
		if name == fn {
			return u.Name
		}
	}
	return fn
}

// testNameOf is the generated test function of a unit, as emit names it:
// TestGozillaF, TestGozillaT_M, TestGozilla_f.
func testNameOf(unit string) string {
	n := strings.NewReplacer("(", "", ")", "", "*", "", ".", "_").Replace(unit)
	if n != "" && !(n[0] >= 'A' && n[0] <= 'Z') {
		n = "_" + n
	}
	return "TestGozilla" + n
}

// insertAfterImports inserts text on the lines after the file's import
// block.
func insertAfterImports(file, text string) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, data, parser.ImportsOnly)
	if err != nil {
		return err
	}
	end := -1
	for _, d := range f.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT {
			end = fset.Position(gd.End()).Offset
		}
	}
	if end < 0 {
		return fmt.Errorf("%s: no import block", file)
	}
	src := string(data[:end]) + "\n\n" + text + string(data[end:])
	return os.WriteFile(file, []byte(src), 0o644)
}

// editFunc applies a one-function edit: the one occurrence of e.old in
// the body of function e.fn becomes e.new.
func editFunc(file string, e loopEdit) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, data, parser.SkipObjectResolution)
	if err != nil {
		return err
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Name.Name != e.fn || fd.Body == nil {
			continue
		}
		lo, hi := fset.Position(fd.Body.Pos()).Offset, fset.Position(fd.Body.End()).Offset
		body := string(data[lo:hi])
		if n := strings.Count(body, e.old); n != 1 {
			return fmt.Errorf("%s: %q occurs %d times in %s, want once", file, e.old, n, e.fn)
		}
		src := string(data[:lo]) + strings.Replace(body, e.old, e.new, 1) + string(data[hi:])
		return os.WriteFile(file, []byte(src), 0o644)
	}
	return fmt.Errorf("%s: no function %s", file, e.fn)
}

// loopFix is step 5's edit: a message a generated row pins, changed.
type loopFix struct {
	edit                 loopEdit
	oldPinned, newPinned string   // the changed part as the file spells it (quoted)
	pinnedBy             []string // the generated test functions that pin it
}

// formatVerb matches a verb of a format string.
var formatVerb = regexp.MustCompile(`%[-+# 0-9.]*[a-zA-Z]`)

// pinnedFix finds, in the source's error messages (fmt.Errorf and
// errors.New), the text after the last verb that the generated file
// pins in the fewest lines (at least one), and words the message
// differently: "bad X" becomes "invalid X".
func pinnedFix(file string, gen []byte) (*loopFix, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, data, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	genFile, err := parser.ParseFile(token.NewFileSet(), loopGenFile, gen, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	var best *loopFix
	bestN := 0
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || !(sel.Sel.Name == "Errorf" || sel.Sel.Name == "New") {
				return true
			}
			lit, ok := call.Args[0].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			msg, err := strconv.Unquote(lit.Value)
			if err != nil {
				return true
			}
			piece := msg
			if locs := formatVerb.FindAllStringIndex(msg, -1); len(locs) > 0 {
				piece = msg[locs[len(locs)-1][1]:]
			}
			if len(strings.TrimSpace(piece)) < 4 || strings.Count(string(data), piece) != 1 {
				return true
			}
			quoted := func(s string) string { q := strconv.Quote(s); return q[1 : len(q)-1] }
			old := quoted(piece)
			pins := strings.Count(string(gen), old)
			if pins == 0 || best != nil && pins >= bestN {
				return true
			}
			repl := piece + " (fixed)"
			if strings.Contains(piece, "bad ") {
				repl = strings.Replace(piece, "bad ", "invalid ", 1)
			}
			fix := &loopFix{edit: loopEdit{fd.Name.Name, piece, repl}, oldPinned: old, newPinned: quoted(repl)}
			for _, gd := range genFile.Decls {
				if gfd, ok := gd.(*ast.FuncDecl); ok && strings.HasPrefix(gfd.Name.Name, "TestGozilla") && gfd.Body != nil {
					var b strings.Builder
					ast.Inspect(gfd.Body, func(x ast.Node) bool {
						if bl, ok := x.(*ast.BasicLit); ok {
							b.WriteString(bl.Value)
						}
						return true
					})
					if strings.Contains(b.String(), old) {
						fix.pinnedBy = append(fix.pinnedBy, "`"+gfd.Name.Name+"`")
					}
				}
			}
			best, bestN = fix, pins
			return true
		})
	}
	if best == nil {
		return nil, fmt.Errorf("no error message of %s is pinned by the generated file", file)
	}
	return best, nil
}

// genChanges are the lines of the generated file git diff says changed
// since HEAD, inside the target test functions and outside them.
type genChanges struct {
	inAdd, inDel, outAdd, outDel int
	where                        map[string]int // outside: the declaration (or "header") → lines changed
}

func (c *genChanges) String(targets []string) string {
	s := fmt.Sprintf("the generated file: inside %s +%d −%d lines; outside them +%d −%d", strings.Join(quoteAll(targets), " and "), c.inAdd, c.inDel, c.outAdd, c.outDel)
	if len(c.where) > 0 {
		var w []string
		for k, v := range c.where {
			w = append(w, fmt.Sprintf("`%s` %d", k, v))
		}
		sort.Strings(w)
		s += " (lines added and deleted, by declaration: " + strings.Join(w, ", ") + ")"
	}
	return s
}

func quoteAll(ss []string) []string {
	var out []string
	for _, s := range ss {
		out = append(out, "`"+s+"`")
	}
	return out
}

// hunkHeader is a hunk header of git diff -U0.
var hunkHeader = regexp.MustCompile(`^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@`)

// genFileChanges attributes the lines git diff -U0 HEAD finds changed in
// the generated file of the repository dir to the target test functions (a function's lines,
// its doc comment and the blank line after it) or outside them, in the
// old file for deleted lines and in the new one for added lines.
func genFileChanges(dir string, targets []string) (*genChanges, error) {
	old, err := gitIn(dir, "show", "HEAD:"+loopGenFile)
	if err != nil {
		return nil, err
	}
	cur, err := os.ReadFile(filepath.Join(dir, loopGenFile))
	if err != nil {
		return nil, err
	}
	oldDecls, err := declLines([]byte(old))
	if err != nil {
		return nil, fmt.Errorf("the committed generated file: %v", err)
	}
	newDecls, err := declLines(cur)
	if err != nil {
		return nil, fmt.Errorf("the new generated file: %v", err)
	}
	diff, err := gitIn(dir, "diff", "--no-color", "--no-ext-diff", "-U0", "HEAD", "--", loopGenFile)
	if err != nil {
		return nil, err
	}
	c := &genChanges{where: map[string]int{}}
	count := func(decls []declRange, line int, in, out *int) {
		name := "header"
		for _, d := range decls {
			if line >= d.from && line <= d.to+1 {
				name = d.name
				break
			}
			if line > d.to {
				name = "between declarations"
			}
		}
		for _, t := range targets {
			if name == t {
				*in++
				return
			}
		}
		*out++
		c.where[name]++
	}
	for _, line := range strings.Split(diff, "\n") {
		m := hunkHeader.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		num := func(s string, dflt int) int {
			if s == "" {
				return dflt
			}
			n, _ := strconv.Atoi(s)
			return n
		}
		oldFrom, oldN, newFrom, newN := num(m[1], 0), num(m[2], 1), num(m[3], 0), num(m[4], 1)
		for i := 0; i < oldN; i++ {
			count(oldDecls, oldFrom+i, &c.inDel, &c.outDel)
		}
		for i := 0; i < newN; i++ {
			count(newDecls, newFrom+i, &c.inAdd, &c.outAdd)
		}
	}
	return c, nil
}

// declRange is a top-level declaration's lines (its doc comment
// included): a function's name, a type's, or "var"/"const"/"import".
type declRange struct {
	name     string
	from, to int
}

func declLines(src []byte) ([]declRange, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "gen_test.go", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	var out []declRange
	for _, d := range f.Decls {
		var name string
		pos := d.Pos()
		switch d := d.(type) {
		case *ast.FuncDecl:
			name = d.Name.Name
			if d.Recv != nil && len(d.Recv.List) == 1 {
				name = "(" + recvType(d.Recv.List[0].Type) + ")." + name
			}
			if d.Doc != nil {
				pos = d.Doc.Pos()
			}
		case *ast.GenDecl:
			name = d.Tok.String()
			if d.Tok == token.TYPE && len(d.Specs) == 1 {
				name = "type " + d.Specs[0].(*ast.TypeSpec).Name.Name
			}
			if d.Tok == token.IMPORT {
				name = "header"
			}
			if d.Doc != nil {
				pos = d.Doc.Pos()
			}
		}
		out = append(out, declRange{name: name, from: fset.Position(pos).Line, to: fset.Position(d.End()).Line})
	}
	return out, nil
}

// recvType spells a receiver's type.
func recvType(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return "*" + recvType(e.X)
	case *ast.Ident:
		return e.Name
	}
	return "?"
}

func loopMarkdown(l *loopRun, host, date string) string {
	var b strings.Builder
	b.WriteString("## The daily loop on a git repository (issue 53)\n\n")
	fmt.Fprintf(&b, "Measured %s on %s; `go run ./cmd/gozilla-bench loop -j %d -w BENCHMARKS.md`.\n", date, host, l.jobs)
	b.WriteString("A developer's pull-request loop, scripted end to end on a git repository holding a copy of `testdata/realistic/ratelimit` (its module's go.mod, the package, committed), with gozilla built from the working tree and one cache directory C in the scratch directory for every gozilla command. " +
		"**1** the package's own tests scored, `gozilla gen`, `go test`, the generated file committed. " +
		"**2** `gozilla score` again with the file committed: the survivors (lived, not covered) and their verdicts before the commit and after, in all and on the mutants that survive both runs (by their stable key), and the survivors whose `why` says the search for a killing input failed. " +
		"**3** an edit: a function added right after the import block (every function below it moves down) and one comparison changed in one function that has a generated test, the package's own tests checked; `gozilla gen` again; the generated file's lines `git diff -U0` finds changed against the committed one, inside the test functions of the two functions (with their doc comment and the blank line after them) and outside them (other test functions, the header, the helpers): the target outside is 0. " +
		"**4** that committed, one more edit of one function, not committed: `gozilla gen -diff HEAD` and `gozilla score -diff HEAD`, then `git checkout` of the edit. " +
		"**5** a fix that changes an error message a generated row pins (the one, of the messages the file pins, it pins in the fewest lines): what `gozilla score` tells the user, `gozilla gen`, `go test`. " +
		"Units, of gen's JSON report: those of its `units` with `cached` set were replayed from the cache, the others not skipped ran their passes (`resumed` ones counted apart); a `-diff` report lists only the units the diff touches, so the `replay` phase's `entered` (the units whose tests came back from the cache) is given too. " +
		"A row marked a check is not part of the loop: when the loop's run leaves survivors no longer decided (step 2) or changes lines outside (step 3), the same command on the same tree, in a copy, with `-cache=off`, to tell the cache's part. " +
		"Seconds are the wall time of each command; exit is its exit code.\n\n")
	b.WriteString("| step | command | s | exit | figures |\n|--:|---|--:|--:|---|\n")
	for _, r := range l.rows {
		fmt.Fprintf(&b, "| %s | %s | %.1f | %d | %s |\n", r.step, r.command, r.secs, r.exit, mdCell(strings.Join(r.figures, "; ")))
	}
	if len(l.notes) > 0 {
		b.WriteString("\n")
		for _, n := range l.notes {
			b.WriteString("- " + mdCell(n) + "\n")
		}
	}
	b.WriteString("\n")
	return b.String()
}
