package coverage

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/load"
	"golang.org/x/tools/cover"
)

// Expectations in testdata subjects are "// want" comments. Each names
// requirements on its line:
//
//	S"2"      a basic block with 2 statements starts on this line
//	B"text"   a branch outcome with Label text is at this line
//	P"x:12"   a def-use pair of x: defined on line 12, used on this line
//	P"x:12,15" two pairs: x defined on lines 12 and 15, used here
//	U"x"      x, declared on this line, is untracked
//
// A "+" or "-" after the letter (S+"2", P-"x:12") says whether the
// subject's own tests cover the requirement; the end-to-end test checks
// it. A file's "//coverage:check SBPU" comment lists the kinds whose
// requirements the file annotates exhaustively (the static test fails on
// any requirement missing or unexpected); other kinds are not checked.

var (
	wantRe  = regexp.MustCompile(`([SBPU])([+-]?)("(?:[^"\\]|\\.)*")`)
	checkRe = regexp.MustCompile(`//coverage:check ([SBPU]+)`)
)

// want is one expected requirement.
type want struct {
	kind  byte
	cover byte // '+', '-' or 0
	text  string
}

// key locates requirements: file base name and line.
type key struct {
	file string
	line int
}

type fileWants struct {
	check string // kinds checked exhaustively
	lines map[int][]want
}

// readWants parses the expectations of the Go files in dir.
func readWants(t *testing.T, dir string) map[string]*fileWants {
	t.Helper()
	out := map[string]*fileWants{}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		src, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		fw := &fileWants{lines: map[int][]want{}}
		for i, line := range strings.Split(string(src), "\n") {
			if m := checkRe.FindStringSubmatch(line); m != nil {
				fw.check = m[1]
			}
			j := strings.Index(line, "// want ")
			if j < 0 {
				continue
			}
			for _, m := range wantRe.FindAllStringSubmatch(line[j:], -1) {
				text, err := strconv.Unquote(m[3])
				if err != nil {
					t.Fatalf("%s:%d: bad want %s", e.Name(), i+1, m[0])
				}
				var c byte
				if m[2] != "" {
					c = m[2][0]
				}
				texts := []string{text}
				if m[1] == "P" {
					texts = expandPair(text)
				}
				for _, tx := range texts {
					fw.lines[i+1] = append(fw.lines[i+1], want{kind: m[1][0], cover: c, text: tx})
				}
			}
		}
		out[e.Name()] = fw
	}
	return out
}

// expandPair turns "x:12,15" into "x:12", "x:15".
func expandPair(s string) []string {
	v, lines, ok := strings.Cut(s, ":")
	if !ok {
		return []string{s}
	}
	var out []string
	for _, l := range strings.Split(lines, ",") {
		out = append(out, v+":"+l)
	}
	return out
}

// req is one actual requirement, located for comparison.
type req struct {
	key
	kind byte
	text string
	id   int
}

// reqs lists the plan's requirements as the annotations name them.
func reqs(p *Plan) []req {
	var out []req
	for i, b := range p.Blocks {
		out = append(out, req{key{filepath.Base(b.Pos.Filename), b.Pos.Line}, 'S', strconv.Itoa(b.NumStmt), i})
	}
	for i, b := range p.Branches {
		out = append(out, req{key{filepath.Base(b.Pos.Filename), b.Pos.Line}, 'B', b.Label, i})
	}
	for i, pr := range p.Pairs {
		out = append(out, req{key{filepath.Base(pr.Use.Filename), pr.Use.Line}, 'P', fmt.Sprintf("%s:%d", pr.Var, pr.Def.Line), i})
	}
	for i, u := range p.Untracked {
		out = append(out, req{key{filepath.Base(u.Pos.Filename), u.Pos.Line}, 'U', u.Var, i})
	}
	return out
}

// staticDiffs compares the plan's requirements with the annotations.
func staticDiffs(p *Plan, wants map[string]*fileWants) []string {
	var diffs []string
	got := map[key]map[byte][]string{}
	for _, r := range reqs(p) {
		if got[r.key] == nil {
			got[r.key] = map[byte][]string{}
		}
		got[r.key][r.kind] = append(got[r.key][r.kind], r.text)
	}
	for file, fw := range wants {
		if fw.check == "" {
			continue
		}
		lines := map[int]bool{}
		for l := range fw.lines {
			lines[l] = true
		}
		for k := range got {
			if k.file == file {
				lines[k.line] = true
			}
		}
		var sorted []int
		for l := range lines {
			sorted = append(sorted, l)
		}
		sort.Ints(sorted)
		for _, l := range sorted {
			for _, kind := range []byte(fw.check) {
				var w []string
				for _, x := range fw.lines[l] {
					if x.kind == kind {
						w = append(w, x.text)
					}
				}
				g := append([]string(nil), got[key{file, l}][kind]...)
				sort.Strings(w)
				sort.Strings(g)
				if strings.Join(w, "|") != strings.Join(g, "|") {
					diffs = append(diffs, fmt.Sprintf("%s:%d: %c: want %q, got %q", file, l, kind, w, g))
				}
			}
		}
	}
	return diffs
}

