package drive

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/gozilla/gozilla/internal/emit"
	"github.com/gozilla/gozilla/internal/engine"
	"github.com/gozilla/gozilla/internal/engines"
	"github.com/gozilla/gozilla/internal/gen"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/report"
	"github.com/gozilla/gozilla/internal/testmod"
	"github.com/gozilla/gozilla/internal/value"
)

const twoInts = `
func %s(a, b int) int {
	if a > b {
		return a - b
	}
	if a == 0 {
		return b * 2
	}
	return a + b
}
`

func pkgSrc(name string, funcs ...string) string {
	src := "package " + name + "\n"
	for _, f := range funcs {
		src += strings.ReplaceAll(twoInts, "%s", f)
	}
	return src
}

// spoiler spoils one row of a test function in every rendering of the
// file that still has it (the same test, whatever its name then).
type spoiler struct {
	fn     string
	target *gen.Test
	edit   func(row, head string) string // head: the row's start, up to its name
}

func (s *spoiler) spoil(res *gen.Result, src string) string {
	if s.target == nil {
		for _, t := range res.Tests {
			if t.Func == s.fn {
				s.target = t
				break
			}
		}
	}
	if s.target == nil || !slices.Contains(res.Tests, s.target) {
		return src
	}
	head := "{name: " + strconv.Quote(s.target.Name)
	lines := strings.Split(src, "\n")
	for i, l := range lines {
		if strings.Contains(l, head+",") || strings.Contains(l, head+"}") {
			lines[i] = s.edit(l, head)
		}
	}
	return strings.Join(lines, "\n")
}

// setField makes field a of a row expr(V), V its value (0 when the row
// leaves it out).
func setField(field, expr string) func(string, string) string {
	re := regexp.MustCompile(`\b` + field + `: ([^,}]+)`)
	return func(row, head string) string {
		if re.MatchString(row) {
			return re.ReplaceAllString(row, field+": "+strings.ReplaceAll(expr, "V", "$1"))
		}
		i := strings.Index(row, head) + len(head)
		return row[:i] + ", " + field + ": " + strings.ReplaceAll(expr, "V", "0") + row[i:]
	}
}

func spoilWith(t *testing.T, spoil map[string]func(*gen.Result, string) string) {
	render = func(res *gen.Result, opt emit.Options) ([]byte, error) {
		src, err := emit.File(res, opt)
		if f := spoil[res.Pkg.Path]; err == nil && f != nil {
			src = []byte(f(res, string(src)))
		}
		return src, err
	}
	t.Cleanup(func() { render = emit.File })
}

func config(t *testing.T, engs string) Config {
	infos, err := engines.Parse(engs)
	if err != nil {
		t.Fatal(err)
	}
	return Config{Name: "{pkg}_gozilla_test.go", Engines: infos, Seed: 1, Workers: 2, Random: 300}
}

func pkgReport(t *testing.T, doc *report.Gen, path string) report.GenPackage {
	for _, p := range doc.Packages {
		if p.Path == path {
			return p
		}
	}
	t.Fatalf("no package %s in the report", path)
	return report.GenPackage{}
}

func hasNote(p report.GenPackage, parts ...string) bool {
	return slices.ContainsFunc(p.Notes, func(n string) bool {
		for _, s := range parts {
			if !strings.Contains(n, s) {
				return false
			}
		}
		return true
	})
}

