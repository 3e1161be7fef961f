package main

// This file implements the dalg benchmark (issue 18): the SW
// D-algorithm engine against seed 001's Table II and its scaling.
//
//   - Table II: each subject through gozilla gen -n with random,dalg,
//     random,cbt and random,equiv (the global baseline of §VI: the
//     prover's miter, one query per mutant over the whole unit, as a
//     generator): mutation score over the mutants not proven
//     equivalent (the paper's denominator: it removed the equivalent
//     ones first), test cases kept, seconds of the command.
//   - Scaling, in process: units of growing size (k chained decision
//     blocks, k = 1 … 64) and each engine asked about every mutant:
//     seconds per mutant and the symbolic analyses it performs.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/gozilla/gozilla/internal/analysis"
	"github.com/gozilla/gozilla/internal/engine"
	"github.com/gozilla/gozilla/internal/engines/cbt"
	"github.com/gozilla/gozilla/internal/engines/dalg"
	"github.com/gozilla/gozilla/internal/equiv"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/unit"
)

// dalgConfigs are the engine lists of the table, the D-algorithm first.
var dalgConfigs = []string{"random,dalg", "random,cbt", "random,equiv"}

// dalgRow is one subject's figures, per configuration.
type dalgRow struct {
	name     string
	mutants  int
	equiv    int // proven equivalent by the baseline's run
	killed   map[string]int
	tests    map[string]int
	secs     map[string]float64
	dalgOnly int // killed by random,dalg and not by random,cbt
	cbtOnly  int
}

func (r *dalgRow) ms(cfg string) float64 {
	return float64(r.killed[cfg]) / float64(max(r.mutants-r.equiv, 1))
}

func benchDalg(jobs int, seed uint64, only []string, ks []int, write string) error {
	env, src, subjects, err := setupSubjects("gozilla-bench-dalg-", only)
	if err != nil {
		return err
	}
	defer os.RemoveAll(env.tmp)
	var rows []*dalgRow
	for _, s := range subjects {
		r := &dalgRow{name: s, killed: map[string]int{}, tests: map[string]int{}, secs: map[string]float64{}}
		fmt.Fprintf(os.Stderr, "%s:", s)
		ids := map[string]map[int]mutate.Status{}
		for _, cfg := range dalgConfigs {
			mod := filepath.Join(env.tmp, strings.ReplaceAll(cfg, ",", "-")+"-"+s)
			if err := copySubjects(src, mod, []string{s}); err != nil {
				return err
			}
			g := &genRun{name: s}
			if err := runGen(env.gz, mod, "./"+s, jobs, seed, cfg, true, g); err != nil {
				return err
			}
			r.mutants = g.doc.Mutants
			r.killed[cfg], r.tests[cfg], r.secs[cfg] = g.doc.Killed, len(g.doc.Cases), g.wall[0]
			if cfg == "random,equiv" {
				r.equiv = g.doc.Equivalent
			}
			ids[cfg] = g.ids
			fmt.Fprintf(os.Stderr, " %s %d %.1fs", cfg, g.doc.Killed, g.wall[0])
		}
		for id, st := range ids["random,dalg"] {
			other := ids["random,cbt"][id]
			if st == mutate.Killed && other != mutate.Killed {
				r.dalgOnly++
			}
			if st != mutate.Killed && other == mutate.Killed {
				r.cbtOnly++
			}
		}
		fmt.Fprintln(os.Stderr)
		rows = append(rows, r)
	}
	scale, err := dalgScaling(env.tmp, ks)
	if err != nil {
		return err
	}
	text := dalgMarkdown(rows, scale, jobs, seed, ks)
	fmt.Print(text)
	if write != "" {
		return updateSection(write, "dalg", text)
	}
	return nil
}

// scalePoint is one unit size's figures, per engine.
type scalePoint struct {
	k, blocks, mutants int
	sampled            int                // the mutants asked
	perMutant          map[string]float64 // seconds
	asked, stopped     map[string]int     // mutants asked; answers cut by the deadline
	found              map[string]int
	analyses           map[string]int // symbolic analyses (explorations) the engine made
	regionBlocks       float64        // dalg: blocks of the mutated region, averaged over the mutants
}

var scaleEngines = []string{"dalg", "cbt", "equiv"}

// scaleSample bounds the mutants each engine is asked about per size;
// scaleLimit is each question's deadline, scaleEngineLimit an engine's
// time per size (the rest of the sample is not asked).
const (
	scaleSample      = 150
	scaleLimit       = 20 * time.Second
	scaleEngineLimit = 90 * time.Second
)

