package main

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gozilla/gozilla/internal/testmod"
)

func TestSkipClass(t *testing.T) {
	tests := []struct{ reason, want string }{
		{"parameter r: type io.Reader (interface)", "interface"},
		{"receiver *Writer: field output: type io.Writer (interface)", "interface"},
		{"parameter f: func(rune) bool", "func"},
		{"parameter f: func() (int, error)", "func"},
		{"result #1: <-chan int", "channel"},
		{"parameter c: chan int", "channel"},
		{"parameter c: type Events (channel of Event)", "channel"},
		{"parameter x: interface{M() (int, error)}", "interface"},
		{"receiver *Reader: field r: type bufio.Reader (unexported field buf of another package)", "unexported field of another package"},
		{"parameter p: type unsafe.Pointer (unsafe.Pointer)", "unsafe.Pointer"},
		{"parameter b: [2000]byte (array longer than 1024)", "array longer than 1024"},
		{"receiver *Mutex: type sync.Mutex (unexported state of another package's type)", "unexported state of another package's type"},
		{"generic: no type argument satisfies constraint comparable of K", "generic: no type argument satisfies the constraint"},
		{"generic: method with type parameters of its own", "generic: method with type parameters of its own"},
		{"init function", "init function"},
		{"nothing to observe: no receiver, parameters or results", "nothing to observe: no receiver, parameters or results"},
		{"parameter t: weird", "weird"},
	}
	for _, tt := range tests {
		if got := skipClass(tt.reason); got != tt.want {
			t.Errorf("skipClass(%q) = %q; want %q", tt.reason, got, tt.want)
		}
	}
}

func TestGroupSkips(t *testing.T) {
	pkgs := []*supportPkg{
		{path: "example.com/a", skipped: []skippedUnit{
			{"F", "parameter r: type io.Reader (interface)"},
			{"init", "init function"},
		}},
		{path: "b", skipped: []skippedUnit{
			{"G", "parameter f: func(int) int"},
			{"H", "parameter w: type io.Writer (interface)"},
			{"(*T).M", "receiver *T: field w: type io.Writer (interface)"},
			{"K", "parameter w: type io.Writer (interface)"},
		}},
	}
	got := groupSkips(pkgs)
	want := []struct {
		class    string
		count    int
		examples int
	}{
		{"interface", 4, 3},
		{"func", 1, 1},
		{"init function", 1, 1},
	}
	if len(got) != len(want) {
		t.Fatalf("groupSkips: %d groups %+v; want %d", len(got), got, len(want))
	}
	for i, w := range want {
		g := got[i]
		if g.class != w.class || g.count != w.count || len(g.examples) != w.examples {
			t.Errorf("group %d = %q %d (%d examples); want %q %d (%d)", i, g.class, g.count, len(g.examples), w.class, w.count, w.examples)
		}
	}
	if ex := got[0].examples[0]; ex != "`a.F`: parameter r: type io.Reader (interface)" {
		t.Errorf("first example = %q", ex)
	}
}

func TestMedianMax(t *testing.T) {
	tests := []struct {
		xs       []float64
		med, top float64
	}{
		{nil, 0, 0},
		{[]float64{3}, 3, 3},
		{[]float64{5, 1, 3}, 3, 5},
		{[]float64{4, 1, 3, 2}, 2.5, 4},
	}
	for _, tt := range tests {
		med, top := medianMax(tt.xs)
		if med != tt.med || top != tt.top {
			t.Errorf("medianMax(%v) = %v, %v; want %v, %v", tt.xs, med, top, tt.med, tt.top)
		}
	}
}

func TestPercentAndMS(t *testing.T) {
	half := 0.5
	tests := []struct{ got, want string }{
		{percent(19, 20), "19/20 (95.0%)"},
		{percent(0, 0), "0/0"},
		{fmtMS(msResult{score: &half, mutants: 10}), "0.500"},
		{fmtMS(msResult{score: &half, partial: true}), "0.500 (partial)"},
		{fmtMS(msResult{note: "no tests"}), "— (no tests)"},
		{fmtMS(msResult{}), "—"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q; want %q", tt.got, tt.want)
		}
	}
}

