package harness

// This file builds a package's harness binary: the schemata of
// internal/mutate plus Source's file for the package's supported units,
// compiled by one `go test -c`.

import (
	"context"
	"errors"
	"path/filepath"
	"time"

	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/run"
	"github.com/gozilla/gozilla/internal/unit"
)

// BuildConfig says what to build.
type BuildConfig struct {
	Pkg   *load.Package
	Set   *mutate.Set  // the package's mutants and schemata
	Units []*unit.Unit // the package's units (unit.Find); the supported ones make the harness table, in this order
	Tags  string       // build tags
	Env   []string     // extra environment of the go command
	// Skip is a file of the package left out of the build (an empty file
	// of the package stands in for it); "" = none.
	Skip    string
	WorkDir string // scratch directory owned by the caller; the binary goes here
}

// Binary is a built harness binary.
type Binary struct {
	Path  string             // the test binary
	Dir   string             // the package directory: the workers' working directory
	Index map[*unit.Unit]int // Request.Unit of each supported unit
	Build time.Duration      // time spent compiling
}

// MutantSites returns the mutant-to-site table of Source: element id is
// the schemata site of mutant id, element 0 is unused.
func MutantSites(set *mutate.Set) []int {
	sites := make([]int, len(set.Mutants)+1)
	for _, m := range set.Mutants {
		sites[m.ID] = m.Site
	}
	return sites
}

// UnitOf is the harness's entry for the supported unit u of pkg.
func UnitOf(pkg *load.Package, u *unit.Unit, stateful bool) Unit {
	ts := u.Inputs()
	for _, r := range u.Results {
		ts = append(ts, r.Type)
	}
	for _, v := range u.Views {
		for _, o := range v {
			ts = append(ts, o.Results...)
		}
	}
	return Unit{Expr: u.Expr, Assume: u.AssumeFunc(pkg.Types), Stateful: stateful, Types: ts, Imports: u.Imports,
		Views: u.ViewFuncs("_gzreflect")}
}

// ObserverNames are the methods through which u's values are seen.
func ObserverNames(u *unit.Unit) []string {
	var names []string
	for _, v := range u.Views {
		for _, o := range v {
			names = append(names, o.Method)
		}
	}
	return names
}

// Build writes the harness file for cfg.Units next to the schemata and
// compiles the package's test binary. A unit with a malformed
// //gozilla:assume directive is an error: without its precondition, the
// harness would run inputs the unit does not accept.
func Build(ctx context.Context, cfg BuildConfig) (*Binary, error) {
	b := &Binary{Dir: cfg.Pkg.Dir, Index: map[*unit.Unit]int{}}
	var table []Unit
	stateful := Stateful(cfg.Pkg)
	mapOrder := MapOrder(cfg.Pkg)
	for _, u := range cfg.Units {
		if u.AssumeErr != "" {
			return nil, errors.New(u.AssumeErr)
		}
		if u.Skip != "" {
			continue
		}
		b.Index[u] = len(table)
		hu := UnitOf(cfg.Pkg, u, stateful(u.Func))
		hu.MapOrder = mapOrder(u.Func, ObserverNames(u))
		table = append(table, hu)
	}
	if Quiet(cfg.Pkg, table) {
		for i := range table {
			table[i].Quiet = true
		}
	}
	overlay := make(map[string][]byte, len(cfg.Set.Overlay)+2)
	for path, src := range cfg.Set.Overlay {
		overlay[path] = src
	}
	overlay[filepath.Join(cfg.Pkg.Dir, File)] = Source(cfg.Pkg.Name, table, MutantSites(cfg.Set), unit.Sentinels(cfg.Pkg))
	if cfg.Skip != "" {
		overlay[cfg.Skip] = []byte("package " + cfg.Pkg.Name + "\n")
	}
	start := time.Now()
	bin, err := run.Build(ctx, run.BuildConfig{Dir: cfg.Pkg.Dir, Pkg: cfg.Pkg.Path, Overlay: overlay, Tags: cfg.Tags, WorkDir: cfg.WorkDir, Env: cfg.Env})
	if err != nil {
		return nil, err
	}
	b.Path, b.Build = bin, time.Since(start)
	return b, nil
}