// chainSource is a unit of k chained decision blocks: each compares
// an input with the running value and updates it, so that a mutant in
// block i is excited there and must propagate through the k-i blocks
// after it.
func chainSource(k int) string {
	var b strings.Builder
	b.WriteString("package chain\n\n// Chain runs k decision blocks over s.\nfunc Chain(x, y int) int {\n\ts := 0\n")
	for i := 1; i <= k; i++ {
		fmt.Fprintf(&b, "\tif x > s+%d {\n\t\ts = s + %d\n\t} else if y < s {\n\t\ts = s - 1\n\t}\n", i, i%5+1)
	}
	b.WriteString("\treturn s\n}\n")
	return b.String()
}

// dalgScaling measures the engines in process on chained units.
func dalgScaling(tmp string, ks []int) ([]scalePoint, error) {
	var out []scalePoint
	for _, k := range ks {
		dir := filepath.Join(tmp, fmt.Sprintf("chain%d", k))
		if err := os.MkdirAll(filepath.Join(dir, "chain"), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/chain\n\ngo 1.21\n"), 0o644); err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(dir, "chain", "chain.go"), []byte(chainSource(k)), 0o644); err != nil {
			return nil, err
		}
		pkgs, err := load.Load(load.Config{Dir: dir, NoTests: true}, "./chain")
		if err != nil {
			return nil, err
		}
		pkg := pkgs[0]
		set, err := mutate.Generate(pkg, mutate.Options{})
		if err != nil {
			return nil, err
		}
		units := unit.Find(pkg, nil)
		// A sample of the mutants, evenly spaced (the baseline takes
		// seconds a mutant on the long units).
		sample := set.Mutants
		if len(sample) > scaleSample {
			sample = nil
			for i := 0; i < scaleSample; i++ {
				sample = append(sample, set.Mutants[i*len(set.Mutants)/scaleSample])
			}
		}
		pt := scalePoint{k: k, mutants: len(set.Mutants), sampled: len(sample), perMutant: map[string]float64{}, asked: map[string]int{}, stopped: map[string]int{}, found: map[string]int{}, analyses: map[string]int{}}
		fmt.Fprintf(os.Stderr, "chain k=%d: %d mutants", k, len(set.Mutants))
		for _, name := range scaleEngines {
			pb := &engine.Problem{Pkg: analysis.New(pkg, set, units)}
			var e engine.Engine
			var d *dalg.Engine
			switch name {
			case "dalg":
				d = dalg.New()
				e = d
			case "cbt":
				e = cbt.New()
			default:
				e = equiv.NewEngine()
			}
			if prog, err := pb.Pkg.SSA(); err == nil {
				pt.blocks = len(prog.Func(units[0].Func).Blocks)
			}
			start := time.Now()
			asked := 0
			for _, m := range sample {
				if time.Since(start) > scaleEngineLimit {
					break // the rest of the sample is not asked
				}
				// Each question within its own deadline (the prover
				// stops at its context's; the others' budgets are counts).
				ctx, cancel := context.WithTimeout(context.Background(), scaleLimit)
				a, err := e.Solve(ctx, pb, engine.Requirement{Kind: engine.KillMutant, ID: m.ID, Unit: units[0]})
				if ctx.Err() != nil {
					pt.stopped[name]++
				}
				cancel()
				if err != nil {
					return nil, err
				}
				asked++
				if a.Verdict == engine.Found {
					pt.found[name]++
				}
			}
			pt.asked[name] = asked
			pt.perMutant[name] = time.Since(start).Seconds() / float64(max(asked, 1))
			switch name {
			case "dalg":
				pt.analyses[name] = d.Stats.Analyses
				pt.regionBlocks = float64(d.Stats.RegionBlocks) / float64(max(d.Stats.Searches, 1))
			case "cbt":
				pt.analyses[name] = 1 // the unit explored once, every mutant's system read from it
			default:
				pt.analyses[name] = asked // a miter of the whole unit per mutant
			}
			fmt.Fprintf(os.Stderr, ", %s %.1fms", name, 1000*pt.perMutant[name])
		}
		fmt.Fprintln(os.Stderr)
		out = append(out, pt)
	}
	return out, nil
}