// TestRunDropsWhatTheCheckBlames: whatever the check of the file finds
// costs only what it is in: a row that does not compile for 386 (go
// vet) or here (go build) its row, a vet finding outside the rows its
// test function, a finding outside every test function (an unused
// import) its package — never the other packages of the run.
func TestRunDropsWhatTheCheckBlames(t *testing.T) {
	testmod.Long(t)
	dir := testmod.Write(t, map[string]string{
		"a/a.go": pkgSrc("a", "Add", "Max"),
		"b/b.go": pkgSrc("b", "Sub"),
		"c/c.go": pkgSrc("c", "Mul"),
	})
	t.Chdir(dir)
	row386 := &spoiler{fn: "TestGozillaAdd", edit: setField("a", "int(1<<40) - 1<<40 + V")}
	rowHere := &spoiler{fn: "TestGozillaSub", edit: setField("b", "V + 0.5")}
	first := map[string]int{} // tests in a package's first rendering
	spoilWith(t, map[string]func(*gen.Result, string) string{
		"example.com/m/a": func(res *gen.Result, src string) string {
			if first["a"] == 0 {
				first["a"] = len(res.Tests)
				for _, t := range res.Tests {
					if t.Unit.Name == "Max" {
						first["Max"]++
					}
				}
			}
			src = row386.spoil(res, src)
			return strings.Replace(src, "func TestGozillaMax(t *testing.T) {\n", "func TestGozillaMax(t *testing.T) {\n\tt.Logf(\"%d\", \"x\")\n", 1)
		},
		"example.com/m/b": func(res *gen.Result, src string) string {
			if first["b"] == 0 {
				first["b"] = len(res.Tests)
			}
			return rowHere.spoil(res, src)
		},
		"example.com/m/c": func(res *gen.Result, src string) string {
			return strings.Replace(src, "import (\n", "import (\n\t\"encoding/xml\"\n", 1)
		},
	})
	res, err := Run(context.Background(), config(t, "random"), "./a", "./b", "./c")
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	doc := res.Doc

	a := pkgReport(t, doc, "example.com/m/a")
	if a.File == "" {
		t.Fatalf("a: no file written: %+v", a)
	}
	src, err := os.ReadFile(filepath.Join(dir, "a", "a_gozilla_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	if row386.target == nil || strings.Contains(string(src), "TestGozillaMax") || !strings.Contains(string(src), "TestGozillaAdd") {
		t.Errorf("a: want TestGozillaAdd without its spoilt row and no TestGozillaMax:\n%s", src)
	}
	if a.Tests != first["a"]-1-first["Max"] {
		t.Errorf("a: %d tests, want %d: %d less the spoilt row and Max's %d", a.Tests, first["a"]-1-first["Max"], first["a"], first["Max"])
	}
	if !hasNote(a, "dropped case", "TestGozillaAdd", "go vet (GOARCH=386)", "overflows") || !hasNote(a, "dropped TestGozillaMax", "unit Max", "go vet", "wrong type") {
		t.Errorf("a: notes %q, want the row and the function dropped, with why", a.Notes)
	}
	said := 0
	for _, m := range doc.Mutants {
		if m.Package == a.Path && m.Func == "Max" && m.Status == mutate.Killed {
			t.Errorf("a: mutant %d of Max still killed: its test function was dropped", m.ID)
		}
		if m.Package == a.Path && m.Func == "Max" && m.Status == mutate.Lived && strings.Contains(m.Why, "TestGozillaMax, which was dropped") {
			said++
		}
	}
	if said == 0 {
		t.Error("a: no mutant of Max says it lives because its test function was dropped")
	}

	b := pkgReport(t, doc, "example.com/m/b")
	if b.File == "" || b.Tests != first["b"]-1 {
		t.Errorf("b: file %q with %d tests, want one written with %d (the spoilt row dropped)", b.File, b.Tests, first["b"]-1)
	}
	if !hasNote(b, "dropped case", "TestGozillaSub", "go build", "truncated") {
		t.Errorf("b: notes %q, want the row dropped, with why", b.Notes)
	}

	if len(doc.Errors) != 1 || doc.Errors[0].Package != "example.com/m/c" || !strings.Contains(doc.Errors[0].Error, "imported and not used") {
		t.Errorf("errors %+v, want one for example.com/m/c (an unused import no row explains)", doc.Errors)
	}
	if _, err := os.Stat(filepath.Join(dir, "c", "c_gozilla_test.go")); !os.IsNotExist(err) {
		t.Errorf("c: a file was written (%v)", err)
	}
}

// badFunc is an engine that proposes, for Apply, an input the harness
// cannot build (a non-nil func without a constructor), and for the other
// units a few pairs of ints.
type badFunc struct{}

func (badFunc) Name() string { return "bad" }

func (badFunc) Solve(ctx context.Context, p *engine.Problem, r engine.Requirement) (engine.Answer, error) {
	if r.Unit == nil {
		return engine.Answer{}, nil
	}
	if r.Unit.Name == "Apply" {
		return engine.Answer{Verdict: engine.Found, Inputs: [][]value.Value{{{}, {I: 1}}}}, nil
	}
	var ins [][]value.Value
	for _, ab := range [][2]int64{{0, 0}, {1, 0}, {0, 1}, {2, 1}, {1, 2}, {-1, 3}, {0, -1}} {
		ins = append(ins, []value.Value{{I: ab[0]}, {I: ab[1]}})
	}
	return engine.Answer{Verdict: engine.Found, Inputs: ins}, nil
}

// TestRunSkipsUnitItCannotRun: an input the harness cannot build for one
// unit skips that unit, with why, and the package's other units get
// their tests.
func TestRunSkipsUnitItCannotRun(t *testing.T) {
	dir := testmod.Write(t, map[string]string{
		"d/d.go": pkgSrc("d", "Add") + `
func Apply(f func(int) int, x int) int {
	if x > 0 {
		return f(x)
	}
	return -x
}
`,
	})
	t.Chdir(dir)
	cfg := config(t, "random")
	cfg.Random = 0
	cfg.Engines = []engines.Info{{Name: "bad", New: func() engine.Engine { return badFunc{} }}}
	res, err := Run(context.Background(), cfg, "./d")
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	d := pkgReport(t, res.Doc, "example.com/m/d")
	var apply *report.Unit
	for i, u := range d.Units {
		if u.Name == "Apply" {
			apply = &d.Units[i]
		}
	}
	if apply == nil || !strings.Contains(apply.Skipped, "non-nil func without a constructor") {
		t.Fatalf("units %+v, want Apply skipped, with why", d.Units)
	}
	if d.Units[0].Name != "Add" || d.Units[1].Name != "Apply" {
		t.Errorf("units %+v, want them in source order", d.Units)
	}
	src, err := os.ReadFile(filepath.Join(dir, "d", "d_gozilla_test.go"))
	if err != nil {
		t.Fatalf("no file written: %v", err)
	}
	if !strings.Contains(string(src), "TestGozillaAdd") || strings.Contains(string(src), "TestGozillaApply") {
		t.Errorf("want Add's tests and not Apply's:\n%s", src)
	}
	for _, m := range res.Doc.Mutants {
		if m.Func == "Apply" && m.Status != mutate.Killed && !strings.Contains(m.Why, "its unit was skipped") {
			t.Errorf("mutant %d of Apply: why %q, want its unit's skip", m.ID, m.Why)
		}
	}
}

// TestReasonShort checks that the note of a dropped row quotes at most
// maxWhy bytes of what go test said, cut on a character boundary: a
// failing row's message can print a whole state (encoding/ascii85's
// (*decoder).Read printed several KB of `d = &{…}`).
func TestReasonShort(t *testing.T) {
	long := "TestGozillaRead/x: (*decoder).Read() state: d = &{" + strings.Repeat("é", 3000) + "}"
	tests := []struct {
		why, wantPrefix string
		wantMax         int
	}{
		{"go test: short", "it failed when", 200},
		{"go test: " + long + "\nsecond line", "it failed when", len("it failed when the generated file ran under go test on the current code (it depends on something outside its inputs): ") + maxWhy + len("…")},
	}
	for _, tt := range tests {
		got := reason(emit.Finding{Kind: emit.Failed, Why: tt.why})
		if !strings.HasPrefix(got, tt.wantPrefix) || len(got) > tt.wantMax || !utf8.ValidString(got) || strings.Contains(got, "second line") {
			t.Errorf("reason(%.40q…) = %q (%d bytes): want a prefix %q, at most %d bytes, valid UTF-8, the first line only", tt.why, got, len(got), tt.wantPrefix, tt.wantMax)
		}
	}
	if got := shorten("abc", 3); got != "abc" {
		t.Errorf("shorten(abc, 3) = %q, want abc", got)
	}
	if got := shorten("aéb", 2); got != "a…" {
		t.Errorf("shorten(aéb, 2) = %q, want a…", got)
	}
}

// TestRegenerateAfterEditElsewhere: after an edit that adds a function
// above the others, regenerating changes only the new function's test:
// the other tests, their rows and comments, stay byte for byte (mutant
// IDs and file lines, which the edit shifts, are not in the comments).
func TestRegenerateAfterEditElsewhere(t *testing.T) {
	const rest = `
// Clamp returns x within [lo, hi].
func Clamp(x, lo, hi int) int {
	if x < lo {
		return lo
	}
	if x > hi {
		return hi
	}
	return x
}

// Sign is the sign of x.
func Sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}
`
	const added = `
// Double doubles x, and more below 0.
func Double(x int) int {
	if x < 0 {
		return 3 * x
	}
	return 2 * x
}
`
	dir := testmod.Write(t, map[string]string{"e/e.go": "package e\n" + rest})
	t.Chdir(dir)
	cfg := config(t, "random")
	file := filepath.Join(dir, "e", "e_gozilla_test.go")
	if _, err := Run(context.Background(), cfg, "./e"); err != nil {
		t.Fatalf("Run: %v", err)
	}
	before, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "e", "e.go"), []byte("package e\n"+added+rest), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), cfg, "./e"); err != nil {
		t.Fatalf("Run after the edit: %v", err)
	}
	after, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	b, a := testFuncs(t, before), testFuncs(t, after)
	if _, ok := a["TestGozillaDouble"]; !ok {
		t.Errorf("no test of the new function:\n%s", after)
	}
	for _, name := range []string{"TestGozillaClamp", "TestGozillaSign"} {
		if b[name] == "" || a[name] != b[name] {
			t.Errorf("%s changed with an edit above it:\nbefore:\n%s\nafter:\n%s", name, b[name], a[name])
		}
	}
}

