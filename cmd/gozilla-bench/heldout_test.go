package main

import (
	"strings"
	"testing"
	"time"
)

func TestHeldoutTarget(t *testing.T) {
	tests := []struct {
		in, modver, rel, pattern string
		bad                      bool
	}{
		{in: "github.com/google/uuid@v1.6.0", modver: "github.com/google/uuid@v1.6.0", pattern: "."},
		{in: "github.com/hashicorp/golang-lru/v2@v2.0.7/simplelru", modver: "github.com/hashicorp/golang-lru/v2@v2.0.7", rel: "simplelru", pattern: "./simplelru"},
		{in: " github.com/golang/geo@v0.0.0-20260818125358-b200a1149890/r1 ", modver: "github.com/golang/geo@v0.0.0-20260818125358-b200a1149890", rel: "r1", pattern: "./r1"},
		{in: "example.com/m@v1.0.0/a/b/", modver: "example.com/m@v1.0.0", rel: "a/b", pattern: "./a/b"},
		{in: "example.com/m@v1.0.0/.", modver: "example.com/m@v1.0.0", pattern: "."},
		{in: "example.com/m", bad: true},
		{in: "@v1.0.0", bad: true},
		{in: "example.com/m@/r1", bad: true},
		{in: "example.com/m@v1.0.0/../x", bad: true},
	}
	for _, tt := range tests {
		got, err := parseHeldoutTarget(tt.in)
		if tt.bad {
			if err == nil {
				t.Errorf("parseHeldoutTarget(%q) = %+v, want an error", tt.in, got)
			}
			continue
		}
		if err != nil {
			t.Errorf("parseHeldoutTarget(%q): %v", tt.in, err)
			continue
		}
		if got.modver != tt.modver || got.rel != tt.rel || got.pattern() != tt.pattern {
			t.Errorf("parseHeldoutTarget(%q) = %q, %q, pattern %q; want %q, %q, %q", tt.in, got.modver, got.rel, got.pattern(), tt.modver, tt.rel, tt.pattern)
		}
	}
	for _, s := range strings.Split(defaultHeldout, ",") {
		if _, err := parseHeldoutTarget(s); err != nil {
			t.Errorf("default target: %v", err)
		}
	}
}

func TestHeldoutFakes(t *testing.T) {
	const head = "package p\n\nimport \"testing\"\n\n"
	tests := []struct {
		name, src string
		want      int
	}{
		{"no fake", head + `func TestGozillaF(t *testing.T) {
	tests := []struct{ name string; x int }{
		{name: "a", x: 1},
		{name: "b", x: 2},
	}
	_ = tests
}
`, 0},
		{"one row of two names the fake", head + `type gozillaReader struct{ results []int }

func TestGozillaF(t *testing.T) {
	tests := []struct{ name string; r any }{
		{name: "a", r: &gozillaReader{results: []int{1}}},
		{name: "b", r: nil},
	}
	_ = tests
}
`, 1},
		{"a type of the package named alike, not declared here, is no fake", head + `func TestGozillaF(t *testing.T) {
	tests := []struct{ name string; r any }{
		{name: "a", r: gozillaOther{}},
	}
	_ = tests
}
`, 0},
		{"tables of other tests are not counted", head + `type gozillaInts []int

func TestOwn(t *testing.T) {
	tests := []struct{ name string; h gozillaInts }{
		{name: "a", h: gozillaInts{1}},
	}
	_ = tests
}

func TestGozillaG(t *testing.T) {
	tests := []struct{ name string; h gozillaInts }{
		{name: "a", h: gozillaInts{1}},
		{name: "b", h: gozillaInts{2}},
	}
	_ = tests
}
`, 2},
	}
	for _, tt := range tests {
		got, err := heldoutFakes([]byte(tt.src))
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if got != tt.want {
			t.Errorf("%s: %d rows with fakes, want %d", tt.name, got, tt.want)
		}
	}
	if _, err := heldoutFakes([]byte("package p\nfunc {")); err == nil {
		t.Error("a file that does not parse: no error")
	}
}

func TestHeldoutMarkdown(t *testing.T) {
	ms := func(x float64) *float64 { return &x }
	target := func(s string) heldoutTarget {
		tg, err := parseHeldoutTarget(s)
		if err != nil {
			t.Fatal(err)
		}
		return tg
	}
	results := []*heldoutResult{
		{target: target("example.com/a@v1.0.0"), err: "fetch: go mod download: not found"},
		{target: target("example.com/b@v1.0.0/sub"), ownRan: true, own: msResult{score: ms(0.5)}, ownSecs: 12.34,
			genRan: true, reported: true, genSecs: 40.06, genExit: 0, cases: 7, suspects: 2, file: "sub_gozilla_test.go",
			kinds: &rowKinds{rows: 7, api: 5, unexported: 2, fields: []string{"T.x"}}, fakes: 1, runs: 20, passes: 19,
			firstFail: "--- FAIL: TestGozillaF", aloneRan: true, alone: msResult{note: "exit 2: p_gozilla_test.go:3:1: undefined: helper (and more text past forty bytes)"}},
		{target: target("example.com/c@v1.0.0"), ownRan: true, own: msResult{note: "no tests"}, genRan: true, genSecs: 3, genExit: 2, genErr: "gen: exit 2: does not compile"},
	}
	cfg := &heldoutConfig{jobs: 1, deadline: 8 * time.Minute, targets: []string{"example.com/a@v1.0.0", "example.com/b@v1.0.0/sub", "example.com/c@v1.0.0"}}
	md := heldoutMarkdown(results, cfg, "a machine", "2026-12-02")
	for _, want := range []string{
		"## Generated files on packages nobody tuned for (issue 52)\n",
		"Measured 2026-12-02 on a machine; `go run ./cmd/gozilla-bench heldout -j 1 -deadline 8m0s -pkgs example.com/a@v1.0.0,example.com/b@v1.0.0/sub,example.com/c@v1.0.0 -w BENCHMARKS.md`.",
		"| example.com/a@v1.0.0 | — | — | — | — | — | — | — | — | — | — | — |\n",
		"| example.com/b@v1.0.0/sub | 40.1 | 0 | 7 | 5 | 2 (T.x) | 1 | 2 | 19/20 | — (see the notes) | 0.500 | 12.3 |\n",
		"| example.com/c@v1.0.0 | 3.0 | 2 | — | — | — | — | — | — | — | — (no tests) | 0.0 |\n",
		"files that passed all 20 runs: 0/1",
		"- example.com/a@v1.0.0: **not measured**: fetch: go mod download: not found",
		"- example.com/b@v1.0.0/sub: the file failed 1 of 20 runs; the first failure: --- FAIL: TestGozillaF",
		"- example.com/b@v1.0.0/sub: the file alone: no MS: exit 2: p_gozilla_test.go:3:1: undefined: helper",
		"- example.com/c@v1.0.0: gen: exit 2: does not compile",
		"- example.com/c@v1.0.0: own tests: no MS: no tests",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("the markdown lacks %q:\n%s", want, md)
		}
	}
	if got := heldoutFlags(&heldoutConfig{jobs: 2, deadline: 8 * time.Minute, targets: strings.Split(defaultHeldout, ",")}); got != " -j 2 -deadline 8m0s" {
		t.Errorf("heldoutFlags of the defaults = %q", got)
	}
}
