package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// gzDoc is the part of gozilla's score JSON the benchmark reads.
type gzDoc struct {
	Summary struct {
		Mutants    int      `json:"mutants"`
		Killed     int      `json:"killed"`
		Lived      int      `json:"lived"`
		TimedOut   int      `json:"timed_out"`
		NotCovered int      `json:"not_covered"`
		Score      *float64 `json:"score"`
	} `json:"summary"`
	Mutants []struct {
		ID          int    `json:"id"`
		File        string `json:"file"`
		Line        int    `json:"line"`
		Offset, End int
		Orig, Repl  string
		Status      string
	} `json:"mutants"`
}

// tally counts one tool's verdicts on one package.
type tally struct {
	mutants, killed, lived, timedOut, notCovered, other int
	wall                                                []float64 // seconds, one per run
}

func (t *tally) median() float64 {
	w := append([]float64(nil), t.wall...)
	sort.Float64s(w)
	if len(w) == 0 {
		return 0
	}
	return w[len(w)/2]
}

func (t *tally) rate() float64 { return float64(t.mutants) / t.median() }

// pkgResult is one package's comparison.
type pkgResult struct {
	pkg           string
	gz, gr        tally
	gzScore       float64
	matched       int            // mutants both tools make
	gzDet, grDet  int            // of those, detected (killed or timed out) by each
	onlyGz, onlyG int            // detected by one tool only
	unmatched     map[string]int // gremlins mutants without a gozilla twin, by type
	onlyGList     []string       // the mutants only gremlins detected, for the reader to check
	livedList     []string       // the mutants gremlins reports LIVED, with gozilla's status
}

func benchScore(n, jobs int, pkgs []string, write string) error {
	env, err := setup("gozilla-bench-", true)
	if err != nil {
		return err
	}
	defer os.RemoveAll(env.tmp)
	root, tmp, gz, gremlins := env.root, env.tmp, env.gz, env.gremlins

	var results []*pkgResult
	for _, pkg := range pkgs {
		mod := filepath.Join(tmp, strings.ReplaceAll(pkg, "/", "_"))
		var c *exec.Cmd
		if pkg == "unicode/utf8" {
			c = cmd(root, filepath.Join(root, "scripts/utf8copy.sh"), mod)
		} else {
			c = cmd(root, filepath.Join(root, "scripts/stdcopy.sh"), mod, pkg)
		}
		if err := c.Run(); err != nil {
			return fmt.Errorf("copy %s: %v", pkg, err)
		}
		dir := "./" + filepath.Base(pkg)
		res := &pkgResult{pkg: pkg}
		for i := 0; i < n; i++ {
			fmt.Fprintf(os.Stderr, "%s: run %d/%d: gozilla...", pkg, i+1, n)
			if err := runGozilla(gz, mod, dir, jobs, res); err != nil {
				return err
			}
			fmt.Fprintf(os.Stderr, " %.1fs; gremlins...", res.gz.wall[i])
			if err := runGremlins(gremlins, mod, dir, jobs, res); err != nil {
				return err
			}
			fmt.Fprintf(os.Stderr, " %.1fs\n", res.gr.wall[i])
		}
		results = append(results, res)
	}

	text := scoreMarkdown(results, n, jobs)
	fmt.Print(text)
	if write != "" {
		return updateSection(write, "score", text)
	}
	return nil
}

// benchEnv is what every benchmark starts from: the repository, a scratch
// directory (the caller removes it), gozilla built into it, and gremlins.
type benchEnv struct {
	root, tmp, gz, gremlins string
}

func setup(prefix string, withGremlins bool) (*benchEnv, error) {
	root, err := repoRoot()
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", prefix)
	if err != nil {
		return nil, err
	}
	env := &benchEnv{root: root, tmp: tmp, gz: filepath.Join(tmp, "gozilla")}
	if err := cmd(root, "go", "build", "-o", env.gz, "./cmd/gozilla").Run(); err != nil {
		os.RemoveAll(tmp)
		return nil, fmt.Errorf("build gozilla: %v", err)
	}
	if withGremlins {
		out, err := cmd(root, filepath.Join(root, "scripts/install-gremlins.sh")).Output()
		if err != nil {
			os.RemoveAll(tmp)
			return nil, fmt.Errorf("install gremlins: %v", err)
		}
		env.gremlins = strings.TrimSpace(string(out))
	}
	return env, nil
}

func cmd(dir, name string, args ...string) *exec.Cmd {
	c := exec.Command(name, args...)
	c.Dir = dir
	c.Stderr = os.Stderr
	return c
}

