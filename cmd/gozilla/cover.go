package main

// This file wires `gozilla cover`: flags, internal/cover, the report and
// the threshold.

import (
	"context"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/gozilla/gozilla/internal/report"

	"github.com/gozilla/gozilla/internal/cover"
)

func cmdCover(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("cover", flag.ContinueOnError)
	var (
		runRE     = fs.String("run", "", "report only functions (F, T.M, (*T).M) matching this regular expression")
		jobs      = fs.Int("j", 0, "parallel test processes (default: number of CPUs)")
		tags      = fs.String("tags", "", "build tags, as for go build")
		timeout   = fs.Duration("timeout", 0, "per-test timeout (default 10m)")
		jsonOut   = fs.Bool("json", false, "write the JSON report (schema gozilla.cover/v1) instead of text")
		outFile   = fs.String("o", "", "write the report to this file instead of standard output")
		threshold = fs.String("threshold", "", "exit 1 when coverage is below this: a percentage for every kind (80 or 80%), or per kind (statements=90,branches=80,pairs=60)")
		verbose   = fs.Bool("v", false, "list every requirement (covered ones too), and the infeasible ones with their proofs")
		quiet     = fs.Bool("q", false, "no progress on standard error")
		proofs    = fs.Bool("equiv", true, "prove statements unreachable and branches infeasible (gozilla equiv) and leave them out of the percentages")
		deadline  = fs.Duration("deadline", 0, deadlineUsage)
	)
	if err := parseFlags(fs, args, stdout, stderr); err != nil {
		return err
	}
	var re *regexp.Regexp
	if *runRE != "" {
		var err error
		if re, err = regexp.Compile(*runRE); err != nil {
			return &exitError{code: 2, msg: fmt.Sprintf("bad -run: %v", err)}
		}
	}
	var min map[string]float64
	if *threshold != "" {
		var err error
		if min, err = parseCoverThreshold(*threshold); err != nil {
			return &exitError{code: 2, msg: err.Error()}
		}
	}
	ctx, cancel := withDeadline(ctx, *deadline)
	defer cancel()
	cfg := cover.Config{Tags: *tags, Run: re, Jobs: *jobs, Timeout: *timeout, NoProofs: !*proofs, Verbose: *verbose}
	prog := newProgress(stderr, *quiet)
	if prog != nil {
		cfg.Progress = func(pkg string) { prog.show(pkg + ": measuring coverage") }
	}
	res, err := cover.Run(ctx, cfg, fs.Args()...)
	prog.clear()
	if err != nil {
		if ctx.Err() != nil {
			return stopped(ctx, false)
		}
		if ue, ok := err.(*cover.UserError); ok {
			return &exitError{code: 2, msg: oneLine(ue.Msg)}
		}
		return err
	}
	if res.Summary.Partial {
		res.Summary.Stopped, res.Summary.Cause = stopReason(ctx), stopCause(ctx)
	}
	if err := writeReport(*outFile, stdout, *jsonOut, *verbose, res); err != nil {
		return err
	}
	if res.Summary.Partial {
		return stopped(ctx, true)
	}
	if len(res.Errors) > 0 {
		return report.Errors(res.Errors)
	}
	if below := res.Below(min); len(below) > 0 {
		return &exitError{code: 1, msg: "coverage below the threshold: " + strings.Join(below, ", ")}
	}
	return nil
}

// parseCoverThreshold reads -threshold: "80", "80%" (every kind) or
// "statements=90,branches=80,pairs=60" (kinds may be abbreviated to
// stmt, branch, pair).
func parseCoverThreshold(s string) (map[string]float64, error) {
	bad := fmt.Errorf("bad -threshold %q: want a percentage (80 or 80%%) or kind=percentage pairs (statements=90,branches=80,pairs=60)", s)
	pct := func(v string) (float64, bool) {
		f, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), "%"), 64)
		return f, err == nil && f >= 0 && f <= 100
	}
	min := map[string]float64{}
	if !strings.Contains(s, "=") {
		f, ok := pct(s)
		if !ok {
			return nil, bad
		}
		return map[string]float64{"statements": f, "branches": f, "pairs": f}, nil
	}
	for _, part := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(part, "=")
		if !ok {
			return nil, bad
		}
		var kind string
		switch strings.TrimSpace(k) {
		case "statements", "statement", "stmt", "stmts":
			kind = "statements"
		case "branches", "branch":
			kind = "branches"
		case "pairs", "pair", "du", "all-uses":
			kind = "pairs"
		default:
			return nil, bad
		}
		f, ok := pct(v)
		if !ok {
			return nil, bad
		}
		min[kind] = f
	}
	return min, nil
}