// TestRegenerateWithCacheAfterEditOfCaller: with the cache on, an edit
// of one function changes only its test, though its rows kill mutants of
// the function it calls, declared after it (whose test's rows the cache
// brings back and whose comments credit its own rows first).
func TestRegenerateWithCacheAfterEditOfCaller(t *testing.T) {
	const src = `package e

// Dist is how far apart a and b are.
func Dist(a, b int) int {
	if a {{op}} b {
		return Abs(a - b)
	}
	return Abs(b - a)
}

// Abs is the magnitude of x.
func Abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Sign is the sign of x.
func Sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}
`
	dir := testmod.Write(t, map[string]string{"e/e.go": strings.Replace(src, "{{op}}", ">", 1)})
	t.Chdir(dir)
	cfg := config(t, "random")
	cfg.CacheDir = t.TempDir()
	file := filepath.Join(dir, "e", "e_gozilla_test.go")
	if _, err := Run(context.Background(), cfg, "./e"); err != nil {
		t.Fatalf("Run: %v", err)
	}
	before, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "e", "e.go"), []byte(strings.Replace(src, "{{op}}", ">=", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), cfg, "./e"); err != nil {
		t.Fatalf("Run after the edit: %v", err)
	}
	after, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	b, a := testFuncs(t, before), testFuncs(t, after)
	for _, name := range []string{"TestGozillaAbs", "TestGozillaSign"} {
		if b[name] == "" || a[name] != b[name] {
			t.Errorf("%s changed with an edit of Dist:\nbefore:\n%s\nafter:\n%s", name, b[name], a[name])
		}
	}
}

