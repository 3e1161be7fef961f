// Package evidence finds, for mutants a package's own tests leave alive,
// an input that kills each: gen's engines (the registry's default list,
// the same contract and passes as gozilla gen) run on those mutants
// alone, every input they propose is executed on the original and the
// mutant through the harness, and a mutant counts as killable only when
// such a run differs. Each one comes with the table row gen would write
// for it, rendered by internal/emit, ready to paste.
//
// In: a loaded package, its mutant set (the caller's, whose numbers its
// report uses) and the IDs to look at. Out: the killing rows, by ID.
// score and equiv use it to decide the survivors they report.
package evidence

import (
	"context"
	"go/parser"
	"go/token"
	"strings"

	"github.com/gozilla/gozilla/internal/emit"
	"github.com/gozilla/gozilla/internal/engines"
	"github.com/gozilla/gozilla/internal/equiv"
	"github.com/gozilla/gozilla/internal/gen"
	"github.com/gozilla/gozilla/internal/gen/drive"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/sandbox"
	"github.com/gozilla/gozilla/internal/value"
)

// Found is a killing input of one mutant, confirmed by running it.
type Found struct {
	Input string // the unit's arguments as Go ("qty=100"), receiver first
	Test  string // the generated test function the row belongs to
	Name  string // the row's name
	Row   string // the table row, as gen writes it (gofmt'd, one level of indentation)
	Pass  string // the pass that found it: random, cbt, equiv, ddr…
	// Unit names the unit the row calls, and In is its input (receiver
	// first), as the harness ran it.
	Unit string
	In   []value.Value
}

// Config sets what the search may spend. The budgets are counts, so
// that what is found does not depend on the machine or its load.
type Config struct {
	Tags    string
	Env     []string
	Workers int
	Seed    uint64 // 0 = 1
	// Random is the most random inputs tried per unit, and Patience the
	// inputs in a row that kill nothing after which a unit's random
	// pass stops (0 = DefaultRandom, DefaultPatience).
	Random, Patience int
	// Long lets a unit whose runs are cheap be searched longer
	// (gen.Long; nil = DefaultLong).
	Long *gen.Long
	// UnitRuns bounds the harness runs of one unit (0 = DefaultUnitRuns
	// plus DefaultRunsPerMutant per mutant of the unit looked at).
	UnitRuns int64
	// Seeds are inputs to try first (the prover's killing inputs).
	Seeds []gen.Seed
	// Verdicts are the prover's, with its default configuration, on
	// these mutants when the caller has them (score asks it first): the
	// equiv engine uses them instead of proving again.
	Verdicts map[int]*equiv.Verdict
	// Bin, when set, is the package's test binary built with set's
	// overlay and gen.HarnessFile (gen.Config.Bin).
	Bin string
	// Box is the sandbox the harness runs in (gen.Config.Box; nil = a
	// new one).
	Box *sandbox.Box
}

// Default budgets: a fifth of gen's runs per unit and double its per
// mutant, since score pays them on top of its own run; gen's random pass
// (a unit's receivers are built by method sequences the random pass
// finds). Every input of the random pass runs on each live mutant it
// reaches, so a unit of 86 mutants spent a budget of 5,000 runs in 60
// inputs (realistic/worker's Batch: 11 of its 80 survivors found
// killable, 72 with 20,000 and 200 per mutant). The patience keeps
// what score adds in check: without it (the full 1,000 inputs) the
// subjects gain a killable survivor or two each (Luhn("0909999/") comes
// after hundreds of idle inputs), but encoding/base32 7 for 74 s more.
const (
	DefaultRandom        = 1000
	DefaultPatience      = 200
	DefaultUnitRuns      = 20_000
	DefaultRunsPerMutant = 200
)

// DefaultLong lets the random pass go on, up to 2,000 inputs with no
// patience, while a unit's runs have looped less than 2^25 ticks in
// all: the inputs that kill a survivor by luck (Expression(1, 2, 2, 5)
// on subjects/twentyfour, ParseSize("9223372036854775807")) come after
// hundreds of idle ones, and most units are cheap to run that long; a
// unit whose runs loop (container/ring's New(n) and Move) stops at the
// patience as before. On the survivors benchmark's targets: 3,776
// killable survivors instead of 3,719 (twentyfour 8 more, operators 3,
// realistic/parse 5, encoding/base32 20), ring's time unchanged.
var DefaultLong = gen.Long{Random: 2000, Patience: 2000, Ticks: 1 << 25}