// dynamicDiffs compares what was covered with the +/- annotations.
func dynamicDiffs(p *Plan, c *Covered, wants map[string]*fileWants) []string {
	var diffs []string
	type group struct {
		plus, minus, plain int
		covered, total     int
	}
	groups := map[string]*group{}
	gk := func(k key, kind byte, text string) string {
		return fmt.Sprintf("%s:%d %c%q", k.file, k.line, kind, text)
	}
	for file, fw := range wants {
		for l, ws := range fw.lines {
			for _, w := range ws {
				g := groups[gk(key{file, l}, w.kind, w.text)]
				if g == nil {
					g = &group{}
					groups[gk(key{file, l}, w.kind, w.text)] = g
				}
				switch w.cover {
				case '+':
					g.plus++
				case '-':
					g.minus++
				default:
					g.plain++
				}
			}
		}
	}
	for _, r := range reqs(p) {
		g := groups[gk(r.key, r.kind, r.text)]
		if g == nil {
			continue
		}
		var cov bool
		switch r.kind {
		case 'S':
			cov = c.Blocks[r.id]
		case 'B':
			cov = c.Branches[r.id]
		case 'P':
			cov = c.Pairs[r.id]
		default:
			continue
		}
		g.total++
		if cov {
			g.covered++
		}
	}
	var names []string
	for n := range groups {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		g := groups[n]
		if g.plus+g.minus == 0 {
			continue
		}
		if g.plain == 0 && (g.covered != g.plus || g.total-g.covered != g.minus) || g.covered < g.plus || g.total-g.covered < g.minus {
			diffs = append(diffs, fmt.Sprintf("%s: want %d covered and %d not, got %d of %d covered", n, g.plus, g.minus, g.covered, g.total))
		}
	}
	return diffs
}

