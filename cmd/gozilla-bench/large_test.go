package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/report"
)

func TestLargeParseMoments(t *testing.T) {
	got, err := parseMoments(" 1s, build+1s,tests,progress+10s ,")
	if err != nil {
		t.Fatal(err)
	}
	want := []moment{{"start", time.Second}, {"build", time.Second}, {"tests", 0}, {"progress", 10 * time.Second}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("parseMoments = %v; want %v", got, want)
	}
	var texts []string
	for _, m := range got {
		texts = append(texts, m.String())
	}
	if s := strings.Join(texts, ","); s != "1s,build+1s,tests,progress+10s" {
		t.Errorf("the moments print as %q", s)
	}
	def, err := parseMoments(defaultLargeSignals)
	if err != nil {
		t.Fatal(err)
	}
	texts = nil
	for _, m := range def {
		texts = append(texts, m.String())
	}
	if s := strings.Join(texts, ","); s != defaultLargeSignals {
		t.Errorf("the default moments print as %q; want %q", s, defaultLargeSignals)
	}
	if got, err := parseMoments(""); err != nil || len(got) != 0 {
		t.Errorf(`parseMoments("") = %v, %v; want none`, got, err)
	}
	for _, bad := range []string{"soon", "link+1s", "build+x", "-1s", "build+-2s"} {
		if _, err := parseMoments(bad); err == nil {
			t.Errorf("parseMoments(%q): no error", bad)
		}
	}
}

func TestLargeParseStat(t *testing.T) {
	stat := "4242 (pkg (x).test) S 4200 4100 4100 0 -1 4194560 100 0 0 0 1 2 0 0 20 0 3 0 987654 1000 10 18446744073709551615\n"
	p, ok := parseStat(stat)
	if !ok {
		t.Fatal("parseStat: not ok")
	}
	if p.state != "S" || p.ppid != 4200 || p.pgrp != 4100 || p.start != "987654" {
		t.Errorf("parseStat = %+v", p)
	}
	if _, ok := parseStat("4242 (short) S 1 2"); ok {
		t.Error("parseStat of a short line: ok")
	}
}

func TestLargeDescendants(t *testing.T) {
	procs := map[int]proc{
		1:  {ppid: 0},
		10: {ppid: 1},
		11: {ppid: 10},
		12: {ppid: 10},
		13: {ppid: 12},
		20: {ppid: 1},
		21: {ppid: 20},
	}
	if got, want := descendants(procs, 10), []int{11, 12, 13}; !reflect.DeepEqual(got, want) {
		t.Errorf("descendants(10) = %v; want %v", got, want)
	}
	if got := descendants(procs, 13); len(got) != 0 {
		t.Errorf("descendants(13) = %v; want none", got)
	}
}

func TestLargeProcClass(t *testing.T) {
	tests := []struct {
		argv []string
		want string
	}{
		{[]string{"/usr/local/go/bin/go", "list", "-json", "./..."}, "load"},
		{[]string{"go", "test", "-c", "-vet=off", "-overlay=/tmp/x/overlay.json", "-o", "/tmp/x/pkg.test", "example.com/p"}, "build"},
		{[]string{"go", "build", "./..."}, "build"},
		{[]string{"go", "test", "-vet=off", "-gcflags=-e", "-overlay", "/tmp/o.json", "-count=1", "-json", "."}, "check"},
		{[]string{"go", "vet", "."}, "vet"},
		{[]string{"go", "env", "GOROOT"}, "go env"},
		{[]string{"/usr/local/go/pkg/tool/linux_amd64/compile", "-o", "x"}, "tool"},
		{[]string{"/tmp/go-build1/b001/decimal.test", "-test.run", "^TestGozilla"}, "tool"},
		{[]string{"/tmp/gozilla-score-1/pkg.test", "-test.list", "."}, "list"},
		{[]string{"/tmp/gozilla-score-1/pkg.test", "-test.run", "^TestA$"}, "tests"},
		{[]string{"/tmp/gozilla-gen-1/pkg.test"}, "tests"},
		{[]string{"/bin/sh", "-c", "x"}, "sh"},
		{nil, ""},
		{[]string{""}, ""},
	}
	for _, tt := range tests {
		if got := procClass(tt.argv); got != tt.want {
			t.Errorf("procClass(%q) = %q; want %q", tt.argv, got, tt.want)
		}
	}
}