func TestExcerpt(t *testing.T) {
	tests := []struct {
		stdout, stderr, want string
	}{
		{"--- FAIL: TestGozillaF (0.00s)\n    x_gozilla_test.go:12: got 1, want 2\nFAIL\nFAIL\texample.com/x\t0.01s\n", "",
			"--- FAIL: TestGozillaF (0.00s) | x_gozilla_test.go:12: got 1, want 2 | FAIL"},
		{"", "# example.com/x\n./x_gozilla_test.go:3:2: cannot use 1 << 40 (untyped int constant) as int value\n",
			"# example.com/x | ./x_gozilla_test.go:3:2: cannot use 1 << 40 (untyped int constant) as int value"},
		{"", "something odd\nlast words\n", "last words"},
	}
	for _, tt := range tests {
		if got := excerpt([]byte(tt.stdout), tt.stderr); got != tt.want {
			t.Errorf("excerpt(%q, %q) = %q; want %q", tt.stdout, tt.stderr, got, tt.want)
		}
	}
}

func TestSupportMarkdown(t *testing.T) {
	ms := func(v float64) *float64 { return &v }
	pkgs := []*supportPkg{
		{group: groupRealistic, path: "count", unitsKnown: true, units: 4, supported: 4, tests: 16, genSecs: 4.2,
			unitSecs: []float64{0.2, 1.5}, unitNames: []string{"CountLines", "Sum"}, file: "count_gozilla_test.go", test: "ok", vet: "ok",
			mutants: 254, own: msResult{score: ms(.494), mutants: 254}, genMS: msResult{score: ms(.727), mutants: 254}},
		{group: groupStd, path: "text/tabwriter", unitsKnown: true, units: 20, supported: 15, tests: 30, genSecs: 60,
			unitSecs: []float64{2, 9}, unitNames: []string{"(*Writer).Write", "(*Writer).Flush"}, file: "tabwriter_gozilla_test.go",
			test: "FAIL", vet: "ok (file 64-bit only)", skipped: []skippedUnit{{"NewWriter", "parameter output: type io.Writer (interface)"}},
			fails: []string{"go test of the generated file alone: --- FAIL: TestGozillaWrite"}},
		{group: groupModules, path: "github.com/x/y", unitsKnown: true, census: true, units: 10, supported: 10, stopped: true, genSecs: 300,
			own: msResult{note: "no tests"}, genMS: msResult{note: "no file"}, notes: []string{"gen stopped at the limit (5m0s): no file written"}},
	}
	mods := []*supportModule{
		{group: groupRealistic, name: "example.com/realistic", goLine: "1.22"},
		{group: groupStd, name: "example.com/stdcopy", goLine: "1.26"},
		{group: groupModules, name: "github.com/x/y@v1.0.0", goLine: "1.13"},
	}
	cfg := &supportConfig{jobs: 2, limit: 300 * time.Second, realistic: true, std: strings.Split(defaultSupportStd, ","), modules: strings.Split(defaultSupportModules, ","), pkgs: strings.Split(defaultSupportPkgs, ","),
		stdRefused: []string{"strings (imports an internal std package)"}}
	md := supportMarkdown(pkgs, mods, cfg, "a machine", "2026-01-01")
	for _, want := range []string{
		"`go run ./cmd/gozilla-bench support -j 2 -limit 5m0s -w BENCHMARKS.md` on a machine, 2026-01-01",
		"**Units supported: 29/34 (85.3%)** over 3 packages (target ≥ 95%: **not met**)",
		"gen failing: **1**.",
		"| testdata/realistic | 1 | 4/4 (100.0%) | 16 | 1 | 4.2 | 0.85 | 1.50 | 0.494 (1) | 0.727 (1) | 0 |",
		"| Standard library copies | 1 | 15/20 (75.0%) | 30 | 1 | 60.0 | 5.50 | 9.00 | — | — | 1 |",
		"| count | 4/4 | 16 | 4.2 | 0.85 | 1.50 | ok | ok | 254 | 0.494 | 0.727 |",
		"| text/tabwriter | 15/20 | 30 | 60.0 | 5.50 | 9.00 | FAIL | ok (file 64-bit only) | 0 | — | — |",
		"| github.com/x/y | 10/10 (dry count) | 0 | 300.0 (stopped) | — | — | — (no file) | — | 0 | — (no tests) | — (no file) |",
		"Not copied (stdcopy.sh refuses a package whose files import an internal std package): strings (imports an internal std package).",
		"Modules: github.com/x/y@v1.0.0 (go 1.13).",
		"| interface | 1 | `tabwriter.NewWriter`: parameter output: type io.Writer (interface) |",
		"| `tabwriter.(*Writer).Flush` | 9.00 |\n| `tabwriter.(*Writer).Write` | 2.00 |\n| `count.Sum` | 1.50 |",
		"- **FAIL** text/tabwriter: go test of the generated file alone: --- FAIL: TestGozillaWrite",
		"- github.com/x/y: gen stopped at the limit (5m0s): no file written",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q:\n%s", want, md)
		}
	}
}

