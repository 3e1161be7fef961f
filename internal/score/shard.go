package score

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/gozilla/gozilla/internal/report"
)

// Shard is part K of N of every package's mutants (-shard K/N): mutant
// ID i belongs to shard (i-1) mod N + 1, so that the parts are
// deterministic, disjoint, cover every mutant and are of even size.
type Shard struct{ K, N int }

// ParseShard reads "K/N".
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	k, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || k < 1 || k > n {
		return Shard{}, fmt.Errorf("bad -shard %q: want K/N with 1 ≤ K ≤ N, such as 2/4", s)
	}
	return Shard{k, n}, nil
}

func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.K, s.N) }

// Has reports whether mutant id is in the shard.
func (s Shard) Has(id int) bool { return s.N <= 1 || (id-1)%s.N == s.K-1 }

// Merge joins the JSON reports of the shards 1..N of one run into the
// report the run unsharded gives: every mutant's verdict from its shard,
// the counts and scores recomputed, the seconds added up.
func Merge(docs []*report.Score) (*report.Score, error) {
	if len(docs) == 0 {
		return nil, &UserError{Msg: "merge: no report"}
	}
	n := 0
	seen := map[int]bool{}
	for i, d := range docs {
		if d.Schema != report.ScoreSchema {
			return nil, &UserError{Msg: fmt.Sprintf("merge: report %d is %q, not a %s report", i+1, d.Schema, report.ScoreSchema)}
		}
		sh, err := ParseShard(d.Summary.Shard)
		if d.Summary.Shard == "" {
			sh, err = Shard{1, 1}, nil
		}
		if err != nil {
			return nil, &UserError{Msg: fmt.Sprintf("merge: report %d: %v", i+1, err)}
		}
		if n == 0 {
			n = sh.N
		}
		if sh.N != n || seen[sh.K] {
			return nil, &UserError{Msg: fmt.Sprintf("merge: report %d is shard %s: the reports are not the shards 1..%d of one run", i+1, sh, n)}
		}
		seen[sh.K] = true
	}
	if len(seen) != n {
		var missing []string
		for k := 1; k <= n; k++ {
			if !seen[k] {
				missing = append(missing, fmt.Sprintf("%d/%d", k, n))
			}
		}
		return nil, &UserError{Msg: "merge: shard(s) missing: " + strings.Join(missing, ", ")}
	}

	// The packages: each shard lists all of them; per-package times add
	// up, the tests' times too.
	var pkgs []report.Package
	at := map[string]int{}
	var mutants []report.Mutant
	ids := map[string]bool{}
	seconds := 0.0
	for _, d := range docs {
		seconds += d.Summary.Seconds
		for _, p := range d.Packages {
			i, ok := at[p.Path]
			if !ok {
				at[p.Path] = len(pkgs)
				q := p
				q.Flaky, q.TestsTime = nil, nil
				q.Seconds, q.BuildSeconds = 0, 0
				pkgs = append(pkgs, q)
				i = len(pkgs) - 1
			}
			q := &pkgs[i]
			q.Seconds += p.Seconds
			q.BuildSeconds += p.BuildSeconds
			q.Partial = q.Partial || p.Partial
			q.Flaky = append(q.Flaky, p.Flaky...)
			q.TestsTime = addTimes(q.TestsTime, p.TestsTime)
		}
		for _, m := range d.Mutants {
			k := fmt.Sprintf("%s#%d", m.Package, m.ID)
			if ids[k] {
				return nil, &UserError{Msg: fmt.Sprintf("merge: mutant %s is in two shards", k)}
			}
			ids[k] = true
			mutants = append(mutants, m)
		}
	}
	sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].Path < pkgs[j].Path })
	doc := report.NewScore(pkgs, mutants, seconds)
	for _, d := range docs {
		doc.Errors = append(doc.Errors, d.Errors...)
		if d.Summary.Partial && doc.Summary.Stopped == "" {
			doc.Summary.Stopped = d.Summary.Stopped
		}
	}
	return doc, nil
}

// addTimes adds the tests' times of b to a, by test, slowest first.
func addTimes(a, b []report.TestTime) []report.TestTime {
	at := map[string]int{}
	for i, t := range a {
		at[t.Test] = i
	}
	for _, t := range b {
		if i, ok := at[t.Test]; ok {
			a[i].Mutants += t.Mutants
			a[i].Seconds += t.Seconds
			continue
		}
		at[t.Test] = len(a)
		a = append(a, t)
	}
	sort.SliceStable(a, func(i, j int) bool { return a[i].Seconds > a[j].Seconds })
	return a
}