func TestLargePhaseName(t *testing.T) {
	scoreLine := "github.com/x/p: 12/300 mutants decided"
	genLine := "github.com/x/p: 40/300 mutants killed · unit 3/20 (*Set).Add"
	tests := []struct {
		command   string
		classes   []string
		seenBuild bool
		progress  string
		want      string
	}{
		{"score", []string{"load"}, false, "", "loading (go list)"},
		{"score", nil, false, "", "loading or mutant generation (in process)"},
		{"gen", nil, false, "", "loading or mutants and units (in process)"},
		{"score", []string{"build", "tool"}, true, "", "build of the test binary (go test -c)"},
		{"gen", []string{"build"}, true, "", "build of the harness binary (go test -c)"},
		{"score", []string{"list"}, true, "", "listing the tests"},
		{"score", []string{"tests"}, true, "", "baseline (the tests on the original)"},
		{"score", []string{"tests"}, true, scoreLine, "mutant runs (12/300 decided)"},
		{"score", nil, true, "github.com/x/p: 300/300 mutants decided", "after the mutant runs (300/300 decided): proofs"},
		{"score", nil, true, "", "after the build (in process)"},
		{"gen", []string{"tests"}, true, "", "harness started, before the first unit"},
		{"gen", []string{"tests"}, true, genLine, "random pass or later (last progress: unit 3/20 (*Set).Add, 40/300 killed)"},
		{"gen", []string{"check", "tool"}, true, genLine, "check of the file (go test)"},
		{"gen", []string{"vet"}, true, genLine, "vet of the file (go vet)"},
	}
	for _, tt := range tests {
		if got := phaseName(tt.command, tt.classes, tt.seenBuild, tt.progress); got != tt.want {
			t.Errorf("phaseName(%s, %v, %v, %q) = %q; want %q", tt.command, tt.classes, tt.seenBuild, tt.progress, got, tt.want)
		}
	}
}

func TestLargeProgressLines(t *testing.T) {
	for line, want := range map[string]bool{
		"gozilla: github.com/x/p: 12/300 mutants decided":                     true,
		"gozilla: github.com/x/p: 0/300 mutants killed · unit 1/20 pow10":     true,
		"gozilla: deadline 20s reached: the report is partial":                false,
		"github.com/x/p: 12/300 mutants decided":                              false,
		"gozilla: interrupted":                                                false,
		"gozilla: github.com/x/p: build github.com/x/p: x.go:6:2: not used":   false,
		"gozilla: github.com/x/p: 0/300 mutants killed · unit 12/20 (*T).Get": true,
	} {
		if got := isProgress(line); got != want {
			t.Errorf("isProgress(%q) = %v; want %v", line, got, want)
		}
	}
	stderr := "gozilla: p: 1/3 mutants decided\ngozilla: interrupted\ngozilla: p: 2/3 mutants decided\n"
	if got := lastNonProgress(stderr); got != "gozilla: interrupted" {
		t.Errorf("lastNonProgress = %q", got)
	}
}

