package main

// This file implements the heldout benchmark (issue 52): the file gozilla
// gen writes on packages nobody tuned gozilla for, third-party modules at
// pinned versions fetched from the module proxy. Each target is a
// package, in a scratch copy of its module (the module cache is never
// written), one command at a time, with the gozilla setup builds from
// the working tree:
//
//   - gozilla score -json -q -cache=off -j N -deadline D with the
//     package's own tests: their MS and the wall time;
//   - gozilla gen -json -q -cache=off -j N -deadline D: the wall time,
//     the exit code, the rows (the report's cases), its suspects (the
//     rows left out because their outcome looks like a bug) and notes;
//   - the file's pass rate: 20 separate runs of go test -count=1
//     -shuffle=on -run ^TestGozilla, counting those that pass;
//   - its rows by kind (rows.go: API, unexported fields — a direct
//     state —, nil panic) and the rows that use a fake (a type named
//     gozilla… the file declares);
//   - the file's MS alone: the package's own _test.go files moved out of
//     the copy (the generated file and testdata stay), gozilla score
//     -json -q -cache=off -evidence=false -equiv=false -j N -deadline D,
//     and the files put back.

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/gozilla/gozilla/internal/emit"
	"github.com/gozilla/gozilla/internal/report"
	"github.com/gozilla/gozilla/internal/value"
)

// defaultHeldout are issue 52's targets, module@version with the
// package's directory in the module after it ("" for the root).
const defaultHeldout = "github.com/deckarep/golang-set/v2@v2.9.0,github.com/iancoleman/strcase@v0.3.0," +
	"github.com/golang/geo@v0.0.0-20260818125358-b200a1149890/r1,github.com/golang/geo@v0.0.0-20260818125358-b200a1149890/s1," +
	"github.com/pmezard/go-difflib@v1.0.0/difflib,github.com/hashicorp/golang-lru/v2@v2.0.7/simplelru," +
	"github.com/google/uuid@v1.6.0,github.com/Masterminds/semver/v3@v3.5.0,github.com/dustin/go-humanize@v1.1.0"

// heldoutRuns is how many times go test runs the generated file.
const heldoutRuns = 20

// heldoutTarget is one package: module@version/dir.
type heldoutTarget struct {
	name   string // as given
	modver string // module@version
	rel    string // the package's directory in the module, slash-separated ("" for the root)
}

// parseHeldoutTarget reads module@version[/dir].
func parseHeldoutTarget(s string) (heldoutTarget, error) {
	s = strings.TrimSpace(s)
	mod, rest, ok := strings.Cut(s, "@")
	if !ok || mod == "" {
		return heldoutTarget{}, fmt.Errorf("target %q: want module@version[/dir]", s)
	}
	version, rel, _ := strings.Cut(rest, "/")
	if version == "" {
		return heldoutTarget{}, fmt.Errorf("target %q: no version", s)
	}
	if rel != "" {
		rel = path.Clean(rel)
		if rel == "." {
			rel = ""
		}
		if rel == ".." || strings.HasPrefix(rel, "../") || strings.HasPrefix(rel, "/") {
			return heldoutTarget{}, fmt.Errorf("target %q: the directory %q is outside the module", s, rel)
		}
	}
	return heldoutTarget{name: s, modver: mod + "@" + version, rel: rel}, nil
}

// pkg is the package, as support lists it (its import path left out).
func (t heldoutTarget) pkg() listedPkg { return listedPkg{rel: filepath.FromSlash(orDot(t.rel))} }

// pattern is the package's pattern in its module.
func (t heldoutTarget) pattern() string { return t.pkg().pattern() }

// orDot is rel, "." when empty.
func orDot(rel string) string {
	if rel == "" {
		return "."
	}
	return rel
}

// heldoutPkg is what the benchmark reads of a package of gen's report
// (report.GenPackage): speed's fields, and the rows, notes and suspects.
type heldoutPkg struct {
	speedPkg
	Cases    []json.RawMessage `json:"cases"`
	Notes    []string          `json:"notes"`
	Suspects []json.RawMessage `json:"suspects"`
	OwnVet   string            `json:"own_vet"`
}

