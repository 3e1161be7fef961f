// Command gozilla measures and strengthens Go unit tests with mutation
// analysis. This file is the CLI only: flags, wiring and exit codes.
//
//	gozilla score [flags] [packages]   mutation score of the existing tests
//	gozilla gen [flags] [packages]     generate tests that kill mutants
//	gozilla equiv [flags] [packages]   prove mutants equivalent, statements unreachable, branches infeasible
//	gozilla cover [flags] [packages]   statement, branch and all-uses coverage of the existing tests
//
// Exit codes: 0 ok; 1 the score is below --threshold; 2 bad input (no
// matching package, a package that does not compile, tests that fail
// before mutation, a flaky test under -flaky=fail, no tests); 3 stopped
// by -deadline; 4 gen's per-unit safety clock (-unit) stopped a unit;
// 130 interrupted (SIGINT, SIGTERM). A stopped or interrupted command
// still writes the report of what it finished, marked partial with the
// phase the stop cut and its cause, before it exits 3, 4 or 130.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"regexp"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/report"
	mutrun "github.com/gozilla/gozilla/internal/run"
	"github.com/gozilla/gozilla/internal/score"
	"github.com/gozilla/gozilla/internal/scratch"
	"github.com/gozilla/gozilla/internal/version"
)

const usage = `gozilla writes unit tests that kill mutants, and measures the tests you have.

Usage:
	gozilla score [flags] [packages]   mutation score of the packages' existing tests
	gozilla gen [flags] [packages]     write table-driven tests that kill the packages' mutants
	gozilla equiv [flags] [packages]   prove mutants equivalent, statements unreachable, branches infeasible
	gozilla cover [flags] [packages]   statement, branch and def-use pair coverage of the packages' existing tests
	gozilla merge [flags] shard.json...   join the JSON reports of score -shard K/N runs into one
	gozilla cache [-dir | -clean]      where the cache of score's and gen's results is and its size, or remove it
	gozilla version                    print gozilla's version
	gozilla help [command]             this text, or a command's flags

Run "gozilla help <command>" (or "gozilla <command> -h") for the command's flags.
`

// commandDoc is each command's paragraph in its usage.
var commandDoc = map[string]string{
	"score": `Score runs the packages' tests against each mutant (a small change of the code)
and reports the mutation score: killed / (mutants - equivalent), how many of
the changes the tests notice. Mutants the tests leave alive are listed with
where they are and why they matter.`,
	"gen": `Gen writes a table-driven test file in each package, {pkg}_gozilla_test.go,
whose cases pass on the current code and fail on the mutants they kill. The
file is run under go test before it is written.`,
	"equiv": `Equiv proves mutants equivalent (no input tells them from the code),
statements unreachable and branches infeasible, and says why.`,
	"merge": `Merge joins the JSON reports of the runs of gozilla score -shard K/N, K = 1..N
(on separate machines, say) into the report one unsharded run gives, and writes
it as score does.`,
	"cover": `Cover measures the statement, branch and def-use pair coverage of the packages'
existing tests, leaving out what equiv proves unreachable or infeasible.`,
	"cache": cacheDoc,
}

// commandArgs is what a command takes after its flags, in its usage, when
// it is not packages.
var commandArgs = map[string]string{"cache": ""}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// profile starts the profiles the environment asks for (debugging
// gozilla itself): GOZILLA_CPUPROFILE=FILE, a CPU profile of the command;
// GOZILLA_MEMPROFILE=FILE, a heap profile at its end (alloc_space shows
// where memory went). It returns the function that writes them.
func profile(stderr io.Writer) (stop func()) {
	cpu, mem := os.Getenv("GOZILLA_CPUPROFILE"), os.Getenv("GOZILLA_MEMPROFILE")
	var f *os.File
	if cpu != "" {
		var err error
		if f, err = os.Create(cpu); err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintln(stderr, "gozilla: cpu profile:", err)
			f = nil
		}
	}
	return func() {
		if f != nil {
			pprof.StopCPUProfile()
			f.Close()
		}
		if mem != "" {
			if err := writeHeap(mem); err != nil {
				fmt.Fprintln(stderr, "gozilla: heap profile:", err)
			}
		}
	}
}

func writeHeap(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return pprof.Lookup("allocs").WriteTo(f, 0)
}

// goTmpDir points the go commands gozilla runs (its builds, go list, go
// test, go vet) at a temporary directory of its own, unless GOTMPDIR is
// set: a go command killed on SIGINT or SIGTERM cannot remove its
// work directory, and gozilla removes this one when it ends. It returns
// the function that does.
func goTmpDir() (remove func()) {
	if os.Getenv("GOTMPDIR") != "" {
		return func() {}
	}
	dir, err := scratch.Dir("go")
	if err != nil {
		return func() {}
	}
	old, had := os.LookupEnv("GOTMPDIR")
	os.Setenv("GOTMPDIR", dir)
	return func() {
		if had {
			os.Setenv("GOTMPDIR", old)
		} else {
			os.Unsetenv("GOTMPDIR")
		}
		os.RemoveAll(dir)
	}
}