func dalgMarkdown(rows []*dalgRow, scale []scalePoint, jobs int, seed uint64, ks []int) string {
	var b strings.Builder
	var kstr []string
	for _, k := range ks {
		kstr = append(kstr, fmt.Sprint(k))
	}
	fmt.Fprintf(&b, "Measured %s on %s; `go run ./cmd/gozilla-bench dalg -j %d -seed %d -k %s -w BENCHMARKS.md`.\n\n", time.Now().UTC().Format("2006-01-02"), machine(), jobs, seed, strings.Join(kstr, ","))
	b.WriteString("**Seed 001's Table II.** Each subject, copied without its tests, through `gozilla gen -n` with three engine lists: `random,dalg` (the SW ATG system: random, then the D-algorithm, then gen's compaction, the paper's reverse-order simulation), `random,cbt`, and `random,equiv` (the global baseline of §VI: the prover's miter over the whole unit, one query per mutant, as a generator). MS is killed / (mutants − equivalent), the equivalent ones proven by the baseline's run (the paper removed them first: its \"non-equivalent mutants\"); tests are the cases the file keeps; seconds are the whole command's. \"dalg only\" and \"cbt only\" count the mutants one list kills and the other does not.\n\n")
	b.WriteString("| subject | mutants | equivalent | dalg MS | tests | s | cbt MS | tests | s | baseline MS | tests | s | dalg only | cbt only |\n|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	var sum [3]float64
	atLeast := 0
	for _, r := range rows {
		fmt.Fprintf(&b, "| %s | %d | %d |", r.name, r.mutants, r.equiv)
		for i, cfg := range dalgConfigs {
			fmt.Fprintf(&b, " %.3f | %d | %.1f |", r.ms(cfg), r.tests[cfg], r.secs[cfg])
			sum[i] += r.ms(cfg)
		}
		fmt.Fprintf(&b, " %d | %d |\n", r.dalgOnly, r.cbtOnly)
		if r.killed["random,dalg"] >= r.killed["random,cbt"] {
			atLeast++
		}
		if r.name == "tritype" {
			b.WriteString("| *paper: triang* | 315 | 50 | *SW ATG .98* | *19* | *114* | *EvoSuite .89* | *21* | *60* | *1.00* | *265* | *960* | | |\n")
		}
	}
	n := float64(max(len(rows), 1))
	fmt.Fprintf(&b, "\nAverage MS over the %d subjects: dalg %.3f, cbt %.3f, baseline %.3f (the paper's over its eight programs: SW ATG .935, EvoSuite .844 at best, baseline 1.00). `random,dalg` kills at least as many as `random,cbt` on %d of %d subjects.\n", len(rows), sum[0]/n, sum[1]/n, sum[2]/n, atLeast, len(rows))
	if len(scale) > 0 {
		fmt.Fprintf(&b, "\n**Scaling.** A unit of k chained decision blocks (`if x > s+i { s = s + c } else if y < s { s = s - 1 }`, k times, then `return s`), a sample of its mutants (at most %d, evenly spaced) asked of each engine alone, in process: seconds per mutant, candidates found, and the symbolic analyses performed for the sample (dalg: one per region of the unit, plus one of the mutated region per mutant; cbt: the unit once; the baseline: a miter of the whole unit per mutant), and the blocks of the region dalg analyses again per mutant (the whole unit for the others).\n\n", scaleSample)
		b.WriteString("| k | blocks | mutants | asked | dalg ms/mutant | found | analyses | region blocks | cbt ms/mutant | found | baseline ms/mutant | found | analyses |\n|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
		for _, p := range scale {
			cell := func(e string) string {
				v := fmt.Sprintf("%.2f", 1000*p.perMutant[e])
				if p.stopped[e] > 0 || p.asked[e] < p.sampled {
					v += fmt.Sprintf(" (%d of %d asked, %d cut at %v)", p.asked[e], p.sampled, p.stopped[e], scaleLimit)
				}
				return v
			}
			fmt.Fprintf(&b, "| %d | %d | %d | %d | %s | %d | %d | %.1f | %s | %d | %s | %d | %d |\n", p.k, p.blocks, p.mutants, p.sampled,
				cell("dalg"), p.found["dalg"], p.analyses["dalg"], p.regionBlocks,
				cell("cbt"), p.found["cbt"], cell("equiv"), p.found["equiv"], p.analyses["equiv"])
		}
		if len(scale) >= 2 {
			// The growth from the first unit of 8 blocks or more (the
			// smallest units cost too little to compare).
			first, last := scale[0], scale[len(scale)-1]
			for _, p := range scale {
				if p.k >= 8 {
					first = p
					break
				}
			}
			growth := func(e string) float64 { return last.perMutant[e] / first.perMutant[e] }
			fmt.Fprintf(&b, "\nFrom k = %d to k = %d (%.1f× the blocks), the time per mutant grows %.1f× for dalg and %.1f× for cbt; the baseline's grows %.0f×",
				first.k, last.k, float64(last.blocks)/float64(max(first.blocks, 1)), growth("dalg"), growth("cbt"), growth("equiv"))
			if last.stopped["equiv"] > 0 || last.asked["equiv"] < last.sampled {
				fmt.Fprintf(&b, ", and at k = %d it answered %d of the %d mutants asked before its time ran out (the prover analyses the unit's mutants together on the first question, which its deadline cut)", last.k, last.found["equiv"], last.sampled)
			}
			b.WriteString(".\n")
		}
	}
	return b.String()
}
