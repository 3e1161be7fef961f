package main

// This file implements the resources benchmark: what one run of gozilla
// gen and gozilla score costs on copies of standard library packages and
// on popular third-party modules (pinned versions, fetched from the module
// proxy at bench time): wall time, the slowest unit, the largest resident
// set of gozilla itself and of any process it starts other than the go
// toolchain (the workers: test binaries in harness or mutant mode). With
// -before REV the same runs are made, side by side in the same run, with
// gozilla built from an earlier revision of the repository.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/version"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/gozilla/gozilla/internal/report"
)

// resTarget is a module to run gozilla on.
type resTarget struct {
	name    string // as shown: a std package path or module@version
	dir     string // module root
	pattern string // package pattern, relative to dir
	goLine  string // the go directive of its go.mod
}

// resRun is one command of one gozilla build on one target.
type resRun struct {
	target, build, command string
	exit                   int
	stopped                bool // killed at the time limit
	partial                bool // the report says it is partial
	wall                   float64
	rootRSS, workerRSS     int64 // peak resident set sizes, KiB
	slowUnit               string
	slowSec                float64
	mutants                int
	score                  *float64
	note                   string
}

// defaultModules are popular, small third-party modules (formatting,
// identifiers, version parsing, UUIDs, colours), at pinned versions.
const defaultModules = "github.com/dustin/go-humanize@v1.0.1,github.com/iancoleman/strcase@v0.3.0," +
	"github.com/Masterminds/semver/v3@v3.3.1,github.com/hashicorp/go-version@v1.7.0," +
	"github.com/google/uuid@v1.6.0,github.com/fatih/color@v1.18.0"

func benchResources(jobs int, before string, limit time.Duration, std, modules []string, minGo, write string) error {
	env, err := setup("gozilla-bench-res-", false)
	if err != nil {
		return err
	}
	defer os.RemoveAll(env.tmp)
	builds := []struct{ name, bin string }{}
	if before != "" {
		bin, err := buildRevision(env, before)
		if err != nil {
			return err
		}
		builds = append(builds, struct{ name, bin string }{before, bin})
	}
	builds = append(builds, struct{ name, bin string }{"this tree", env.gz})

	var targets []resTarget
	for _, pkg := range std {
		mod := filepath.Join(env.tmp, "std-"+strings.ReplaceAll(pkg, "/", "-"))
		if err := cmd(env.root, filepath.Join(env.root, "scripts/stdcopy.sh"), mod, pkg).Run(); err != nil {
			return fmt.Errorf("stdcopy %s: %v", pkg, err)
		}
		targets = append(targets, resTarget{name: pkg + " (copy)", dir: mod, pattern: "./" + filepath.Base(pkg), goLine: goDirective(mod)})
	}
	for _, m := range modules {
		dir, orig, err := fetchModule(env.tmp, m, minGo)
		if err != nil {
			return err
		}
		line := goDirective(dir)
		if line != orig {
			line = orig + " → " + line
		}
		targets = append(targets, resTarget{name: m, dir: dir, pattern: "./...", goLine: line})
	}

	var runs []*resRun
	for _, t := range targets {
		for _, command := range []string{"gen", "score"} {
			for _, b := range builds {
				r := runMeasured(b.bin, t, command, jobs, limit)
				r.build = b.name
				fmt.Fprintf(os.Stderr, "resources: %s %s [%s]: exit %d, %.1f s, slowest unit %.1f s, worker %d MiB\n",
					command, t.name, b.name, r.exit, r.wall, r.slowSec, r.workerRSS>>10)
				runs = append(runs, r)
			}
		}
	}
	text := resourcesMarkdown(runs, targets, jobs, limit, before)
	fmt.Print(text)
	if write != "" {
		return updateSection(write, "resources", text)
	}
	return nil
}

// buildRevision builds cmd/gozilla as it was at rev (a git revision of the
// repository), from an exported tree in the scratch directory.
func buildRevision(env *benchEnv, rev string) (string, error) {
	src := filepath.Join(env.tmp, "rev-src")
	if err := os.MkdirAll(src, 0o755); err != nil {
		return "", err
	}
	archive := exec.Command("git", "archive", "--format=tar", rev)
	archive.Dir = env.root
	tarball, err := archive.Output()
	if err != nil {
		return "", fmt.Errorf("git archive %s: %v", rev, err)
	}
	untar := exec.Command("tar", "-x", "-C", src)
	untar.Stdin = bytes.NewReader(tarball)
	if out, err := untar.CombinedOutput(); err != nil {
		return "", fmt.Errorf("untar %s: %v: %s", rev, err, out)
	}
	bin := filepath.Join(env.tmp, "gozilla-"+strings.NewReplacer("/", "-", "~", "-", "^", "-").Replace(rev))
	if err := cmd(src, "go", "build", "-o", bin, "./cmd/gozilla").Run(); err != nil {
		return "", fmt.Errorf("build gozilla at %s: %v", rev, err)
	}
	return bin, nil
}

