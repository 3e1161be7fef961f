package load

import (
	"errors"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/testmod"
)

func TestLoad(t *testing.T) {
	dir := testmod.Write(t, map[string]string{
		"a/a.go":      "package a\n\nfunc A() int { return 1 }\n",
		"a/a_test.go": "package a\n\nimport \"testing\"\n\nfunc TestA(t *testing.T) {}\n",
		"b/b.go":      "package b\n\nfunc B() int { return 2 }\n",
		"c/c.go":      "package c\n\nfunc C() int { return 3 }\n",
		"c/x_test.go": "package c_test\n\nimport (\n\t\"testing\"\n\n\t\"example.com/m/c\"\n)\n\nfunc TestC(t *testing.T) { _ = c.C() }\n",
		"c/tagged.go": "//go:build extra\n\npackage c\n\nfunc D() int { return 4 }\n",
		"d/d.go":      "package d\n\nimport \"C\"\n\nfunc D() int { return 4 }\n",
	})
	pkgs, err := Load(Config{Dir: dir}, "./a", "./b", "./c")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]*Package{}
	for _, p := range pkgs {
		got[p.Path] = p
	}
	for path, hasTests := range map[string]bool{"example.com/m/a": true, "example.com/m/b": false, "example.com/m/c": true} {
		p := got[path]
		if p == nil {
			t.Errorf("%s not loaded", path)
			continue
		}
		if p.HasTests != hasTests {
			t.Errorf("%s: HasTests = %v, want %v", path, p.HasTests, hasTests)
		}
		for _, f := range p.Files {
			if strings.HasSuffix(f.Path, "_test.go") {
				t.Errorf("%s: test file %s among the files to mutate", path, f.Path)
			}
		}
	}
	if n := len(got["example.com/m/c"].Files); n != 1 {
		t.Errorf("c without tags: %d files, want 1 (tagged.go excluded)", n)
	}
	tagged, err := Load(Config{Dir: dir, Tags: "extra"}, "./c")
	if err != nil {
		t.Fatal(err)
	}
	if n := len(tagged[0].Files); n != 2 {
		t.Errorf("c with -tags extra: %d files, want 2", n)
	}
}

func TestLoadErrors(t *testing.T) {
	dir := testmod.Write(t, map[string]string{
		"a/a.go":   "package a\n\nfunc A() int { return 1 }\n",
		"bad/b.go": "package bad\n\nfunc B() int { return \"x\" }\n",
	})
	for _, tt := range []struct{ pattern, want string }{
		{"./nothing", "matches no packages"},
		{"./a/sub/...", "matches no packages"},
		{"./bad", "does not compile"},
	} {
		_, err := Load(Config{Dir: dir}, tt.pattern)
		var le *Error
		if !errors.As(err, &le) || !strings.Contains(le.Msg, tt.want) {
			t.Errorf("Load(%s) = %v; want a load.Error containing %q", tt.pattern, err, tt.want)
		}
	}
}

// TestLoadNoTests checks that NoTests leaves test files out: a test file
// that does not compile fails a normal load but not this one, and the
// package's imports come from export data all the same.
func TestLoadNoTests(t *testing.T) {
	dir := testmod.Write(t, map[string]string{
		"a/a.go":      "package a\n\nimport \"strings\"\n\nfunc A(s string) int { return strings.Count(s, \"x\") }\n",
		"a/a_test.go": "package a\n\nfunc TestGone() { Gone() }\n",
	})
	if _, err := Load(Config{Dir: dir}, "./a"); err == nil {
		t.Fatal("a package whose test file does not compile loads")
	}
	pkgs, err := Load(Config{Dir: dir, NoTests: true}, "./a")
	if err != nil {
		t.Fatalf("NoTests: %v", err)
	}
	p := pkgs[0]
	if p.HasTests {
		t.Error("NoTests: HasTests is true")
	}
	if imp, err := p.Importer().Import("strings"); err != nil || imp.Scope().Lookup("Count") == nil {
		t.Errorf("NoTests: importing strings: %v", err)
	}
}