// testFuncs maps each top-level function of the Go source src to its
// text.
func testFuncs(t *testing.T, src []byte) map[string]string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x_test.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			out[fd.Name.Name] = string(src[fset.Position(fd.Pos()).Offset:fset.Position(fd.End()).Offset])
		}
	}
	return out
}

// TestCheckRows: the rows score would cite go through gen's check first,
// beside the package's test files (a committed generated file declares
// the same TestGozillaAdd): a row that fails under go test is dropped
// from the result and from the checked file, the others stay.
func TestCheckRows(t *testing.T) {
	committed := "package a\n\nimport \"testing\"\n\nfunc TestGozillaAdd(t *testing.T) {}\n\nfunc gozillaEqual(a, b any) bool { return false }\n"
	dir := testmod.Write(t, map[string]string{"a/a.go": pkgSrc("a", "Add"), "a/a_gozilla_test.go": committed})
	t.Chdir(dir)
	pkgs, err := load.Load(load.Config{Dir: dir}, "./a")
	if err != nil {
		t.Fatal(err)
	}
	res, err := gen.Generate(context.Background(), pkgs[0], gen.Config{Dir: pkgs[0].Dir, Engines: engines.New(mustParse(t, "random")), Seed: 1, Workers: 2, Random: 300})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Tests) < 2 {
		t.Fatalf("%d rows: the test no longer tests what it should", len(res.Tests))
	}
	spoiled := &spoiler{target: res.Tests[0], edit: setField("want", "V + 1")}
	spoilWith(t, map[string]func(*gen.Result, string) string{"example.com/m/a": func(res *gen.Result, src string) string { return spoiled.spoil(res, src) }})
	n := len(res.Tests)
	src, notes, err := CheckRows(context.Background(), pkgs[0], res, nil, "")
	if err != nil {
		t.Fatalf("CheckRows: %v", err)
	}
	if len(res.Tests) != n-1 || slices.Contains(res.Tests, spoiled.target) {
		t.Errorf("%d of %d rows kept, the spoiled one among them: %v", len(res.Tests), n, slices.Contains(res.Tests, spoiled.target))
	}
	if len(notes) == 0 {
		t.Errorf("no note of the dropped row")
	}
	if strings.Contains(string(src), "{name: "+strconv.Quote(spoiled.target.Name)+",") {
		t.Errorf("the checked file still has the spoiled row:\n%s", src)
	}
}

