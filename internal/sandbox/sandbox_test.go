package sandbox

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// writeTree writes files (slash paths → contents) under dir.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// listTree lists the regular files and links below dir, as slash paths.
func listTree(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		if !fi.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

func TestNewCopies(t *testing.T) {
	mod := t.TempDir()
	writeTree(t, mod, map[string]string{
		"go.mod":                  "module example.com/m\n",
		"LICENSE":                 "text",
		"testdata/top.txt":        "top",
		"big/unrelated.go":        "package big",
		"a/a.go":                  "package a",
		"a/testdata/a.txt":        "ancestor data",
		"a/p/p.go":                "package p",
		"a/p/p_test.go":           "package p",
		"a/p/data.txt":            "user data",
		"a/p/testdata/in.txt":     "in",
		"a/p/testdata/gopkg/x.go": "package x", // testdata is copied whatever it holds
		"a/p/fixtures/f.json":     "{}",
		"a/p/sub/sub.go":          "package sub", // another package
		"a/p/nested/go.mod":       "module other\n",
		"a/p/nested/n.txt":        "another module",
		"a/p/.git/HEAD":           "ref",
	})
	if runtime.GOOS != "windows" {
		if err := os.Symlink(filepath.Join(mod, "LICENSE"), filepath.Join(mod, "a", "p", "license.txt")); err != nil {
			t.Fatal(err)
		}
	}
	pkg := filepath.Join(mod, "a", "p")
	b, err := New(t.TempDir(), pkg)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Remove()

	if want := filepath.Join(b.Root, "src", "a", "p"); b.Dir != want {
		t.Errorf("Dir = %s, want %s", b.Dir, want)
	}
	got := listTree(t, filepath.Join(b.Root, "src"))
	want := []string{
		"LICENSE",
		"a/a.go",
		"a/p/data.txt",
		"a/p/fixtures/f.json",
		"a/p/p.go",
		"a/p/p_test.go",
		"a/p/testdata/gopkg/x.go",
		"a/p/testdata/in.txt",
		"a/testdata/a.txt",
		"go.mod",
		"testdata/top.txt",
	}
	if runtime.GOOS != "windows" {
		want = append(want, "a/p/license.txt")
		slices.Sort(want)
	}
	if !slices.Equal(got, want) {
		t.Errorf("copied:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if b.Files != len(want) {
		t.Errorf("Files = %d, want %d", b.Files, len(want))
	}

	// A write in the copy (through the copied link too) leaves the
	// user's files as they were.
	for _, name := range []string{"data.txt", "license.txt"} {
		if name == "license.txt" && runtime.GOOS == "windows" {
			continue
		}
		if err := os.WriteFile(filepath.Join(b.Dir, name), []byte("overwritten"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if data, _ := os.ReadFile(filepath.Join(pkg, "data.txt")); string(data) != "user data" {
		t.Errorf("the user's data.txt = %q after a write in the sandbox", data)
	}
	if data, _ := os.ReadFile(filepath.Join(mod, "LICENSE")); string(data) != "text" {
		t.Errorf("the user's LICENSE = %q after a write through the copied link", data)
	}
}

// TestNewModuleRoot: a package at its module's root has nothing above
// it to copy.
func TestNewModuleRoot(t *testing.T) {
	mod := t.TempDir()
	writeTree(t, mod, map[string]string{"go.mod": "module m\n", "m.go": "package m", "testdata/x": "x"})
	b, err := New("", mod)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := listTree(t, filepath.Join(b.Root, "src")), []string{"go.mod", "m.go", "testdata/x"}; !slices.Equal(got, want) {
		t.Errorf("copied %v, want %v", got, want)
	}
	if b.Dir != filepath.Join(b.Root, "src") {
		t.Errorf("Dir = %s", b.Dir)
	}
	if err := b.Remove(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(b.Root); !os.IsNotExist(err) {
		t.Errorf("Remove left %s", b.Root)
	}
}

// TestEnv: a process run with Cmd has its working directory, home and
// temporary directory in the Box, and the go command's locations of
// gozilla's own environment.
func TestEnv(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("uses sh")
	}
	mod := t.TempDir()
	writeTree(t, mod, map[string]string{"go.mod": "module m\n", "m.go": "package m"})
	b, err := New(t.TempDir(), mod)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Remove()
	cmd := exec.Command("sh", "-c", `pwd; echo "$HOME"; echo "$TMPDIR"; echo "$XDG_CACHE_HOME"; echo "$PWD"`)
	b.Cmd(cmd, "HOME=/not/this")
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	want := []string{b.Dir, b.Home, b.Tmp, filepath.Join(b.Home, ".cache"), b.Dir}
	if !slices.Equal(lines, want) {
		t.Errorf("the process saw\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	goCache, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(b.Env(), "GOCACHE="+strings.TrimSpace(string(goCache))) {
		t.Errorf("Env() = %v, want the build cache GOCACHE=%s", b.Env(), strings.TrimSpace(string(goCache)))
	}
}

// TestRemoveReadOnly: what the code under test made read-only does not
// stop Remove.
func TestRemoveReadOnly(t *testing.T) {
	mod := t.TempDir()
	writeTree(t, mod, map[string]string{"go.mod": "module m\n", "d/f.txt": "x"})
	b, err := New("", mod)
	if err != nil {
		t.Fatal(err)
	}
	ro := filepath.Join(b.Dir, "d")
	if err := os.Chmod(ro, 0o500); err != nil {
		t.Fatal(err)
	}
	if err := b.Remove(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(b.Root); !os.IsNotExist(err) {
		t.Errorf("Remove left %s", b.Root)
	}
}

// TestChanged: Changed names what was written in the copy of the tree
// and in the home since Mark, and nothing of the go command's own.
func TestChanged(t *testing.T) {
	mod := t.TempDir()
	writeTree(t, mod, map[string]string{"go.mod": "module m\n", "p/p.go": "package p", "p/keep.txt": "k", "p/gone.txt": "g"})
	b, err := New(t.TempDir(), filepath.Join(mod, "p"))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Remove()
	st := b.Mark()
	if got := b.Changed(st); len(got) != 0 {
		t.Fatalf("Changed right after Mark = %v", got)
	}
	writeTree(t, b.Dir, map[string]string{"data.txt": "new", "keep.txt": "changed, longer"})
	writeTree(t, filepath.Dir(b.Dir), map[string]string{"up.txt": "above the package"})
	writeTree(t, b.Home, map[string]string{".app/rc": "x", ".cache/go-build/00/x": "go's", ".config/go/telemetry/c": "go's"})
	writeTree(t, b.Tmp, map[string]string{"scratch": "TMPDIR is not the tree"})
	if err := os.Remove(filepath.Join(b.Dir, "gone.txt")); err != nil {
		t.Fatal(err)
	}
	got := b.Changed(st)
	want := []string{"$HOME/.app/rc", "../up.txt", "data.txt", "gone.txt", "keep.txt"}
	if !slices.Equal(got, want) {
		t.Errorf("Changed = %v, want %v", got, want)
	}
}
