package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/testmod"
)

// geoSrc has ABS sites over int, float64 and a named float type, and an
// untyped constant shift count (signed counts came with go1.13).
const geoSrc = `package geo

type Celsius float64

// Dist is the distance between a and b.
func Dist(a, b int) int {
	d := a - b
	if d < 0 {
		d = -d
	}
	return d
}

// Scale multiplies x by k.
func Scale(x, k float64) float64 { return x * k }

// Warm reports whether t is warmer than 20 degrees.
func Warm(t Celsius) bool { return t > 20 }

// Pack puts hi above lo.
func Pack(hi, lo int) int { return hi<<4 | lo }

// Clamp is x within [-8, 8].
func Clamp(x int8) int8 {
	if x > 8 {
		return 8
	}
	if x < -8 {
		return -8
	}
	return x
}
`

const geoTest = `package geo

import "testing"

func TestDist(t *testing.T) {
	if Dist(1, 4) != 3 || Dist(4, 1) != 3 {
		t.Fatal("Dist")
	}
}

func TestScale(t *testing.T) {
	if Scale(-2, 3) != -6 || Scale(0.5, 0.5) != 0.25 {
		t.Fatal("Scale")
	}
}

func TestWarm(t *testing.T) {
	if !Warm(25) || Warm(-30) {
		t.Fatal("Warm")
	}
}

func TestPack(t *testing.T) {
	if Pack(1, 2) != 18 {
		t.Fatal("Pack")
	}
}
`

// TestScoreOldGoDirective scores the same module under go 1.12, 1.16 and
// 1.26: each run must succeed (no "requires go1.xx"), and give the same
// mutants (IDs, operators, spans) with the same statuses. Only the
// spelling of abs (max/min from go1.21) and of a signed shift count
// (before go1.13) may differ.
func TestScoreOldGoDirective(t *testing.T) {
	testmod.Long(t) // three scores of one module; cover_old and the harness's go1.13 module run by default
	type mutant struct {
		ID          int
		Op          string
		Offset, End int
		Orig, Repl  string
		Status      string
	}
	runs, dropped := map[string][]mutant{}, map[string]int{}
	versions := []string{"1.12", "1.16", "1.26"}
	for _, v := range versions {
		dir := testmod.Write(t, map[string]string{
			"go.mod":          "module example.com/m\n\ngo " + v + "\n",
			"geo/geo.go":      geoSrc,
			"geo/geo_test.go": geoTest,
		})
		r := gz(t, dir, "score", "-json", "-q", "-j", "2", "./geo")
		if r.code != 0 || strings.Contains(r.stderr, "requires go") {
			t.Fatalf("go %s: exit %d, stderr:\n%s", v, r.code, r.stderr)
		}
		var doc struct {
			Mutants  []mutant `json:"mutants"`
			Packages []struct {
				Dropped int `json:"dropped"`
			} `json:"packages"`
		}
		if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
			t.Fatalf("go %s: bad JSON: %v\n%s", v, err, r.stdout)
		}
		if len(doc.Packages) != 1 {
			t.Fatalf("go %s: packages %+v, want one", v, doc.Packages)
		}
		runs[v], dropped[v] = doc.Mutants, doc.Packages[0].Dropped
	}
	ref := runs["1.26"]
	abs, builtins := map[string]int{}, 0
	for _, m := range ref {
		if m.Op == "ABS" {
			abs[m.Orig]++
			if strings.HasPrefix(m.Repl, "max(") || strings.HasPrefix(m.Repl, "min(") {
				builtins++
			}
		}
	}
	// Every read of d, x, k and t has abs, -abs and ZPUSH.
	for _, name := range []string{"d", "x", "k", "t"} {
		if abs[name] < 3 {
			t.Errorf("go 1.26: %d ABS mutants of %s, want 3 or more", abs[name], name)
		}
	}
	statuses := map[string]int{}
	for _, m := range ref {
		statuses[m.Status]++
	}
	if statuses["killed"] == 0 || statuses["lived"] == 0 {
		t.Errorf("go 1.26: statuses %v, want killed and lived mutants", statuses)
	}
	for _, v := range versions[:2] {
		got := runs[v]
		if dropped[v] != dropped["1.26"] {
			t.Errorf("go %s: %d dropped, go 1.26: %d", v, dropped[v], dropped["1.26"])
		}
		if len(got) != len(ref) {
			t.Fatalf("go %s: %d mutants, go 1.26: %d", v, len(got), len(ref))
		}
		closures := 0
		for i, m := range got {
			w := ref[i]
			if m.ID != w.ID || m.Op != w.Op || m.Offset != w.Offset || m.End != w.End || m.Orig != w.Orig || m.Status != w.Status {
				t.Errorf("go %s: mutant %+v, go 1.26: %+v", v, m, w)
			}
			if m.Repl != w.Repl {
				switch {
				case m.Op == "ABS" && strings.HasPrefix(m.Repl, "func(v ") && (strings.HasPrefix(w.Repl, "max(") || strings.HasPrefix(w.Repl, "min(")):
					closures++
				case v == "1.12" && m.Op == "SCR" && strings.Contains(m.Repl, "negative shift amount") && strings.HasSuffix(m.Repl, "("+w.Repl+")"):
				default:
					t.Errorf("go %s: mutant %d is %q, go 1.26: %q", v, m.ID, m.Repl, w.Repl)
				}
			}
		}
		if closures != builtins {
			t.Errorf("go %s: %d abs and -abs closures, want one for each of the %d max and min of go 1.26", v, closures, builtins)
		}
	}
	if t.Failed() {
		for _, v := range versions {
			for _, m := range runs[v] {
				if m.Op == "ABS" || m.Op == "SCR" {
					t.Log(v, fmt.Sprintf("%+v", m))
				}
			}
		}
	}
}