// exitError carries an exit code through the command functions.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	defer profile(stderr)()
	// The temporary directories of runs killed by SIGKILL: nothing else
	// removes them.
	scratch.Sweep()
	defer goTmpDir()()

	var err error
	switch args[0] {
	case "score":
		err = cmdScore(ctx, args[1:], stdout, stderr)
	case "gen":
		err = cmdGen(ctx, args[1:], stdout, stderr)
	case "equiv":
		err = cmdEquiv(ctx, args[1:], stdout, stderr)
	case "cover":
		err = cmdCover(ctx, args[1:], stdout, stderr)
	case "merge":
		err = cmdMerge(args[1:], stdout, stderr)
	case "cache":
		err = cmdCache(args[1:], stdout, stderr)
	case "version", "-version", "--version":
		fmt.Fprintln(stdout, "gozilla "+version.String())
		return 0
	case "help", "-h", "-help", "--help":
		if len(args) > 1 && args[0] == "help" {
			if _, ok := commandDoc[args[1]]; ok {
				return run([]string{args[1], "-h"}, stdout, stderr)
			}
			fmt.Fprintln(stderr, unknownCommand("help topic", args[1]))
			return 2
		}
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintln(stderr, unknownCommand("command", args[0]))
		return 2
	}
	return exitCode(ctx, err, stderr)
}

func exitCode(ctx context.Context, err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	var ee *exitError
	var ue *score.UserError
	var pe report.Errors
	switch {
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &ee):
		if ee.msg != "" {
			fmt.Fprintln(stderr, "gozilla: "+ee.msg)
		}
		return ee.code
	case ctx.Err() != nil:
		fmt.Fprintln(stderr, "gozilla: interrupted")
		return exitInterrupted
	case errors.As(err, &ue):
		fmt.Fprintln(stderr, "gozilla: "+oneLine(ue.Msg))
		return 2
	case errors.As(err, &pe):
		// Packages that could not be processed: one line each (after
		// the report of the others, when there is one).
		for _, e := range pe {
			fmt.Fprintln(stderr, "gozilla: "+oneLine(e.String()))
		}
		return 2
	default:
		fmt.Fprintln(stderr, "gozilla: "+oneLine(err.Error()))
		return 2
	}
}

// Exit codes of a command stopped before it finished.
const (
	exitDeadline    = 3   // -deadline passed
	exitClock       = 4   // gen: the safety clock (-unit) stopped a unit's passes
	exitInterrupted = 130 // SIGINT or SIGTERM
)

// The causes of a stop, as the reports' summary.cause names them.
const (
	causeDeadline = "deadline"   // -deadline
	causeSignal   = "signal"     // SIGINT or SIGTERM
	causeClock    = "unit clock" // gen -unit
)

// stopCause names what ended ctx: the deadline, else a signal.
func stopCause(ctx context.Context) string {
	var de *deadlineError
	if errors.As(context.Cause(ctx), &de) {
		return causeDeadline
	}
	return causeSignal
}

// deadlineError is the cause of a command's context when its -deadline
// passes.
type deadlineError struct{ d time.Duration }

func (e *deadlineError) Error() string { return fmt.Sprintf("deadline %v reached", e.d) }

// withDeadline bounds ctx by the -deadline flag's value (0 = none).
func withDeadline(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d <= 0 {
		return ctx, func() {}
	}
	return context.WithTimeoutCause(ctx, d, &deadlineError{d})
}

// stopReason says why ctx ended, for a partial report.
func stopReason(ctx context.Context) string {
	var ss *searchStop
	if errors.As(context.Cause(ctx), &ss) {
		return ss.Error()
	}
	var de *deadlineError
	if errors.As(context.Cause(ctx), &de) {
		return de.Error()
	}
	return "interrupted"
}

// stopped is the error of a command whose ctx ended before it finished:
// exit 3 for the deadline, 130 for a signal. reported says whether a
// partial report was written.
func stopped(ctx context.Context, reported bool) error {
	msg := stopReason(ctx)
	if reported {
		msg += ": the report is partial"
	} else {
		msg += " before anything was decided: no report"
	}
	var de *deadlineError
	if errors.As(context.Cause(ctx), &de) {
		return &exitError{code: exitDeadline, msg: msg}
	}
	return &exitError{code: exitInterrupted, msg: msg}
}

func oneLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return strings.TrimSpace(s)
}

