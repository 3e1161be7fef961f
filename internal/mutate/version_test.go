package mutate

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/load"
)

// loadAt writes files as package p of a fresh module whose go.mod says
// `go goVersion` and loads it.
func loadAt(t testing.TB, goVersion string, files map[string]string) *load.Package {
	t.Helper()
	dir := t.TempDir()
	all := map[string]string{"go.mod": "module example.com/p\n\ngo " + goVersion + "\n"}
	for name, src := range files {
		all[name] = src
	}
	for name, src := range all {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pkgs, err := load.Load(load.Config{Dir: dir}, ".")
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 1 {
		t.Fatalf("loaded %d packages, want 1", len(pkgs))
	}
	return pkgs[0]
}

// checkAt type-checks pkg with file path's contents replaced by src at
// language version goVersion, independently of the package's own checker
// (each file's //go:build line applies as the compiler applies it).
func checkAt(pkg *load.Package, goVersion, path string, src []byte) error {
	fset := token.NewFileSet()
	var files []*ast.File
	for _, f := range pkg.Files {
		content := f.Src
		if f.Path == path {
			content = src
		}
		af, err := parser.ParseFile(fset, f.Path, content, 0)
		if err != nil {
			return err
		}
		files = append(files, af)
	}
	conf := types.Config{Importer: pkg.Importer(), GoVersion: goVersion}
	_, err := conf.Check(pkg.Path, fset, files, nil)
	return err
}

// versionSrc has ABS sites over every kind of signed number, named types
// among them, constants for CRP and CSR, and a loop.
const versionSrc = `package p

type Celsius float64

type Small int8

func Abs(x int, y float64, c Celsius, s Small, f float32, i64 int64) (int, float64, Celsius, Small, float32, int64) {
	if x < 0 {
		x = -x
	}
	return x * 2, y - 1.5, c + 0.25, s ^ 0x7f, f / 3, i64 % 1000
}

func Sum(xs []int) int {
	t := 0
	for i := 0; i < len(xs); i++ {
		t += xs[i] << 2
	}
	for k := 1; k < len(xs); k <<= 1 {
		t ^= k >> 1
	}
	return t
}
`

// shadowSrc declares its own max and min, as code written before go1.21
// often does: max(e, -e) would call them, so abs is the closure at every
// version.
const shadowSrc = `package p

func max(a, b int) int {
	if a > b {
		return a
	}
	return b
}

func min(a, b int) int { return a + b }

func F(x int, y float64) (int, float64) { return max(x, 1), y * 2 }
`

// TestSameMutantsAtEveryVersion generates the mutants of the same code
// under go directives on both sides of go1.21 (min and max) and go1.13
// (signed shift counts: an untyped constant count's wrapper, SCR), and
// checks that the mutants are the same: count, IDs, operators, spans, and
// dropped counts; that each one, applied to its file, type-checks at its
// module's version; and that ABS is spelled with min/max exactly where
// the builtins exist.
func TestSameMutantsAtEveryVersion(t *testing.T) {
	sources := []struct {
		name string
		src  string
		// builtins: whether abs is max(e, -e) from go1.21 on
		builtins bool
	}{
		{"numbers", versionSrc, true},
		{"shadowed min and max", shadowSrc, false},
	}
	versions := []string{"1.12", "1.16", "1.20", "1.21", "1.26"}
	for _, sc := range sources {
		t.Run(sc.name, func(t *testing.T) {
			type shape struct {
				id, line, col, offset, end int
				op                         Op
				fn, orig, abs              string
			}
			var ref []shape
			var refDropped Dropped
			for _, v := range versions {
				pkg := loadAt(t, v, map[string]string{"p.go": sc.src})
				set, err := Generate(pkg, Options{})
				if err != nil {
					t.Fatalf("go %s: %v", v, err)
				}
				var got []shape
				abs := 0
				for _, m := range set.Mutants {
					got = append(got, shape{m.ID, m.Line, m.Col, m.Offset, m.End, m.Op, m.Func, m.Orig, m.ABSForm()})
					if err := checkAt(pkg, "go"+v, m.File, m.Apply(pkg.Files[0].Src)); err != nil {
						t.Errorf("go %s: mutant %d (%s %q → %q) does not type-check: %v", v, m.ID, m.Op, m.Orig, m.Repl, err)
					}
					if m.Op != ABS {
						continue
					}
					if m.ABSForm() == "" {
						t.Errorf("go %s: ABS mutant %d (%q) has no ABSForm", v, m.ID, m.Repl)
					}
					builtin := strings.HasPrefix(m.Repl, "max(") || strings.HasPrefix(m.Repl, "min(")
					want := sc.builtins && v >= "1.21"
					if m.ABSForm() != "zpush" {
						abs++
						if builtin != want {
							t.Errorf("go %s: ABS mutant %d is %q: builtin form %v, want %v", v, m.ID, m.Repl, builtin, want)
						}
					}
				}
				if abs == 0 {
					t.Fatalf("go %s: no abs mutant", v)
				}
				if set.Dropped.FirstReason != "" && strings.Contains(set.Dropped.FirstReason, "requires go") {
					t.Errorf("go %s: dropped for the language version: %s", v, set.Dropped.FirstReason)
				}
				if ref == nil {
					ref, refDropped = got, set.Dropped
					continue
				}
				if len(got) != len(ref) {
					t.Fatalf("go %s: %d mutants, go %s: %d", v, len(got), versions[0], len(ref))
				}
				for i := range got {
					if got[i] != ref[i] {
						t.Errorf("go %s: mutant %+v, go %s: %+v", v, got[i], versions[0], ref[i])
					}
				}
				if set.Dropped.IllTyped != refDropped.IllTyped || set.Dropped.NoSchemata != refDropped.NoSchemata {
					t.Errorf("go %s: dropped %+v, go %s: %+v", v, set.Dropped, versions[0], refDropped)
				}
			}
		})
	}
}

// TestFileVersionFromBuildLine: a //go:build go1.N line sets its file's
// version, at least go1.21 (go/types and the compiler agree), so the
// builtins are used there even in a go1.16 module, and not in the
// module's other files.
func TestFileVersionFromBuildLine(t *testing.T) {
	pkg := loadAt(t, "1.16", map[string]string{
		"a.go": "//go:build go1.18\n\npackage p\n\nfunc A(x int) int { return x }\n",
		"b.go": "package p\n\nfunc B(x int) int { return x }\n",
	})
	set, err := Generate(pkg, Options{Ops: map[Op]bool{ABS: true}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"A abs": "max(x, -x)", "A -abs": "min(x, -x)",
		"B abs": "func(v int) int { if v <= 0 { v = 0 - v }; return v }(x)", "B -abs": "func(v int) int { if v <= 0 { v = 0 - v }; return -v }(x)",
	}
	got := map[string]string{}
	for _, m := range set.Mutants {
		if f := m.ABSForm(); f != "zpush" {
			got[m.Func+" "+f] = m.Repl
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("ABS mutants:\n%v\nwant\n%v", got, want)
	}
}

// TestABSForm classifies each spelling of ABS's mutations.
func TestABSForm(t *testing.T) {
	for _, tt := range []struct {
		op   Op
		repl string
		want string
	}{
		{ABS, "max(x, -x)", "abs"},
		{ABS, "min(a[i], -a[i])", "-abs"},
		{ABS, "func(v int) int { if v <= 0 { v = 0 - v }; return v }(x)", "abs"},
		{ABS, "func(v Celsius) Celsius { if v <= 0 { v = 0 - v }; return -v }(c.t)", "-abs"},
		{ABS, `func(v int) int { if v == 0 { panic("gozilla: ZPUSH") }; return v }(x)`, "zpush"},
		// the argument's text does not count
		{ABS, `func(v int) int { if v <= 0 { v = 0 - v }; return v }(a[func() int { panic(0) }()])`, "abs"},
		{UOI, "max(x, -x)", ""},
	} {
		m := &Mutant{Op: tt.op, Repl: tt.repl}
		if got := m.ABSForm(); got != tt.want {
			t.Errorf("ABSForm(%s %q) = %q, want %q", tt.op, tt.repl, got, tt.want)
		}
	}
}

// TestAbsFuncIsMinMax runs absFunc's closures next to max(v, -v) and
// min(v, -v) on the edge values of every signed integer width and both
// float widths, named types among them, and compares the results bit for
// bit (NaNs: both NaN). Two naive closures run as controls: they must be
// caught, on the zeros' signs.
func TestAbsFuncIsMinMax(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program")
	}
	ints := []struct{ typ, min, max string }{
		{"int", "math.MinInt64", "math.MaxInt64"},
		{"int8", "math.MinInt8", "math.MaxInt8"},
		{"int16", "math.MinInt16", "math.MaxInt16"},
		{"int32", "math.MinInt32", "math.MaxInt32"},
		{"int64", "math.MinInt64", "math.MaxInt64"},
		{"Small", "math.MinInt8", "math.MaxInt8"},
	}
	floats := []struct{ typ, small, max string }{
		{"float64", "math.SmallestNonzeroFloat64", "math.MaxFloat64"},
		{"float32", "math.SmallestNonzeroFloat32", "math.MaxFloat32"},
		{"Celsius", "math.SmallestNonzeroFloat64", "math.MaxFloat64"},
	}
	var b strings.Builder
	b.WriteString(`package main

import (
	"fmt"
	"math"
)

type Celsius float64

type Small int8

var checked, bad int

func sameInt(typ, form string, v, want, got int64) {
	checked++
	if want != got {
		bad++
		fmt.Printf("%s %s %d: builtin %d, closure %d\n", typ, form, v, want, got)
	}
}

func sameFloat(typ, form string, v, want, got float64) {
	checked++
	if !(want != want && got != got) && math.Float64bits(want) != math.Float64bits(got) {
		bad++
		fmt.Printf("%s %s %g: builtin %g, closure %g\n", typ, form, v, want, got)
	}
}

func main() {
	negZero := math.Copysign(0, -1)
	_ = negZero
`)
	closure := func(typ string, neg bool) string {
		pre, post := absFunc(typ, neg)
		return pre + "v" + post
	}
	for _, it := range ints {
		fmt.Fprintf(&b, "\tfor _, v := range []%s{0, 1, -1, 2, -2, %s, %s, %s + 1, %s - 1} {\n", it.typ, it.min, it.max, it.min, it.max)
		fmt.Fprintf(&b, "\t\tsameInt(%q, \"abs\", int64(v), int64(max(v, -v)), int64(%s))\n", it.typ, closure(it.typ, false))
		fmt.Fprintf(&b, "\t\tsameInt(%q, \"-abs\", int64(v), int64(min(v, -v)), int64(%s))\n", it.typ, closure(it.typ, true))
		b.WriteString("\t}\n")
	}
	for _, ft := range floats {
		fmt.Fprintf(&b, "\tfor _, x := range []float64{0, negZero, 1, -1, 0.5, -2.5, math.Inf(1), math.Inf(-1), math.NaN(), -math.NaN(), %s, -%s, %s, -%s} {\n", ft.small, ft.small, ft.max, ft.max)
		fmt.Fprintf(&b, "\t\tv := %s(x)\n", ft.typ)
		fmt.Fprintf(&b, "\t\tsameFloat(%q, \"abs\", float64(v), float64(max(v, -v)), float64(%s))\n", ft.typ, closure(ft.typ, false))
		fmt.Fprintf(&b, "\t\tsameFloat(%q, \"-abs\", float64(v), float64(min(v, -v)), float64(%s))\n", ft.typ, closure(ft.typ, true))
		// Controls: abs and -abs as one would first write them.
		fmt.Fprintf(&b, "\t\tsameFloat(\"control\", \"abs\", float64(v), float64(max(v, -v)), float64(func(v %s) %s { if v < 0 { return -v }; return v }(v)))\n", ft.typ, ft.typ)
		fmt.Fprintf(&b, "\t\tsameFloat(\"control\", \"-abs\", float64(v), float64(min(v, -v)), float64(func(v %s) %s { if v > 0 { return -v }; return v }(v)))\n", ft.typ, ft.typ)
		b.WriteString("\t}\n")
	}
	b.WriteString("\tfmt.Printf(\"checked %d, %d differ\\n\", checked, bad)\n}\n")

	dir := t.TempDir()
	for name, src := range map[string]string{"go.mod": "module example.com/abs\n\ngo 1.26\n", "main.go": b.String()} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "run", ".")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go run: %v\n%s\n%s", err, out, b.String())
	}
	// Every float type's controls differ on the sign of a zero: abs
	// keeps -0 (max gives +0), -abs keeps +0 (min gives -0).
	wantControls := 2 * len(floats)
	var controls int
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	for _, l := range lines[:len(lines)-1] {
		if !strings.HasPrefix(l, "control ") {
			t.Errorf("closure differs from the builtin: %s", l)
			continue
		}
		controls++
	}
	if controls != wantControls {
		t.Errorf("%d control mismatches, want %d (the comparison does not see the zeros' signs)\n%s", controls, wantControls, out)
	}
	wantChecked := len(ints)*9*2 + len(floats)*14*4
	if last := lines[len(lines)-1]; last != fmt.Sprintf("checked %d, %d differ", wantChecked, wantControls) {
		t.Errorf("last line %q, want %d checks and %d differences", last, wantChecked, wantControls)
	}
}