func TestSupportFlags(t *testing.T) {
	base := supportConfig{jobs: 2, limit: 300 * time.Second, realistic: true, std: strings.Split(defaultSupportStd, ","), modules: strings.Split(defaultSupportModules, ","), pkgs: strings.Split(defaultSupportPkgs, ",")}
	other := base
	other.realistic, other.std, other.modules, other.minGo = false, []string{"encoding/hex"}, nil, "1.21"
	tests := []struct {
		cfg  supportConfig
		want string
	}{
		{base, " -j 2 -limit 5m0s"},
		{other, " -j 2 -limit 5m0s -realistic=false -std 'encoding/hex' -modules '' -mingo 1.21"},
	}
	for _, tt := range tests {
		if got := supportFlags(&tt.cfg); got != tt.want {
			t.Errorf("supportFlags = %q; want %q", got, tt.want)
		}
	}
}

func TestNoReport(t *testing.T) {
	tests := []struct {
		res  runResult
		want string
	}{
		{runResult{exit: 2, stderr: "gozilla: example.com/x: package has no test files\n"}, "no tests"},
		{runResult{exit: -1, killed: true}, "killed at the limit, no report"},
		{runResult{exit: -1}, "exit -1, no report"},
		{runResult{exit: 2, stderr: "progress\ngozilla: build failed\n"}, "exit 2: gozilla: build failed"},
	}
	for _, tt := range tests {
		if got := noReport(tt.res); got != tt.want {
			t.Errorf("noReport(%+v) = %q; want %q", tt.res, got, tt.want)
		}
	}
}

func TestFileLines(t *testing.T) {
	out := "# example.com/x\n./version.go:392:20: non-constant format string in call to fmt.Fprintf\n" +
		"./x_gozilla_test.go:12:3: cannot use 1 << 40 (untyped int constant 1099511627776) as int value in struct literal (overflows)\n"
	tests := []struct{ out, base, want string }{
		{out, "x_gozilla_test.go", "./x_gozilla_test.go:12:3: cannot use 1 << 40 (untyped int constant 1099511627776) as int value in struct literal (overflows)"},
		{out, "y_gozilla_test.go", ""},
		{out, "", ""},
		{"vet: a_test.go:3: x redeclared\n\tother declaration of x at a_gozilla_test.go:9:6\n", "a_gozilla_test.go", "other declaration of x at a_gozilla_test.go:9:6"},
	}
	for _, tt := range tests {
		if got := fileLines(tt.out, tt.base); got != tt.want {
			t.Errorf("fileLines(%q, %q) = %q; want %q", tt.out, tt.base, got, tt.want)
		}
	}
}