// heldoutResult is the figures of one target.
type heldoutResult struct {
	target heldoutTarget
	err    string // why nothing was measured (fetch, copy)

	own              msResult
	ownSecs          float64
	genRan, reported bool // gen ran; it wrote a report of the package
	genSecs          float64
	genExit          int
	genErr           string // why gen wrote no report or no file
	cases, suspects  int
	file             string // the generated file's base name ("" when none)
	runs, passes     int
	firstFail        string
	kinds            *rowKinds
	fakes            int
	alone            msResult
	notes            []string
	ownRan, aloneRan bool
}

// heldoutConfig is what the run was asked; the markdown names it.
type heldoutConfig struct {
	jobs     int
	deadline time.Duration
	targets  []string
	keep     string // where the generated files are copied ("": nowhere)
}

func benchHeldout(cfg *heldoutConfig, write string) error {
	var targets []heldoutTarget
	for _, s := range cfg.targets {
		t, err := parseHeldoutTarget(s)
		if err != nil {
			return err
		}
		targets = append(targets, t)
	}
	env, err := setup("gozilla-bench-heldout-", false)
	if err != nil {
		return err
	}
	defer os.RemoveAll(env.tmp)
	fetched := map[string]string{} // module@version → its copy, or "" with fetchErr
	fetchErr := map[string]string{}
	var results []*heldoutResult
	for i, t := range targets {
		r := &heldoutResult{target: t}
		results = append(results, r)
		if _, ok := fetched[t.modver]; !ok {
			dir, _, err := fetchModule(env.tmp, t.modver, "")
			fetched[t.modver] = dir
			if err != nil {
				fetchErr[t.modver] = "fetch: " + firstLine(err.Error())
			}
		}
		if e := fetchErr[t.modver]; e != "" {
			r.err = e
			logHeldout(r)
			continue
		}
		dir := filepath.Join(env.tmp, fmt.Sprintf("heldout-%d", i))
		if err := copyDir(fetched[t.modver], dir); err != nil {
			r.err = firstLine(err.Error())
			logHeldout(r)
			continue
		}
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(t.rel))); err != nil {
			r.err = "no directory " + orDot(t.rel) + " in the module"
			logHeldout(r)
			continue
		}
		heldoutOne(env, cfg, r, dir, filepath.Join(env.tmp, fmt.Sprintf("heldout-%d-aside", i)))
		logHeldout(r)
	}
	md := heldoutMarkdown(results, cfg, machine(), time.Now().UTC().Format("2006-01-02"))
	fmt.Print(md)
	if write != "" {
		return updateSection(write, "heldout", md)
	}
	return nil
}

