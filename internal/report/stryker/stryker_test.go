package stryker

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pb33f/jsonschema/v6"

	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/report"
)

// TestSchema writes a report with a mutant of every status and checks
// it against the published schema, and the positions and statuses in it.
func TestSchema(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f.go")
	src := "package p\n\n// Max returns the larger, «a» or b.\nfunc Max(a, b int) int {\n\tif a > b {\n\t\treturn a\n\t}\n\treturn b\n}\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	at := strings.Index(src, "a > b")
	ret := strings.Index(src, "return b")
	var ms []report.Mutant
	for i, st := range []mutate.Status{mutate.Killed, mutate.Lived, mutate.NotCovered, mutate.TimedOut, mutate.Equivalent, mutate.NotRun} {
		m := report.Mutant{ID: i + 1, Package: "example.com/p", Func: "Max", Op: "ROR", File: file, Line: 5, Col: 5, Offset: at, End: at + 5, Orig: "a > b", Repl: "a >= b", Status: st}
		if st == mutate.Killed {
			m.KilledBy = "TestMax"
		}
		if st == mutate.Equivalent {
			m.Reason = "sufficiency: the outputs never differ"
		}
		ms = append(ms, m)
	}
	ms = append(ms, report.Mutant{ID: 7, Package: "example.com/p", Func: "Max", Op: "SDL", File: file, Line: 8, Col: 2, Offset: ret, End: ret + 8, Orig: "return b", Status: mutate.NotCovered})
	doc := report.NewScore([]report.Package{{Path: "example.com/p"}}, ms, 1)
	var buf bytes.Buffer
	if err := Write(&buf, doc.Mutation()); err != nil {
		t.Fatal(err)
	}

	c := jsonschema.NewCompiler()
	sch, err := c.Compile(filepath.Join("testdata", "mutation-testing-report-schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(inst); err != nil {
		t.Fatalf("the report does not follow the schema: %v\n%s", err, buf.String())
	}

	var r Report
	if err := json.Unmarshal(buf.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	f := r.Files[file]
	if f == nil || f.Source != src || f.Language != "go" || len(f.Mutants) != 7 {
		t.Fatalf("files %+v", r.Files)
	}
	want := map[string]string{"example.com/p#1": "Killed", "example.com/p#2": "Survived", "example.com/p#3": "NoCoverage", "example.com/p#4": "Timeout", "example.com/p#5": "Ignored", "example.com/p#6": "Pending", "example.com/p#7": "NoCoverage"}
	for _, m := range f.Mutants {
		if m.Status != want[m.ID] {
			t.Errorf("%s: status %s, want %s", m.ID, m.Status, want[m.ID])
		}
		switch m.ID {
		case "example.com/p#1":
			if m.Location != (Location{Position{5, 5}, Position{5, 10}}) || len(m.KilledBy) != 1 || m.KilledBy[0] != "TestMax" {
				t.Errorf("killed mutant %+v", m)
			}
		case "example.com/p#5":
			if !strings.Contains(m.StatusReason, "equivalent") {
				t.Errorf("equivalent mutant's reason %q", m.StatusReason)
			}
		case "example.com/p#7":
			if m.Location != (Location{Position{8, 2}, Position{8, 10}}) || m.Replacement != "" {
				t.Errorf("deleted statement %+v", m)
			}
		}
	}
}
