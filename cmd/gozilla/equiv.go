package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"regexp"

	"github.com/gozilla/gozilla/internal/equiv"
)

func cmdEquiv(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("equiv", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		ops     = fs.String("ops", "", "comma-separated mutation operators (default: all): "+opNames())
		tags    = fs.String("tags", "", "build tags, as for go build")
		runRE   = fs.String("run", "", "only functions whose name (F, T.M, (*T).M) matches this regexp")
		upto    = fs.String("upto", "sufficiency", "last stage to run: rules (Offutt–Pan strategies), exact (SAT on reachability ∧ necessity), sufficiency (the miter)")
		jsonOut = fs.Bool("json", false, "write the JSON report (schema gozilla.equiv/v1) instead of text")
		outFile = fs.String("o", "", "write the report to this file instead of standard output")
		verbose = fs.Bool("v", false, "list every mutant's verdict (killable with an input, unknown with why), not only the equivalent ones")
		quiet   = fs.Bool("q", false, "no progress on standard error")
	)
	opSet, err := parseCommon(fs, args, ops, stderr)
	if err != nil {
		return err
	}
	cfg := equiv.RunConfig{Tags: *tags, Ops: opSet}
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
	if !*quiet && isTerminal(stderr) {
		cfg.Each = func(pkg string, n int) { fmt.Fprintf(stderr, "\r\033[K%s: %d mutants", pkg, n) }
	}
	doc, err := equiv.Run(ctx, cfg, fs.Args()...)
	if cfg.Each != nil {
		fmt.Fprint(stderr, "\r\033[K")
	}
	if err != nil {
		return err
	}
	w, closeOut, err := output(*outFile, stdout)
	if err != nil {
		return err
	}
	defer closeOut()
	if *jsonOut {
		if !*verbose {
			doc.Filter()
		}
		return doc.JSON(w)
	}
	return doc.Text(w, *verbose)
}