func TestShortPkgAndTailLine(t *testing.T) {
	tests := []struct{ got, want string }{
		{shortPkg("github.com/Masterminds/semver/v3"), "semver/v3"},
		{shortPkg("github.com/google/uuid"), "uuid"},
		{shortPkg("count"), "count"},
		{shortPkg("v2"), "v2"},
		{tailLine("a\nb\n\n", 10), "b"},
		{tailLine("0123456789abc", 8), "01234..."},
		{tailLine("", 8), ""},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q; want %q", tt.got, tt.want)
		}
	}
}

// rowsLib is the package the generated-file snippets of TestClassifyRows
// test.
const rowsLib = `package lib

type Stack struct{ items []int }

func New() *Stack             { return &Stack{} }
func (s *Stack) Push(x int)   { s.items = append(s.items, x) }
func (s *Stack) Len() int     { return len(s.items) }

type Point struct{ x, y int }

func (p Point) Sum() int { return p.x + p.y }

type Pair struct{ A, B int }

func Swap(p Pair) Pair { return Pair{p.B, p.A} }

type Shaper interface{ Area() int }

func Area(s Shaper) int { return s.Area() }

func Add(a, b int) int { return a + b }
`

// rowsHelper is a generated file's helper: 12 lines.
const rowsHelper = `func gozillaPanic(f func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = "panic"
			if e, ok := r.(error); ok {
				msg = e.Error()
			}
		}
	}()
	f()
	return ""
}
`

// rowsTest builds a generated file: its build line, extra imports, and
// its test functions (and other declarations).
func rowsTest(build, imports string, decls ...string) string {
	return "// Code generated by gozilla gen. DO NOT EDIT.\n" + build + "\npackage lib\n\nimport (\n\t\"testing\"" + imports + "\n)\n\n" +
		strings.Join(decls, "\n") + "\n" + rowsHelper
}

// rowsTable is a TestGozilla function: its table's fields, rows and the
// loop's body.
func rowsTable(name, fields, rows, body string) string {
	return "func TestGozilla" + name + "(t *testing.T) {\n\ttests := []struct {\n\t\tname string\n" + fields + "\n\t}{\n" + rows + "\n\t}\n" +
		"\tfor _, tt := range tests {\n\t\tt.Run(tt.name, func(t *testing.T) {\n" + body + "\n\t\t})\n\t}\n}\n"
}

