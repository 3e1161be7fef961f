package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"regexp"
	"runtime"

	"github.com/gozilla/gozilla/internal/equiv"
	"github.com/gozilla/gozilla/internal/gen"
	"github.com/gozilla/gozilla/internal/gen/evidence"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/report"
	"github.com/gozilla/gozilla/internal/value"
)

// equivKillers is equiv's search for killing inputs: gen's engines on
// the mutants, the prover's inputs first (internal/gen/evidence).
func equivKillers(tags string, workers int) func(context.Context, *load.Package, *mutate.Set, []int, map[int][]value.Value) (map[int]equiv.Killer, error) {
	return func(ctx context.Context, pkg *load.Package, set *mutate.Set, ids []int, seeds map[int][]value.Value) (map[int]equiv.Killer, error) {
		var sd []gen.Seed
		for _, m := range set.Mutants {
			if in := seeds[m.ID]; in != nil {
				sd = append(sd, gen.Seed{Unit: m.Func, In: in, Pass: "equiv"})
			}
		}
		found, err := evidence.Find(ctx, pkg, set, ids, evidence.Config{Tags: tags, Workers: workers, Seeds: sd})
		out := map[int]equiv.Killer{}
		for id, f := range found {
			out[id] = equiv.Killer{Input: f.Input, Test: f.Test, Name: f.Name, Row: f.Row, Pass: f.Pass}
		}
		return out, err
	}
}

func cmdEquiv(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("equiv", flag.ContinueOnError)
	var (
		ops     = fs.String("ops", "", "comma-separated mutation operators (default: all): "+opNames())
		tags    = fs.String("tags", "", "build tags, as for go build")
		runRE   = fs.String("run", "", "only functions whose name (F, T.M, (*T).M) matches this regexp")
		upto    = fs.String("upto", "compiled", "last stage to run: rules (Offutt–Pan strategies), exact (SAT on reachability ∧ necessity), sufficiency (the miter), compiled (the compiler's code for the mutant's function is the original's)")
		jsonOut = fs.Bool("json", false, "write the JSON report (schema gozilla.equiv/v1) instead of text")
		outFile = fs.String("o", "", "write the report to this file instead of standard output")
		verbose = fs.Bool("v", false, "list every mutant's verdict (killable with an input, unknown with why), not only the equivalent ones")
		quiet   = fs.Bool("q", false, "no progress on standard error")
		jobs    = fs.Int("j", 0, "units analysed at once (default: number of CPUs); the verdicts do not depend on it")
		dl      = fs.Duration("deadline", 0, deadlineUsage)
		killers = fs.Bool("evidence", true, "run inputs of gozilla's engines (and the prover's) on the code and each mutant not proven equivalent: killable only with an input seen to kill it, shown as the row gozilla gen writes")
	)
	sel := addSelectFlags(fs, false)
	explain := fs.String("explain", "", "after the report, explain these mutants (IDs, comma-separated): the verdict in plain words, the proof's steps or an input that tells the mutant apart")
	opSet, err := parseCommon(fs, args, ops, stdout, stderr)
	if err != nil {
		return err
	}
	ctx, cancel := withDeadline(ctx, *dl)
	defer cancel()
	workers := *jobs
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	if err := sel.check(); err != nil {
		return err
	}
	explainIDs, err := parseIDs(*explain)
	if err != nil {
		return &exitError{code: 2, msg: fmt.Sprintf("bad -explain: %v", err)}
	}
	cfg := equiv.RunConfig{Tags: *tags, Ops: opSet, Jobs: workers, Skip: sel.skipRE, Arid: *sel.arid}
	if *killers {
		cfg.Killers = equivKillers(*tags, workers)
	}
	switch *upto {
	case "rules":
		cfg.Cfg.Upto = equiv.Rules
	case "exact":
		cfg.Cfg.Upto = equiv.Exact
	case "sufficiency":
		cfg.Cfg.Upto = equiv.Sufficiency
	case "compiled", "":
	default:
		return &exitError{code: 2, msg: fmt.Sprintf("bad -upto %q: want rules, exact, sufficiency or compiled", *upto)}
	}
	if *runRE != "" {
		re, err := regexp.Compile(*runRE)
		if err != nil {
			return &exitError{code: 2, msg: "bad -run: " + err.Error()}
		}
		cfg.Run = re
	}
	prog := newProgress(stderr, *quiet)
	if prog != nil {
		cfg.Progress = func(pkg string, done, total int) { prog.count(pkg, done, total, "mutants analysed", "") }
	}
	doc, err := equiv.Run(ctx, cfg, fs.Args()...)
	prog.clear()
	if err != nil {
		if ctx.Err() != nil {
			return stopped(ctx, false)
		}
		return err
	}
	if doc.Summary.Partial {
		doc.Summary.Stopped, doc.Summary.Cause = stopReason(ctx), stopCause(ctx)
	}
	var explained bytes.Buffer // before Filter drops the mutants it does not list
	doc.Explain(&explained, explainIDs)
	if *jsonOut && !*verbose {
		doc.Filter()
	}
	err = writeReport(*outFile, stdout, *jsonOut, *verbose, doc)
	if err == nil && explained.Len() > 0 {
		if *jsonOut {
			stderr.Write(explained.Bytes())
		} else {
			stdout.Write(explained.Bytes())
		}
	}
	if err == nil && doc.Summary.Partial {
		err = stopped(ctx, true)
	}
	if err == nil && len(doc.Errors) > 0 {
		err = report.Errors(doc.Errors)
	}
	return err
}
