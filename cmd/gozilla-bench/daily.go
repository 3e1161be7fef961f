package main

// daily: the figures of issue 19 (gozilla as a daily tool), on copies of
// standard library packages with their own tests:
//   - the cache: a full run, the same run again, and a run after a
//     one-line change to one function, with the cache, against the full
//     run;
//   - sharding: the mutants in 4 shards run one after the other and
//     merged, against the unsharded run: the verdicts compared one by
//     one, and the seconds;
//   - the HTML report of the largest copy: its size, and the time
//     headless Chromium takes to load it and run its script, against an
//     empty page.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/gozilla/gozilla/internal/report"
)

// dailyResult is one package's figures.
type dailyResult struct {
	pkg                    string
	mutants                int
	full, again, changed   float64 // seconds
	cachedAgain, cachedChg int     // mutants reused
	changedFunc            string
	shardSecs              []float64
	unsharded              float64
	same, differ           int // verdicts of the merged shards against the unsharded run
	htmlBytes              int
	htmlLoad, emptyLoad    float64
}

func benchDaily(jobs int, pkgs []string, write string) error {
	env, err := setup("gozilla-daily-", false)
	if err != nil {
		return err
	}
	defer os.RemoveAll(env.tmp)
	var results []*dailyResult
	for _, pkg := range pkgs {
		mod := filepath.Join(env.tmp, strings.ReplaceAll(pkg, "/", "_"))
		if err := cmd(env.root, filepath.Join(env.root, "scripts/stdcopy.sh"), mod, pkg).Run(); err != nil {
			return fmt.Errorf("copy %s: %v", pkg, err)
		}
		r, err := dailyPackage(env, mod, pkg, jobs)
		if err != nil {
			return err
		}
		results = append(results, r)
	}
	// The HTML report of the largest copy.
	sort.SliceStable(results, func(i, j int) bool { return results[i].mutants > results[j].mutants })
	if len(results) > 0 {
		if err := dailyHTML(env, results[0], jobs); err != nil {
			return err
		}
	}
	text := dailyMarkdown(results, jobs)
	fmt.Print(text)
	if write != "" {
		return updateSection(write, "daily", text)
	}
	return nil
}

// gzScore runs gozilla score in mod with args and returns its JSON
// report and wall time.
func gzScore(env *benchEnv, mod string, jobs int, args ...string) (*report.Score, float64, error) {
	c := exec.Command(env.gz, append([]string{"score", "-json", "-q", "-j", strconv.Itoa(jobs)}, args...)...)
	c.Dir = mod
	var stdout, stderr bytes.Buffer
	c.Stdout, c.Stderr = &stdout, &stderr
	start := time.Now()
	if err := c.Run(); err != nil {
		return nil, 0, fmt.Errorf("gozilla score %v: %v: %s", args, err, stderr.String())
	}
	secs := time.Since(start).Seconds()
	var d report.Score
	if err := json.Unmarshal(stdout.Bytes(), &d); err != nil {
		return nil, 0, err
	}
	return &d, secs, nil
}