// heldoutOne measures one target in its copy dir; aside is where the
// package's own tests go while the file is scored alone.
func heldoutOne(env *benchEnv, cfg *heldoutConfig, r *heldoutResult, dir, aside string) {
	t := r.target
	pattern := t.pattern()
	j, d := strconv.Itoa(cfg.jobs), cfg.deadline.String()
	limit := cfg.deadline + 2*time.Minute

	r.own, r.ownSecs = heldoutScore(env.gz, dir, limit, "-j", j, "-deadline", d, pattern)
	r.ownRan = true
	fmt.Fprintf(os.Stderr, "heldout %s: own tests MS %s, %.1f s\n", t.name, fmtMS(r.own), r.ownSecs)

	res := runWithin(dir, limit, env.gz, "gen", "-json", "-q", "-cache=off", "-j", j, "-deadline", d, pattern)
	r.genRan, r.genSecs, r.genExit = true, res.secs, res.exit
	var doc struct {
		Packages []heldoutPkg `json:"packages"`
	}
	switch {
	case json.Unmarshal(res.stdout, &doc) != nil:
		r.genErr = "gen: " + noReport(res)
	case len(doc.Packages) != 1:
		r.genErr = fmt.Sprintf("gen: the report has %d packages, want 1", len(doc.Packages))
	}
	if r.genErr != "" {
		return
	}
	p := doc.Packages[0]
	r.reported = true
	r.cases, r.suspects = len(p.Cases), len(p.Suspects)
	for _, n := range p.Notes {
		r.notes = append(r.notes, "gen's note: "+n)
	}
	if p.Skipped != "" {
		r.notes = append(r.notes, "gen skipped the package: "+p.Skipped)
	}
	if p.Partial {
		r.notes = append(r.notes, "gen's report is partial (the deadline)")
	}
	if res.exit != 0 {
		if last := strings.TrimSpace(lastNonProgress(res.stderr)); last != "" {
			r.notes = append(r.notes, fmt.Sprintf("gen exit %d: %s", res.exit, tailLine(last, 300)))
		}
	}
	if p.File == "" {
		r.genErr = "gen wrote no file"
		return
	}
	file := p.File
	if !filepath.IsAbs(file) {
		file = filepath.Join(dir, file)
	}
	r.file = filepath.Base(file)
	fmt.Fprintf(os.Stderr, "heldout %s: gen %.1f s, exit %d, %d rows, %d suspects\n", t.name, r.genSecs, r.genExit, r.cases, r.suspects)

	args := []string{"test", "-count=1", "-shuffle=on", "-run", "^TestGozilla", pattern}
	if p.OwnVet != "" {
		// The package's own test files fail go vet (difflib's Examples
		// of functions that no longer exist): the file is judged on its
		// own rows, under -vet=off; gen's check did the same.
		args = append(args[:1], append([]string{"-vet=off"}, args[1:]...)...)
		r.notes = append(r.notes, "the package's own tests fail go vet, so the file's runs are go test -vet=off")
	}
	for range heldoutRuns {
		run := runWithin(dir, limit, "go", args...)
		r.runs++
		if run.exit == 0 && !run.killed {
			r.passes++
		} else if r.firstFail == "" {
			r.firstFail = excerpt(run.stdout, run.stderr)
		}
	}
	fmt.Fprintf(os.Stderr, "heldout %s: the file passes %d/%d runs\n", t.name, r.passes, r.runs)

	var g genBuild
	g.classify(dir, t.pkg(), r.file)
	r.kinds = g.kinds
	if g.kindsErr != "" {
		r.notes = append(r.notes, "its rows could not be classified: "+g.kindsErr)
	} else if r.kinds.rows != r.cases {
		r.notes = append(r.notes, fmt.Sprintf("the file has %d rows, gen's report %d cases", r.kinds.rows, r.cases))
	}
	if src, err := os.ReadFile(file); err != nil {
		r.notes = append(r.notes, "reading the file: "+err.Error())
	} else {
		if r.fakes, err = heldoutFakes(src); err != nil {
			r.notes = append(r.notes, "parsing the file for fakes: "+firstLine(err.Error()))
		}
		if cfg.keep != "" {
			// A copy to read (.txt: no go command builds it there).
			name := strings.NewReplacer("/", "_", "@", "_").Replace(t.name) + "_" + r.file + ".txt"
			if err := os.MkdirAll(cfg.keep, 0o755); err == nil {
				err = os.WriteFile(filepath.Join(cfg.keep, name), src, 0o644)
			}
			if err != nil {
				fmt.Fprintf(os.Stderr, "heldout: keeping the file: %v\n", err)
			}
		}
	}

	r.alone, r.aloneRan = heldoutAlone(filepath.Dir(file), r.file, aside, func() (msResult, float64) {
		return heldoutScore(env.gz, dir, limit, "-evidence=false", "-j", j, "-deadline", d, pattern)
	})
	fmt.Fprintf(os.Stderr, "heldout %s: the file alone MS %s\n", t.name, fmtMS(r.alone))
}

