package diff

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	d := `diff --git a/p/a.go b/p/a.go
index 1111111..2222222 100644
--- a/p/a.go
+++ b/p/a.go
@@ -3,0 +4,2 @@ func A() {
+	x := 1
+	y := 2
@@ -10 +12 @@ func B() {
-	return 0
+	return 1
@@ -20,2 +21,0 @@
-	gone()
-	gone()
diff --git a/p/old.go b/p/old.go
deleted file mode 100644
--- a/p/old.go
+++ /dev/null
@@ -1 +0,0 @@
-package p
--- /dev/null
+++ b/p/new.go
@@ -0,0 +1,3 @@
+package p
+
+func N() {}
@@ -7,3 +9,4 @@ context
 same
+added
 same
 same
diff --git a/p/p_gozilla_test.go b/p/p_gozilla_test.go
--- a/p/p_gozilla_test.go
+++ b/p/p_gozilla_test.go
@@ -3,0 +4,1 @@
+		// kills #376 ROR a > b → a >= b
--- a/README.md
+++ b/README.md
@@ -1,0 +2,1 @@
+a line of docs
`
	got, err := Parse([]byte(d), "/r")
	if err != nil {
		t.Fatal(err)
	}
	want := Lines{
		"/r/p/a.go":   {4: true, 5: true, 12: true},
		"/r/p/new.go": {1: true, 2: true, 3: true, 10: true},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if l, f := got.Count(); l != 7 || f != 2 {
		t.Errorf("Count = %d lines, %d files", l, f)
	}
	if _, err := Parse([]byte("+++ b/x.go\n@@ bad @@\n"), "/r"); err == nil {
		t.Error("a bad hunk header is accepted")
	}
}

// TestChanged makes a repository, changes a file after a commit, and
// reads the changed lines since the commit, then from a diff file; a
// ref that does not exist is an error.
func TestChanged(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	run := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	write := func(name, src string) {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run("init", "-q")
	write("p/a.go", "package p\n\nfunc A() int {\n\treturn 1\n}\n")
	run("add", ".")
	run("commit", "-q", "-m", "one")
	write("p/a.go", "package p\n\nfunc A() int {\n\tx := 2\n\treturn x\n}\n")
	got, err := Changed("HEAD", filepath.Join(dir, "p"))
	if err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.EvalSymlinks(filepath.Join(dir, "p", "a.go"))
	if !got.Has(abs, 4) || !got.Has(abs, 5) || got.Has(abs, 3) {
		t.Errorf("changed since HEAD: %v", got)
	}
	if _, err := Changed("nosuchbranch", dir); err == nil || !strings.Contains(err.Error(), "not a git revision") {
		t.Errorf("a bad ref: %v", err)
	}
	write("change.diff", "--- a/p/a.go\n+++ b/p/a.go\n@@ -4 +4 @@\n-\treturn 1\n+\treturn 3\n")
	got, err = Changed(filepath.Join(dir, "change.diff"), dir)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Has(filepath.Join(dir, "p", "a.go"), 4) {
		t.Errorf("from a diff file: %v", got)
	}
}