func dailyPackage(env *benchEnv, mod, pkg string, jobs int) (*dailyResult, error) {
	dir := "./" + filepath.Base(pkg)
	cache := filepath.Join(mod, ".cache")
	r := &dailyResult{pkg: pkg}
	fmt.Fprintf(os.Stderr, "%s: full run...", pkg)
	full, secs, err := gzScore(env, mod, jobs, "-cache", cache, dir)
	if err != nil {
		return nil, err
	}
	r.full, r.mutants = secs, len(full.Mutants)
	fmt.Fprintf(os.Stderr, " %.1fs; again...", secs)
	again, secs, err := gzScore(env, mod, jobs, "-cache", cache, dir)
	if err != nil {
		return nil, err
	}
	r.again, r.cachedAgain = secs, again.Packages[0].Cached

	// A one-line change: a comment line at the top of the body of the
	// function with the most mutants (its text changes, its behaviour
	// does not, so the verdicts must not either).
	fn, file, err := busiestFunc(full)
	if err != nil {
		return nil, err
	}
	r.changedFunc = fn
	if err := addLine(filepath.Join(mod, file), fn); err != nil {
		return nil, err
	}
	fmt.Fprintf(os.Stderr, " %.1fs; after a change to %s...", secs, fn)
	chg, secs, err := gzScore(env, mod, jobs, "-cache", cache, dir)
	if err != nil {
		return nil, err
	}
	r.changed, r.cachedChg = secs, chg.Packages[0].Cached

	// Sharding, without the cache: 4 shards one after the other, merged,
	// against the run unsharded.
	fmt.Fprintf(os.Stderr, " %.1fs; unsharded...", secs)
	whole, secs, err := gzScore(env, mod, jobs, "-cache", "off", dir)
	if err != nil {
		return nil, err
	}
	r.unsharded = secs
	var files []string
	for k := 1; k <= 4; k++ {
		fmt.Fprintf(os.Stderr, " shard %d/4...", k)
		part, secs, err := gzScore(env, mod, jobs, "-cache", "off", "-shard", fmt.Sprintf("%d/4", k), dir)
		if err != nil {
			return nil, err
		}
		r.shardSecs = append(r.shardSecs, secs)
		data, _ := json.Marshal(part)
		f := filepath.Join(mod, fmt.Sprintf("shard%d.json", k))
		if err := os.WriteFile(f, data, 0o644); err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	c := exec.Command(env.gz, append([]string{"merge", "-json"}, files...)...)
	c.Dir = mod
	out, err := c.Output()
	if err != nil {
		return nil, fmt.Errorf("gozilla merge: %v", err)
	}
	var merged report.Score
	if err := json.Unmarshal(out, &merged); err != nil {
		return nil, err
	}
	byID := map[int]report.Mutant{}
	for _, m := range merged.Mutants {
		byID[m.ID] = m
	}
	for _, m := range whole.Mutants {
		if mm, ok := byID[m.ID]; ok && reflect.DeepEqual(mm, m) {
			r.same++
		} else {
			r.differ++
		}
	}
	fmt.Fprintf(os.Stderr, " done\n")
	return r, nil
}

// busiestFunc is the function with the most mutants in a report, and
// its file (relative to the module).
func busiestFunc(d *report.Score) (string, string, error) {
	n := map[[2]string]int{}
	for _, m := range d.Mutants {
		if m.Func != "" {
			n[[2]string{m.Func, m.File}]++
		}
	}
	var best [2]string
	for k, v := range n {
		if v > n[best] || v == n[best] && k[0] < best[0] {
			best = k
		}
	}
	if best[0] == "" {
		return "", "", fmt.Errorf("no function with mutants")
	}
	return best[0], best[1], nil
}

// addLine adds a comment line at the top of function fn's body in file.
func addLine(file, fn string) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	name := fn
	if i := strings.LastIndex(fn, "."); i >= 0 {
		name = fn[i+1:]
	}
	re := regexp.MustCompile(`(?m)^func (\([^)]*\) )?` + regexp.QuoteMeta(name) + `[\[(].*\{$`)
	loc := re.FindIndex(data)
	if loc == nil {
		return fmt.Errorf("%s: no func %s on one line", file, fn)
	}
	src := string(data[:loc[1]]) + "\n\t// a one-line change" + string(data[loc[1]:])
	return os.WriteFile(file, []byte(src), 0o644)
}