// heldoutAlone moves the _test.go files of pkgDir but the generated one
// to aside, scores, and moves them back.
func heldoutAlone(pkgDir, generated, aside string, score func() (msResult, float64)) (msResult, bool) {
	ents, err := os.ReadDir(pkgDir)
	if err != nil {
		return msResult{note: err.Error()}, false
	}
	if err := os.MkdirAll(aside, 0o755); err != nil {
		return msResult{note: err.Error()}, false
	}
	var moved []string
	defer func() {
		for _, name := range moved {
			if err := os.Rename(filepath.Join(aside, name), filepath.Join(pkgDir, name)); err != nil {
				fmt.Fprintf(os.Stderr, "heldout: putting %s back: %v\n", name, err)
			}
		}
	}()
	for _, e := range ents {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, "_test.go") || name == generated {
			continue
		}
		if err := os.Rename(filepath.Join(pkgDir, name), filepath.Join(aside, name)); err != nil {
			return msResult{note: "moving the own tests aside: " + err.Error()}, false
		}
		moved = append(moved, name)
	}
	ms, _ := score()
	return ms, true
}

// heldoutScore runs gozilla score -json -q -cache=off args... in dir: its
// MS (or why there is none) and the wall time.
func heldoutScore(gz, dir string, limit time.Duration, args ...string) (msResult, float64) {
	res := runWithin(dir, limit, gz, append([]string{"score", "-json", "-q", "-cache=off"}, args...)...)
	var doc report.Score
	if json.Unmarshal(res.stdout, &doc) != nil {
		return msResult{note: noReport(res)}, res.secs
	}
	m := msResult{score: doc.Summary.Score, mutants: doc.Summary.Mutants, partial: doc.Summary.Partial || res.killed}
	for _, e := range doc.Errors {
		m.detail = e.String()
	}
	if m.score == nil && m.note == "" {
		m.note = fmt.Sprintf("no MS, exit %d", res.exit)
		if m.detail != "" {
			m.note += ": " + m.detail
		}
	}
	return m, res.secs
}

// heldoutFakes counts the rows of a generated file's TestGozilla* tables
// that name a fake: a type whose name starts with gozilla declared in the
// file itself.
func heldoutFakes(src []byte) (int, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "gen_test.go", src, parser.SkipObjectResolution)
	if err != nil {
		return 0, err
	}
	fakes := map[string]bool{}
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.TYPE {
			continue
		}
		for _, s := range gd.Specs {
			if ts := s.(*ast.TypeSpec); strings.HasPrefix(ts.Name.Name, value.FakePrefix) {
				fakes[ts.Name.Name] = true
			}
		}
	}
	n := 0
	for _, t := range emit.Tables(f, nil) {
		if !strings.HasPrefix(t.Func.Name.Name, "TestGozilla") || t.Lit == nil {
			continue
		}
		for _, r := range t.Rows {
			uses := false
			ast.Inspect(r.Lit, func(x ast.Node) bool {
				if id, ok := x.(*ast.Ident); ok && fakes[id.Name] {
					uses = true
				}
				return !uses
			})
			if uses {
				n++
			}
		}
	}
	return n, nil
}

// logHeldout writes one target's progress line.
func logHeldout(r *heldoutResult) {
	c := heldoutCells(r)
	fmt.Fprintf(os.Stderr, "heldout %s: %s\n", r.target.name, strings.Join(c, " | "))
}

// heldoutCells are a target's cells after its name: gen s, exit, rows,
// API rows, direct-state rows, rows with fakes, suspects, file passes,
// gen-alone MS, own-tests MS, score s.
func heldoutCells(r *heldoutResult) []string {
	c := []string{"—", "—", "—", "—", "—", "—", "—", "—", "—", "—", "—"}
	if r.err != "" {
		return c
	}
	if r.ownRan {
		c[9], c[10] = heldoutMS(r.own), fmt.Sprintf("%.1f", r.ownSecs)
	}
	if !r.genRan {
		return c
	}
	c[0], c[1] = fmt.Sprintf("%.1f", r.genSecs), strconv.Itoa(r.genExit)
	if !r.reported {
		return c
	}
	c[2], c[6] = strconv.Itoa(r.cases), strconv.Itoa(r.suspects)
	if r.file == "" {
		c[8] = "— (no file)"
		return c
	}
	if k := r.kinds; k != nil {
		c[3], c[4] = strconv.Itoa(k.api), rowCell(k.unexported, k.fields)
	}
	c[5] = strconv.Itoa(r.fakes)
	c[7] = fmt.Sprintf("%d/%d", r.passes, r.runs)
	if r.aloneRan {
		c[8] = heldoutMS(r.alone)
	}
	return c
}