var (
	rowsAdd = rowsTable("Add", "a, b int\nwant int", `{name: "a=1", a: 1, want: 1},
{name: "a=1,b=2", a: 1, b: 2, want: 3},`, `if got := Add(tt.a, tt.b); got != tt.want {
	t.Errorf("Add() = %v, want %v", got, tt.want)
}`)
	rowsLen = rowsTable("Stack_Len", "s *Stack\nwant int\nwantPanic string", `{name: "s=New+Push", s: func() *Stack { s := New(); s.Push(1); return s }(), want: 1},
{name: "s=nil", wantPanic: "runtime error: invalid memory address or nil pointer dereference"},
{name: "s=nil, said", s: nil, wantPanic: "runtime error: invalid memory address or nil pointer dereference"},
{name: "s=&Stack{items:[1]}", s: &Stack{items: []int{1}}, want: 1},
{name: "s=&Stack{} index", s: &Stack{}, wantPanic: "runtime error: index out of range"},`, `var got int
p := gozillaPanic(func() { got = tt.s.Len() })
if p != tt.wantPanic {
	t.Fatalf("s.Len() panicked with %q, want %q", p, tt.wantPanic)
}
if got != tt.want {
	t.Errorf("s.Len() = %v, want %v", got, tt.want)
}`)
	rowsSum = rowsTable("Point_Sum", "p Point\nwant int", `{name: "p", p: Point{1, 2}, want: 3},`, `if got := tt.p.Sum(); got != tt.want {
	t.Errorf("p.Sum() = %v, want %v", got, tt.want)
}`)
	rowsSwap = rowsTable("Swap", "p Pair\nwant Pair", `{name: "p", p: Pair{A: 1}, want: Pair{B: 1}},`, `if got := Swap(tt.p); got != tt.want {
	t.Errorf("Swap() = %v, want %v", got, tt.want)
}`)
	rowsNew = rowsTable("New", "want *Stack", `{name: "call", want: &Stack{}},
{name: "call2", want: &Stack{items: []int{}}},`, `if got := New(); got.Len() != tt.want.Len() {
	t.Errorf("New() = %v, want %v", got, tt.want)
}`)
	rowsArea = rowsTable("Area", "s Shaper\nwant int", `{name: "s", s: &gozillaShaper{area: 2}, want: 2},`, `if got := Area(tt.s); got != tt.want {
	t.Errorf("Area() = %v, want %v", got, tt.want)
}`) + "\ntype gozillaShaper struct{ area int }\n\nfunc (f *gozillaShaper) Area() int { return f.area }\n"
	rowsWide = rowsTable("Add", "a    int64 // int; a 64-bit value in some rows\nb    int\nwant uint64 // uint; a 64-bit value in some rows", `{name: "a=1<<40", a: 1 << 40, want: 1 << 40},
{name: "a=1", a: 1, want: 1},
{name: "a=-1,b=2", a: -1, b: 2, want: 1},
{name: "want=1<<32", a: 1 << 31, b: 1 << 31, want: 1 << 32},`, `if int64(int(tt.a)) != tt.a || uint64(uint(tt.want)) != tt.want {
	t.Skip("this row's values need 64-bit ints")
}
if got := Add(int(tt.a), tt.b); uint64(got) != tt.want {
	t.Errorf("Add() = %v, want %v", got, tt.want)
}`)
	rowsAdd64 = strings.Replace(rowsAdd, "\ttests := []struct", "\tif strconv.IntSize < 64 {\n\t\tt.Skip(\"the rows need a 64-bit int\")\n\t}\n\ttests := []struct", 1)
)

func TestClassifyRows(t *testing.T) {
	helper := strings.Count(rowsHelper, "\n")
	for _, tt := range []struct {
		name string
		file string
		want rowKinds
	}{
		{
			name: "built through the API, nil panics, unexported fields",
			file: rowsTest("", "", rowsAdd, rowsLen),
			want: rowKinds{files: 1, rows: 7, api: 4, nilPanic: 2, unexported: 1, fields: []string{"Stack.items"}, helperLines: helper},
		},
		{
			name: "positional literals and expected values count; fakes and exported fields do not",
			file: rowsTest("", "", rowsSum, rowsSwap, rowsNew, rowsArea),
			want: rowKinds{files: 1, rows: 5, api: 3, unexported: 2, fields: []string{"Point.x", "Point.y", "Stack.items"}, helperLines: helper},
		},
		{
			name: "a 64-bit file",
			file: rowsTest("//go:build !386 && !arm && !mips && !mipsle\n", "", rowsAdd, rowsSwap),
			want: rowKinds{files: 1, rows: 3, api: 3, only64: 3, only64Files: 1, helperLines: helper},
		},
		{
			name: "a table marked 64-bit",
			file: rowsTest("", "\n\t\"strconv\"", rowsAdd64, rowsSwap),
			want: rowKinds{files: 1, rows: 3, api: 3, only64: 2, helperLines: helper},
		},
		{
			name: "rows that skip themselves on 32-bit targets",
			file: rowsTest("", "", rowsWide),
			want: rowKinds{files: 1, rows: 4, api: 4, only64: 2, helperLines: helper},
		},
		{
			name: "helper vars and unsafe",
			file: rowsTest("", "\n\t\"unsafe\"", rowsSwap, "var gozillaWord = unsafe.Sizeof(0)\n\nvar other = 1\n"),
			want: rowKinds{files: 1, rows: 1, api: 1, helperLines: helper + 1, unsafe: true},
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := testmod.Write(t, map[string]string{"lib/lib.go": rowsLib, "lib/lib_gozilla_test.go": tt.file})
			got, err := classifyDir(dir, "./lib", []string{"lib_gozilla_test.go"})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("classifyDir = %+v\nwant %+v\n%s", got, tt.want, tt.file)
			}
		})
	}
}

