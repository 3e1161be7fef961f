package equiv

import (
	"bufio"
	"context"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/analysis"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/testmod"
	"github.com/gozilla/gozilla/internal/unit"
)

// wantRE matches the expectations written in testdata/src: "// want
// STATUS[ (METHOD)]: ORIG -> REPL" on the mutant's line; a STATUS of
// !S expects any status but S.
var wantRE = regexp.MustCompile(`// want (!?\w+)(?: \((\w+)\))?: (.+) -> (.+)$`)

// analyzeTestdata loads the package pattern of testdata/src, makes its
// mutants and analyses them all.
func analyzeTestdata(t *testing.T, pattern string) (*load.Package, *mutate.Set, *analysis.Package, *Report) {
	t.Helper()
	pkgs, err := load.Load(load.Config{Dir: "testdata/src", NoTests: true}, pattern)
	if err != nil {
		t.Fatal(err)
	}
	pkg := pkgs[0]
	set, err := mutate.Generate(pkg, mutate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	a := analysis.New(pkg, set, nil)
	rep, err := Analyze(context.Background(), a, set, Config{})
	if err != nil {
		t.Fatal(err)
	}
	return pkg, set, a, rep
}

// TestFeatures checks, on functions written for one feature each
// (guards, masking, loop invariants, dead code, inlining, loop summaries,
// assumptions), the verdicts their comments expect.
func TestFeatures(t *testing.T) {
	checkWants(t, "./features")
}

// TestCompiled checks the Compiled stage: mutants the compiler turns
// into the original's code (a store of the value a variable already
// holds, two counters it merges, a dead store in a closure) are
// equivalent, also where the function reads static data (a table the
// copy has under another name), and a mutant that changes only that
// data, or the code, is not.
func TestCompiled(t *testing.T) {
	testmod.Long(t)
	_, _, _, rep := checkWants(t, "./compiled")
	n := 0
	for _, v := range rep.Verdicts {
		if v.Method == Compiled {
			n++
		}
	}
	if n == 0 {
		t.Error("no verdict of the Compiled stage")
	}
}

// checkWants analyses the package pattern of testdata/src and checks the
// verdicts its // want comments expect.
func checkWants(t *testing.T, pattern string) (*load.Package, *mutate.Set, *analysis.Package, *Report) {
	t.Helper()
	pkg, set, a, rep := analyzeTestdata(t, pattern)
	f, err := os.Open(pkg.Files[0].Path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	wants := 0
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		w := wantRE.FindStringSubmatch(sc.Text())
		if w == nil {
			continue
		}
		wants++
		status, method, orig, repl := w[1], w[2], strings.TrimSpace(w[3]), strings.TrimSpace(w[4])
		var m *mutate.Mutant
		for _, x := range set.Mutants {
			if x.Line == line && x.Orig == orig && x.Repl == repl {
				m = x
			}
		}
		if m == nil {
			t.Errorf("line %d: no mutant %s -> %s", line, orig, repl)
			continue
		}
		v := rep.Verdicts[m.ID]
		wrong := v.Status.String() != status || method != "" && v.Method.String() != method
		if not, ok := strings.CutPrefix(status, "!"); ok {
			wrong = v.Status.String() == not
		}
		if wrong {
			t.Errorf("line %d: %s -> %s: %s (%s): %s; want %s %s", line, orig, repl, v.Status, v.Method, v.Reason, status, method)
		}
	}
	if wants == 0 {
		t.Fatal("no expectation found")
	}
	for _, v := range rep.Verdicts {
		if v.Status == mutate.Killable && v.Input == nil {
			t.Errorf("mutant %d killable without an input", v.ID)
		}
	}
	return pkg, set, a, rep
}

// inputRE matches "// input: ORIG -> REPL: INPUT" on a mutant's line:
// the input the prover reports for it.
var inputRE = regexp.MustCompile(`// input: (.+) -> (.+): (.+)$`)

// TestPlainInputs: the input reported for a killable mutant is the
// plainest the prover's model leads to (qty=100, not math.MaxInt64), so
// that a report can offer it as a case to write; every input of the
// package stays small where small values kill.
func TestPlainInputs(t *testing.T) {
	pkg, set, a, rep := analyzeTestdata(t, "./plain")
	units := map[string]*unit.Unit{}
	for _, u := range a.Units {
		units[u.Name] = u
	}
	src, err := os.ReadFile(pkg.Files[0].Path)
	if err != nil {
		t.Fatal(err)
	}
	wants := 0
	for i, text := range strings.Split(string(src), "\n") {
		w := inputRE.FindStringSubmatch(text)
		if w == nil {
			continue
		}
		wants++
		found := false
		for _, m := range set.Mutants {
			if m.Line != i+1 || m.Orig != w[1] || m.Repl != w[2] {
				continue
			}
			found = true
			v := rep.Verdicts[m.ID]
			if got := Render(units[m.Func], v.Input); v.Status != mutate.Killable || got != w[3] {
				t.Errorf("line %d: %s -> %s: %s with input %q, want killable with %q", i+1, w[1], w[2], v.Status, got, w[3])
			}
		}
		if !found {
			t.Errorf("line %d: no mutant %s -> %s", i+1, w[1], w[2])
		}
	}
	if wants == 0 {
		t.Fatal("no expectation found")
	}
	number := regexp.MustCompile(`-?\d+`)
	for _, m := range set.Mutants {
		v := rep.Verdicts[m.ID]
		if v.Status != mutate.Killable || m.Func == "Huge" {
			continue
		}
		if m.Func == "Max" && (strings.HasSuffix(m.Repl, "+ 1)") || strings.HasSuffix(m.Repl, "- 1)")) {
			// a > b as a+1 > b differs only where a+1 wraps around
			// (at a == b both return the same value): a bound is the
			// plainest input.
			continue
		}
		in := Render(units[m.Func], v.Input)
		for _, n := range number.FindAllString(in, -1) {
			if len(strings.TrimPrefix(n, "-")) > 3 {
				t.Errorf("%s: %s -> %s: input %s is not plain", m.Func, m.Orig, m.Repl, in)
			}
		}
		if strings.Contains(in, "math.") {
			t.Errorf("%s: %s -> %s: input %s is at a bound", m.Func, m.Orig, m.Repl, in)
		}
	}
}