func cmdScore(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("score", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		jobs      = fs.Int("j", 0, "parallel test processes (default: number of CPUs)")
		ops       = fs.String("ops", "", "comma-separated mutation operators (default: all): "+opNames())
		tags      = fs.String("tags", "", "build tags, as for go build")
		timeout   = fs.Duration("timeout", 0, fmt.Sprintf("per-mutant timeout (default: 10× the baseline time of its tests + %v)", mutrun.TimeoutSlack))
		cacheDir  = fs.String("cache", defaultCache(), "reuse the verdicts of functions that did not change since an earlier run, kept in this directory (off: no cache; $GOZILLA_CACHE sets the default)")
		explain   = fs.String("explain", "", "after the report, explain these mutants (IDs, comma-separated): where, the change, the line, the status and why")
		shard     = fs.String("shard", "", "score part K of N of the mutants (K/N, e.g. 2/4), for CI machines in parallel; gozilla merge joins their -json reports")
		threshold = fs.String("threshold", "", "exit 1 when the mutation score is below this (0.8 or 80%)")
		quiet     = fs.Bool("q", false, "no progress on standard error")
		proofs    = fs.Bool("equiv", true, "prove the mutants the tests leave alive equivalent where possible (gozilla equiv) and exclude them from MS")
		killers   = fs.Bool("evidence", true, "look for an input that kills each survivor with gen's engines, run it on the code and the mutant, and report the row that kills it (killable) or undecided")
		flaky     = fs.String("flaky", "skip", "a test that both passes and fails on the unmutated code: skip (leave it out of the runs and list it) or fail (exit 2)")
		deadline  = fs.Duration("deadline", 0, deadlineUsage)
	)
	rep := addReportFlags(fs, "gozilla.score/v1", "also list the killed mutants (and by which test) and the equivalent ones (with their proofs)")
	sel := addSelectFlags(fs, true)
	opSet, err := parseCommon(fs, args, ops, stdout, stderr)
	if err != nil {
		return err
	}
	if err := rep.check(); err != nil {
		return err
	}
	if err := sel.check(); err != nil {
		return err
	}
	explainIDs, err := parseIDs(*explain)
	if err != nil {
		return &exitError{code: 2, msg: fmt.Sprintf("bad -explain: %v", err)}
	}
	var part score.Shard
	if *shard != "" {
		if part, err = score.ParseShard(*shard); err != nil {
			return &exitError{code: 2, msg: err.Error()}
		}
	}
	if *flaky != "skip" && *flaky != "fail" {
		return &exitError{code: 2, msg: fmt.Sprintf("bad -flaky %q: want skip or fail", *flaky)}
	}
	ctx, cancel := withDeadline(ctx, *deadline)
	defer cancel()
	var min float64
	if *threshold != "" {
		if min, err = parseThreshold(*threshold); err != nil {
			return &exitError{code: 2, msg: err.Error()}
		}
	}
	cfg := score.Config{Tags: *tags, Ops: opSet, Skip: sel.skipRE, Arid: *sel.arid, Shard: part, Keep: sel.keep, CacheDir: cachePath(*cacheDir), Jobs: *jobs, Timeout: *timeout, NoEquiv: !*proofs, NoEvidence: !*killers, FlakyFatal: *flaky == "fail"}
	prog := newProgress(stderr, *quiet)
	if prog != nil {
		etas := map[string]*eta{}
		var mu sync.Mutex
		cfg.Progress = func(pkg string, done, total int) {
			mu.Lock()
			e := etas[pkg]
			if e == nil {
				e = &eta{}
				etas[pkg] = e
			}
			mu.Unlock()
			prog.count(pkg, done, total, "mutants decided", e.left(done, total))
		}
		cfg.Estimate = func(pkg string, e score.Estimate) {
			if e.Most >= 2*prog.every { // a quick run says nothing, as its progress does not
				prog.note(pkg + ": " + estimateText(e))
			}
		}
	}
	began := time.Now()
	res, err := score.Run(ctx, cfg, fs.Args()...)
	prog.clear()
	if err != nil {
		if ctx.Err() == nil {
			return err
		}
		// Stopped while loading: the report says so, with nothing
		// scored (a CI job reading -json -o gets a document).
		res = report.NewScore(nil, nil, time.Since(began).Seconds())
		res.Summary.Partial, res.Summary.Phase = true, score.PhaseLoad
	}
	if res.Summary.Partial {
		res.Summary.Stopped, res.Summary.Cause = stopReason(ctx), stopCause(ctx)
	}
	res.Summary.Diff = sel.diffText
	var more func(io.Writer)
	if len(explainIDs) > 0 {
		more = func(w io.Writer) { report.Explain(w, res.Mutation(), explainIDs) }
	}
	if err := rep.write(stdout, stderr, res, more); err != nil {
		return err
	}
	if res.Summary.Partial {
		return stopped(ctx, true)
	}
	if len(res.Errors) > 0 {
		return report.Errors(res.Errors)
	}
	if *threshold != "" {
		ms := res.Summary.Score
		if ms != nil && *ms < min {
			return &exitError{code: 1, msg: fmt.Sprintf("mutation score %.3f is below the threshold %.3f", *ms, min)}
		}
	}
	return nil
}

