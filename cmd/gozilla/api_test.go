package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/testmod"
)

// ringSrc: Ring's capacity is hidden state that Len, its observer, does
// not show; only Fits does, given a receiver New built.
const ringSrc = `package ring

// Ring holds at most max items.
type Ring struct {
	items []int
	max   int
}

// New makes a ring of at most n items, at least one.
func New(n int) *Ring {
	if n < 1 {
		n = 1
	}
	return &Ring{max: n}
}

// Len is the number of items.
func (r *Ring) Len() int { return len(r.items) }

// Fits says whether k more items fit.
func (r *Ring) Fits(k int) bool { return len(r.items)+k <= r.max }
`

// TestGenThroughTheAPI: a constructor's mutants are killed by what the
// methods do with the state it built (inputs are built under the mutant
// too), the rows build Ring with New and observe it with Len, never
// through its fields, and the file kills what gen says it kills.
func TestGenThroughTheAPI(t *testing.T) {
	testmod.Long(t)
	dir := testmod.Write(t, map[string]string{"ring/ring.go": ringSrc})
	doc := genJSON(t, dir, "./ring")
	killed := map[int]string{}
	newKilled := 0
	for _, m := range doc.Mutants {
		killed[m.ID] = m.Status
		if m.Func == "New" && m.Status == "killed" {
			newKilled++
		}
	}
	if newKilled < 3 {
		t.Errorf("%d of New's mutants killed, want the clamp's (n < 1, n = 1) killed through Fits", newKilled)
	}
	src, err := os.ReadFile(filepath.Join(dir, "ring", "ring_gozilla_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(src), "\n") {
		if !strings.HasPrefix(strings.TrimSpace(line), "{name:") {
			continue // (the comments quote the mutated code)
		}
		for _, bad := range []string{"&Ring{", "max:", "items:"} {
			if strings.Contains(line, bad) {
				t.Errorf("a row spells Ring through its fields (%q): %s", bad, line)
			}
		}
	}
	for _, want := range []string{"New(", ".Len()"} {
		if !strings.Contains(string(src), want) {
			t.Errorf("the file lacks %q:\n%s", want, src)
		}
	}
	genPromise(t, dir, "./ring", killed)
	if kinds := expectationsFail(t, dir, "ring", "ring_gozilla_test.go"); kinds["int"]+kinds["bool"] == 0 {
		t.Errorf("no observer's result altered (altered: %s)", kindList(kinds))
	}
}

// TestGenViewOfAnotherPackage: a result of another package's type with
// hidden state is seen through its methods (String), which the harness
// must import the package for (decimal's *regexp.Regexp did not build).
func TestGenViewOfAnotherPackage(t *testing.T) {
	testmod.Long(t)
	dir := testmod.Write(t, map[string]string{"re/re.go": `package re

import "regexp"

// Compile compiles s, nil when it is not a pattern.
func Compile(s string) *regexp.Regexp {
	r, err := regexp.Compile(s)
	if err != nil {
		return nil
	}
	return r
}
`})
	doc := genJSON(t, dir, "./re")
	src, err := os.ReadFile(filepath.Join(dir, "re", "re_gozilla_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), "got.String()") || !strings.Contains(string(src), "wantNil") {
		t.Errorf("the result is not seen through String and as nil:\n%s", src)
	}
	killed := map[int]string{}
	for _, m := range doc.Mutants {
		killed[m.ID] = m.Status
	}
	genPromise(t, dir, "./re", killed)
}
