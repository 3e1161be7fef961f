package gen

// This file implements the reuse of an earlier run's tests (-cache): a
// unit whose text, and the run's options and gozilla's build, did not
// change gets its earlier tests' inputs back, run again and judged like
// any candidate, instead of its passes. What the cache holds are
// proposals: execution is still the judge, and compaction and the check
// under go test are as in any run, so a stale entry can cost kills,
// never a wrong file.

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"github.com/gozilla/gozilla/internal/harness"
	"strings"

	"github.com/gozilla/gozilla/internal/cachedir"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/unit"
	"github.com/gozilla/gozilla/internal/value"
	"github.com/gozilla/gozilla/internal/version"
)

const genCacheVersion = 2

// genEntry is one unit's earlier result.
type genEntry struct {
	Version    int               `json:"version"`
	Unit       string            `json:"unit"`
	Inputs     []genInput        `json:"inputs"`               // the unit's kept tests, in order
	Equivalent map[string]string `json:"equivalent,omitempty"` // mutant key -> proof
	Why        map[string]string `json:"why,omitempty"`        // mutant key -> why it lives
	// Upto, on a checkpoint (resume.go), is the last pass done with the
	// unit ("random", an engine's name, "cover:" and an engine's name):
	// Inputs are its tests then, and a replay runs the passes after it.
	// "" on the entry a finished run writes: the tests of its file.
	Upto string `json:"upto,omitempty"`
}

type genInput struct {
	In   []value.Value `json:"in"`
	Pass string        `json:"pass"`
	// Out is a digest of the code's outcome on In when the entry was
	// written: a replay that sees another outcome knows the unit's
	// behaviour changed though its text did not (a constructor its
	// inputs are built with, a function it calls), and runs its passes.
	Out string `json:"out,omitempty"`
}

// outDigest is genInput.Out of an outcome.
func outDigest(o harness.Outcome) string {
	data, _ := json.Marshal(o)
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:8])
}

// genCache is one package's view of the cache.
type genCache struct {
	dir  string
	pkg  *load.Package
	base string
}

func openGenCache(cfg Config, pkg *load.Package) *genCache {
	if cfg.CacheDir == "" {
		return nil
	}
	var engines []string
	for _, e := range cfg.Engines {
		engines = append(engines, e.Name())
	}
	var ops []string
	for _, op := range mutate.AllOps() {
		if cfg.Ops == nil || cfg.Ops[op] {
			ops = append(ops, op.String())
		}
	}
	h := sha256.New()
	fmt.Fprintf(h, "gozilla gen cache %d\n%s\n", genCacheVersion, version.Key())
	// The scope too: a -run run's units are generated without the
	// others (whose rows kill some of their mutants), so its entries
	// serve only a run of the same -run.
	run := ""
	if cfg.Run != nil {
		run = cfg.Run.String()
	}
	fmt.Fprintf(h, "ops %s engines %s seed %d random %d cover %v skip %v arid %v tags %q run %q\n", strings.Join(ops, ","), strings.Join(engines, ","), cfg.Seed, cfg.Random, cfg.Cover, cfg.SkipRE, cfg.Arid, cfg.Tags, run)
	return &genCache{dir: cfg.CacheDir, pkg: pkg, base: hex.EncodeToString(h.Sum(nil))}
}

// span is the unit's declaration (its doc comment included) in its file.
func (c *genCache) span(u *unit.Unit) (file *load.File, start, end int, ok bool) {
	if u.Decl == nil {
		return nil, 0, 0, false
	}
	tf := c.pkg.Fset.File(u.Decl.Pos())
	for _, f := range c.pkg.Files {
		if c.pkg.Fset.File(f.Syntax.Pos()) == tf {
			start, end = cachedir.DeclSpan(tf, u.Decl)
			return f, start, end, true
		}
	}
	return nil, 0, 0, false
}

func (c *genCache) path(u *unit.Unit) (string, int, bool) {
	f, start, end, ok := c.span(u)
	if !ok {
		return "", 0, false
	}
	k := sha256.Sum256([]byte(c.base + "\n" + u.Name + u.TypeArgs + "\n" + string(f.Src[start:end])))
	key := hex.EncodeToString(k[:])
	return cachedir.Path(c.dir, "gen", key), start, true
}

func (c *genCache) load(u *unit.Unit) (*genEntry, int) {
	p, start, ok := c.path(u)
	if !ok {
		return nil, 0
	}
	var e genEntry
	if !cachedir.Read(p, &e) || e.Version != genCacheVersion || e.Unit != u.Name {
		return nil, 0
	}
	return &e, start
}

