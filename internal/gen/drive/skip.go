package drive

// This file keeps a unit gozilla cannot run from costing its package:
// when generation fails on an input the harness cannot build for one unit
// ("harness: argument 0: non-nil func without a constructor"), the unit
// is skipped with that reason and the package generated again without
// it.

import (
	"context"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/gozilla/gozilla/internal/engine"
	"github.com/gozilla/gozilla/internal/gen"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/report"
	"github.com/gozilla/gozilla/internal/unit"
)

// tracker remembers the unit generation works on: the random pass
// reports it (gen.Progress), the other engines are asked about its
// requirements (tracked).
type tracker struct {
	mu   sync.Mutex
	unit string
}

func (t *tracker) set(name string) {
	t.mu.Lock()
	t.unit = name
	t.mu.Unlock()
}

func (t *tracker) get() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.unit
}

// tracked is an engine whose requirements' units the tracker sees. It
// is a Preparer and a Sound engine exactly when its engine is one (a
// Prepare that does nothing, Sound false otherwise: what gen makes of
// them is the same). Samplers are not wrapped: the random pass reports
// its unit through Progress.
type tracked struct {
	engine.Engine
	t *tracker
}

func (e tracked) Solve(ctx context.Context, p *engine.Problem, r engine.Requirement) (engine.Answer, error) {
	name := ""
	if r.Unit != nil {
		name = r.Unit.Name
	}
	e.t.set(name)
	return e.Engine.Solve(ctx, p, r)
}

func (e tracked) Sound() bool { return engine.IsSound(e.Engine) }

func (e tracked) Prepare(p *engine.Problem) {
	if pr, ok := e.Engine.(engine.Preparer); ok {
		pr.Prepare(p)
	}
}

// track wraps gcfg's engines and progress so that t knows the unit.
func track(gcfg *gen.Config, t *tracker) {
	for i, e := range gcfg.Engines {
		if _, ok := e.(engine.Sampler); !ok {
			gcfg.Engines[i] = tracked{e, t}
		}
	}
	progress := gcfg.Progress
	gcfg.Progress = func(p gen.Progress) {
		t.set(p.Unit)
		if progress != nil {
			progress(p)
		}
	}
}

// unitFailure reports whether err is generation's failure on one unit's
// input: the harness could not run it (its request failed: an input it
// cannot build), or an engine failed on one of the unit's requirements.
// Not: the harness's processes failing to start.
func unitFailure(err error) bool {
	msg := err.Error()
	if strings.Contains(msg, "harness: start ") || strings.Contains(msg, "harness: pool closed") {
		return false
	}
	return strings.Contains(msg, "harness: ") || engineOn.MatchString(msg)
}

var engineOn = regexp.MustCompile(`^\w+ engine on `)

// maxSkips bounds the units skipped in a package (each costs a
// generation of the package again).
const maxSkips = 3

// generate runs gen.Generate; a unit whose inputs gozilla cannot run
// (unitFailure, while the tracker names it) is skipped: the package is
// generated again without it. It returns the units skipped so, with
// why.
func generate(ctx context.Context, pkg *load.Package, gcfg gen.Config, fresh func() []engine.Engine) (*gen.Result, map[string]string, error) {
	skipped := map[string]string{}
	var names []string
	for _, u := range unit.Find(pkg, gcfg.Run) {
		names = append(names, u.Name)
	}
	for {
		t := &tracker{}
		cfg := gcfg
		cfg.Engines = fresh()
		track(&cfg, t)
		res, err := gen.Generate(ctx, pkg, cfg)
		if err == nil || ctx.Err() != nil || !unitFailure(err) {
			return res, skipped, err
		}
		name := t.get()
		if name == "" || skipped[name] != "" || len(skipped) == maxSkips {
			return nil, skipped, &packageFailure{"generation failed on an input and no unit explains it: " + firstLine(err.Error())}
		}
		skipped[name] = "gozilla cannot run it: " + firstLine(err.Error())
		var keep []string
		for _, n := range names {
			if skipped[n] == "" {
				keep = append(keep, regexp.QuoteMeta(n))
			}
		}
		gcfg.Run = regexp.MustCompile("^(?:" + strings.Join(keep, "|") + ")$")
		if len(keep) == 0 {
			gcfg.Run = regexp.MustCompile(`^\z.`) // nothing
		}
	}
}

// skipUnits lists the units generate skipped in pr, in source order
// among the others, with why; their mutants (counted in pr.Other, as
// every skipped unit's) that no test kills say so (what the engines said of them, without
// the unit, does not matter).
func skipUnits(pr *report.GenPackage, ms []report.Mutant, pkg *load.Package, run *regexp.Regexp, skipped map[string]string) {
	if len(skipped) == 0 {
		return
	}
	order := map[string]int{}
	for i, u := range unit.Find(pkg, run) {
		order[u.Name] = i
		if why := skipped[u.Name]; why != "" {
			pr.Units = append(pr.Units, report.Unit{Name: u.Name, File: report.RelPath(u.Pos.Filename), Line: u.Pos.Line, Skipped: why})
		}
	}
	sort.SliceStable(pr.Units, func(i, j int) bool { return order[pr.Units[i].Name] < order[pr.Units[j].Name] })
	for i := range ms {
		if why := skipped[ms[i].Func]; why != "" && ms[i].Status != mutate.Killed {
			ms[i].Why = "its unit was skipped: " + why
		}
	}
}