// runGozilla scores the package and records the verdicts and the time;
// the last run's gozilla document is kept for matching.
func runGozilla(gz, mod, dir string, jobs int, res *pkgResult) error {
	c := exec.Command(gz, "score", "-json", "-q", "-j", strconv.Itoa(jobs), dir)
	c.Dir = mod
	var stdout, stderr bytes.Buffer
	c.Stdout, c.Stderr = &stdout, &stderr
	start := time.Now()
	if err := c.Run(); err != nil {
		return fmt.Errorf("gozilla score %s: %v: %s", dir, err, stderr.String())
	}
	res.gz.wall = append(res.gz.wall, time.Since(start).Seconds())
	var doc gzDoc
	if err := json.Unmarshal(stdout.Bytes(), &doc); err != nil {
		return err
	}
	s := doc.Summary
	res.gz.mutants, res.gz.killed, res.gz.lived, res.gz.timedOut, res.gz.notCovered = s.Mutants, s.Killed, s.Lived, s.TimedOut, s.NotCovered
	if s.Score != nil {
		res.gzScore = *s.Score
	}
	gzDocs[res.pkg] = &doc
	return nil
}

var gzDocs = map[string]*gzDoc{}

func runGremlins(gremlins, mod, dir string, jobs int, res *pkgResult) error {
	outFile := filepath.Join(mod, "gremlins.json")
	args := append([]string{"unleash", "--silent", "--workers", strconv.Itoa(jobs), "-o", outFile}, gremlinsFlags...)
	c := exec.Command(gremlins, append(args, dir)...)
	c.Dir = mod
	// gremlins derives its timeouts from the time of a `go test` run; a
	// cached result takes no time and every mutant would "time out".
	c.Env = append(os.Environ(), "GOFLAGS=-count=1")
	var stderr bytes.Buffer
	c.Stdout, c.Stderr = &stderr, &stderr
	start := time.Now()
	if err := c.Run(); err != nil {
		return fmt.Errorf("gremlins %s: %v: %s", dir, err, stderr.String())
	}
	res.gr.wall = append(res.gr.wall, time.Since(start).Seconds())
	ms, err := readGremlins(outFile)
	if err != nil {
		return err
	}
	os.Remove(outFile)
	t := &res.gr
	t.mutants, t.killed, t.lived, t.timedOut, t.notCovered, t.other = 0, 0, 0, 0, 0, 0
	for _, m := range ms {
		t.mutants++
		switch m.Status {
		case "KILLED":
			t.killed++
		case "LIVED":
			t.lived++
		case "TIMED OUT":
			t.timedOut++
		case "NOT COVERED":
			t.notCovered++
		default: // NOT VIABLE (does not compile), SKIPPED
			t.other++
		}
	}
	return match(mod, dir, ms, res)
}

// match pairs the two tools' mutants that make the same change and counts
// which tool detected them.
func match(mod, dir string, grem []gremlinsMutant, res *pkgResult) error {
	doc := gzDocs[res.pkg]
	srcs := map[string][]byte{}
	read := func(base string) []byte {
		if b, ok := srcs[base]; ok {
			return b
		}
		b, _ := os.ReadFile(filepath.Join(mod, dir, base))
		srcs[base] = b
		return b
	}
	ours := map[change]string{}
	for _, m := range doc.Mutants {
		src := read(baseName(m.File))
		if src == nil {
			continue
		}
		if c, ok := gozillaChange(m.File, src, m.Offset, m.Orig, m.Repl); ok {
			ours[c] = m.Status
		}
	}
	detected := func(s string) bool {
		return s == "killed" || s == "timed_out" || s == "KILLED" || s == "TIMED OUT"
	}
	res.matched, res.gzDet, res.grDet, res.onlyGz, res.onlyG = 0, 0, 0, 0, 0
	res.unmatched = map[string]int{}
	res.onlyGList, res.livedList = nil, nil
	seen := map[change]bool{}
	for _, g := range grem {
		src := read(baseName(g.File))
		if g.Status == "LIVED" {
			desc := fmt.Sprintf("%s %s:%d:%d %s", res.pkg, baseName(g.File), g.Line, g.Col, g.Type)
			if c, ok := gremlinsChange(g, src); ok {
				desc = fmt.Sprintf("%s %s:%d:%d `%s`→`%s`", res.pkg, c.file, c.line, c.col, c.from, c.to)
				if st, found := ours[c]; found {
					desc += " (gozilla: " + st + ")"
				}
			}
			res.livedList = append(res.livedList, desc)
		}
		if src == nil || g.Status == "NOT VIABLE" {
			res.unmatched[g.Type+" (not viable)"]++
			continue
		}
		c, ok := gremlinsChange(g, src)
		if ok && seen[c] {
			continue
		}
		st, found := ours[c]
		if !ok || !found {
			res.unmatched[g.Type]++
			continue
		}
		seen[c] = true
		res.matched++
		a, b := detected(st), detected(g.Status)
		if a {
			res.gzDet++
		}
		if b {
			res.grDet++
		}
		if a && !b {
			res.onlyGz++
		}
		if b && !a {
			res.onlyG++
			res.onlyGList = append(res.onlyGList, fmt.Sprintf("%s %s:%d:%d `%s`→`%s` (gremlins %s, gozilla %s)",
				res.pkg, c.file, c.line, c.col, c.from, c.to, g.Status, st))
		}
	}
	return nil
}

