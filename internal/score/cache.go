package score

// This file implements the reuse of earlier results (-cache): the
// verdicts of a function's mutants are stored under a key made of the
// function's text, the package's test files, the module's go.sum, the
// run's options and gozilla's build. A function whose key is unchanged
// is not run again.
//
// The key has the function's dependencies in the package too (the
// functions it calls, the types, variables and constants it uses, by
// their text, transitively), but not its callers: a mutant of an
// unchanged function whose verdict depends on a caller the tests go
// through, and that changed, keeps its old verdict. -cache=off, or a
// change to the tests, runs everything again.

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/ast"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/gozilla/gozilla/internal/cachedir"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/report"
	"github.com/gozilla/gozilla/internal/version"
)

// cacheVersion changes when an entry's meaning does.
const cacheVersion = 4

// cacheEntry is one function's verdicts.
type cacheEntry struct {
	Version int            `json:"version"`
	Func    string         `json:"func"`
	Tests   int            `json:"tests"`
	Mutants []cachedMutant `json:"mutants"`
}

// cachedMutant is a mutant by its key (cachedir.MutantKey) and its
// verdict.
type cachedMutant struct {
	Key      string        `json:"key"`
	Status   mutate.Status `json:"status"`
	KilledBy string        `json:"killed_by,omitempty"`
	Reason   string        `json:"reason,omitempty"`
	Input    string        `json:"input,omitempty"`
	RunBy    string        `json:"run_by,omitempty"`
	Tests    int           `json:"tests,omitempty"`
	Verdict  string        `json:"verdict,omitempty"`
	Row      string        `json:"row,omitempty"`
	RowTest  string        `json:"row_test,omitempty"`
	RowName  string        `json:"row_name,omitempty"`
	Why      string        `json:"why,omitempty"`
}

// resultCache is one package's view of the cache.
type resultCache struct {
	dir    string
	base   string            // the key's parts common to the package's functions
	starts map[string]int    // a function's declaration's first byte
	keys   map[string]string // function -> key
}

// openCache prepares the cache for pkg, or returns nil (no -cache).
func openCache(cfg Config, pkg *load.Package) *resultCache {
	if cfg.CacheDir == "" {
		return nil
	}
	h := sha256.New()
	fmt.Fprintf(h, "gozilla score cache %d\n%s\n", cacheVersion, version.Key())
	fmt.Fprintf(h, "ops %v tags %q timeout %v equiv %v evidence %v flaky %v skip %v arid %v\n", opList(cfg.Ops), cfg.Tags, cfg.Timeout, !cfg.NoEquiv, !cfg.NoEvidence, cfg.FlakyFatal, cfg.Skip, cfg.Arid)
	tests, _ := filepath.Glob(filepath.Join(pkg.Dir, "*_test.go"))
	sort.Strings(tests)
	for _, t := range tests {
		data, err := os.ReadFile(t)
		if err != nil {
			return nil
		}
		fmt.Fprintf(h, "test %s %x\n", filepath.Base(t), sha256.Sum256(data))
	}
	if sum := findUp(pkg.Dir, "go.sum"); sum != "" {
		if data, err := os.ReadFile(sum); err == nil {
			fmt.Fprintf(h, "go.sum %x\n", sha256.Sum256(data))
		}
	}
	c := &resultCache{dir: cfg.CacheDir, base: hex.EncodeToString(h.Sum(nil)), starts: map[string]int{}, keys: map[string]string{}}
	deps := packageDeps(pkg)
	for _, f := range pkg.Files {
		tf := pkg.Fset.File(f.Syntax.Pos())
		for _, d := range f.Syntax.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			start, end := cachedir.DeclSpan(tf, fd)
			name := mutate.FuncName(fd)
			c.starts[name] = start
			kh := sha256.New()
			fmt.Fprintf(kh, "%s\n%s\n%s\n", c.base, name, f.Src[start:end])
			for _, dep := range deps.closure(d) {
				fmt.Fprintf(kh, "dep %s\n", dep)
			}
			c.keys[name] = hex.EncodeToString(kh.Sum(nil))
		}
	}
	return c
}

// pkgDeps is what the package's declarations refer to within the
// package: a function's verdicts depend on the functions it calls and
// the types, variables and constants it uses, which are in its key (by
// their text), transitively.
type pkgDeps struct {
	text map[ast.Decl]string            // a declaration's source
	uses map[ast.Decl]map[ast.Decl]bool // the package-level declarations it refers to
}

func packageDeps(pkg *load.Package) *pkgDeps {
	p := &pkgDeps{text: map[ast.Decl]string{}, uses: map[ast.Decl]map[ast.Decl]bool{}}
	declOf := map[types.Object]ast.Decl{}
	for _, f := range pkg.Files {
		tf := pkg.Fset.File(f.Syntax.Pos())
		for _, d := range f.Syntax.Decls {
			p.text[d] = string(f.Src[tf.Offset(d.Pos()):tf.Offset(d.End())])
			switch d := d.(type) {
			case *ast.FuncDecl:
				if obj := pkg.Info.Defs[d.Name]; obj != nil {
					declOf[obj] = d
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch sp := spec.(type) {
					case *ast.TypeSpec:
						if obj := pkg.Info.Defs[sp.Name]; obj != nil {
							declOf[obj] = d
						}
					case *ast.ValueSpec:
						for _, n := range sp.Names {
							if obj := pkg.Info.Defs[n]; obj != nil {
								declOf[obj] = d
							}
						}
					}
				}
			}
		}
	}
	for _, f := range pkg.Files {
		for _, d := range f.Syntax.Decls {
			refs := map[ast.Decl]bool{}
			ast.Inspect(d, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					if obj := pkg.Info.Uses[id]; obj != nil {
						if fn, ok := obj.(*types.Func); ok {
							obj = fn.Origin()
						}
						if dd := declOf[obj]; dd != nil && dd != d {
							refs[dd] = true
						}
					}
				}
				return true
			})
			p.uses[d] = refs
		}
	}
	return p
}

