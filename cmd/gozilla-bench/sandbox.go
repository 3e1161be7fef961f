package main

// The sandbox benchmark (issue 51): gozilla score, equiv, gen -n and gen
// on small packages whose code writes where it runs — files in its
// working directory, in $HOME and in $TMPDIR — or reads its testdata/,
// each run twice on one tree. For each run: the checksum of the user's
// tree before and after (gen's own file left out), the files added to
// $HOME (the go command's own cache and telemetry there left out) and
// left in $TMPDIR, and whether the second run's verdicts are the first's
// (a run that wrote into the tree would change what the next one sees).

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

// sandboxTarget is a module the benchmark writes: its files, the package
// it runs gozilla on, and what its code does.
type sandboxTarget struct {
	name, pkg, what string // pkg: the package's name
	files           map[string]string
}

var sandboxTargets = []sandboxTarget{
	{"cwd", "cwd", "writes data.txt (over the user's) when n > 3, and out_<x>.txt for every x, in its working directory; its own test calls Reset(0) and Out(1) from a t.Chdir(t.TempDir())", map[string]string{
		"go.mod":   "module example.com/cwd\n\ngo 1.24\n",
		"data.txt": "the user's data\n",
		"cwd.go": `// Package cwd writes files in its working directory.
package cwd

import (
	"fmt"
	"os"
)

// Reset writes data.txt when n > 3.
func Reset(n int) int {
	if n > 3 {
		os.WriteFile("data.txt", []byte("reset"), 0o644)
		return n * 2
	}
	return n
}

// Out writes out_<x>.txt and tells whether x is large.
func Out(x int) bool {
	os.WriteFile(fmt.Sprintf("out_%d.txt", x), []byte("x"), 0o644)
	return x > 10
}
`,
		"cwd_test.go": `package cwd

import "testing"

func TestReset(t *testing.T) {
	t.Chdir(t.TempDir())
	if got := Reset(0); got != 0 {
		t.Fatalf("Reset(0) = %d", got)
	}
	if Out(1) {
		t.Fatal("Out(1)")
	}
}
`}},
	{"home", "home", "writes a file in $HOME (os.UserHomeDir) and one in $TMPDIR (os.TempDir) on every call", map[string]string{
		"go.mod": "module example.com/home\n\ngo 1.24\n",
		"home.go": `// Package home writes into the home and the temporary directory.
package home

import (
	"os"
	"path/filepath"
	"strconv"
)

// Note records x in $HOME and $TMPDIR and returns x+1.
func Note(x int) int {
	if h, err := os.UserHomeDir(); err == nil {
		os.WriteFile(filepath.Join(h, "note-"+strconv.Itoa(x%7)), []byte("x"), 0o644)
	}
	os.WriteFile(filepath.Join(os.TempDir(), "note-"+strconv.Itoa(x%7)), []byte("x"), 0o644)
	return x + 1
}
`,
		"home_test.go": `package home

import "testing"

func TestNote(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	if Note(1) != 2 {
		t.Fatal("Note(1)")
	}
}
`}},
	{"testdata", "td", "reads testdata/words.txt (relative to its working directory); its test checks what it read", map[string]string{
		"go.mod":             "module example.com/td\n\ngo 1.24\n",
		"testdata/words.txt": "alpha\nbeta\ngamma\n",
		"td.go": `// Package td counts the words of its testdata.
package td

import (
	"os"
	"strings"
)

// Words counts the lines of testdata/words.txt longer than n bytes; -1
// when the file cannot be read.
func Words(n int) int {
	data, err := os.ReadFile("testdata/words.txt")
	if err != nil {
		return -1
	}
	c := 0
	for _, w := range strings.Fields(string(data)) {
		if len(w) > n {
			c++
		}
	}
	return c
}
`,
		"td_test.go": `package td

import "testing"

func TestWords(t *testing.T) {
	if got := Words(4); got != 2 {
		t.Fatalf("Words(4) = %d, want 2", got)
	}
}
`}},
}

