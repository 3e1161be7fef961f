package gen

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestReadTestTexts(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a_test.go", `package ratelimit

import (
	"fmt"
	"strings"
	"testing"
)

func TestParseLimit(t *testing.T) {
	for _, tt := range []struct {
		name    string
		spec    string
		wantErr string
	}{
		{name: "per minute", spec: "6/m,2", wantErr: ""},
		{name: "bad", spec: "x/", wantErr: "ratelimit: bad count"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, _, err := ParseLimit(tt.spec); err != nil {
				t.Errorf("ParseLimit(%q): %v", tt.spec, err)
			}
			_ = strings.Repeat("zz", 2)
			_ = fmt.Sprint("printed")
		})
	}
}

func helper() { ParseLimit("not a test's") }

var limitTests = []struct{ in, want string }{{"9/s", "unread"}}

func TestLimits(t *testing.T) {
	for _, tt := range limitTests {
		ParseLimit(tt.in)
	}
}

func TestOther(t *testing.T) { _ = limitTests }
`)
	write("b_test.go", `package ratelimit_test

import (
	"testing"

	rl "example.com/realistic/ratelimit"
)

func FuzzNewLimiter(f *testing.F) {
	f.Add("7/h")
	want := "ignored"
	f.Fuzz(func(t *testing.T, s string) { rl.NewLimiter(s, 1, nil); _ = want })
}
`)
	write("own_gozilla_test.go", `package ratelimit

func TestGozillaParseLimit(t *testing.T) { ParseLimit("1/s") }
`)
	write("broken_test.go", `package ratelimit func (`)

	got := readTestTexts(dir, filepath.Join(dir, "own_gozilla_test.go"), "example.com/realistic/ratelimit")
	for _, tc := range []struct {
		name string
		want []string
		not  []string
	}{
		{"ParseLimit", []string{"6/m,2", "x/", "9/s"}, []string{"per minute", "bad", "ratelimit: bad count", "ParseLimit(%q): %v", "zz", "printed", "not a test's", "1/s", "unread"}},
		{"NewLimiter", []string{"7/h"}, []string{"ignored"}},
		{"Repeat", nil, []string{"zz"}},
	} {
		for _, s := range tc.want {
			if !slices.Contains(got[tc.name], s) {
				t.Errorf("texts of %s = %q, want %q among them", tc.name, got[tc.name], s)
			}
		}
		for _, s := range tc.not {
			if slices.Contains(got[tc.name], s) {
				t.Errorf("texts of %s = %q, want no %q", tc.name, got[tc.name], s)
			}
		}
	}
	// Without skip, gozilla's own committed file is read too (score's
	// search after the file was committed).
	if got := readTestTexts(dir, "", "example.com/realistic/ratelimit"); !slices.Contains(got["ParseLimit"], "1/s") {
		t.Errorf("texts of ParseLimit with no skip = %q, want \"1/s\" among them", got["ParseLimit"])
	}
}
