package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/testmod"
)

// midSrc is Mid from seed 003 Fig. 3, with a statement no input reaches
// and a branch no input takes.
const midSrc = `package mid

func Mid(x, y, z int) int {
	midVal := z
	if y < z {
		if x < y {
			midVal = y
		} else if x < z {
			midVal = x
		}
	} else {
		if x > y {
			midVal = y
		} else if x > z {
			midVal = x
		}
	}
	return midVal
}

func Dead(x int) int {
	if x > 10 {
		if x < 5 {
			return 1
		}
	}
	return 0
}
`

type equivDoc struct {
	Schema  string `json:"schema"`
	Summary struct {
		Mutants     int            `json:"mutants"`
		Equivalent  int            `json:"equivalent"`
		ByMethod    map[string]int `json:"by_method"`
		Unreachable int            `json:"unreachable_statements"`
		Infeasible  int            `json:"infeasible_branches"`
	} `json:"summary"`
	Mutants []struct {
		ID     int    `json:"id"`
		Line   int    `json:"line"`
		Orig   string `json:"orig"`
		Repl   string `json:"repl"`
		Status string `json:"status"`
		Method string `json:"method"`
		Reason string `json:"reason"`
		Input  string `json:"input"`
	} `json:"mutants"`
	Unreachable []struct {
		Func string `json:"func"`
		Line int    `json:"line"`
		Text string `json:"text"`
	} `json:"unreachable"`
	Infeasible []struct {
		Line  int    `json:"line"`
		Text  string `json:"text"`
		Never bool   `json:"never"`
	} `json:"infeasible"`
}

func TestEquivJSON(t *testing.T) {
	dir := testmod.Write(t, map[string]string{"mid/mid.go": midSrc})
	before := snapshot(t, dir)
	r := gz(t, dir, "equiv", "-json", "-v", "./mid")
	if r.code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", r.code, r.stderr)
	}
	var doc equivDoc
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
		t.Fatalf("bad JSON: %v\n%s", err, r.stdout)
	}
	if doc.Schema != "gozilla.equiv/v1" {
		t.Errorf("schema %q", doc.Schema)
	}
	find := func(line int, orig, repl string) (status, method string) {
		for _, m := range doc.Mutants {
			if m.Line == line && m.Orig == orig && m.Repl == repl {
				return m.Status, m.Method
			}
		}
		t.Fatalf("no mutant %s -> %s on line %d", orig, repl, line)
		return "", ""
	}
	// Seed 003's example: x < z -> x <= z at line 8 is equivalent, but
	// only because the output is the same (midVal = x = z): sufficiency.
	if st, meth := find(8, "x < z", "x <= z"); st != "equivalent" || meth != "sufficiency" {
		t.Errorf("x < z -> x <= z: %s (%s), want equivalent (sufficiency)", st, meth)
	}
	if st, _ := find(5, "y < z", "y > z"); st != "killable" {
		t.Errorf("y < z -> y > z: %s, want killable", st)
	}
	// The body of the impossible branch is unreachable: its mutants too.
	if st, meth := find(24, "return 1", "return 0"); st != "equivalent" || meth != "unreachable" {
		t.Errorf("return 1 -> return 0 in dead code: %s (%s), want equivalent (unreachable)", st, meth)
	}
	if len(doc.Unreachable) != 1 || doc.Unreachable[0].Line != 24 || doc.Unreachable[0].Func != "Dead" {
		t.Errorf("unreachable statements %+v, want return 1 at line 24 of Dead", doc.Unreachable)
	}
	var never bool
	for _, b := range doc.Infeasible {
		if b.Line == 23 && b.Text == "x < 5" && b.Never {
			never = true
		}
	}
	if !never {
		t.Errorf("infeasible branches %+v, want x < 5 never true at line 23", doc.Infeasible)
	}
	for _, m := range doc.Mutants {
		if m.Status == "killable" && m.Input == "" && strings.Contains(m.Reason, "outputs differ") {
			t.Errorf("killable mutant %d without its input", m.ID)
		}
	}
	if doc.Summary.Equivalent == 0 || doc.Summary.Equivalent != doc.Summary.ByMethod["unreachable"]+doc.Summary.ByMethod["rules"]+doc.Summary.ByMethod["exact"]+doc.Summary.ByMethod["sufficiency"] {
		t.Errorf("summary %+v does not add up", doc.Summary)
	}
	after := snapshot(t, dir)
	if len(after) != len(before) {
		t.Errorf("files changed: %d before, %d after", len(before), len(after))
	}
	for k, v := range before {
		if after[k] != v {
			t.Errorf("gozilla equiv changed %s", k)
		}
	}
}

func TestEquivBadInput(t *testing.T) {
	dir := testmod.Write(t, map[string]string{"mid/mid.go": midSrc, "bad/bad.go": "package bad\n\nfunc F() int { return x }\n"})
	for _, args := range [][]string{{"equiv", "./nothing"}, {"equiv", "./bad"}, {"equiv", "-upto", "magic", "./mid"}} {
		r := gz(t, dir, args...)
		if r.code != 2 || strings.Count(strings.TrimSpace(r.stderr), "\n") != 0 {
			t.Errorf("%v: exit %d, stderr %q; want 2 and one line", args, r.code, r.stderr)
		}
	}
}