// TestEquivOldGoDirective: the prover gives the same verdict, by the same
// method, to each mutant of the module under go 1.16 (abs and -abs are
// closures, which it inlines, and Table 1's templates still apply) as
// under go 1.26 (the builtins), but for abs mutants the builtins let an
// earlier stage prove.
func TestEquivOldGoDirective(t *testing.T) {
	testmod.Long(t)
	type verdict struct {
		ID             int
		Op, Status     string
		Method, Reason string
	}
	runs := map[string][]verdict{}
	for _, v := range []string{"1.16", "1.26"} {
		dir := testmod.Write(t, map[string]string{"go.mod": "module example.com/m\n\ngo " + v + "\n", "geo/geo.go": geoSrc})
		r := gz(t, dir, "equiv", "-v", "-json", "-q", "./geo")
		if r.code != 0 {
			t.Fatalf("go %s: exit %d, stderr:\n%s", v, r.code, r.stderr)
		}
		var doc struct{ Mutants []verdict }
		if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
			t.Fatalf("go %s: bad JSON: %v\n%s", v, err, r.stdout)
		}
		runs[v] = doc.Mutants
	}
	old, ref := runs["1.16"], runs["1.26"]
	if len(old) != len(ref) {
		t.Fatalf("go 1.16: %d verdicts, go 1.26: %d", len(old), len(ref))
	}
	absEquivalent := 0
	for i := range ref {
		// An abs mutant may be proven by another stage: the builtins
		// max and min are evaluated at the expressions around the site
		// (rules, exact), the closures only in the miter (sufficiency).
		sameMethod := old[i].Method == ref[i].Method || ref[i].Op == "ABS" && old[i].Method == "sufficiency" && (ref[i].Method == "rules" || ref[i].Method == "exact")
		if old[i].ID != ref[i].ID || old[i].Op != ref[i].Op || old[i].Status != ref[i].Status || !sameMethod {
			t.Errorf("go 1.16: %+v\ngo 1.26: %+v", old[i], ref[i])
		}
		if ref[i].Op == "ABS" && ref[i].Status == "equivalent" {
			absEquivalent++
		}
	}
	// Clamp's -abs at x < -8 and Dist's at d = -d (d < 0 there) are
	// equivalent: the comparison covers proofs, not only counterexamples.
	if absEquivalent == 0 {
		t.Error("no ABS mutant proven equivalent")
	}
}