func mustParse(t *testing.T, engs string) []engines.Info {
	infos, err := engines.Parse(engs)
	if err != nil {
		t.Fatal(err)
	}
	return infos
}

// TestDiffClockOnlyTouched: under -diff, the safety clock in a unit the
// diff does not touch is noted and does not make the run partial; in a
// unit it touches, it does.
func TestDiffClockOnlyTouched(t *testing.T) {
	dir := testmod.Write(t, map[string]string{"a/a.go": pkgSrc("a", "Add", "Max")})
	t.Chdir(dir)
	cfg := config(t, "random")
	cfg.UnitWall = time.Nanosecond // every unit's clock fires
	src, err := os.ReadFile(filepath.Join(dir, "a", "a.go"))
	if err != nil {
		t.Fatal(err)
	}
	maxLine := strings.Count(string(src[:strings.Index(string(src), "func Max")]), "\n") + 1
	cfg.Keep = func(file string, line int) bool { return strings.HasSuffix(file, "a.go") && line >= maxLine }
	res, err := Run(context.Background(), cfg, "./a")
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	p := pkgReport(t, res.Doc, "example.com/m/a")
	if !slices.Equal(p.Clock, []string{"Max"}) {
		t.Errorf("clocked units %v, want [Max] (Add is not in the diff)", p.Clock)
	}
	if !hasNote(p, "the safety clock stopped Add, which the diff does not touch") {
		t.Errorf("notes %q lack Add's clock", p.Notes)
	}
}
