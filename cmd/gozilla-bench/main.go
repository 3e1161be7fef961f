// Command gozilla-bench produces the figures of BENCHMARKS.md. Every
// figure comes from a run of this command; each section of BENCHMARKS.md
// names the command line that reproduces it.
//
//	go run ./cmd/gozilla-bench score [-n 3] [-j 2] [-w BENCHMARKS.md]
//	go run ./cmd/gozilla-bench gen [-n 3] [-j 2] [-seed 1] [-gremlins=false] [-w BENCHMARKS.md]
//	go run ./cmd/gozilla-bench cbt [-n 3] [-j 2] [-seed 1] [-sat=false] [-w BENCHMARKS.md]
//	go run ./cmd/gozilla-bench equiv [-n 3] [-j 2] [-random 20000] [-subjects a,b] [-utf8=false] [-w BENCHMARKS.md]
//	go run ./cmd/gozilla-bench resources [-j 2] [-before REV] [-limit 300s] [-std a,b] [-modules m@v,…] [-mingo 1.21] [-w BENCHMARKS.md]
//	go run ./cmd/gozilla-bench repeat [-j 2] [-subjects a,b] [-std a,b] [-w BENCHMARKS.md]
//	go run ./cmd/gozilla-bench cover [-j 2] [-subjects a,b] [-std a,b] [-w BENCHMARKS.md]
//	go run ./cmd/gozilla-bench support [-j 2] [-limit 300s] [-realistic=false] [-std a,b] [-modules m@v,…] [-pkgs p,…] [-before REV] [-mingo 1.21] [-w BENCHMARKS.md]
//	go run ./cmd/gozilla-bench daily [-j 2] [-std a,b] [-w BENCHMARKS.md]
//	go run ./cmd/gozilla-bench speed [-j 2] [-std a,b] [-modules m@v,…] [-pkgs p,…] [-suite] [-limit 30m] [-w BENCHMARKS.md]
//	go run ./cmd/gozilla-bench large [-j 2] [-deadline 15m] [-modules m@v,…] [-pkgs p,…] [-signals 1s,build+1s,…] [-grace 30s] [-synthetic 2000] [-load] [-ends=false] [-w BENCHMARKS.md]
//	go run ./cmd/gozilla-bench report [-j 2] [-before REV] [-subjects a,b] [-realistic=true] [-std a,b] [-w BENCHMARKS.md]
//	go run ./cmd/gozilla-bench survivors [-j 2] [-random N] [-subjects a,b] [-realistic=true] [-std a,b] [-w BENCHMARKS.md]
//	go run ./cmd/gozilla-bench suite [-n 1] [-limit 30m] [-w BENCHMARKS.md]
//	go run ./cmd/gozilla-bench sandbox [-j 2] [-w BENCHMARKS.md]
//	go run ./cmd/gozilla-bench loop [-j 2] [-w BENCHMARKS.md]
//
// score: gozilla score against gremlins v0.5.0 on copies of standard
// library packages with their own tests (same packages, same tests, same
// number of workers, side by side in one run), and the score of the
// unicode/utf8 copy.
//
// gen: gozilla gen on every subject of testdata/subjects, next to the
// papers' figures, with the generated files checked by go test, by
// gozilla score and by gremlins.
//
// cbt: gozilla gen with the random pass alone and with constraint-based
// generation, side by side.
//
// equiv: the equivalent-mutant prover (internal/equiv) stage by stage on
// every subject, its verdicts checked by execution (internal/oracle).
//
// resources: wall time, the slowest unit and the largest processes of
// gozilla gen and score on std copies and pinned third-party modules,
// for this tree and an earlier revision side by side.
//
// repeat: gozilla score and gen twice on each subject and std copy, with
// -j 1 and with -j 2 under CPU load: the mutants whose status differs
// (the target is 0) and the MS of each run.
//
// cover: gozilla cover on every subject with its hand-written tests and
// with the tests gozilla gen writes, and on standard library copies.
//
// support: gozilla gen on every package of testdata/realistic, of std
// copies and of pinned third-party modules: the units it supports and why
// it skips the others, the generated files checked by go test and
// GOARCH=386 go vet, and their MS next to the packages' own tests' MS on
// the same mutants; the files' rows by kind (issue 30) and the functions
// with no row, for this tree and an earlier revision side by side.
//
// daily: the cache (a run after a one-line change against a full run),
// sharding (4 shards merged against the unsharded run) and the HTML
// report's size and load time, on std copies with their tests.
//
// speed: gozilla gen on std copies and pinned third-party modules, idle
// and under CPU load (the files must be the same bytes), its per-unit
// times and phases, and a pull request's runs with the cache on (full,
// a one-line change, -diff HEAD, full, full with the cache off: the -diff
// run and the next full run must write the same file); with -suite, the
// repository's go test ./... idle and under load.
//
// large: gozilla score and gen on large packages of pinned third-party
// modules (issue 31), to the end or to a -deadline: the mutants generated
// per second, the mutants decided, the wall time; and each command sent
// SIGTERM at moments in different phases: the time to its exit, its exit
// code, the partial report it writes, and what it leaves behind.
//
// report: gozilla score's text report (issue 32) on every subject, every
// package of testdata/realistic and std copies, this tree's and an
// earlier revision's side by side: its lines per 100 source lines, the
// survivors it shows against all survivors, and MS with the filter of
// arid code on and off.
//
// survivors: how many of the mutants the packages' own tests leave alive
// gozilla score decides (issue 33) — equivalent, or killable with an
// input run on both versions — at what cost to score, and whether the
// verdicts are true (the oracle runs every killing input and checks every
// Equivalent verdict).
//
// sandbox: gozilla score, equiv, gen -n and gen on packages whose code
// writes in its working directory, $HOME and $TMPDIR or reads its
// testdata (issue 51): the user's tree, home and temporary directory
// before and after, and the verdicts of a second run.
//
// loop: a developer's daily pull-request loop on a git repository
// holding a copy of testdata/realistic/ratelimit (issue 53): score, gen
// and a commit; score again; an edit and gen, the generated file's lines
// changed outside the edited functions' tests; gen -diff HEAD and score
// -diff HEAD; a fix that changes what a generated row pins.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: gozilla-bench score|gen|cbt|equiv|resources|repeat|support|cover|ddr|milp|dalg|daily|speed|large|report|survivors|suite|sandbox|heldout|loops|loop [flags]")
		os.Exit(2)
	}
	// Every figure is of a run that computes its verdicts: gozilla's
	// cache of earlier results is off for the commands the benchmarks
	// run (daily measures the cache with -cache of its own).
	os.Setenv("GOZILLA_CACHE", "off")
	fs := flag.NewFlagSet(os.Args[1], flag.ExitOnError)
	// The flags every benchmark has.
	n := fs.Int("n", 1, "runs per measured configuration; the medians are reported")
	jobs := fs.Int("j", runtime.NumCPU(), "workers")
	write := fs.String("w", "", "update this markdown file's section of the benchmark (e.g. BENCHMARKS.md)")
	subjects := func() *string {
		return fs.String("subjects", "", "comma-separated subjects of testdata/subjects (default all; none for none)")
	}
	only := func(s string) []string {
		if s == "" {
			return nil
		}
		return strings.Split(s, ",")
	}
	var err error
	switch os.Args[1] {
	case "score":
		pkgs := fs.String("pkgs", "encoding/base32,encoding/hex,text/tabwriter,unicode/utf8", "standard library packages to compare on")
		fs.Parse(os.Args[2:])
		err = benchScore(*n, *jobs, strings.Split(*pkgs, ","), *write)
	case "gen":
		seed := fs.Uint64("seed", 1, "gozilla gen -seed")
		subj := subjects()
		gremlins := fs.Bool("gremlins", true, "check the generated files with gremlins")
		utf8 := fs.Bool("utf8", true, "also generate for the unicode/utf8 copy")
		fs.Parse(os.Args[2:])
		err = benchGen(*n, *jobs, *seed, only(*subj), *gremlins, *utf8, *write)
	case "cbt":
		seed := fs.Uint64("seed", 1, "gozilla gen -seed")
		subj := subjects()
		utf8 := fs.Bool("utf8", true, "also generate for the unicode/utf8 copy")
		withSAT := fs.Bool("sat", true, "also measure random + cbt + sat on the subjects")
		fs.Parse(os.Args[2:])
		err = benchCBT(*n, *jobs, *seed, only(*subj), *utf8, *withSAT, *write)
	case "equiv":
		random := fs.Int("random", 20000, "random inputs per unit that the Equivalent verdicts must survive")
		subj := subjects()
		utf8 := fs.Bool("utf8", true, "also analyze the unicode/utf8 copy")
		fs.Parse(os.Args[2:])
		err = benchEquiv(max(*n, 1), *jobs, *random, only(*subj), *utf8, *write)
	case "resources":
		before := fs.String("before", "", "also measure gozilla built at this git revision, side by side")
		limit := fs.Duration("limit", 300*time.Second, "stop a command (SIGTERM) after this long")
		std := fs.String("std", "unicode/utf8,encoding/hex", "standard library packages to copy, with their tests")
		modules := fs.String("modules", defaultModules, "third-party modules, module@version, fetched from the module proxy")
		minGo := fs.String("mingo", "1.21", "raise the modules' go directive to at least this version (so that -before builds that need it can run; \"\" keeps them)")
		fs.Parse(os.Args[2:])
		err = benchResources(*jobs, *before, *limit, only(*std), only(*modules), *minGo, *write)
	case "repeat":
		subj := subjects()
		std := fs.String("std", "unicode/utf8,encoding/hex", "standard library packages to copy, with their tests")
		fs.Parse(os.Args[2:])
		err = benchRepeat(max(*jobs, 2), only(*subj), only(*std), *write)
	case "ddr":
		seed := fs.Uint64("seed", 1, "gozilla gen -seed")
		subj := subjects()
		std := fs.String("std", "unicode/utf8,encoding/hex", "standard library packages to copy (without their tests) for the mutation figures")
		fs.Parse(os.Args[2:])
		err = benchDDR(max(*n, 1), *jobs, *seed, only(*subj), only(*std), *write)
	case "milp":
		seed := fs.Uint64("seed", 1, "gozilla gen -seed")
		subj := subjects()
		fs.Parse(os.Args[2:])
		err = benchMILP(*jobs, *seed, only(*subj), *write)
	case "dalg":
		seed := fs.Uint64("seed", 1, "gozilla gen -seed")
		subj := subjects()
		kl := fs.String("k", "1,2,4,8,16,32,64", "the sizes of the chained units of the scaling figure (\"\" for none)")
		fs.Parse(os.Args[2:])
		var ks []int
		for _, x := range only(*kl) {
			k, err := strconv.Atoi(x)
			if err != nil {
				fmt.Fprintln(os.Stderr, "gozilla-bench: -k:", err)
				os.Exit(2)
			}
			ks = append(ks, k)
		}
		err = benchDalg(*jobs, *seed, only(*subj), ks, *write)
	case "cover":
		subj := subjects()
		std := fs.String("std", "", "standard library packages to copy with their tests and measure")
		fs.Parse(os.Args[2:])
		err = benchCover(*jobs, only(*subj), only(*std), *write)
	case "daily":
		std := fs.String("std", "encoding/base32,text/tabwriter", "standard library packages to copy with their tests")
		fs.Parse(os.Args[2:])
		err = benchDaily(*jobs, only(*std), *write)
	case "support":
		limit := fs.Duration("limit", 300*time.Second, "per package, stop each gozilla command (its -deadline) and go test after this long")
		realistic := fs.Bool("realistic", true, "include the module of testdata/realistic")
		std := fs.String("std", defaultSupportStd, "standard library packages to copy with their tests (those stdcopy.sh refuses are skipped with a note)")
		modules := fs.String("modules", defaultSupportModules, "third-party modules, module@version, fetched from the module proxy")
		pkgs := fs.String("pkgs", defaultSupportPkgs, "of a module that has packages named here (import paths), measure only those")
		before := fs.String("before", "", "also generate with gozilla built at this git revision, side by side (its files scored by this tree)")
		minGo := fs.String("mingo", "", "raise the modules' go directive to at least this version (\"\" keeps them as shipped)")
		fs.Parse(os.Args[2:])
		err = benchSupport(*jobs, *limit, *realistic, only(*std), only(*modules), only(*pkgs), *before, *minGo, *write)
	case "speed":
		std := fs.String("std", defaultSpeedStd, "standard library packages to copy with their tests (those stdcopy.sh refuses are skipped with a note)")
		modules := fs.String("modules", "", "third-party modules, module@version, fetched from the module proxy")
		pkgs := fs.String("pkgs", "", "of a module that has packages named here (import paths), measure only those")
		suite := fs.Bool("suite", false, "also time go test -count=1 ./... of this repository, idle and under CPU load")
		limit := fs.Duration("limit", 30*time.Minute, "stop a command (SIGTERM) after this long")
		fs.Parse(os.Args[2:])
		err = benchSpeed(*jobs, only(*std), only(*modules), only(*pkgs), *suite, *limit, *write)
	case "large":
		modules := fs.String("modules", defaultLargeModules, "third-party modules, module@version, fetched from the module proxy")
		pkgs := fs.String("pkgs", "", "of a module that has packages named here (import paths), measure those (default: the module's root package)")
		deadline := fs.Duration("deadline", 15*time.Minute, "gozilla score and gen -deadline")
		grace := fs.Duration("grace", 30*time.Second, "after SIGTERM, kill a command (SIGKILL) that has not exited after this long")
		signals := fs.String("signals", defaultLargeSignals, "moments to send SIGTERM at, comma-separated: a duration after the start (1s), an event (build, tests, progress, load) or an event and a duration after it (build+1s); \"\" for none")
		synthetic := fs.Int("synthetic", 0, "also measure a package generated here: one function of this many lines (conditions and arithmetic on each), and a test; 0 = none")
		load := fs.Bool("load", false, "keep every CPU busy (internal/cpuload) during the SIGTERM runs")
		ends := fs.Bool("ends", true, "time mutant generation and run score and gen to the end (or the deadline) before the SIGTERM runs")
		fs.Parse(os.Args[2:])
		moments, perr := parseMoments(*signals)
		if perr != nil {
			fmt.Fprintln(os.Stderr, "gozilla-bench: -signals:", perr)
			os.Exit(2)
		}
		err = benchLarge(&largeConfig{jobs: *jobs, deadline: *deadline, grace: *grace, modules: only(*modules), pkgs: only(*pkgs), signals: moments, synthetic: *synthetic, load: *load, signalsOnly: !*ends}, *write)
	case "report":
		before := fs.String("before", defaultReportBefore, "compare with gozilla built at this git revision (the report before issue 32)")
		subj := subjects()
		realistic := fs.Bool("realistic", true, "include every package of the module testdata/realistic")
		std := fs.String("std", defaultReportStd, "standard library packages to copy with their tests (those stdcopy.sh refuses are noted)")
		fs.Parse(os.Args[2:])
		err = benchReport(*jobs, *before, only(*subj), *realistic, only(*std), *write)
	case "survivors":
		subj := subjects()
		realistic := fs.Bool("realistic", true, "include every package of the module testdata/realistic")
		std := fs.String("std", defaultReportStd, "standard library packages to copy with their tests (those stdcopy.sh refuses are noted)")
		random := fs.Int("random", defaultSurvivorsRandom, "random inputs each Equivalent verdict's function runs when its domain is too large to enumerate")
		fs.Parse(os.Args[2:])
		err = benchSurvivors(*jobs, *random, only(*subj), *realistic, only(*std), *write)
	case "sandbox":
		fs.Parse(os.Args[2:])
		err = benchSandbox(*jobs, *write)
	case "heldout":
		pkgs := fs.String("pkgs", defaultHeldout, "packages to measure, comma-separated: module@version, then /dir for a package below the module's root")
		deadline := fs.Duration("deadline", 8*time.Minute, "gozilla score and gen -deadline")
		keep := fs.String("keep", "", "copy each generated file into this directory, to read as a reviewer")
		fs.Parse(os.Args[2:])
		err = benchHeldout(&heldoutConfig{jobs: *jobs, deadline: *deadline, targets: only(*pkgs), keep: *keep}, *write)
	case "loop":
		fs.Parse(os.Args[2:])
		err = benchLoop(*jobs, *write)
	case "loops":
		ref := fs.String("ref", "22c282c", "the earlier commit to measure against")
		rounds := fs.Int("rounds", 2, "rounds of runs, the two gozillas alternating")
		fs.Parse(os.Args[2:])
		err = benchLoops(*jobs, *ref, *rounds, *write)
	case "suite":
		limit := fs.Duration("limit", 30*time.Minute, "stop a run (SIGTERM) after this long")
		fs.Parse(os.Args[2:])
		err = benchSuite(*n, *limit, *write)
	default:
		fmt.Fprintf(os.Stderr, "gozilla-bench: unknown benchmark %q\n", os.Args[1])
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gozilla-bench:", err)
		os.Exit(1)
	}
}

// repoRoot finds the repository root (the directory holding go.mod) from
// the working directory.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("not inside the gozilla repository")
		}
		dir = parent
	}
}

// updateSection replaces the text between the markers of section name in
// the markdown file (appending the section when it is new).
func updateSection(path, name, body string) error {
	begin, end := "<!-- "+name+":begin -->", "<!-- "+name+":end -->"
	data, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	text := string(data)
	block := begin + "\n" + body + end
	i, j := strings.Index(text, begin), strings.Index(text, end)
	if i >= 0 && j > i {
		text = text[:i] + block + text[j+len(end):]
	} else {
		if text != "" && !strings.HasSuffix(text, "\n\n") {
			text += "\n"
		}
		text += block + "\n"
	}
	return os.WriteFile(path, []byte(text), 0o644)
}

func numCPU() int { return runtime.NumCPU() }