func scoreMarkdown(results []*pkgResult, n, jobs int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Measured %s on %s; `go run ./cmd/gozilla-bench score -n %d -j %d -w BENCHMARKS.md`.\n", time.Now().UTC().Format("2006-01-02"), machine(), n, jobs)
	fmt.Fprintf(&b, "Wall times are medians of %d run(s) per tool, the tools alternating on the same copy; gremlins v0.5.0 with every mutant type enabled and the go test cache off (`GOFLAGS=-count=1`: with a cached baseline its timeouts collapse and nearly every mutant reports TIMED OUT), both tools with %d workers.\n\n", n, jobs)
	b.WriteString("| package | tool | mutants | killed | lived | timed out | not covered | not viable | wall s | mutants/s | speed-up |\n")
	b.WriteString("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	for _, r := range results {
		fmt.Fprintf(&b, "| %s | gozilla | %d | %d | %d | %d | %d | – | %.1f | %.1f | **%.0f×** |\n", r.pkg, r.gz.mutants, r.gz.killed, r.gz.lived, r.gz.timedOut, r.gz.notCovered, r.gz.median(), r.gz.rate(), r.gz.rate()/r.gr.rate())
		fmt.Fprintf(&b, "| | gremlins | %d | %d | %d | %d | %d | %d | %.1f | %.2f | 1× |\n", r.gr.mutants, r.gr.killed, r.gr.lived, r.gr.timedOut, r.gr.notCovered, r.gr.other, r.gr.median(), r.gr.rate())
	}
	b.WriteString("\nSame mutants (an operator replaced by the same operator at the same place, made by both tools): how many each tool detected (killed or timed out).\n\n")
	b.WriteString("| package | same mutants | detected by gozilla | detected by gremlins | only gozilla | only gremlins | gremlins mutants without a twin |\n")
	b.WriteString("|---|--:|--:|--:|--:|--:|---|\n")
	for _, r := range results {
		var types []string
		for t, k := range r.unmatched {
			types = append(types, fmt.Sprintf("%s %d", t, k))
		}
		sort.Strings(types)
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d | %s |\n", r.pkg, r.matched, r.gzDet, r.grDet, r.onlyGz, r.onlyG, strings.Join(types, ", "))
	}
	var only []string
	for _, r := range results {
		only = append(only, r.onlyGList...)
	}
	if len(only) > 0 {
		b.WriteString("\nThe same mutants detected by gremlins only (statuses of the last run):\n\n")
		for _, s := range only {
			fmt.Fprintf(&b, "- %s\n", s)
		}
	}
	b.WriteString("\nMutation score of the packages' own tests (gozilla, all operators, MS = D/(M−E), E = 0 until equivalence detection):\n\n")
	b.WriteString("| package | mutants | MS | wall s |\n|---|--:|--:|--:|\n")
	for _, r := range results {
		fmt.Fprintf(&b, "| %s | %d | %.3f | %.1f |\n", r.pkg, r.gz.mutants, r.gzScore, r.gz.median())
	}
	return b.String()
}

// machine describes the host in a few words.
func machine() string {
	cpu := "unknown CPU"
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(line, "model name") {
				cpu = strings.TrimSpace(strings.SplitN(line, ":", 2)[1])
				break
			}
		}
	}
	out, _ := exec.Command("go", "version").Output()
	return fmt.Sprintf("%s, %d CPUs, %s", cpu, numCPU(), strings.TrimSpace(strings.TrimPrefix(string(out), "go version ")))
}