// deadlineUsage documents -deadline, the same for every command.
const deadlineUsage = "stop after this wall time (e.g. 10m) and write the partial report of what is done; exit 3 (0 = no deadline)"

// parseThreshold accepts a fraction (0.8) or a percentage (80%).
func parseThreshold(s string) (float64, error) {
	pct := strings.HasSuffix(s, "%")
	v, err := strconv.ParseFloat(strings.TrimSuffix(s, "%"), 64)
	if err == nil && (pct || v > 1) {
		v /= 100
	}
	if err != nil || v < 0 || v > 1 {
		return 0, fmt.Errorf("bad -threshold %q: want a fraction such as 0.8 or a percentage such as 80%%", s)
	}
	return v, nil
}

func opNames() string {
	var names []string
	for _, op := range mutate.AllOps() {
		names = append(names, op.String())
	}
	return strings.Join(names, ",")
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// parseFlags parses a command's flags. -h (or -help) prints the
// command's usage on standard output and ends the command with exit 0;
// a bad flag is one line on standard error, the flag package's message
// and where the flags are listed, exit 2.
func parseFlags(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) error {
	fs.SetOutput(io.Discard) // the flag package's message comes back as the error
	fs.Usage = func() {}
	err := fs.Parse(args)
	if err == nil {
		return nil
	}
	if errors.Is(err, flag.ErrHelp) {
		operands, ok := commandArgs[fs.Name()]
		if !ok {
			operands = " [packages]"
		}
		fmt.Fprintf(stdout, "Usage: gozilla %s [flags]%s\n\n%s\n\nFlags:\n", fs.Name(), operands, commandDoc[fs.Name()])
		fs.SetOutput(stdout)
		fs.PrintDefaults()
		return err
	}
	return &exitError{code: 2, msg: fmt.Sprintf("%s: %s (see gozilla help %s)", fs.Name(), err, fs.Name())}
}

// commands are gozilla's commands, for the suggestion of a misspelt one.
var commands = []string{"score", "gen", "equiv", "cover", "merge", "cache", "version", "help"}

// suggest returns the command nearest to name, or "" when none is
// within two edits.
func suggest(name string) string {
	best, bestD := "", 3
	for _, c := range commands {
		if d := editDistance(strings.ToLower(name), c); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// editDistance is Levenshtein's distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// unknownCommand is the line for a command gozilla does not have.
func unknownCommand(what, name string) string {
	msg := fmt.Sprintf("gozilla: unknown %s %q", what, name)
	if s := suggest(name); s != "" {
		return msg + `; did you mean "` + s + `"?`
	}
	return msg + " (see gozilla help)"
}

// parseCommon parses a command's flags and its -ops value.
func parseCommon(fs *flag.FlagSet, args []string, ops *string, stdout, stderr io.Writer) (map[mutate.Op]bool, error) {
	if err := parseFlags(fs, args, stdout, stderr); err != nil {
		return nil, err
	}
	opSet, err := mutate.ParseOps(*ops)
	if err != nil {
		return nil, &exitError{code: 2, msg: err.Error()}
	}
	return opSet, nil
}

// reportDoc is a command's report document (score, equiv, cover).
type reportDoc interface {
	JSON(w io.Writer) error
	Text(w io.Writer, verbose bool) error
}

// writeReport writes rep to the -o file or stdout, as JSON or text.
func writeReport(file string, stdout io.Writer, asJSON, verbose bool, rep reportDoc) error {
	w, closeOut, err := output(file, stdout)
	if err != nil {
		return err
	}
	defer closeOut()
	if asJSON {
		return rep.JSON(w)
	}
	return rep.Text(w, verbose)
}

// output is where a report goes: the -o file, or stdout.
func output(file string, stdout io.Writer) (io.Writer, func(), error) {
	if file == "" {
		return stdout, func() {}, nil
	}
	f, err := os.Create(file)
	if err != nil {
		return nil, nil, &exitError{code: 2, msg: err.Error()}
	}
	return f, func() { f.Close() }, nil
}

// parseSkip compiles -skip.
func parseSkip(s string) (*regexp.Regexp, error) {
	if s == "" {
		return nil, nil
	}
	re, err := regexp.Compile(s)
	if err != nil {
		return nil, &exitError{code: 2, msg: fmt.Sprintf("bad -skip: %v", err)}
	}
	return re, nil
}