// dailyHTML writes the HTML report of r's package and times headless
// Chromium on it.
func dailyHTML(env *benchEnv, r *dailyResult, jobs int) error {
	mod := filepath.Join(env.tmp, strings.ReplaceAll(r.pkg, "/", "_"))
	dir := filepath.Join(mod, "html")
	c := exec.Command(env.gz, "score", "-q", "-cache", filepath.Join(mod, ".cache"), "-html", dir, "-o", os.DevNull, "./"+filepath.Base(r.pkg))
	c.Dir = mod
	if out, err := c.CombinedOutput(); err != nil {
		return fmt.Errorf("gozilla score -html: %v: %s", err, out)
	}
	st, err := os.Stat(filepath.Join(dir, "index.html"))
	if err != nil {
		return err
	}
	r.htmlBytes = int(st.Size())
	bin := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			bin = p
			break
		}
	}
	if bin == "" {
		return nil
	}
	empty := filepath.Join(env.tmp, "empty.html")
	if err := os.WriteFile(empty, []byte("<!DOCTYPE html><title>empty</title>"), 0o644); err != nil {
		return err
	}
	load := func(page string) (float64, error) {
		var times []float64
		for i, fails := 0, 0; i < 3; {
			start := time.Now()
			c := exec.Command(bin, "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir="+filepath.Join(env.tmp, "chromium"), "--dump-dom", "file://"+page)
			if err := c.Run(); err != nil {
				// Headless Chromium crashes now and then on start
				// (seen: a segmentation fault): that run is not timed.
				if fails++; fails == 3 {
					return 0, fmt.Errorf("%s: %v", bin, err)
				}
				continue
			}
			times = append(times, time.Since(start).Seconds())
			i++
		}
		sort.Float64s(times)
		return times[1], nil
	}
	if r.htmlLoad, err = load(filepath.Join(dir, "index.html")); err != nil {
		return err
	}
	r.emptyLoad, err = load(empty)
	return err
}

func dailyMarkdown(results []*dailyResult, jobs int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Measured %s on %s; `go run ./cmd/gozilla-bench daily -j %d -w BENCHMARKS.md`.\n\n", time.Now().Format("2006-01-02"), machine(), jobs)
	b.WriteString("**The cache.** `gozilla score -cache DIR` on a standard library copy with its tests: the first run (an empty cache), the same run again, and a run after a one-line change (a comment line added in the function with the most mutants). Seconds of the whole command; the ratio is to the first run.\n\n")
	b.WriteString("| package | mutants | first run s | again s | ratio | reused | after a one-line change to | s | ratio | reused |\n|---|--:|--:|--:|--:|--:|---|--:|--:|--:|\n")
	for _, r := range results {
		fmt.Fprintf(&b, "| %s | %d | %.1f | %.1f | %.3f | %d | `%s` | %.1f | %.2f | %d |\n", r.pkg, r.mutants, r.full, r.again, r.again/r.full, r.cachedAgain, r.changedFunc, r.changed, r.changed/r.full, r.cachedChg)
	}
	b.WriteString("\n**Sharding.** The same packages without the cache: `-shard K/4` for K = 1…4 one after the other on this machine, joined by `gozilla merge`, against one unsharded run. Verdicts compared mutant by mutant (status, test that killed it, proof).\n\n")
	b.WriteString("| package | mutants | unsharded s | shards s (each) | shards s (total) | same verdict | different |\n|---|--:|--:|---|--:|--:|--:|\n")
	for _, r := range results {
		var each []string
		total := 0.0
		for _, s := range r.shardSecs {
			each = append(each, fmt.Sprintf("%.1f", s))
			total += s
		}
		fmt.Fprintf(&b, "| %s | %d | %.1f | %s | %.1f | %d | %d |\n", r.pkg, r.mutants, r.unsharded, strings.Join(each, ", "), total, r.same, r.differ)
	}
	if len(results) > 0 {
		r := results[0]
		fmt.Fprintf(&b, "\n**The HTML report** of the largest copy, %s (%d mutants): %d bytes (%.1f KB per 100 mutants), one file.", r.pkg, r.mutants, r.htmlBytes, float64(r.htmlBytes)/float64(r.mutants)*100/1024)
		if r.htmlLoad > 0 {
			fmt.Fprintf(&b, " Headless Chromium loads it and runs its script in %.2f s (median of 3, browser start included), against %.2f s for an empty page.", r.htmlLoad, r.emptyLoad)
		} else {
			b.WriteString(" No Chromium on this machine: the load time was not measured.")
		}
		b.WriteString("\n")
	}
	return b.String()
}