// recheck is how many more times each kept input runs on its mutants:
// a kill that does not repeat (the code ranges over a map, say) is not
// one a pasted row would make every time.
const recheck = 5

// memLimit bounds the heap of a harness run (gen's default is 1 GiB): an
// input that makes the code allocate past it (a huge capacity, say)
// ends sooner, and is no row a developer would keep anyway.
const memLimit = 256 << 20

// Find looks for a killing input of each mutant of ids (set's numbers).
// A mutant without one is absent from the result.
func Find(ctx context.Context, pkg *load.Package, set *mutate.Set, ids []int, cfg Config) (map[int]Found, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	only := map[int]bool{}
	for _, id := range ids {
		only[id] = true
	}
	infos, err := engines.Parse(engines.Default)
	if err != nil {
		return nil, err
	}
	if cfg.Random == 0 {
		cfg.Random = DefaultRandom
	}
	if cfg.Patience == 0 {
		cfg.Patience = DefaultPatience
	}
	if cfg.Long == nil {
		l := DefaultLong
		cfg.Long = &l
	}
	perMutant := int64(0)
	if cfg.UnitRuns == 0 {
		cfg.UnitRuns, perMutant = DefaultUnitRuns, DefaultRunsPerMutant
	}
	engs := engines.New(infos)
	for _, e := range engs {
		if p, ok := e.(*equiv.Engine); ok {
			p.Preset(cfg.Verdicts)
		}
	}
	res, err := gen.Generate(ctx, pkg, gen.Config{Dir: pkg.Dir, Tags: cfg.Tags, Env: cfg.Env, Workers: cfg.Workers, Seed: cfg.Seed,
		Set: set, Only: only, Seeds: cfg.Seeds, KeepAll: true, Recheck: recheck, Bin: cfg.Bin, Box: cfg.Box, Engines: engs, Random: cfg.Random, Patience: cfg.Patience, Long: cfg.Long, UnitRuns: cfg.UnitRuns, RunsPerTarget: perMutant, MemLimit: memLimit})
	if err != nil {
		return nil, err
	}
	if len(res.Tests) == 0 {
		return nil, nil
	}
	// The rows go through gen's own check before any is cited: go test
	// on the current code, in fresh processes, again and again, shuffled
	// (a row that reads the clock, the environment or a map's order
	// fails there and is dropped), beside the package's test files. A
	// row score cites is one gen would write.
	src, _, err := drive.CheckRows(ctx, pkg, res, cfg.Box, cfg.Tags)
	if err != nil {
		return nil, err
	}
	if len(res.Tests) == 0 || src == nil {
		return nil, nil
	}
	rows := rowsOf(src)
	// Each mutant's row: the first (API-built first, then in the order
	// found) of its own function's tests that kills it, else the first
	// of another's (a constructor's mutant killed through a method).
	out := map[int]Found{}
	for _, own := range []bool{true, false} {
		for _, t := range res.Tests {
			for _, id := range t.Kills {
				if _, done := out[id]; done || !only[id] || own != (t.Unit.Name == set.Mutants[id-1].Func) {
					continue
				}
				out[id] = Found{Input: equiv.Render(t.Unit, t.In), Test: t.Func, Name: t.Name, Row: rows[[2]string{t.Func, t.Name}], Pass: t.Pass, Unit: t.Unit.Name, In: t.In}
			}
		}
	}
	return out, nil
}

// rowsOf returns the text of each row of src's tables, by test function
// and row name, with the row's indentation taken off.
func rowsOf(src []byte) map[[2]string]string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	out := map[[2]string]string{}
	for _, t := range emit.Tables(f, nil) {
		for _, r := range t.Rows {
			from, to := fset.Position(r.Lit.Pos()).Offset, fset.Position(r.Lit.End()).Offset
			out[[2]string{t.Func.Name.Name, r.Name}] = dedent(string(src[from:to]))
		}
	}
	return out
}

// dedent takes off the lines after the first the indentation of the
// last one (a row's closing brace is at the row's own depth).
func dedent(s string) string {
	lines := strings.Split(s, "\n")
	if len(lines) < 2 {
		return s
	}
	last := lines[len(lines)-1]
	indent := last[:len(last)-len(strings.TrimLeft(last, "\t"))]
	for i := 1; i < len(lines); i++ {
		lines[i] = strings.TrimPrefix(lines[i], indent)
	}
	return strings.Join(lines, "\n")
}
