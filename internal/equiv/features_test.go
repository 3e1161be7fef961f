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
)

// wantRE matches the expectations written in testdata/src: "// want
// STATUS[ (METHOD)]: ORIG -> REPL" on the mutant's line; a STATUS of
// !S expects any status but S.
var wantRE = regexp.MustCompile(`// want (!?\w+)(?: \((\w+)\))?: (.+) -> (.+)$`)

// TestFeatures checks, on functions written for one feature each
// (guards, masking, loop invariants, dead code, inlining, loop summaries,
// assumptions), the verdicts their comments expect.
func TestFeatures(t *testing.T) {
	pkgs, err := load.Load(load.Config{Dir: "testdata/src", NoTests: true}, "./features")
	if err != nil {
		t.Fatal(err)
	}
	pkg := pkgs[0]
	set, err := mutate.Generate(pkg, mutate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Analyze(context.Background(), analysis.New(pkg, set, nil), set, Config{})
	if err != nil {
		t.Fatal(err)
	}
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
}