func (c *genCache) store(u *unit.Unit, e *genEntry) {
	p, _, ok := c.path(u)
	if !ok {
		return
	}
	e.Version, e.Unit = genCacheVersion, u.Name
	cachedir.Write(p, e)
}

// replay runs a unit's cached inputs and keeps those that kill live
// mutants or cover open goals, as the random pass judges its inputs (not
// shrunk: they were); the cached proofs of equivalence and reasons come
// back too. It reports whether an input's outcome is not the one the
// entry recorded: the unit's passes must run too.
func (g *generator) replay(ctx context.Context, u *unit.Unit, e *genEntry, start int) (stale bool, err error) {
	for _, m := range g.byFunc[u.Name] {
		k := cachedir.MutantKey(m, start)
		if proof, ok := e.Equivalent[k]; ok && g.live[m.ID] {
			g.live[m.ID] = false
			g.equivalent[m.ID] = proof
		}
		if why, ok := e.Why[k]; ok {
			g.why[m.ID] = why + " (reused from the cache)"
		}
	}
	cands := make([]candidate, len(e.Inputs))
	for i, in := range e.Inputs {
		cands[i] = candidate{Unit: u, In: in.In}
	}
	n := len(g.tests)
	err = g.judgeAll(ctx, u, cands, true, func(i int, r *harness.Response) string {
		if out := e.Inputs[i].Out; out != "" && out != outDigest(r.Orig) {
			stale = true
		}
		return e.Inputs[i].Pass
	})
	if err == nil && !stale && e.Upto == "" {
		// The file's rows of a unit whose code and outcomes did not
		// change: compaction keeps them (smallestSuite), so its test
		// reads as it did, whatever other units' new rows kill.
		for _, t := range g.tests[n:] {
			if t.Unit == u {
				t.incumbent = true
			}
		}
	}
	return stale, err
}

// judge runs the inputs cands of u, in order, and keeps each that kills
// a live mutant or covers a new goal, as the pass that pass names (it
// sees each run, usable or not).
func (g *generator) judge(ctx context.Context, u *unit.Unit, cands []candidate, pass func(i int, r *harness.Response) string) error {
	return g.judgeAll(ctx, u, cands, false, pass)
}

// judgeAll is judge; with all, each usable input is kept, whether or not
// it kills a live mutant or covers a new goal (a replay of the file's
// rows: what earlier units' rows kill does not decide them).
func (g *generator) judgeAll(ctx context.Context, u *unit.Unit, cands []candidate, all bool, pass func(i int, r *harness.Response) string) error {
	resps, errs := g.execQuick(ctx, cands)
	g.replayAll = all
	defer func() { g.replayAll = false }()
	for i, r := range resps {
		if errs[i] != nil {
			return errs[i]
		}
		g.account(u, r)
		g.reach(r)
		name := pass(i, r)
		if !usable(u, r) {
			continue
		}
		credit := g.liveOf(r.Killed)
		if unsure := g.liveOf(r.Unsure); len(unsure) > 0 {
			v, err := g.exec(ctx, u, cands[i].In, unsure, nil, false)
			if err != nil {
				return err
			}
			more := g.liveOf(v.Killed)
			credit = append(credit, more...)
			r.Killed, r.Unsure = append(r.Killed, more...), nil
		}
		if len(credit) == 0 && len(g.freshGoals(u, r)) == 0 && !all {
			continue
		}
		g.keep(u, cands[i].In, r, name)
	}
	return nil
}

// entry is what the cache keeps of unit u after a run: its tests in the
// file, the proofs and reasons of its mutants.
func (g *generator) entry(u *unit.Unit, tests []*Test, start int) *genEntry {
	e := &genEntry{Equivalent: map[string]string{}, Why: map[string]string{}}
	for _, t := range tests {
		if t.Unit == u {
			e.Inputs = append(e.Inputs, genInput{In: t.In, Pass: t.Pass, Out: outDigest(t.Out)})
		}
	}
	for _, m := range g.byFunc[u.Name] {
		k := cachedir.MutantKey(m, start)
		if p := g.equivalent[m.ID]; p != "" {
			e.Equivalent[k] = p
		}
		if w := g.why[m.ID]; w != "" {
			e.Why[k] = strings.TrimSuffix(w, " (reused from the cache)")
		}
	}
	return e
}
