package mutate

import (
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/load"
)

// loadSrc writes files (name -> source) as package p of a fresh module
// and loads it.
func loadSrc(t testing.TB, files map[string]string) *load.Package {
	t.Helper()
	dir := t.TempDir()
	write := func(name, src string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/p\n\ngo 1.26\n")
	for name, src := range files {
		write(name, src)
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

func generate(t testing.TB, src string, ops ...Op) *Set {
	t.Helper()
	pkg := loadSrc(t, map[string]string{"p.go": src})
	opt := Options{}
	if len(ops) > 0 {
		opt.Ops = map[Op]bool{}
		for _, op := range ops {
			opt.Ops[op] = true
		}
	}
	set, err := Generate(pkg, opt)
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// changes renders each mutant as "orig => repl", sorted.
func changes(set *Set) []string {
	var out []string
	for _, m := range set.Mutants {
		out = append(out, m.Orig+" => "+m.Repl)
	}
	sort.Strings(out)
	return out
}

// TestOperators checks, per operator, the exact mutants of a small
// function. The expectations are written from the operator definitions
// (seed 000 Tables 1–2 adapted to Go), not from the tool's output.
func TestOperators(t *testing.T) {
	tests := []struct {
		name string
		op   Op
		src  string // body of package p
		want []string
	}{
		{
			name: "AOR on ints: each other operator, then the operand forms",
			op:   AOR,
			src:  "func f(a, b int) int { return a + b }",
			want: []string{"a + b => a", "a + b => a % b", "a + b => a * b", "a + b => a - b", "a + b => a / b", "a + b => b"},
		},
		{
			name: "AOR on floats has no %",
			op:   AOR,
			src:  "func f(a, b float64) float64 { return a * b }",
			want: []string{"a * b => a", "a * b => a + b", "a * b => a - b", "a * b => a / b", "a * b => b"},
		},
		{
			name: "AOR inside another operator keeps its grouping",
			op:   AOR,
			src:  "func f(a, b, c int) int { return c - a*b }",
			want: []string{
				"a*b => (a+b)", "a*b => (a-b)", "a*b => a", "a*b => a%b", "a*b => a/b", "a*b => b",
				// An operand the new operator would split is parenthesised.
				"c - a*b => a*b", "c - a*b => c", "c - a*b => c % (a*b)", "c - a*b => c * (a*b)", "c - a*b => c + a*b", "c - a*b => c / (a*b)",
			},
		},
		{
			name: "AOR on strings: + has no arithmetic alternative, only the operand forms",
			op:   AOR,
			src:  `func f(a, b string) string { return a + b }`,
			want: []string{"a + b => a", "a + b => b"},
		},
		{
			name: "ROR on ordered operands: the five others and true/false",
			op:   ROR,
			src:  "func f(a, b int) bool { return a < b }",
			want: []string{"a < b => a != b", "a < b => a <= b", "a < b => a == b", "a < b => a > b", "a < b => a >= b", "a < b => false", "a < b => true"},
		},
		{
			name: "AOR on a type parameter of integers: every operator all of them have",
			op:   AOR,
			src:  "func f[T ~int | ~uint8](a, b T) T { return a + b }",
			want: []string{"a + b => a", "a + b => a % b", "a + b => a * b", "a + b => a - b", "a + b => a / b", "a + b => b"},
		},
		{
			name: "AOR on a type parameter of numbers: no %, which floats lack",
			op:   AOR,
			src:  "type Number interface{ ~int | ~float64 }\nfunc f[T Number](a, b T) T { return a * b }",
			want: []string{"a * b => a", "a * b => a + b", "a * b => a - b", "a * b => a / b", "a * b => b"},
		},
		{
			name: "AOR on a type parameter with a string term: only the operand forms",
			op:   AOR,
			src:  "func f[T int | string](a, b T) T { return a + b }",
			want: []string{"a + b => a", "a + b => b"},
		},
		{
			name: "ROR on an ordered type parameter: the five others and true/false",
			op:   ROR,
			src:  "func f[T int | uint | string](a, b T) bool { return a < b }",
			want: []string{"a < b => a != b", "a < b => a <= b", "a < b => a == b", "a < b => a > b", "a < b => a >= b", "a < b => false", "a < b => true"},
		},
		{
			name: "ROR on a comparable type parameter only swaps == and !=",
			op:   ROR,
			src:  "func f[T comparable](a, b T) bool { return a == b }",
			want: []string{"a == b => a != b", "a == b => false", "a == b => true"},
		},
		{
			name: "ROR on non-ordered operands only swaps == and !=",
			op:   ROR,
			src:  "func f(a, b bool) bool { return a == b }",
			want: []string{"a == b => a != b", "a == b => false", "a == b => true"},
		},
		{
			name: "LCR: the other connector, the operands, the constants",
			op:   LCR,
			src:  "func f(a, b bool) bool { return a && b }",
			want: []string{"a && b => a", "a && b => a || b", "a && b => b", "a && b => false", "a && b => true"},
		},
		{
			name: "BOR: the bitwise group, and the shifts swapped",
			op:   BOR,
			src:  "func f(a, b uint) (uint, uint) { return a & b, a << b }",
			want: []string{"a & b => a &^ b", "a & b => a ^ b", "a & b => a | b", "a << b => a >> b"},
		},
		{
			name: "UOI on an int read: negate, complement, ±1",
			op:   UOI,
			src:  "func f(a int) int { return a }",
			want: []string{"a => (-a)", "a => (^a)", "a => (a + 1)", "a => (a - 1)"},
		},
		{
			name: "UOI on a bool read: not",
			op:   UOI,
			src:  "func f(a bool) bool { return a }",
			want: []string{"a => !a"},
		},
		{
			name: "UOI on an unsigned read: negation wraps, so it applies too",
			op:   UOI,
			src:  "func f(a uint8) uint8 { return a }",
			want: []string{"a => (-a)", "a => (^a)", "a => (a + 1)", "a => (a - 1)"},
		},
		{
			name: "ABS: abs, -abs and ZPUSH",
			op:   ABS,
			src:  "func f(a int) int { return a }",
			want: []string{
				"a => func(v int) int { if v == 0 { panic(\"gozilla: ZPUSH\") }; return v }(a)",
				"a => max(a, -a)", "a => min(a, -a)",
			},
		},
		{
			name: "SVR: every other in-scope variable of identical type",
			op:   SVR,
			src:  "func f(a, b int, c int64) int { d := a; return d + b + int(c) }",
			// d => a and d => b would leave d unused, which does not
			// compile: those mutants must be dropped.
			want: []string{
				"a => b",
				"b => a", "b => d",
			},
		},
		{
			name: "CRP: c+1, c-1, 0, -c where distinct",
			op:   CRP,
			src:  "func f(a int) int { return a * 3 }",
			want: []string{"3 => (-3)", "3 => 0", "3 => 2", "3 => 4"},
		},
		{
			name: "CRP on 1: 0 coincides with c-1, -c is kept",
			op:   CRP,
			src:  "func f(a int) int { return a * 1 }",
			want: []string{"1 => (-1)", "1 => 0", "1 => 2"},
		},
		{
			name: "CSR: a read replaced by each constant of the function's pool",
			op:   CSR,
			src:  "func f(a int) int { if a > 7 { return 2 }; return a }",
			want: []string{"a => 2", "a => 2", "a => 7", "a => 7"},
		},
		{
			name: "SCR: a constant replaced by each in-scope scalar of its type",
			op:   SCR,
			src:  "func f(a, b int) int { return a + 5 }",
			want: []string{"5 => a", "5 => b"},
		},
		{
			name: "SDL deletes statements but not the final return",
			op:   SDL,
			src:  "func f(a int) int { a++; a = a * 2; return a }",
			want: []string{"a = a * 2 => ", "a++ => "},
		},
		{
			name: "RSR: each result by its zero value, bools also by true",
			op:   RSR,
			src:  "func f(a int, b bool) (int, bool) { return a, b }",
			want: []string{"return a, b => return 0, b", "return a, b => return a, false", "return a, b => return a, true"},
		},
		{
			name: "ASG: the other assignment operators, plain =, and ++ <-> --",
			op:   ASG,
			src:  "func f(a, b int) int { a += b; b++; return a + b }",
			want: []string{"a += b => a %= b", "a += b => a *= b", "a += b => a -= b", "a += b => a /= b", "a += b => a = b", "b++ => b--"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set := generate(t, "package p\n\n"+tt.src+"\n", tt.op)
			got := changes(set)
			want := append([]string(nil), tt.want...)
			sort.Strings(want)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s mutants of\n\t%s\ngot:\n\t%s\nwant:\n\t%s", tt.op, tt.src, strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
			}
			for _, m := range set.Mutants {
				if m.Op != tt.op {
					t.Errorf("mutant %d has op %s, want %s", m.ID, m.Op, tt.op)
				}
			}
		})
	}
}

// TestStableKeys: a mutant's Key does not change when code is added
// above its function (its ID and line do), and keys are unique.
func TestStableKeys(t *testing.T) {
	const max = `
func Max(a, b int) int {
	if a > b {
		return a
	}
	return b
}
`
	const added = `
func Min(a, b int) int {
	if a < b {
		return a
	}
	return b
}
`
	keys := func(src string) map[string]*Mutant {
		set, err := Generate(loadSrc(t, map[string]string{"p.go": src}), Options{})
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]*Mutant{}
		for _, m := range set.Mutants {
			if out[m.Key] != nil {
				t.Errorf("key %s of #%d and #%d", m.Key, out[m.Key].ID, m.ID)
			}
			out[m.Key] = m
		}
		return out
	}
	before, after := keys("package p\n"+max), keys("package p\n"+added+max)
	n := 0
	for k, m := range before {
		a := after[k]
		if a == nil {
			t.Errorf("mutant %s (%s → %s) has no key after the edit", k, m.Orig, m.Repl)
			continue
		}
		if a.Orig != m.Orig || a.Repl != m.Repl || a.Func != "Max" {
			t.Errorf("key %s: %s → %s before, %s → %s in %s after", k, m.Orig, m.Repl, a.Orig, a.Repl, a.Func)
		}
		if a.Line != m.Line+len(strings.Split(added, "\n"))-1 || a.Ref() != m.Ref() {
			t.Errorf("key %s: line %d (%s) before, %d (%s) after", k, m.Line, m.Ref(), a.Line, a.Ref())
		}
		n++
	}
	if n == 0 || len(after) <= len(before) {
		t.Errorf("%d keys kept of %d, %d after", n, len(before), len(after))
	}
}
