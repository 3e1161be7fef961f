package main

// This file implements the report benchmark (issue 32): how long the
// text report of `gozilla score` is, and how many survivors it surfaces,
// before and after the report showed one survivor per line of code, and
// how the mutation score moves with the filter of arid code (log lines,
// error and panic messages, not mutated unless -arid).
//
// For each target — every subject of testdata/subjects, every package of
// the module testdata/realistic, copies of standard library packages with
// their tests — four commands run one after the other, each with
// -cache=off: this tree's `gozilla score` (the text report), its
// `score -json` (the counts, MS, the arid mutants not made), its
// `score -arid -json` (MS with arid code mutated), and the -before
// build's `score` (the text report as it was).

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// defaultReportStd are the standard library copies of the report
// benchmark.
const defaultReportStd = "container/heap,container/list,container/ring,encoding/hex,encoding/base32"

// reportConfig is what the run was asked; the markdown names it.
type reportConfig struct {
	jobs       int
	before     string
	subjects   []string // -subjects (nil: all)
	realistic  bool
	std        []string
	stdRefused []string
}

// reportTarget is a package to score: its name as shown, the module
// root the commands run in, its pattern there and its directory.
type reportTarget struct {
	group, name, mod, pattern, dir string
}

// textFigures is what the benchmark reads of a text report.
type textFigures struct {
	lines        int      // lines of the whole report
	sectionLines int      // of them, those of the SURVIVORS section
	survivors    int      // "…; N survive" of the headline (-1: no headline)
	killed, of   int      // "the tests kill K of M mutants" of the headline
	ms           *float64 // the headline's score (nil: n/a or none)
	surfaced     int      // rows "#ID" in the SURVIVORS section
	condensed    int      // mutants of functions no test runs, written as one line
	condensedFns int      // those functions
	unshown      int      // "(N more on this line)": survivors the new report counts but does not show
}

// jsonFigures is what the benchmark reads of a JSON report's summary.
type jsonFigures struct {
	mutants, killed, timedOut, equivalent, notRun int
	survivors                                     int // lived + not_covered
	arid                                          int // arid mutants not made
	score                                         *float64
	partial                                       bool
}

// reportRow is one target's figures.
type reportRow struct {
	reportTarget
	srcLines      int
	before, after *textFigures // nil when the command failed
	plain, arid   *jsonFigures
	fails         []string // a command failed, or its report is not whole
	// notes are figures that disagree between the runs: verdicts that
	// vary from one run to the next (map order, timing), not failures.
	notes []string
}

func (r *reportRow) complete() bool {
	return r.before != nil && r.after != nil && r.plain != nil && r.arid != nil
}

var (
	headlineRe  = regexp.MustCompile(`^mutation score (\S+): the tests kill (\d+) of (\d+) mutants.*; (\d+) survive$`)
	noScoreRe   = regexp.MustCompile(`^mutation score n/a`)
	funcHeadRe  = regexp.MustCompile(`^\S.*  \S+:\d+  (\(\d+\)|\d+ survives?[;:].*)$`)
	survRowRe   = regexp.MustCompile(`^\s+#\d+\s`)
	condensedRe = regexp.MustCompile(`^\s+no test runs it: its (\d+) mutants are not covered|  (\d+) survives?: no test runs it`)
	unrunRe     = regexp.MustCompile(`^\s+no test runs lines? [\d, ]+: (\d+) mutants? (is|are) not covered$`)
	moreRe      = regexp.MustCompile(`\((\d+) more on this line\)$`)
)

// countLines counts the lines of a text (a last line without a newline
// counts).
func countLines(text string) int {
	n := strings.Count(text, "\n")
	if text != "" && !strings.HasSuffix(text, "\n") {
		n++
	}
	return n
}