// fetchModule copies module@version from the module cache (downloading it
// through the proxy) into a writable directory, with a go.mod and go.sum,
// its go directive raised to minGo if it is older; it returns the
// directory and the original go directive.
func fetchModule(tmp, modver, minGo string) (dir, origGo string, err error) {
	path, _, ok := strings.Cut(modver, "@")
	if !ok {
		return "", "", fmt.Errorf("module %q: want path@version", modver)
	}
	out, err := exec.Command("go", "mod", "download", "-json", modver).Output()
	if err != nil {
		return "", "", fmt.Errorf("go mod download %s: %v", modver, err)
	}
	var info struct{ Dir, Error string }
	if err := json.Unmarshal(out, &info); err != nil || info.Dir == "" {
		return "", "", fmt.Errorf("go mod download %s: %s", modver, info.Error)
	}
	dst := filepath.Join(tmp, "mod-"+strings.NewReplacer("/", "_", "@", "_").Replace(modver))
	if err := exec.Command("cp", "-r", info.Dir, dst).Run(); err != nil {
		return "", "", fmt.Errorf("copy %s: %v", modver, err)
	}
	if err := exec.Command("chmod", "-R", "u+w", dst).Run(); err != nil {
		return "", "", err
	}
	if _, err := os.Stat(filepath.Join(dst, "go.mod")); err != nil {
		// A module from before go.mod files: the go command treats it as
		// go 1.16; say so explicitly.
		if err := os.WriteFile(filepath.Join(dst, "go.mod"), []byte("module "+path+"\n\ngo 1.16\n"), 0o644); err != nil {
			return "", "", err
		}
	}
	origGo = goDirective(dst)
	if minGo != "" {
		edit := exec.Command("go", "mod", "edit", "-go="+minGo)
		edit.Dir = dst
		if version.Compare("go"+origGo, "go"+minGo) >= 0 {
			edit = nil
		}
		if edit != nil {
			if out, err := edit.CombinedOutput(); err != nil {
				return "", "", fmt.Errorf("go mod edit in %s: %v: %s", modver, err, out)
			}
		}
	}
	tidy := exec.Command("go", "mod", "tidy")
	tidy.Dir = dst
	if out, err := tidy.CombinedOutput(); err != nil {
		return "", "", fmt.Errorf("go mod tidy in %s: %v: %s", modver, err, out)
	}
	return dst, origGo, nil
}

func goDirective(dir string) string {
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return "?"
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "go "); ok {
			return v
		}
	}
	return "1.16 (none)"
}

// runMeasured runs one gozilla command on t, sampling the resident sets of
// its process tree, and stops it (SIGTERM, then SIGKILL after 30 s) at the
// time limit.
func runMeasured(bin string, t resTarget, command string, jobs int, limit time.Duration) *resRun {
	r := &resRun{target: t.name, command: command}
	args := []string{command, "-json", "-q", "-j", strconv.Itoa(jobs)}
	if command == "gen" {
		args = append(args, "-n")
	}
	c := exec.Command(bin, append(args, t.pattern)...)
	c.Dir = t.dir
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var stdout, stderr bytes.Buffer
	c.Stdout, c.Stderr = &stdout, &stderr
	start := time.Now()
	if err := c.Start(); err != nil {
		r.exit, r.note = -1, err.Error()
		return r
	}
	done := make(chan error, 1)
	go func() { done <- c.Wait() }()
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	deadline := time.After(limit)
	var kill <-chan time.Time
	var err error
wait:
	for {
		select {
		case err = <-done:
			break wait
		case <-tick.C:
			root, workers := treeRSS(c.Process.Pid)
			r.rootRSS = max(r.rootRSS, root)
			r.workerRSS = max(r.workerRSS, workers)
		case <-deadline:
			r.stopped = true
			c.Process.Signal(syscall.SIGTERM)
			kill = time.After(30 * time.Second)
		case <-kill:
			syscall.Kill(-c.Process.Pid, syscall.SIGKILL)
		}
	}
	syscall.Kill(-c.Process.Pid, syscall.SIGKILL) // stray workers
	r.wall = time.Since(start).Seconds()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		r.exit = exit.ExitCode()
	}
	if r.exit != 0 && r.exit != 1 {
		r.note = lastLine(stderr.String())
	}
	switch command {
	case "gen":
		var doc report.Gen
		if json.Unmarshal(stdout.Bytes(), &doc) == nil {
			r.mutants, r.score = doc.Summary.Mutants, doc.Summary.Score
			for _, p := range doc.Packages {
				for _, u := range p.Units {
					if u.Seconds > r.slowSec {
						r.slowSec, r.slowUnit = u.Seconds, filepath.Base(p.Path)+"."+u.Name
					}
				}
			}
		}
	case "score":
		var doc gzDoc
		if json.Unmarshal(stdout.Bytes(), &doc) == nil {
			r.mutants, r.score = doc.Summary.Mutants, doc.Summary.Score
		}
	}
	r.partial = bytes.Contains(stdout.Bytes(), []byte(`"partial": true`)) || bytes.Contains(stdout.Bytes(), []byte(`"partial":true`))
	return r
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	l := lines[len(lines)-1]
	if len(l) > 120 {
		l = l[:117] + "..."
	}
	return l
}