func TestSupportRowsMarkdown(t *testing.T) {
	ms := func(v float64) *float64 { return &v }
	pkgs := []*supportPkg{
		{group: groupStd, path: "heap", file: "heap_gozilla_test.go", own: msResult{score: ms(.9)}, genMS: msResult{score: ms(.95)},
			genBuild: genBuild{kinds: &rowKinds{files: 1, rows: 20, api: 19, nilPanic: 1, helperLines: 30}, zeroRows: []string{"Fix"}},
			before: &genBuild{kinds: &rowKinds{files: 1, rows: 10, api: 2, unexported: 8, only64: 10, only64Files: 1, fields: []string{"IntHeap.a"}, helperLines: 40, unsafe: true},
				ms: msResult{score: ms(.3)}, zeroRows: []string{"Fix", "Init"}}},
		{group: groupModules, path: "github.com/gobwas/glob", file: "glob_gozilla_test.go", own: msResult{score: ms(.8)}, genMS: msResult{score: ms(.5)},
			genBuild: genBuild{kinds: &rowKinds{files: 1, rows: 10, api: 8, unexported: 2, fields: []string{"a.b", "c.d", "e.f", "node.children", "node.parent"}, helperLines: 5}, zeroRows: []string{"Compile"}},
			before:   &genBuild{ms: msResult{note: "no file"}, zeroRows: []string{"Compile"}}},
		{group: groupModules, path: "github.com/x/y"},
	}
	cfg := &supportConfig{jobs: 2, limit: 300 * time.Second, realistic: true, std: strings.Split(defaultSupportStd, ","), modules: strings.Split(defaultSupportModules, ","),
		pkgs: strings.Split(defaultSupportPkgs, ","), before: "abc123"}
	md := supportMarkdown(pkgs, nil, cfg, "a machine", "2026-01-01")
	for _, want := range []string{
		"`go run ./cmd/gozilla-bench support -j 2 -limit 5m0s -before abc123 -w BENCHMARKS.md`",
		"Each cell is *abc123 → this tree*",
		"| heap | 10 → 20 | 2 → 19 | 8 (IntHeap.a) → 0 | 0 → 1 | 10 → 0 | 40 → 30 | yes → no | 0.900 | 0.300 → 0.950 |",
		"| github.com/gobwas/glob | — → 10 | — → 8 | — → 2 (a.b, c.d, e.f, node.children, …) | — → 0 | — → 0 | — → 5 | — → no | 0.800 | — (no file) → 0.500 |",
		"| github.com/x/y | — → — | — → — |",
		"| **total** | 10 → 30 | 2/10 (20.0%) → 27/30 (90.0%) | 8/10 (80.0%) → 2/30 (6.7%) | 0/10 (0.0%) → 1/30 (3.3%) | 10/10 (100.0%) → 0/30 (0.0%) | 40 → 35 | yes → no | | |",
		"| target | abc123 | this tree |",
		"| generated MS ≥ own MS on ≥ 70% of the packages (with both scores) | 0/1 (0.0%): **not met** | 1/2 (50.0%): **not met** |",
		"| container/heap: generated MS ≥ .85 | 0.300: **not met** | 0.950: met |",
		"| nil-panic rows ≤ 5% | 0/10 (0.0%): met | 1/30 (3.3%): met |",
		"| unexported-field rows ≤ 10% | 8/10 (80.0%): **not met** | 2/30 (6.7%): met |",
		"| no 64-bit-only file | 1 of 1 files: **not met** | 0 of 2 files: met |",
		"- heap: Fix (abc123: Fix, Init)",
		"- github.com/gobwas/glob: Compile\n",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q:\n%s", want, md)
		}
	}
}