// parseReportText reads a text report of gozilla score, of either shape:
// the old one (every survivor under its line) or the new one (the most
// telling survivor of each line). The SURVIVORS section starts at its
// heading and ends at the first line that is neither indented nor a
// function heading ("Name  path:line  (N)") — the slowest tests, a flaky
// test, the legend.
func parseReportText(text string) textFigures {
	f := textFigures{lines: countLines(text), survivors: -1}
	in, prevBlank := false, false
	for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		if f.survivors < 0 {
			if m := headlineRe.FindStringSubmatch(line); m != nil {
				f.killed, _ = strconv.Atoi(m[2])
				f.of, _ = strconv.Atoi(m[3])
				f.survivors, _ = strconv.Atoi(m[4])
				if v, err := strconv.ParseFloat(m[1], 64); err == nil {
					f.ms = &v
				}
			} else if noScoreRe.MatchString(line) {
				f.survivors = 0
			}
		}
		if strings.HasPrefix(line, "SURVIVORS") {
			in = true
			f.sectionLines++
			continue
		}
		if !in {
			continue
		}
		if line != "" && line[0] != ' ' && line[0] != '\t' && !funcHeadRe.MatchString(line) {
			// The blank line before the line that ends the section is
			// not the section's.
			if prevBlank {
				f.sectionLines--
			}
			in = false
			continue
		}
		prevBlank = line == ""
		f.sectionLines++
		if survRowRe.MatchString(line) {
			f.surfaced++
			if m := moreRe.FindStringSubmatch(line); m != nil {
				n, _ := strconv.Atoi(m[1])
				f.unshown += n
			}
		} else if m := condensedRe.FindStringSubmatch(line); m != nil {
			n, _ := strconv.Atoi(m[1] + m[2])
			f.condensed += n
			f.condensedFns++
		} else if m := unrunRe.FindStringSubmatch(line); m != nil {
			n, _ := strconv.Atoi(m[1])
			f.condensed += n
		}
	}
	return f
}

