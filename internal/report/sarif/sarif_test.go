package sarif

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/report"
)

// TestSurvivors: only surviving mutants are results, at their region,
// lived ones as warnings and uncovered ones as notes, under their
// operator's rule.
func TestSurvivors(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f.go")
	src := "package p\n\nfunc Max(a, b int) int {\n\tif a > b {\n\t\treturn a\n\t}\n\treturn b\n}\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	at, ret := strings.Index(src, "a > b"), strings.Index(src, "return b")
	ms := []report.Mutant{
		{ID: 1, Package: "p", Func: "Max", Op: "ROR", File: file, Line: 4, Col: 5, Offset: at, End: at + 5, Orig: "a > b", Repl: "a < b", Status: mutate.Killed},
		{ID: 2, Package: "p", Func: "Max", Op: "ROR", File: file, Line: 4, Col: 5, Offset: at, End: at + 5, Orig: "a > b", Repl: "true", Status: mutate.Lived},
		{ID: 3, Package: "p", Func: "Max", Op: "RSR", File: file, Line: 7, Col: 2, Offset: ret, End: ret + 8, Orig: "return b", Repl: "return 0", Status: mutate.NotCovered},
		{ID: 4, Package: "p", Func: "Max", Op: "ROR", File: file, Line: 4, Col: 5, Offset: at, End: at + 5, Orig: "a > b", Repl: "a >= b", Status: mutate.Equivalent},
	}
	var buf bytes.Buffer
	if err := Write(&buf, report.NewScore([]report.Package{{Path: "p"}}, ms, 1).Mutation()); err != nil {
		t.Fatal(err)
	}
	var log Log
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 || log.Runs[0].Tool.Driver.Name != "gozilla" {
		t.Fatalf("log %+v", log)
	}
	rs := log.Runs[0].Results
	if len(rs) != 2 {
		t.Fatalf("%d results, want the 2 survivors:\n%s", len(rs), buf.String())
	}
	rules := log.Runs[0].Tool.Driver.Rules
	for _, r := range rs {
		if rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("result %s points at rule %s", r.RuleID, rules[r.RuleIndex].ID)
		}
	}
	if r := rs[0]; r.RuleID != "ROR" || r.Level != "warning" || r.Locations[0].PhysicalLocation.Region != (Region{4, 5, 4, 10}) || !strings.Contains(r.Message.Text, "a > b  →  true") {
		t.Errorf("lived mutant %+v", r)
	}
	if r := rs[1]; r.RuleID != "RSR" || r.Level != "note" || r.Locations[0].PhysicalLocation.Region != (Region{7, 2, 7, 10}) || !strings.Contains(r.Message.Text, "no test runs this code") {
		t.Errorf("uncovered mutant %+v", r)
	}
	if rs[0].PartialFingerprints["gozillaMutant/v1"] == rs[1].PartialFingerprints["gozillaMutant/v1"] {
		t.Error("two results share a fingerprint")
	}
}
