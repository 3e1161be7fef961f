package scratch

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestDir: Dir makes gozilla-KIND-* in TMPDIR with an owner file naming
// this process.
func TestDir(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	dir, err := Dir("score")
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Dir(dir) != tmp || !strings.HasPrefix(filepath.Base(dir), "gozilla-score-") {
		t.Errorf("Dir made %s, want gozilla-score-* in %s", dir, tmp)
	}
	data, err := os.ReadFile(filepath.Join(dir, OwnerFile))
	if err != nil {
		t.Fatal(err)
	}
	var o owner
	if err := json.Unmarshal(data, &o); err != nil || o.PID != os.Getpid() {
		t.Errorf("owner file %s: %v, want pid %d", data, err, os.Getpid())
	}
}

// TestSweep: Sweep removes the gozilla-* directories whose owner no
// longer runs and whose owner file is older than a minute, and only
// those.
func TestSweep(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no way to tell a process runs: nothing is swept")
	}
	tmp := t.TempDir()
	old := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	now := old.Add(2 * MinAge)
	me := self()
	// A process that has exited: its pid runs no more.
	cmd := exec.Command("go", "version")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	deadPID := cmd.Process.Pid

	mk := func(name string, o *owner, mtime time.Time) string {
		t.Helper()
		dir := filepath.Join(tmp, name)
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "pkg.test"), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		if o != nil {
			data, _ := json.Marshal(o)
			file := filepath.Join(dir, OwnerFile)
			if err := os.WriteFile(file, data, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Chtimes(file, mtime, mtime); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	dead := me
	dead.PID, dead.Start = deadPID, ""
	reused := me // this process's pid, another start: the pid was reused
	reused.Start = "1"
	other := dead
	other.NS = "pid:[1]"

	stale := mk("gozilla-score-1", &dead, old)
	alive := mk("gozilla-gen-2", &me, old)
	fresh := mk("gozilla-go-3", &dead, now.Add(-time.Second))
	noOwner := mk("gozilla-cover-4", nil, old)
	otherNS := mk("gozilla-check-5", &other, old)
	notOurs := mk("other-6", &dead, old)
	want := []string{stale}
	if me.Start != "" {
		want = append(want, mk("gozilla-oracle-7", &reused, old))
	}

	got := SweepIn(tmp, now)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("swept %v, want %v", got, want)
	}
	for _, d := range want {
		if _, err := os.Stat(d); !os.IsNotExist(err) {
			t.Errorf("%s is still there", d)
		}
	}
	for _, d := range []string{alive, fresh, noOwner, otherNS, notOurs} {
		if _, err := os.Stat(d); err != nil {
			t.Errorf("%s was removed: %v", filepath.Base(d), err)
		}
	}
}