// heldoutMS is an MS cell: fmtMS, with a long reason for no MS left to
// the notes.
func heldoutMS(m msResult) string {
	if m.score == nil && len(m.note) > 40 {
		return "— (see the notes)"
	}
	return fmtMS(m)
}

// heldoutFlags is the command line's flags, as the markdown names them.
func heldoutFlags(cfg *heldoutConfig) string {
	s := fmt.Sprintf(" -j %d -deadline %s", cfg.jobs, cfg.deadline)
	if strings.Join(cfg.targets, ",") != defaultHeldout {
		s += " -pkgs " + strings.Join(cfg.targets, ",")
	}
	return s
}

func heldoutMarkdown(results []*heldoutResult, cfg *heldoutConfig, host, date string) string {
	var b strings.Builder
	b.WriteString("## Generated files on packages nobody tuned for (issue 52)\n\n")
	fmt.Fprintf(&b, "Measured %s on %s; `go run ./cmd/gozilla-bench heldout%s -w BENCHMARKS.md`.\n", date, host, heldoutFlags(cfg))
	fmt.Fprintf(&b, "Each target is a package of a third-party module at a pinned version, fetched from the module proxy, measured in a scratch copy of its module, one command at a time, with gozilla built from the working tree. "+
		"*Own-tests MS* and *score s*: `gozilla score -json -q -cache=off -j %[1]d -deadline %[2]s` with the package's own tests. "+
		"*Gen s*, *exit*, *rows* (the report's cases) and *suspects* (the rows gen left out because their outcome looks like a bug): `gozilla gen -json -q -cache=off -j %[1]d -deadline %[2]s`. "+
		"*File passes*: of %[3]d separate runs of `go test -count=1 -shuffle=on -run '^TestGozilla'`, those that passed. "+
		"*API*, *direct-state* (a row that spells a value of one of the package's own struct types through its unexported fields; the fields in parentheses) as rows.go classifies the rows (issue 30), and *rows with fakes* (a row that names a type `gozilla…` the file declares). "+
		"*Gen-alone MS*: the package's own `_test.go` files moved out of the copy (the generated file and testdata stay), `gozilla score -json -q -cache=off -evidence=false -j %[1]d -deadline %[2]s`, and the files put back.\n\n",
		cfg.jobs, cfg.deadline, heldoutRuns)
	b.WriteString("| package | gen s | exit | rows | API rows | direct-state rows | rows with fakes | suspects | file passes | gen-alone MS | own-tests MS | score s |\n|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	var notes []string
	files, allPass := 0, 0
	for _, r := range results {
		fmt.Fprintf(&b, "| %s | %s |\n", r.target.name, strings.Join(heldoutCells(r), " | "))
		if r.file != "" && r.runs > 0 {
			files++
			if r.passes == r.runs {
				allPass++
			}
		}
		note := func(s string) { notes = append(notes, fmt.Sprintf("- %s: %s", r.target.name, mdCell(s))) }
		if r.err != "" {
			note("**not measured**: " + r.err)
			continue
		}
		if r.own.score == nil {
			note("own tests: no MS: " + r.own.note)
		} else if r.own.detail != "" {
			note("own tests' score: " + r.own.detail)
		}
		if r.genErr != "" {
			note(r.genErr)
		}
		for _, n := range r.notes {
			note(n)
		}
		if r.firstFail != "" {
			note(fmt.Sprintf("the file failed %d of %d runs; the first failure: %s", r.runs-r.passes, r.runs, r.firstFail))
		}
		if r.aloneRan && r.alone.score == nil {
			note("the file alone: no MS: " + r.alone.note)
		} else if r.alone.detail != "" {
			note("the file alone's score: " + r.alone.detail)
		}
	}
	fmt.Fprintf(&b, "\nfiles that passed all %d runs: %d/%d\n\n", heldoutRuns, allPass, files)
	if len(notes) > 0 {
		b.WriteString("### Notes\n\n" + strings.Join(notes, "\n") + "\n\n")
	}
	return b.String()
}