// copyDir copies the regular files of a tree.
func copyDir(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// stub declares what the schemata helper file declares for the probes,
// initialised as its _gzInit does.
func stub(pkg string) []byte {
	return []byte(`package ` + pkg + `

import (
	_gzos "os"
	_gzstrconv "strconv"
)

var _gzActive = _gzStubInit()

var _gzOut *_gzos.File

func _gzStubInit() int {
	n, _ := _gzstrconv.Atoi(_gzos.Getenv("GOZILLA_MUTANT"))
	if n == -1 {
		if p := _gzos.Getenv("GOZILLA_COVER"); p != "" {
			_gzOut, _ = _gzos.OpenFile(p, _gzos.O_WRONLY|_gzos.O_APPEND|_gzos.O_CREATE, 0644)
		}
	}
	return n
}
`)
}

// loadOne loads the package in dir.
func loadOne(t *testing.T, dir string) *load.Package {
	t.Helper()
	pkgs, err := load.Load(load.Config{Dir: dir, Env: []string{"GOWORK=off", "GOFLAGS=-mod=mod"}}, ".")
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 1 {
		t.Fatalf("%s: %d packages", dir, len(pkgs))
	}
	return pkgs[0]
}

// instrument builds the plan of the package in dir and rewrites it in
// place: inserts, runtime file and stub.
func instrument(t *testing.T, dir string) (*load.Package, *Plan) {
	t.Helper()
	pkg := loadOne(t, dir)
	plan, err := Build(pkg)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range pkg.Files {
		ins := plan.Inserts[f.Path]
		if err := checkInserts(ins); err != nil {
			t.Fatalf("%s: %v", f.Path, err)
		}
		if err := os.WriteFile(f.Path, Apply(f.Src, ins), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(pkg.Dir, RuntimeFile), plan.Runtime, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(pkg.Dir, "zz_gozilla_stub.go"), stub(pkg.Name), 0o644); err != nil {
		t.Fatal(err)
	}
	return pkg, plan
}

// goTest runs go test in dir with extra environment and returns its
// output; a failure is returned, not fatal.
func goTest(t *testing.T, dir string, env []string, args ...string) (string, error) {
	t.Helper()
	return goCmd(dir, append([]string{"test", "-count=1"}, args...), env...)
}

// goCmd runs the go command in dir.
func goCmd(dir string, args []string, env ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOZILLA_MUTANT=", "GOZILLA_COVER=")
	cmd.Env = append(cmd.Env, env...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

var resultRe = regexp.MustCompile(`(?m)^\s*(--- (?:PASS|FAIL|SKIP): \S+|\S+_test\.go:\d+: .*)$`)

// results extracts the test verdicts and logs of go test -v output.
func results(out string) string {
	var lines []string
	for _, m := range resultRe.FindAllStringSubmatch(out, -1) {
		lines = append(lines, m[1])
	}
	return strings.Join(lines, "\n")
}

// profileBlocks reads a -coverprofile into blocks keyed by file base
// name and range.
type profKey struct {
	file           string
	sl, sc, el, ec int
}

func profileBlocks(t *testing.T, path string) map[profKey]cover.ProfileBlock {
	t.Helper()
	profs, err := cover.ParseProfiles(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[profKey]cover.ProfileBlock{}
	for _, p := range profs {
		for _, b := range p.Blocks {
			out[profKey{filepath.Base(p.FileName), b.StartLine, b.StartCol, b.EndLine, b.EndCol}] = b
		}
	}
	return out
}

// compareProfile checks the plan's blocks and their coverage against a
// -coverprofile of the unmodified package, block by block and, as go
// tool cover -func counts them, function by function.
func profileDiffs(p *Plan, c *Covered, prof map[profKey]cover.ProfileBlock) []string {
	var diffs []string
	errorf := func(format string, args ...any) { diffs = append(diffs, fmt.Sprintf(format, args...)) }
	matched := map[profKey]bool{}
	for i, b := range p.Blocks {
		k := profKey{filepath.Base(b.Pos.Filename), b.Pos.Line, b.Pos.Column, b.End.Line, b.End.Column}
		pb, ok := prof[k]
		if !ok {
			errorf("block %d %s:%d.%d,%d.%d (%s): not in the profile", i, k.file, k.sl, k.sc, k.el, k.ec, p.Funcs[b.Func].Name)
			continue
		}
		matched[k] = true
		if pb.NumStmt != b.NumStmt {
			errorf("block %s:%d.%d: %d statements, profile says %d", k.file, k.sl, k.sc, b.NumStmt, pb.NumStmt)
		}
		if (pb.Count > 0) != c.Blocks[i] {
			errorf("block %s:%d.%d,%d.%d (%s): covered %v, profile says count %d", k.file, k.sl, k.sc, k.el, k.ec, p.Funcs[b.Func].Name, c.Blocks[i], pb.Count)
		}
	}
	// Per function, as go tool cover -func: profile blocks within the
	// declaration's range.
	sum := p.Summary(c)
	for i, f := range p.Funcs {
		var total, covered int
		for k, pb := range prof {
			if k.file != filepath.Base(f.Pos.Filename) {
				continue
			}
			if before(k.sl, k.sc, f.Pos.Line, f.Pos.Column) || !before(k.sl, k.sc, f.End.Line, f.End.Column) {
				continue
			}
			if !matched[k] {
				errorf("%s: profile block %d.%d,%d.%d not in the plan", f.Name, k.sl, k.sc, k.el, k.ec)
			}
			total += pb.NumStmt
			if pb.Count > 0 {
				covered += pb.NumStmt
			}
		}
		if sum[i].Stmts != total || sum[i].StmtsCovered != covered {
			errorf("%s: statements %d/%d, profile says %d/%d", f.Name, sum[i].StmtsCovered, sum[i].Stmts, covered, total)
		}
	}
	return diffs
}

func before(l1, c1, l2, c2 int) bool { return l1 < l2 || l1 == l2 && c1 < c2 }

// dump prints the plan's requirements per line (debugging aid, with
// COVERAGE_DUMP=1).
func dump(t *testing.T, p *Plan, c *Covered) {
	if os.Getenv("COVERAGE_DUMP") == "" {
		return
	}
	var b bytes.Buffer
	rs := reqs(p)
	sort.SliceStable(rs, func(i, j int) bool {
		if rs[i].file != rs[j].file {
			return rs[i].file < rs[j].file
		}
		return rs[i].line < rs[j].line
	})
	for _, r := range rs {
		mark := ""
		if c != nil {
			switch r.kind {
			case 'S':
				mark = map[bool]string{true: "+", false: "-"}[c.Blocks[r.id]]
			case 'B':
				mark = map[bool]string{true: "+", false: "-"}[c.Branches[r.id]]
			case 'P':
				mark = map[bool]string{true: "+", false: "-"}[c.Pairs[r.id]]
			}
		}
		fmt.Fprintf(&b, "%s:%d %c%s%q\n", r.file, r.line, r.kind, mark, r.text)
	}
	t.Logf("requirements:\n%s", b.String())
}

// checkInserts checks what Plan.Inserts promise: sorted, no newline,
// wrappers as opening and closing inserts that pair up and nest.
func checkInserts(ins []Insert) error {
	type open struct{ start, end int }
	var stack []open
	for i, x := range ins {
		if strings.Contains(x.Text, "\n") {
			return fmt.Errorf("insert at %d has a newline: %q", x.Offset, x.Text)
		}
		if i > 0 && x.Offset < ins[i-1].Offset {
			return fmt.Errorf("inserts not sorted at %d", x.Offset)
		}
		switch {
		case x.Close:
			if len(stack) == 0 {
				return fmt.Errorf("closing insert at %d without an opening one", x.Offset)
			}
			top := stack[len(stack)-1]
			if top.start != x.Start || top.end != x.Offset {
				return fmt.Errorf("closing insert at %d (start %d) does not close the wrapper [%d, %d)", x.Offset, x.Start, top.start, top.end)
			}
			stack = stack[:len(stack)-1]
		case x.End > x.Offset:
			stack = append(stack, open{x.Offset, x.End})
		case x.End != 0 || x.Start != 0:
			return fmt.Errorf("point insert at %d has End %d, Start %d", x.Offset, x.End, x.Start)
		}
	}
	if len(stack) > 0 {
		return fmt.Errorf("wrapper [%d, %d) not closed", stack[0].start, stack[0].end)
	}
	return nil
}