// parseScoreJSON reads the summary of gozilla score -json.
func parseScoreJSON(data []byte) (jsonFigures, error) {
	var doc struct {
		Summary struct {
			Mutants    int      `json:"mutants"`
			Killed     int      `json:"killed"`
			Lived      int      `json:"lived"`
			TimedOut   int      `json:"timed_out"`
			NotCovered int      `json:"not_covered"`
			Equivalent int      `json:"equivalent"`
			NotRun     int      `json:"not_run"`
			Score      *float64 `json:"score"`
			Partial    bool     `json:"partial"`
			Arid       int      `json:"arid"`
		} `json:"summary"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return jsonFigures{}, err
	}
	s := doc.Summary
	return jsonFigures{mutants: s.Mutants, killed: s.Killed, timedOut: s.TimedOut, equivalent: s.Equivalent, notRun: s.NotRun,
		survivors: s.Lived + s.NotCovered, arid: s.Arid, score: s.Score, partial: s.Partial}, nil
}

// sourceLines counts the lines of the non-test Go files of the package
// directory dir.
func sourceLines(dir string) (int, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, e := range ents {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return 0, err
		}
		n += countLines(string(data))
	}
	return n, nil
}

func benchReport(jobs int, before string, subjects []string, realistic bool, std []string, write string) error {
	env, err := setup("gozilla-bench-report-", false)
	if err != nil {
		return err
	}
	defer os.RemoveAll(env.tmp)
	cfg := &reportConfig{jobs: jobs, before: before, subjects: subjects, realistic: realistic, std: std}
	beforeBin, err := buildRevision(env, before)
	if err != nil {
		return err
	}
	targets, err := reportTargets(env, cfg)
	if err != nil {
		return err
	}
	var rows []*reportRow
	for _, t := range targets {
		r := reportOne(env.gz, beforeBin, t, jobs)
		logReport(r)
		rows = append(rows, r)
	}
	text := reportMarkdown(rows, cfg, headRevision(env.root), machine(), time.Now().UTC().Format("2006-01-02"))
	fmt.Print(text)
	if write != "" {
		return updateSection(write, "report", text)
	}
	return nil
}

// reportTargets copies the subjects, the realistic module and the std
// packages into the scratch directory and lists the packages to score.
func reportTargets(env *benchEnv, cfg *reportConfig) ([]reportTarget, error) {
	var targets []reportTarget
	src := filepath.Join(env.root, "testdata", "subjects")
	subjects, err := subjectList(src, cfg.subjects)
	if err != nil {
		return nil, err
	}
	if len(subjects) > 0 {
		mod := filepath.Join(env.tmp, "subjects")
		if err := copyTree(src, mod, subjects, true); err != nil {
			return nil, err
		}
		for _, s := range subjects {
			targets = append(targets, reportTarget{group: "subjects", name: "subjects/" + s, mod: mod, pattern: "./" + s, dir: filepath.Join(mod, s)})
		}
	}
	if cfg.realistic {
		mod := filepath.Join(env.tmp, "realistic")
		if out, err := exec.Command("cp", "-r", filepath.Join(env.root, "testdata", "realistic"), mod).CombinedOutput(); err != nil {
			return nil, fmt.Errorf("copy testdata/realistic: %v: %s", err, out)
		}
		pkgs, err := listPkgs(mod)
		if err != nil {
			return nil, fmt.Errorf("testdata/realistic: %v", err)
		}
		for _, p := range pkgs {
			targets = append(targets, reportTarget{group: "realistic", name: p.path, mod: mod, pattern: p.pattern(), dir: filepath.Join(mod, p.rel)})
		}
	}
	if len(cfg.std) > 0 {
		mod := filepath.Join(env.tmp, "stdcopy")
		copied, refused := copyStd(env.root, mod, cfg.std)
		cfg.stdRefused = refused
		for _, p := range copied {
			base := filepath.Base(p)
			targets = append(targets, reportTarget{group: "std", name: p + " (copy)", mod: mod, pattern: "./" + base, dir: filepath.Join(mod, base)})
		}
	}
	return targets, nil
}

// reportOne runs the four commands on one target, one after the other.
func reportOne(gz, beforeBin string, t reportTarget, jobs int) *reportRow {
	r := &reportRow{reportTarget: t}
	n, err := sourceLines(t.dir)
	if err != nil {
		r.fails = append(r.fails, "source lines: "+oneLineErr(err))
	}
	r.srcLines = n
	j := strconv.Itoa(jobs)
	run := func(what, bin string, args ...string) []byte {
		args = append([]string{"score", "-j", j, "-cache=off", "-q"}, args...)
		c := exec.Command(bin, append(args, t.pattern)...)
		c.Dir = t.mod
		c.Env = append(os.Environ(), "GOZILLA_CACHE=off")
		var stdout, stderr bytes.Buffer
		c.Stdout, c.Stderr = &stdout, &stderr
		if err := c.Run(); err != nil {
			why := firstLine(stderr.String())
			if why == "" {
				why = firstLine(stdout.String())
			}
			r.fails = append(r.fails, fmt.Sprintf("%s: %v: %s", what, err, why))
			return nil
		}
		return stdout.Bytes()
	}
	if out := run("score (this tree)", gz); out != nil {
		f := parseReportText(string(out))
		r.after = &f
	}
	readJSON := func(what string, args ...string) *jsonFigures {
		out := run(what, gz, args...)
		if out == nil {
			return nil
		}
		f, err := parseScoreJSON(out)
		if err != nil {
			r.fails = append(r.fails, what+": "+oneLineErr(err))
			return nil
		}
		if f.partial {
			r.fails = append(r.fails, what+": a partial report")
		}
		return &f
	}
	r.plain = readJSON("score -json", "-json")
	r.arid = readJSON("score -arid -json", "-arid", "-json")
	if out := run("score (-before)", beforeBin); out != nil {
		f := parseReportText(string(out))
		r.before = &f
	}
	r.check()
	return r
}

// check notes what the figures of a row disagree on: between runs (the
// text and the JSON run, the runs with and without -arid) as notes, and
// within a report (its counts against its headline) as failures.
func (r *reportRow) check() {
	if r.after != nil && r.plain != nil && r.after.survivors != r.plain.survivors {
		r.notes = append(r.notes, fmt.Sprintf("the text run counts %d survivors, the JSON run %d: verdicts that vary from run to run", r.after.survivors, r.plain.survivors))
	}
	if p, x := r.plain, r.arid; p != nil && x != nil {
		if p.mutants+p.arid != x.mutants {
			why := ""
			if p.mutants+p.arid > x.mutants {
				why = " (the arid count includes mutants -arid drops as not compiling)"
			}
			r.notes = append(r.notes, fmt.Sprintf("%d mutants and %d arid not made, but %d with -arid%s", p.mutants, p.arid, x.mutants, why))
		}
		if p.arid == 0 && p.mutants == x.mutants && fmtScore(p.score) != fmtScore(x.score) {
			r.notes = append(r.notes, fmt.Sprintf("no arid mutant, yet MS %s and %s on the same %d mutants: verdicts that vary from run to run", fmtScore(p.score), fmtScore(x.score), p.mutants))
		}
	}
	for _, x := range []struct {
		what string
		f    *textFigures
	}{{"the -before report", r.before}, {"the report", r.after}} {
		if f := x.f; f != nil && f.survivors >= 0 && f.surfaced+f.unshown+f.condensed != f.survivors {
			r.fails = append(r.fails, fmt.Sprintf("%s shows %d survivors, counts %d more and condenses %d, of %d", x.what, f.surfaced, f.unshown, f.condensed, f.survivors))
		}
	}
}

func logReport(r *reportRow) {
	var b strings.Builder
	fmt.Fprintf(&b, "report %s: %d source lines", r.name, r.srcLines)
	if f := r.before; f != nil {
		fmt.Fprintf(&b, "; before: %d lines, %d of %d survivors surfaced, %d condensed", f.lines, f.surfaced, f.survivors, f.condensed)
	}
	if f := r.after; f != nil {
		fmt.Fprintf(&b, "; after: %d lines, %d surfaced, %d condensed", f.lines, f.surfaced, f.condensed)
	}
	if f := r.plain; f != nil {
		fmt.Fprintf(&b, ", %d survivors, MS %s, %d arid", f.survivors, fmtScore(f.score), f.arid)
	}
	if f := r.arid; f != nil {
		fmt.Fprintf(&b, "; -arid: MS %s of %d mutants", fmtScore(f.score), f.mutants)
	}
	if len(r.notes) > 0 {
		fmt.Fprintf(&b, "; note: %s", strings.Join(r.notes, "; "))
	}
	if len(r.fails) > 0 {
		fmt.Fprintf(&b, "; FAIL: %s", strings.Join(r.fails, "; "))
	}
	fmt.Fprintln(os.Stderr, b.String())
}

// headRevision is this tree's HEAD, short, with "+dirty" when the work
// tree has changes.
func headRevision(root string) string {
	c := exec.Command("git", "rev-parse", "--short", "HEAD")
	c.Dir = root
	out, err := c.Output()
	if err != nil {
		return "unknown"
	}
	rev := strings.TrimSpace(string(out))
	st := exec.Command("git", "status", "--porcelain")
	st.Dir = root
	if out, err := st.Output(); err == nil && len(bytes.TrimSpace(out)) > 0 {
		rev += "+dirty"
	}
	return rev
}

// reportFlags is the command line's flags, as the markdown names them.
func reportFlags(cfg *reportConfig) string {
	flags := fmt.Sprintf(" -j %d", cfg.jobs)
	if cfg.before != "" && cfg.before != defaultReportBefore { // "": a benchmark without -before
		flags += " -before " + cfg.before
	}
	if len(cfg.subjects) > 0 {
		flags += " -subjects " + strings.Join(cfg.subjects, ",")
	}
	if !cfg.realistic {
		flags += " -realistic=false"
	}
	if s := strings.Join(cfg.std, ","); s != defaultReportStd {
		if s == "" {
			s = "''"
		}
		flags += " -std " + s
	}
	return flags
}

// defaultReportBefore is the revision before the report changed.
const defaultReportBefore = "4c68169"

// per100 is n lines per 100 source lines.
func per100(n, src int) string {
	if src == 0 {
		return "—"
	}
	return fmt.Sprintf("%.1f", 100*float64(n)/float64(src))
}

// pooledMS is killed / (mutants - equivalent - not run) of summed counts.
func pooledMS(killed, of int) *float64 {
	if of == 0 {
		return nil
	}
	v := float64(killed) / float64(of)
	return &v
}

// reportTotals sums the complete rows.
type reportTotals struct {
	rows, src                           int
	linesB, linesA, sectB, sectA        int
	survB, survA, surfB, surfA          int
	condB, condA, condFnB, condFnA      int
	killedB, ofB, killed, of, killedX   int
	ofX, arid, mutants, mutantsX, aridX int
}

func sumReport(rows []*reportRow) reportTotals {
	var t reportTotals
	for _, r := range rows {
		if !r.complete() {
			continue
		}
		t.rows++
		t.src += r.srcLines
		t.linesB += r.before.lines
		t.linesA += r.after.lines
		t.sectB += r.before.sectionLines
		t.sectA += r.after.sectionLines
		t.survB += r.before.survivors
		t.survA += r.plain.survivors
		t.surfB += r.before.surfaced
		t.surfA += r.after.surfaced
		t.condB += r.before.condensed
		t.condA += r.after.condensed
		t.condFnB += r.before.condensedFns
		t.condFnA += r.after.condensedFns
		t.killedB += r.before.killed
		t.ofB += r.before.of
		t.killed += r.plain.killed + r.plain.timedOut
		t.of += r.plain.mutants - r.plain.equivalent - r.plain.notRun
		t.killedX += r.arid.killed + r.arid.timedOut
		t.ofX += r.arid.mutants - r.arid.equivalent - r.arid.notRun
		t.arid += r.plain.arid
		t.mutants += r.plain.mutants
		t.mutantsX += r.arid.mutants
	}
	return t
}

func reportMarkdown(rows []*reportRow, cfg *reportConfig, rev, host, date string) string {
	var b strings.Builder
	b.WriteString("## Reports a reviewer can act on (issue 32)\n\n")
	fmt.Fprintf(&b, "Measured %s on %s, this tree at %s against gozilla built at %s (the revision before the report changed); `go run ./cmd/gozilla-bench report%s -w BENCHMARKS.md`.\n", date, host, rev, cfg.before, reportFlags(cfg))
	fmt.Fprintf(&b, "Targets: every subject of `testdata/subjects` with its tests, in one scratch module; every package of the module `testdata/realistic`; standard library copies with their own tests (`scripts/stdcopy.sh`). "+
		"On each, one after the other, with `-j %d -cache=off -q` (and `GOZILLA_CACHE=off`): this tree's `gozilla score PKG` (the text report, standard output), its `score -json` and `score -arid -json`, and the %s build's `score PKG`. "+
		"*Source lines* are the lines of the package's non-test `.go` files; *report lines* all lines of the text report (headline, package table, survivors, slowest tests, legend; the slowest tests show only when one takes 1 s or more of the mutant runs (0.1 s before), so a small package's count varies by a few lines from run to run). "+
		"*Survivors* are the mutants that lived or that no test runs (before: the headline's count, arid code mutated; after: `lived + not_covered` of the JSON, arid code not mutated). "+
		"*Surfaced* are the rows `#ID` of the report's SURVIVORS section, one a mutant shown: before, every survivor; after, the most telling of each line of code. "+
		"*Condensed* are the mutants of functions no test runs, which both reports write as one line (\"no test runs it: its N mutants are not covered\") and do not show one by one. "+
		"*MS* is this tree's score without arid code (the default) and with `-arid`; *MS before* the %s build's (it had no arid filter); *arid* the mutants of arid code the default run does not make.\n\n",
		cfg.jobs, cfg.before, cfg.before)
	if len(cfg.stdRefused) > 0 {
		fmt.Fprintf(&b, "Not copied (stdcopy.sh refuses them): %s.\n\n", strings.Join(cfg.stdRefused, ", "))
	}
	b.WriteString("| package | source lines | report lines before / after | per 100 source lines before / after | survivors before / after | surfaced before / after | condensed before / after | MS before | MS / MS -arid | arid mutants |\n")
	b.WriteString("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	dash := "—"
	var notes []string
	for _, r := range rows {
		lines, ratio, surv, surf, cond, msB, ms, arid := dash, dash, dash, dash, dash, dash, dash, dash
		pair := func(a, b string) string { return a + " / " + b }
		bl, al, bs, as, bsf, asf, bc, ac := dash, dash, dash, dash, dash, dash, dash, dash
		bp, ap := dash, dash
		if f := r.before; f != nil {
			bl, bp = strconv.Itoa(f.lines), per100(f.lines, r.srcLines)
			bs, bsf, bc = strconv.Itoa(f.survivors), strconv.Itoa(f.surfaced), strconv.Itoa(f.condensed)
			msB = fmtScore(f.ms)
		}
		if f := r.after; f != nil {
			al, ap = strconv.Itoa(f.lines), per100(f.lines, r.srcLines)
			asf, ac = strconv.Itoa(f.surfaced), strconv.Itoa(f.condensed)
		}
		if f := r.plain; f != nil {
			as = strconv.Itoa(f.survivors)
			arid = strconv.Itoa(f.arid)
		}
		msA, msX := dash, dash
		if r.plain != nil {
			msA = fmtScore(r.plain.score)
		}
		if r.arid != nil {
			msX = fmtScore(r.arid.score)
		}
		lines, ratio, surv, surf, cond, ms = pair(bl, al), pair(bp, ap), pair(bs, as), pair(bsf, asf), pair(bc, ac), pair(msA, msX)
		name := r.name
		if len(r.fails) > 0 {
			name += " †"
			notes = append(notes, fmt.Sprintf("† %s: failed: %s.", r.name, strings.Join(r.fails, "; ")))
		}
		if len(r.notes) > 0 {
			name += " ‡"
			notes = append(notes, fmt.Sprintf("‡ %s: %s.", r.name, strings.Join(r.notes, "; ")))
		}
		fmt.Fprintf(&b, "| %s | %d | %s | %s | %s | %s | %s | %s | %s | %s |\n", mdCell(name), r.srcLines, lines, ratio, surv, surf, cond, msB, ms, arid)
	}
	t := sumReport(rows)
	fmt.Fprintf(&b, "| **total** (%d targets) | %d | %d / %d | %s / %s | %d / %d | %d / %d | %d / %d | %s | %s / %s | %d |\n",
		t.rows, t.src, t.linesB, t.linesA, per100(t.linesB, t.src), per100(t.linesA, t.src), t.survB, t.survA, t.surfB, t.surfA, t.condB, t.condA,
		fmtScore(pooledMS(t.killedB, t.ofB)), fmtScore(pooledMS(t.killed, t.of)), fmtScore(pooledMS(t.killedX, t.ofX)), t.arid)
	b.WriteString("\n")
	if t.rows < len(rows) {
		fmt.Fprintf(&b, "The totals are of the %d targets with every figure; MS totals are pooled (killed over scored mutants, summed). ", t.rows)
	} else {
		b.WriteString("MS totals are pooled (killed over scored mutants, summed). ")
	}
	b.WriteString(reportReading(rows, t))
	b.WriteString("\n")
	if len(notes) > 0 {
		b.WriteString("\n")
		for _, n := range notes {
			b.WriteString(mdCell(n) + "\n")
		}
	}
	return b.String()
}

// reportReading is the table read in a few sentences, from its figures.
func reportReading(rows []*reportRow, t reportTotals) string {
	if t.rows == 0 || t.src == 0 {
		return "No target has every figure.\n"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Over the %d targets the text report goes from %s to %s lines per 100 source lines (%d to %d lines), and shows %d survivors one by one where it showed %d",
		t.rows, per100(t.linesB, t.src), per100(t.linesA, t.src), t.linesB, t.linesA, t.surfA, t.surfB)
	if t.survA > 0 {
		fmt.Fprintf(&b, " (%.1f%% of the %d survivors; %d more are in functions no test runs, one line each)", 100*float64(t.surfA)/float64(t.survA), t.survA, t.condA)
	}
	b.WriteString(". ")
	// The longest reports after the change, and what their length is
	// made of; the highest ratios.
	var done []*reportRow
	for _, r := range rows {
		if r.complete() && r.srcLines > 0 {
			done = append(done, r)
		}
	}
	sort.SliceStable(done, func(i, j int) bool { return done[i].after.lines > done[j].after.lines })
	var long []string
	for _, r := range done[:min(3, len(done))] {
		long = append(long, fmt.Sprintf("%s (%d lines for %d source lines, %d lines of code with a survivor)", r.name, r.after.lines, r.srcLines, r.after.surfaced))
	}
	ratio := func(r *reportRow) float64 { return float64(r.after.lines) / float64(r.srcLines) }
	sort.SliceStable(done, func(i, j int) bool { return ratio(done[i]) > ratio(done[j]) })
	var high []string
	for _, r := range done[:min(2, len(done))] {
		high = append(high, fmt.Sprintf("%s (%s per 100 of its %d source lines)", r.name, per100(r.after.lines, r.srcLines), r.srcLines))
	}
	fixed := t.linesA - t.sectA
	fmt.Fprintf(&b, "The longest reports after the change are those of %s: the new report writes two lines for each line of code with a survivor that tests run (the code; the most telling mutant with what tells it apart), one for the lines of a function no test runs, and two for each function (a blank and its heading, which names the test that runs it), so its length follows the lines the tests leave unchecked, not the mutants on them; the highest ratios, %s, come from the about %d lines every report has of headline, package table, slowest tests and legend (%d of the %d lines in all), which outweigh a small package's code. ",
		strings.Join(long, ", "), strings.Join(high, " and "), fixed/t.rows, fixed, t.linesA)
	var longer []string
	maxPer := 0.0
	for _, r := range done {
		if r.after.lines > r.before.lines {
			longer = append(longer, fmt.Sprintf("%s (%d → %d)", r.name, r.before.lines, r.after.lines))
			if r.after.surfaced > 0 {
				maxPer = max(maxPer, float64(r.before.surfaced)/float64(r.after.surfaced))
			}
		}
	}
	if len(longer) > 0 {
		sort.Strings(longer)
		what := fmt.Sprintf("%d reports got longer", len(longer))
		if len(longer) == 1 {
			what = "One report got longer"
		}
		fmt.Fprintf(&b, "%s, %s: at most %.1f survivors a line of code, so the function headings add more than the mutants left unshown take away. ", what, strings.Join(longer, ", "), maxPer)
	}
	// The arid filter.
	var maxD float64
	var maxName string
	var noisy []string
	for _, r := range done {
		if r.plain.score == nil || r.arid.score == nil {
			continue
		}
		if r.plain.arid == 0 {
			if fmtScore(r.plain.score) != fmtScore(r.arid.score) {
				noisy = append(noisy, r.name)
			}
			continue
		}
		if d := *r.plain.score - *r.arid.score; abs(d) > abs(maxD) {
			maxD, maxName = d, r.name
		}
	}
	unmade := t.mutantsX - t.mutants
	fmt.Fprintf(&b, "The arid filter leaves %d of %d mutants unmade (%.1f%%", unmade, t.mutantsX, 100*float64(unmade)/float64(max(t.mutantsX, 1)))
	if unmade != t.arid {
		fmt.Fprintf(&b, "; the reports say %d: they count the arid mutants before those that do not compile are dropped, see ‡", t.arid)
	}
	fmt.Fprintf(&b, ") and moves the pooled MS from %s (with -arid) to %s", fmtScore(pooledMS(t.killedX, t.ofX)), fmtScore(pooledMS(t.killed, t.of)))
	if maxName != "" {
		fmt.Fprintf(&b, "; on one package by at most %+.3f, on %s", maxD, maxName)
	}
	if len(noisy) > 0 {
		fmt.Fprintf(&b, " (the MS of %s moves too, with no arid mutant: its verdicts vary from run to run)", strings.Join(noisy, ", "))
	}
	b.WriteString(".")
	return b.String()
}

// perLine is the survivors a line of code of the old report: those it
// listed over the lines the new one shows (one survivor each).
func perLine(listed, lines int) string {
	if lines == 0 {
		return "—"
	}
	return fmt.Sprintf("%.1f", float64(listed)/float64(lines))
}

// fmtScore formats a mutation score, "n/a" when there is none.
func fmtScore(p *float64) string {
	if p == nil {
		return "n/a"
	}
	return fmt.Sprintf("%.3f", *p)
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