func TestLargeParseReports(t *testing.T) {
	ms := []report.Mutant{
		{ID: 1, Package: "p", Status: mutate.Killed},
		{ID: 2, Package: "p", Status: mutate.Lived},
		{ID: 3, Package: "p", Status: mutate.NotCovered},
		{ID: 4, Package: "p", Status: mutate.NotRun},
	}
	doc := report.NewScore([]report.Package{{Path: "p", Partial: true}}, ms, 12)
	doc.Summary.Stopped = "interrupted"
	var buf bytes.Buffer
	if err := doc.JSON(&buf); err != nil {
		t.Fatal(err)
	}
	f, err := parseScoreReport(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if f.mutants != 4 || f.decided != 3 || !f.partial || f.stopped != "interrupted" || f.score == nil {
		t.Errorf("parseScoreReport = %+v", f)
	}
	if _, err := parseScoreReport(nil); err == nil {
		t.Error("parseScoreReport(nil): no error")
	}
	if _, err := parseScoreReport([]byte(`{"schema":"gozilla.gen/v1"}`)); err == nil {
		t.Error("parseScoreReport of a gen document: no error")
	}

	g := report.NewGen([]report.GenPackage{{
		Path: "p", File: "p_gozilla_test.go", Tests: 2,
		Counts: report.Counts{Mutants: 5, Killed: 3, Lived: 1, NotCovered: 1},
		Phases: []report.GenPhase{{Name: "mutants and units", Seconds: 2.5}, {Name: "build", Seconds: 4}},
		Units:  []report.Unit{{Name: "F"}, {Name: "G", Skipped: "parameter f: func()"}, {Name: "H"}},
		Clock:  []string{"H"},
	}}, nil, 30)
	buf.Reset()
	if err := g.JSON(&buf); err != nil {
		t.Fatal(err)
	}
	f, err = parseGenReport(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	// The safety clock's units make the result partial (exit 4).
	want := figures{mutants: 5, decided: 5, partial: true, score: f.score, units: 3, supported: 2, tests: 2, file: "p_gozilla_test.go", prepSecs: 2.5, hasPrep: true, clock: 1}
	if !reflect.DeepEqual(f, want) || f.score == nil || *f.score != 0.6 {
		t.Errorf("parseGenReport = %+v; want %+v (score 0.6)", f, want)
	}
	stopped := report.NewGen([]report.GenPackage{{Path: "p", Partial: true, Counts: report.Counts{Mutants: 7, NotRun: 7}}}, nil, 3)
	buf.Reset()
	stopped.JSON(&buf)
	f, err = parseGenReport(buf.Bytes())
	if err != nil || f.decided != 0 || !f.partial || f.hasPrep {
		t.Errorf("parseGenReport of a stopped run = %+v, %v", f, err)
	}
}

func TestLargePickPkgs(t *testing.T) {
	listed := []listedPkg{{"github.com/x/m", "."}, {"github.com/x/m/cmd/tool", "cmd/tool"}, {"github.com/x/m/sub", "sub"}}
	if got := pickPkgs(listed, "github.com/x/m", nil); !reflect.DeepEqual(got, listed[:1]) {
		t.Errorf("pickPkgs without -pkgs = %v; want the root", got)
	}
	if got := pickPkgs(listed, "github.com/x/m", []string{"github.com/x/m/sub", "github.com/y/other"}); !reflect.DeepEqual(got, listed[2:]) {
		t.Errorf("pickPkgs with -pkgs = %v; want sub", got)
	}
	if got := pickPkgs(listed[1:], "github.com/x/m", nil); len(got) != 0 {
		t.Errorf("pickPkgs of a module with no root package = %v; want none", got)
	}
}

// largeFixture is a result of one target: score stopped at the
// deadline, gen failed, two signalled runs of each command.
func largeFixture() *largeResult {
	score := 0.5
	run := func(w *watched, f figures, reported bool, why string) *largeRun {
		return &largeRun{w: w, fig: f, reported: reported, why: why}
	}
	r := &largeResult{
		target: largeTarget{module: "github.com/x/m@v1.0.0", path: "github.com/x/m", pattern: "."},
		mg:     mutGen{mutants: 1000, loadSecs: 1.5, genSecs: 4},
		score:  run(&watched{secs: 61.2, exit: 3}, figures{mutants: 1000, decided: 950, partial: true, stopped: "deadline 1m0s reached", score: &score}, true, ""),
		gen:    run(&watched{secs: 19, exit: 2, stderr: "gozilla: m: build m: harness.go:6:2: \"encoding/binary\" imported and not used\n"}, figures{}, false, "no report (standard output empty)"),
		dry:    run(&watched{secs: 20, exit: 0}, figures{mutants: 1200, prepSecs: 6, hasPrep: true}, true, ""),
	}
	r.sigScore = []*largeRun{
		run(&watched{exit: 130, sent: true, signalAt: 1.02, exitAfter: 0.31, phase: "loading (go list)"}, figures{mutants: 1000, partial: true, stopped: "interrupted"}, true, ""),
		run(&watched{exit: 130, sent: true, signalAt: 9.5, exitAfter: 2.6, phase: "build of the test binary (go test -c)", tmpLeft: []string{"gozilla-score-1", "go-build2", "x"}}, figures{mutants: 1000, decided: 0, partial: true, stopped: "interrupted"}, true, ""),
	}
	r.sigScore[0].moment = moment{"start", time.Second}
	r.sigScore[1].moment = moment{"build", time.Second}
	r.sigGen = []*largeRun{
		run(&watched{exit: 130, sent: true, signalAt: 1.1, exitAfter: 0.2, phase: "loading or mutants and units (in process)"}, figures{partial: true, stopped: "interrupted"}, true, ""),
		run(&watched{exit: 2, secs: 19}, figures{}, false, "no report (standard output empty)"),
	}
	r.sigGen[0].moment = moment{"start", time.Second}
	r.sigGen[1].moment = moment{"build", time.Second}
	r.sigGen[0].w.stray = []string{"/tmp/gozilla-gen-1/pkg.test (pid 77)"}
	return r
}

func TestLargeVerdicts(t *testing.T) {
	v := largeVerdictsOf([]*largeResult{largeFixture()})
	if !v.scoredMet || v.signals != 3 || v.late != 1 || v.reports != 3 || v.gzLeft != 1 || v.goBuild != 1 || v.strays != 1 || v.maxAfter != 2.6 {
		t.Errorf("largeVerdictsOf = %+v", v)
	}
	r := largeFixture()
	r.score.fig.decided = 899 // below 90%
	if v := largeVerdictsOf([]*largeResult{r}); v.scoredMet {
		t.Error("89.9% decided at the deadline: met")
	}
	r.score.fig.partial, r.score.fig.decided = false, 1000
	if v := largeVerdictsOf([]*largeResult{r}); !v.scoredMet {
		t.Error("scored to the end: not met")
	}
}

func TestLargeMarkdown(t *testing.T) {
	cfg := &largeConfig{jobs: 2, deadline: time.Minute, grace: 30 * time.Second, modules: strings.Split(defaultLargeModules, ",")[:1],
		signals: []moment{{"start", time.Second}, {"build", time.Second}}, modsBad: []string{"github.com/y/z@v1: go mod download: 404"}}
	md := largeMarkdown([]*largeResult{largeFixture()}, cfg, "Test CPU, 2 CPUs, go1.24", "2025-01-02")
	for _, want := range []string{
		"## Large packages: score and gen to the end, and SIGTERM (issue 31)\n\n",
		"Measured 2025-01-02 on Test CPU, 2 CPUs, go1.24; `go run ./cmd/gozilla-bench large -j 2 -deadline 1m0s -modules github.com/bits-and-blooms/bitset@v1.29.0 -signals '1s,build+1s' -w BENCHMARKS.md`.",
		"Not measured: github.com/y/z@v1: go mod download: 404.",
		"| scored to the end, or to the -deadline with ≥ 90% decided | m: 950/1000 (95.0%) decided | met |",
		"| SIGTERM ends every phase within 2 s | 3 signals, the longest exit 2.60 s after one, 1 later | **not met** |",
		"| the partial report written | 3 of 3 signalled runs | met |",
		"| nothing left behind: no gozilla temp dir, no go-build dir of a go command it started, no process | runs that left gozilla temp dirs: 1; go-build dirs: 1; processes: 1 | **not met** |",
		"| github.com/x/m | 1000 | 1.5 | 4.0 | 250 | 1200 | 6.0 (dry run) | 200 |",
		"| github.com/x/m | 1000 | 950/1000 (95.0%) | yes (deadline 1m0s reached) | 3 | 61.2 | 0.500 | nothing |",
		"| github.com/x/m | 0 | 0/0 | — | 2 | 19.0 | — | — | — | 0 | nothing |",
		"| github.com/x/m | score | 1s | 1.0 | loading (go list) | 0.31 | 130 | yes, partial (interrupted), 0/1000 (0.0%) decided | nothing |",
		"| github.com/x/m | score | build+1s | 9.5 | build of the test binary (go test -c) | **2.60** | 130 | yes, partial (interrupted), 0/1000 (0.0%) decided | **1 gozilla temp dirs**, **1 go-build dirs**, 1 other temp entries |",
		"| github.com/x/m | gen | 1s | 1.1 | loading or mutants and units (in process) | 0.20 | 130 | yes, partial (interrupted), 0/0 decided | **1 processes** |",
		"| github.com/x/m | gen | build+1s | — | not sent: it exited at 19.0 s, before the moment | — | 2 | **no**: no report (standard output empty) | nothing |",
		"- github.com/x/m, gen: no report (exit 2): `gozilla: m: build m: harness.go:6:2: \"encoding/binary\" imported and not used`",
		"- github.com/x/m, score, SIGTERM at build+1s: left in its TMPDIR: gozilla-score-1, go-build2, x",
		"- github.com/x/m, gen, SIGTERM at 1s: **processes alive after its exit**: /tmp/gozilla-gen-1/pkg.test (pid 77)",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("the markdown lacks %q:\n%s", want, md)
		}
	}
	// The default command line names no default flag.
	cfg = &largeConfig{jobs: 2, deadline: 15 * time.Minute, grace: 30 * time.Second, modules: strings.Split(defaultLargeModules, ",")}
	cfg.signals, _ = parseMoments(defaultLargeSignals)
	if got := largeFlags(cfg); got != " -j 2 -deadline 15m0s" {
		t.Errorf("largeFlags of the defaults = %q", got)
	}
}

func TestLargeCells(t *testing.T) {
	killed := &largeRun{w: &watched{sent: true, signalAt: 3, exitAfter: 30.1, killed: true, exit: -1, phase: "mutant runs (1/2 decided)"}}
	if at, phase, after := signalCells(killed); at != "3.0" || phase != "mutant runs (1/2 decided)" || after != "**> 30 (SIGKILL)**" {
		t.Errorf("signalCells of a killed run = %q, %q, %q", at, phase, after)
	}
	if got := exitCell(killed.w); got != "-1 (SIGKILL after the grace)" {
		t.Errorf("exitCell = %q", got)
	}
	limit := &watched{sent: true, limitHit: true, exit: 3}
	if got := exitCell(limit); got != "3 (SIGTERM at the limit)" {
		t.Errorf("exitCell at the limit = %q", got)
	}
	long := []string{"/usr/local/go/pkg/tool/linux_amd64/compile", "-o", "/tmp/t/go-build1/b125/_pkg_.a", "-trimpath", strings.Repeat("x", 100)}
	if got := procLabel(long); got != "compile -o /tmp/t/go-build1/b125/_pkg_.a -trimpath xxxxxxxxxxxxxxxxxxxxxxxxxxxx…" {
		t.Errorf("procLabel = %q", got)
	}
	if got := procLabel([]string{"/tmp/w/pkg.test"}); got != "pkg.test" {
		t.Errorf("procLabel = %q", got)
	}
	if got := rate(100, 0); got != "—" {
		t.Errorf("rate(100, 0) = %q", got)
	}
	full := &largeRun{reported: true, fig: figures{mutants: 10, decided: 10, clock: 2}}
	if got := partialText(full); got != "no (a safety clock stopped 2 units)" {
		t.Errorf("partialText = %q", got)
	}
}

// TestLargeSynthetic: -synthetic writes a module whose function has the
// lines asked; -synthetic, -load and -ends=false are named in the
// command line, and with -ends=false the markdown has the SIGTERM table
// alone.
func TestLargeSynthetic(t *testing.T) {
	tgt, err := syntheticTarget(t.TempDir(), 2000)
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(tgt.src, "big", "big.go"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(src), "\n"); n < 2000 || n > 2010 || tgt.pattern != "./big" {
		t.Errorf("the synthetic package has %d lines (pattern %q), want a 2,000-line function", n, tgt.pattern)
	}
	cfg := &largeConfig{jobs: 2, deadline: 15 * time.Minute, grace: 30 * time.Second, modules: strings.Split(defaultLargeModules, ","), synthetic: 2000, load: true, signalsOnly: true}
	cfg.signals, _ = parseMoments(defaultLargeSignals)
	if got := largeFlags(cfg); got != " -j 2 -deadline 15m0s -synthetic 2000 -load -ends=false" {
		t.Errorf("largeFlags = %q", got)
	}
	r := largeFixture()
	r.score, r.gen, r.dry = nil, nil, nil
	md := largeMarkdown([]*largeResult{r}, cfg, "Test CPU", "2025-01-02")
	if strings.Contains(md, "### gozilla score") || !strings.Contains(md, "### SIGTERM") || !strings.Contains(md, "beside busy loops") {
		t.Errorf("-ends=false -load: the markdown is\n%s", md)
	}
}
