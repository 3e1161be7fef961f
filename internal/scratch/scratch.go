// Package scratch owns gozilla's temporary directories: it makes them,
// each with an owner file that names the process that made it, and it
// removes those that a run killed by SIGKILL (or a crash, a power cut)
// left behind.
//
// Every temporary directory gozilla makes in os.TempDir() is made by Dir
// and named gozilla-KIND-RANDOM ("gozilla-score-123", "gozilla-go-456").
// Its owner file (OwnerFile) records the process: its pid, and on Linux
// the process's start time, its pid namespace and the boot, so that a
// pid reused by another process, or a process of another container, is
// not taken for the owner.
//
// A run calls Sweep when it starts: a gozilla-* directory of os.TempDir()
// is stale, and removed, when its owner file is older than a minute (a
// directory being made has no owner file yet, or a fresh one) and names
// a process of this machine's boot and pid namespace that no longer runs.
// A directory without an owner file, or whose owner cannot be judged
// (another namespace, another boot, a file it cannot read), is left
// alone: it may be someone else's.
//
// The package is a leaf: it imports nothing of gozilla's.
package scratch

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Prefix starts the name of every temporary directory Dir makes.
const Prefix = "gozilla-"

// OwnerFile is the name of the owner file in each directory Dir makes.
const OwnerFile = ".gozilla-owner"

// MinAge is how old an owner file must be before Sweep judges its
// directory.
const MinAge = time.Minute

// owner is the owner file's content.
type owner struct {
	PID   int    `json:"pid"`
	Start string `json:"start,omitempty"` // Linux: the process's start time, in clock ticks since boot
	NS    string `json:"ns,omitempty"`    // Linux: its pid namespace ("pid:[4026531836]")
	Boot  string `json:"boot,omitempty"`  // Linux: the boot's ID
}

// Dir makes a new directory in os.TempDir() named Prefix+kind+"-" and a
// random suffix (os.MkdirTemp("", "gozilla-"+kind+"-") otherwise), with
// an owner file naming this process. The caller removes it
// (os.RemoveAll) when done; Sweep removes it if this process dies first.
func Dir(kind string) (string, error) {
	return DirIn("", kind)
}

// DirIn is Dir in parent ("" = os.TempDir()).
func DirIn(parent, kind string) (string, error) {
	dir, err := os.MkdirTemp(parent, Prefix+kind+"-")
	if err != nil {
		return "", err
	}
	data, _ := json.Marshal(self())
	if err := os.WriteFile(filepath.Join(dir, OwnerFile), data, 0o644); err != nil {
		os.RemoveAll(dir)
		return "", err
	}
	return dir, nil
}

// Sweep removes the stale gozilla-* directories of os.TempDir() (see the
// package doc) and returns the paths it removed.
func Sweep() []string {
	return SweepIn(os.TempDir(), time.Now())
}

// SweepIn is Sweep in dir, at time now.
func SweepIn(dir string, now time.Time) []string {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	me := self()
	var removed []string
	for _, e := range ents {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), Prefix) {
			continue
		}
		path := filepath.Join(dir, e.Name())
		if stale(path, me, now) && os.RemoveAll(path) == nil {
			removed = append(removed, path)
		}
	}
	return removed
}

// stale reports whether the directory at path is owned by a process that
// no longer runs (and its owner file is older than MinAge).
func stale(path string, me owner, now time.Time) bool {
	file := filepath.Join(path, OwnerFile)
	st, err := os.Stat(file)
	if err != nil || now.Sub(st.ModTime()) < MinAge {
		return false
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return false
	}
	var o owner
	if json.Unmarshal(data, &o) != nil || o.PID <= 0 {
		return false
	}
	if o.NS != me.NS || o.Boot != me.Boot {
		return false // another container or another boot: not ours to judge
	}
	return !running(o)
}

// self describes this process.
func self() owner {
	o := owner{PID: os.Getpid(), Start: startTime(os.Getpid())}
	if ns, err := os.Readlink("/proc/self/ns/pid"); err == nil {
		o.NS = ns
	}
	if b, err := os.ReadFile("/proc/sys/kernel/random/boot_id"); err == nil {
		o.Boot = strings.TrimSpace(string(b))
	}
	return o
}

// startTime is process pid's start time on Linux (field 22 of
// /proc/PID/stat, in clock ticks since boot), "" elsewhere.
func startTime(pid int) string {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return ""
	}
	// The command (field 2) is in parentheses and may hold spaces.
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return ""
	}
	f := strings.Fields(s[i+1:])
	// f[0] is field 3 (the state): field 22 is f[19].
	if len(f) < 20 {
		return ""
	}
	return f[19]
}
