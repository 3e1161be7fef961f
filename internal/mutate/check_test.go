package mutate

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/load"
)

// TestCheckLargeTables: the per-mutant check leaves the elements of large
// package-level literals out (they are type-checked once, with the
// package, not again per mutant), yet decides exactly as a check of the
// whole package does: the mutants of a package with such tables are
// those of the same package without them, and a Done closed first stops
// Generate.
func TestCheckLargeTables(t *testing.T) {
	var elts []string
	for i := range 40 {
		elts = append(elts, fmt.Sprint(i*7%256))
	}
	body := `
func Lookup(i int) int {
	if i < 0 || i >= n {
		return -1
	}
	v := int(table[i])
	w := int(grid[i%2][0])
	return v + w + len(*names)
}
`
	tables := `package p

var table = [...]uint8{` + strings.Join(elts, ", ") + `}

const n = len(table)

var grid = [2][40]uint8{{` + strings.Join(elts, ", ") + `}, {` + strings.Join(elts, ", ") + `}}

var names = &map[string]int{` + strings.Repeat(`"a": 1, `, 1) + strings.Join(func() []string {
		var kv []string
		for i := range 20 {
			kv = append(kv, fmt.Sprintf("%q: %d", fmt.Sprint("k", i), i))
		}
		return kv
	}(), ", ") + `}
` + body
	small := `package p

var table = [40]uint8{}

const n = len(table)

var grid = [2][40]uint8{}

var names = &map[string]int{}
` + body
	got := changes(generate(t, tables))
	want := changes(generate(t, small))
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("with tables:\n%s\nwithout:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(got) < 20 {
		t.Errorf("%d mutants: too few to tell", len(got))
	}

	done := make(chan struct{})
	close(done)
	if _, err := Generate(loadSrc(t, map[string]string{"p.go": tables}), Options{Done: done}); err != ErrStopped {
		t.Errorf("Generate with Done closed: %v, want ErrStopped", err)
	}
}

// TestABSShadowedInTests: a package whose own test file declares max (a
// helper over uints) gets ABS mutants that do not call the builtin, even
// when it is loaded without its tests (as gen loads it): the tests are
// compiled with the mutants (bitset's bitset_fuzz_test.go).
func TestABSShadowedInTests(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{
		"go.mod":    "module example.com/p\n\ngo 1.26\n",
		"p.go":      "package p\n\nfunc Next(i, step int) int { return i + step }\n",
		"p_test.go": "package p\n\nfunc max(a, b uint) uint {\n\tif a > b {\n\t\treturn a\n\t}\n\treturn b\n}\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pkgs, err := load.Load(load.Config{Dir: dir, NoTests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	set, err := Generate(pkgs[0], Options{Ops: map[Op]bool{ABS: true}})
	if err != nil {
		t.Fatal(err)
	}
	mins := 0
	for _, m := range set.Mutants {
		if strings.Contains(m.Repl, "min(") {
			mins++ // the builtin the tests leave alone
		}
	}
	if len(set.Mutants) == 0 || mins == 0 {
		t.Fatalf("%d ABS mutants, %d through min: too few to tell", len(set.Mutants), mins)
	}
	for _, m := range set.Mutants {
		if strings.Contains(m.Repl, "max(") {
			t.Errorf("mutant %s → %s calls a name the package's tests declare", m.Orig, m.Repl)
		}
	}
}

// TestCheckCopiesMatch: checking a function's variants together, as
// renamed copies in one check (checkCopies), keeps and drops exactly the
// variants that checks one by one keep and drop, on packages whose
// variants include ill-typed ones.
func TestCheckCopiesMatch(t *testing.T) {
	for _, dir := range []string{"testdata/kitchen", "../../testdata/subjects/calendar", "../../testdata/subjects/stats", "../../testdata/subjects/matrix"} {
		pkgs, err := load.Load(load.Config{Dir: dir}, ".")
		if err != nil {
			t.Fatal(err)
		}
		gen := func(grouped bool) *Set {
			checkGrouped = grouped
			defer func() { checkGrouped = true }()
			set, err := Generate(pkgs[0], Options{})
			if err != nil {
				t.Fatal(err)
			}
			return set
		}
		one := gen(false)
		checkFallbacks.Store(0)
		all := gen(true)
		if n := checkFallbacks.Load(); n > 0 {
			t.Errorf("%s: %d groups of variants checked one by one: checkCopies could not decide them", dir, n)
		}
		if one.Dropped.IllTyped == 0 {
			t.Errorf("%s: no variant is ill-typed: the comparison shows nothing", dir)
		}
		// (The positions differ: one by one, the stubbed file's.)
		msg := regexp.MustCompile(`\.go(:\d+:\d+)?: `)
		one.Dropped.FirstReason = msg.ReplaceAllString(one.Dropped.FirstReason, ".go: ")
		all.Dropped.FirstReason = msg.ReplaceAllString(all.Dropped.FirstReason, ".go: ")
		if one.Dropped != all.Dropped {
			t.Errorf("%s: dropped one by one %+v, together %+v", dir, one.Dropped, all.Dropped)
		}
		key := func(m *Mutant) string { return fmt.Sprintf("%s:%d %q→%q", m.File, m.Offset, m.Orig, m.Repl) }
		var a, b []string
		for _, m := range one.Mutants {
			a = append(a, key(m))
		}
		for _, m := range all.Mutants {
			b = append(b, key(m))
		}
		if !slices.Equal(a, b) {
			t.Errorf("%s: %d mutants checked one by one, %d together; first difference at %d", dir, len(a), len(b), firstDiff(a, b))
		}
	}
}

func firstDiff(a, b []string) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// TestGroupCopies: the variants of one body are checked together up to
// 64 at a time and 128 KiB of copies: a 2,000-line function's 64 copies
// took seconds a check on a loaded machine, and a check cannot be
// stopped.
func TestGroupCopies(t *testing.T) {
	sizes := func(groups [][]int) []int {
		var out []int
		for _, g := range groups {
			out = append(out, len(g))
		}
		return out
	}
	same := func(i, k int) bool { return i/100 == k/100 } // bodies of 100 variants
	tests := []struct {
		size int
		want []int
	}{
		{1 << 10, []int{64, 36, 64, 36}},          // small bodies: 64 a group
		{50 << 10, slices.Repeat([]int{2}, 100)},  // 50 KiB: 2 a group
		{200 << 10, slices.Repeat([]int{1}, 200)}, // past the bound: alone
	}
	for _, tt := range tests {
		got := sizes(groupCopies(200, same, func(int) int { return tt.size }))
		if !slices.Equal(got, tt.want) {
			t.Errorf("bodies of %d bytes: groups of %v, want %v", tt.size, got, tt.want)
		}
	}
}
