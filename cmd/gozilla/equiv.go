package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"regexp"
	"runtime"

	"github.com/gozilla/gozilla/internal/report"

	"github.com/gozilla/gozilla/internal/equiv"
)

func cmdEquiv(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("equiv", flag.ContinueOnError)
	var (
		ops     = fs.String("ops", "", "comma-separated mutation operators (default: all): "+opNames())
		tags    = fs.String("tags", "", "build tags, as for go build")
		runRE   = fs.String("run", "", "only functions whose name (F, T.M, (*T).M) matches this regexp")
		upto    = fs.String("upto", "sufficiency", "last stage to run: rules (Offutt–Pan strategies), exact (SAT on reachability ∧ necessity), sufficiency (the miter)")
		jsonOut = fs.Bool("json", false, "write the JSON report (schema gozilla.equiv/v1) instead of text")
		outFile = fs.String("o", "", "write the report to this file instead of standard output")
		verbose = fs.Bool("v", false, "list every mutant's verdict (killable with an input, unknown with why), not only the equivalent ones")
		quiet   = fs.Bool("q", false, "no progress on standard error")
		jobs    = fs.Int("j", 0, "units analysed at once (default: number of CPUs); the verdicts do not depend on it")
		dl      = fs.Duration("deadline", 0, deadlineUsage)
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
	switch *upto {
	case "rules":
		cfg.Cfg.Upto = equiv.Rules
	case "exact":
		cfg.Cfg.Upto = equiv.Exact
	case "sufficiency", "":
	default:
		return &exitError{code: 2, msg: fmt.Sprintf("bad -upto %q: want rules, exact or sufficiency", *upto)}
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
		doc.Summary.Stopped = stopReason(ctx)
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