// closure is the sorted texts of the declarations d refers to, directly
// or through others.
func (p *pkgDeps) closure(d ast.Decl) []string {
	seen := map[ast.Decl]bool{d: true}
	stack := []ast.Decl{d}
	var out []string
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for y := range p.uses[x] {
			if !seen[y] {
				seen[y] = true
				out = append(out, p.text[y])
				stack = append(stack, y)
			}
		}
	}
	sort.Strings(out)
	return out
}

func opList(ops map[mutate.Op]bool) string {
	var names []string
	for _, op := range mutate.AllOps() {
		if ops == nil || ops[op] {
			names = append(names, op.String())
		}
	}
	return strings.Join(names, ",")
}

// findUp returns the path of name in dir or the nearest directory above.
func findUp(dir, name string) string {
	for {
		p := filepath.Join(dir, name)
		if _, err := os.Stat(p); err == nil {
			return p
		}
		up := filepath.Dir(dir)
		if up == dir {
			return ""
		}
		dir = up
	}
}

func (c *resultCache) path(fn string) string { return cachedir.Path(c.dir, "score", c.keys[fn]) }

// lookup fills out[i] for the mutants whose function has an entry that
// holds them all, and reports which it filled, and the tests the entry
// counted.
func (c *resultCache) lookup(ms []*mutate.Mutant, out []report.Mutant) (hit []bool, tests int) {
	hit = make([]bool, len(ms))
	byFunc := map[string][]int{}
	for i, m := range ms {
		if c.keys[m.Func] != "" {
			byFunc[m.Func] = append(byFunc[m.Func], i)
		}
	}
	for fn, idx := range byFunc {
		var e cacheEntry
		if !cachedir.Read(c.path(fn), &e) || e.Version != cacheVersion || e.Func != fn {
			continue
		}
		have := map[string]cachedMutant{}
		for _, cm := range e.Mutants {
			have[cm.Key] = cm
		}
		start := c.starts[fn]
		all := true
		for _, i := range idx {
			if _, ok := have[cachedir.MutantKey(ms[i], start)]; !ok {
				all = false
			}
		}
		if !all {
			continue // an entry made with other mutants (a shard, -diff): run them
		}
		for _, i := range idx {
			cm := have[cachedir.MutantKey(ms[i], start)]
			out[i].Status, out[i].KilledBy, out[i].Reason, out[i].Input = cm.Status, cm.KilledBy, cm.Reason, cm.Input
			out[i].RunBy, out[i].Tests = cm.RunBy, cm.Tests
			out[i].Verdict, out[i].Row, out[i].RowTest, out[i].RowName, out[i].Why = cm.Verdict, cm.Row, cm.RowTest, cm.RowName, cm.Why
			hit[i] = true
		}
		tests = max(tests, e.Tests)
	}
	return hit, tests
}

// store writes the entries of the functions all of whose mutants have a
// final verdict (none not_run).
func (c *resultCache) store(ms []*mutate.Mutant, out []report.Mutant, tests int) {
	c.storeIf(ms, out, tests, func(int) bool { return true })
}

// storeStopped writes, for a run stopped after its mutant runs (in the
// prover or the search), the entries whose verdicts the stop did not
// cut: every mutant of the function killed or proved, or a survivor the
// search decided. The next run then resumes with the functions that had
// work left. A survivor the search never reached is not final: cached,
// the next run would never search it.
func (c *resultCache) storeStopped(ms []*mutate.Mutant, out []report.Mutant, tests int) {
	c.storeIf(ms, out, tests, func(i int) bool {
		if !report.Survives(out[i].Status) {
			return true
		}
		return out[i].Verdict != "" && out[i].Why != whyStopped
	})
}

func (c *resultCache) storeIf(ms []*mutate.Mutant, out []report.Mutant, tests int, final func(i int) bool) {
	byFunc := map[string][]int{}
	for i, m := range ms {
		if c.keys[m.Func] != "" {
			byFunc[m.Func] = append(byFunc[m.Func], i)
		}
	}
	for fn, idx := range byFunc {
		e := cacheEntry{Version: cacheVersion, Func: fn, Tests: tests}
		done := true
		for _, i := range idx {
			if out[i].Status == mutate.NotRun || out[i].Status == mutate.Unknown || !final(i) {
				done = false
				break
			}
			e.Mutants = append(e.Mutants, cachedMutant{Key: cachedir.MutantKey(ms[i], c.starts[fn]),
				Status: out[i].Status, KilledBy: out[i].KilledBy, Reason: out[i].Reason, Input: out[i].Input,
				RunBy: out[i].RunBy, Tests: out[i].Tests, Verdict: out[i].Verdict, Row: out[i].Row, RowTest: out[i].RowTest, RowName: out[i].RowName, Why: out[i].Why})
		}
		if !done {
			continue
		}
		cachedir.Write(c.path(fn), e)
	}
}