// sandboxRun is one command's run on a target.
type sandboxRun struct {
	target, command      string
	before, after        string // the tree's checksums
	changed              []string
	home, tmp            []string // files added to $HOME, left in $TMPDIR
	verdicts             string   // the mutants' statuses, for the second run
	exit                 int
	secs                 float64
	sameAsFirst, ranOnce bool
}

func benchSandbox(jobs int, write string) error {
	env, err := setup("gozilla-bench-sandbox-", false)
	if err != nil {
		return err
	}
	defer os.RemoveAll(env.tmp)
	goCache, err := exec.Command("go", "env", "GOCACHE", "GOMODCACHE", "GOPATH").Output()
	if err != nil {
		return err
	}
	locs := strings.Fields(string(goCache))
	commands := [][]string{{"score"}, {"equiv"}, {"gen", "-n"}, {"gen"}}
	var runs []*sandboxRun
	for _, t := range sandboxTargets {
		mod := filepath.Join(env.tmp, t.name)
		for name, data := range t.files {
			p := filepath.Join(mod, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
				return err
			}
		}
		for _, c := range commands {
			var first *sandboxRun
			for i := 0; i < 2; i++ {
				r := runSandboxed(env, mod, t, c, jobs, locs)
				fmt.Fprintf(os.Stderr, "sandbox %s %s: exit %d, %.1f s, tree changed %v, home %v, tmp %v\n", t.name, strings.Join(c, " "), r.exit, r.secs, r.changed, r.home, r.tmp)
				if first == nil {
					first = r
					continue
				}
				first.sameAsFirst = r.verdicts == first.verdicts
				first.ranOnce = true
				// The second run's findings count too.
				first.changed = append(first.changed, r.changed...)
				first.home = append(first.home, r.home...)
				first.tmp = append(first.tmp, r.tmp...)
				first.after = r.after
			}
			runs = append(runs, first)
		}
	}
	md := sandboxMarkdown(runs, jobs, machine(), time.Now().UTC().Format("2006-01-02"))
	fmt.Print(md)
	if write != "" {
		return updateSection(write, "sandbox", md)
	}
	return nil
}

// runSandboxed runs gozilla CMD -json on the module's package with a fresh
// HOME and TMPDIR (the go command's locations pinned to the machine's, so
// that the builds are cached) and looks at what changed.
func runSandboxed(env *benchEnv, mod string, t sandboxTarget, command []string, jobs int, locs []string) *sandboxRun {
	r := &sandboxRun{target: t.name, command: strings.Join(command, " ")}
	home, _ := os.MkdirTemp(env.tmp, "home-")
	tmp, _ := os.MkdirTemp(env.tmp, "tmpdir-")
	own := filepath.Join(mod, t.pkg+"_gozilla_test.go")
	sums := treeSums(mod, own)
	r.before = sumOf(sums)
	args := append(slices.Clone(command), "-json", "-q", "-j", strconv.Itoa(jobs), "-cache=off", ".")
	if command[0] == "equiv" {
		args = append(slices.Clone(command), "-json", "-j", strconv.Itoa(jobs), ".")
	}
	c := exec.Command(env.gz, args...)
	c.Dir = mod
	c.Env = append(os.Environ(), "HOME="+home, "TMPDIR="+tmp, "XDG_CONFIG_HOME=", "XDG_CACHE_HOME=",
		"GOCACHE="+locs[0], "GOMODCACHE="+locs[1], "GOPATH="+locs[2])
	var stdout bytes.Buffer
	c.Stdout = &stdout
	start := time.Now()
	err := c.Run()
	r.secs = time.Since(start).Seconds()
	if ee, ok := err.(*exec.ExitError); ok {
		r.exit = ee.ExitCode()
	} else if err != nil {
		r.exit = -1
	}
	after := treeSums(mod, own)
	r.after = sumOf(after)
	for p, s := range after {
		if old, ok := sums[p]; !ok || old != s {
			r.changed = append(r.changed, p)
		}
	}
	for p := range sums {
		if _, ok := after[p]; !ok {
			r.changed = append(r.changed, p+" (removed)")
		}
	}
	sort.Strings(r.changed)
	for p := range treeSums(home, "") {
		// The go command's own: telemetry counters under .config/go.
		if !strings.HasPrefix(p, filepath.Join(".config", "go")+string(filepath.Separator)) {
			r.home = append(r.home, p)
		}
	}
	sort.Strings(r.home)
	for p := range treeSums(tmp, "") {
		r.tmp = append(r.tmp, p)
	}
	sort.Strings(r.tmp)
	r.verdicts = verdictsOf(stdout.Bytes())
	return r
}