// toolchain names the go command's own processes, which are not counted as
// workers.
var toolchain = map[string]bool{"go": true, "compile": true, "link": true, "asm": true, "cgo": true, "vet": true, "buildid": true}

// treeRSS returns the resident set (KiB) of pid and the largest of its
// descendants that are not the go toolchain.
func treeRSS(pid int) (root, worker int64) {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return 0, 0
	}
	parent := map[int]int{}
	rss := map[int]int64{}
	name := map[int]string{}
	for _, e := range entries {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		data, err := os.ReadFile(filepath.Join("/proc", e.Name(), "status"))
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(data), "\n") {
			k, v, _ := strings.Cut(line, ":")
			v = strings.TrimSpace(v)
			switch k {
			case "Name":
				name[p] = v
			case "PPid":
				parent[p], _ = strconv.Atoi(v)
			case "VmRSS":
				kb, _ := strconv.ParseInt(strings.TrimSuffix(v, " kB"), 10, 64)
				rss[p] = kb
			}
		}
	}
	under := func(p int) bool {
		for i := 0; i < 64 && p > 1; i++ {
			if p = parent[p]; p == pid {
				return true
			}
		}
		return false
	}
	root = rss[pid]
	for p, kb := range rss {
		if p != pid && !toolchain[name[p]] && under(p) {
			worker = max(worker, kb)
		}
	}
	return root, worker
}

func resourcesMarkdown(runs []*resRun, targets []resTarget, jobs int, limit time.Duration, before string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "## Resources: the slowest unit and the largest process on real code\n\n")
	flags := ""
	if before != "" {
		flags = " -before " + before
	}
	fmt.Fprintf(&b, "`go run ./cmd/gozilla-bench resources -j %d -limit %s%s -w BENCHMARKS.md` on %s, %s.\n\n", jobs, limit, flags, machine(), time.Now().Format("2006-01-02"))
	b.WriteString("Each target is a copy of a standard library package with its own tests (`scripts/stdcopy.sh`) or a third-party module at a pinned version, fetched from the module proxy at bench time (with the `go` directive of its go.mod). `gen -n` and `score` are run on it by each build, side by side, and stopped (SIGTERM) at the limit. *slowest unit*: the largest per-unit time in gen's report; *gozilla MiB*: peak resident set of the gozilla process; *worker MiB*: the largest peak of any process it starts other than the go toolchain (harness workers, test binaries), sampled every 100 ms.\n\n")
	b.WriteString("| target | go | command | build | exit | wall s | slowest unit | gozilla MiB | worker MiB | mutants | MS |\n|---|---|---|---|---|---|---|---|---|---|---|\n")
	goLine := map[string]string{}
	for _, t := range targets {
		goLine[t.name] = t.goLine
	}
	for _, r := range runs {
		exit := strconv.Itoa(r.exit)
		if r.stopped {
			exit += " (stopped at limit)"
		}
		if r.partial {
			exit += ", partial"
		}
		slow := "—"
		if r.slowUnit != "" {
			slow = fmt.Sprintf("%.1f s `%s`", r.slowSec, r.slowUnit)
		}
		ms := "—"
		if r.score != nil {
			ms = fmt.Sprintf("%.3f", *r.score)
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %.1f | %s | %d | %d | %d | %s |\n",
			r.target, goLine[r.target], r.command, r.build, exit, r.wall, slow, r.rootRSS>>10, r.workerRSS>>10, r.mutants, ms)
	}
	var notes []string
	for _, r := range runs {
		if r.note != "" {
			notes = append(notes, fmt.Sprintf("- %s %s [%s]: `%s`", r.command, r.target, r.build, r.note))
		}
	}
	sort.Strings(notes)
	if len(notes) > 0 {
		b.WriteString("\nWhat the runs that failed said last:\n\n" + strings.Join(notes, "\n") + "\n")
	}
	b.WriteString("\n")
	return b.String()
}
