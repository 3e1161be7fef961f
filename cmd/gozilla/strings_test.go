package main

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/gozilla/gozilla/internal/testmod"
)

// unitsSrc is the fixture testdata/fixtures/units.
var unitsSrc = readFixture("units/units.go")

// TestGenStringInputs checks that string inputs are built from what the
// code looks for: the generated file reaches the suffix branches of
// ParseSize with well-formed sizes and feeds Decode strings of its
// letters, and every unit scores well. (Before strings were built from
// the pool, gen scored 0.60 on these units: ParseSize 0.81, Seconds
// 0.37, Version 0.17, Pairs 0.19.)
func TestGenStringInputs(t *testing.T) {
	testmod.Long(t)
	dir := testmod.Write(t, map[string]string{"units/units.go": unitsSrc})
	doc := genJSON(t, dir, "./units")
	src, err := os.ReadFile(filepath.Join(dir, "units", "units_gozilla_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"[0-9]+KB"`, `"[0-9]+MB"`, `"[ABZ]{2,}"`, `"v[0-9]+\.[0-9]+"`, `"[0-9]+(sec|min|hour)"`, `"[^"]+=[0-9]+"`} {
		if !regexp.MustCompile(want).Match(src) {
			t.Errorf("the generated file has no input matching %s", want)
		}
	}
	min := map[string]float64{"ParseSize": 0.9, "Decode": 0.9, "Seconds": 0.85, "Version": 0.75, "Pairs": 0.8}
	for _, u := range doc.Packages[0].Units {
		if u.Score == nil || *u.Score < min[u.Name] {
			t.Errorf("%s: score %v, want at least %v", u.Name, u.Score, min[u.Name])
		} else {
			t.Logf("%s: %d mutants, score %.3f", u.Name, u.Mutants, *u.Score)
		}
	}
	if doc.Summary.Score < 0.85 {
		t.Errorf("package score %.3f, want at least 0.85", doc.Summary.Score)
	}
}

// readFixture reads a file of testdata/fixtures, shared by the tests of
// several packages.
func readFixture(name string) string {
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "fixtures", name))
	if err != nil {
		panic(err)
	}
	return string(b)
}