// treeSums maps the files below dir (relative paths) to their contents'
// checksums, but skip.
func treeSums(dir, skip string) map[string][32]byte {
	out := map[string][32]byte{}
	filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || p == skip {
			return nil
		}
		data, _ := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[rel] = sha256.Sum256(data)
		return nil
	})
	return out
}

// sumOf is one checksum of a tree's files, short.
func sumOf(sums map[string][32]byte) string {
	var names []string
	for p := range sums {
		names = append(names, p)
	}
	sort.Strings(names)
	h := sha256.New()
	for _, p := range names {
		s := sums[p]
		fmt.Fprintf(h, "%s %x\n", p, s)
	}
	return fmt.Sprintf("%x", h.Sum(nil))[:12]
}

// verdictsOf is the mutants' IDs and statuses of a JSON report, one
// string ("" when the report does not decode).
func verdictsOf(data []byte) string {
	var doc struct {
		Mutants []struct {
			ID      int
			Status  string
			Verdict string
		}
	}
	if json.Unmarshal(data, &doc) != nil {
		return ""
	}
	var b strings.Builder
	for _, m := range doc.Mutants {
		fmt.Fprintf(&b, "%d:%s:%s ", m.ID, m.Status, m.Verdict)
	}
	return b.String()
}

func sandboxMarkdown(runs []*sandboxRun, jobs int, host, date string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Measured %s on %s; `go run ./cmd/gozilla-bench sandbox -j %d -w BENCHMARKS.md`.\n", date, host, jobs)
	b.WriteString("Each command runs twice (`-json -cache=off`) on a module the benchmark writes, with a fresh `HOME` and `TMPDIR` each time (the go command's `GOCACHE`, `GOMODCACHE` and `GOPATH` pinned to the machine's). *Tree*: a checksum of every file of the module before the first run and after the second, gen's own `_gozilla_test.go` left out; *changed*: the files added, changed or removed. *Home*: files added to `$HOME` (the go command's telemetry counters under `.config/go` left out); *TMPDIR*: what is left in it after the exit. *Same verdicts*: the second run's mutants and statuses are the first's.\n\n")
	b.WriteString("| target | what its code does |\n|---|---|\n")
	for _, t := range sandboxTargets {
		fmt.Fprintf(&b, "| %s | %s |\n", t.name, t.what)
	}
	b.WriteString("\n| target | command | exit | s | tree before | tree after | changed | home | TMPDIR | same verdicts |\n|---|---|--:|--:|---|---|---|---|---|---|\n")
	ok := true
	for _, r := range runs {
		same := "yes"
		if !r.sameAsFirst || !r.ranOnce {
			same, ok = "**no**", false
		}
		if len(r.changed)+len(r.home)+len(r.tmp) > 0 || r.before != r.after || r.exit != 0 {
			ok = false
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %.1f | %s | %s | %s | %s | %s | %s |\n", r.target, r.command, r.exit, r.secs, r.before, r.after, listCell(r.changed), listCell(r.home), listCell(r.tmp), same)
	}
	verdict := "met"
	if !ok {
		verdict = "**not met**"
	}
	fmt.Fprintf(&b, "\nNo command changes a file of the user's tree (but gen's own), its home or its temporary directory, and every verdict is the same on a second run: %s.\n\n", verdict)
	return b.String()
}

// listCell is a table cell for a list of files: "none", or the count and
// the first few.
func listCell(xs []string) string {
	if len(xs) == 0 {
		return "none"
	}
	if len(xs) > 3 {
		return fmt.Sprintf("**%d**: %s, …", len(xs), strings.Join(xs[:3], ", "))
	}
	return fmt.Sprintf("**%d**: %s", len(xs), strings.Join(xs, ", "))
}
