// Package harness runs units of the package under test on chosen inputs,
// under the original program and under mutants, thousands of times per
// second, inside the package's schemata test binary.
//
// The harness has two halves. The run-time half (package rt, copied into
// the package under test as a test file by Source) decodes an input with
// reflect, calls the unit, recovers panics, encodes the results and the
// arguments' post-state, and compares each mutant's outcome with the
// original's. This half (Pool) starts test binaries in harness mode,
// speaks the line-delimited JSON protocol on descriptors 3 and 4, and
// survives what the code under test can do to its process: os.Exit, a
// panic in another goroutine, a deadlock, a hang outside instrumented code.
//
// Workers cannot be poisoned: a unit that Stateful cannot prove free of
// mutable package-level state has each mutant run followed by a run of
// the original (the canary); a run that panics or whose canary differs
// taints the process, and the runs after it go to a fresh worker, as do
// runs after one that left goroutines behind. Every run is bounded: the
// tick budget, a stack limit, a live-heap limit, a deadlock detector and
// a wall-clock allowance (rt's watchdog), and output that is never
// buffered (standard output is discarded, standard error kept as a tail).
//
// In: the schemata overlay of internal/mutate plus Source's file, built
// into one binary. Out: a Response per Request.
package harness

import (
	_ "embed"
	"fmt"
	"go/scanner"
	"go/token"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/gozilla/gozilla/internal/value"
)

//go:embed rt/rt.go
var runtimeSrc string

// File is the base name of the harness file added to the package.
const File = "zzz_gozilla_harness_test.go"

// Unit names one callable for the harness: Expr is a Go expression of
// function type valid in the package (F, (*T).M, T.M).
type Unit struct {
	Expr string
	// Stateful: the unit may touch mutable package-level state (see
	// Stateful). Each mutant run is then followed by a run of the
	// original (the canary), and a run that panics, or whose canary
	// differs, taints its process: the runs after it go to a fresh one.
	Stateful bool
	// MapOrder: the unit's outcome may depend on the order of a map's
	// iteration (see MapOrder): the original runs many times more
	// before a kill on an input counts.
	MapOrder bool
	// Quiet: no timer can wake a goroutine of the unit's worker process
	// (see Quiet), so that a run whose goroutines all wait on channels is
	// a deadlock after the short wait of one on locks. Every unit of a
	// process has the same.
	Quiet bool
	// Assume is a Go func literal taking the unit's inputs (receiver
	// first) and reporting whether they meet its //gozilla:assume
	// directives; "" when it has none. Inputs that do not are rejected.
	Assume string
	// Types are the unit's input and result types: the harness builds
	// and deconstructs the values of their alternatives (value.Alt).
	Types []*value.Type
	// Imports are the packages (name -> path) the types' alternatives
	// may use.
	Imports map[string]string
	// Views are Go func literals, for each input (receiver first) then
	// each result, returning the results of its observers as
	// []_gzreflect.Value (unit.ViewFuncs); "" where it is seen as a
	// value; nil when every value is.
	Views []string
}

// altSource returns the import specs and the declarations of the
// runtime's constructor and deconstructor tables for the units' types.
func altSource(units []Unit) (imports, init string) {
	var ts []*value.Type
	names := map[string]string{}
	for _, u := range units {
		ts = append(ts, u.Types...)
		for n, p := range u.Imports {
			names[n] = p
		}
	}
	alts := value.Alts(ts)
	var b strings.Builder
	// Variables, not an init function: the runtime's init serves
	// requests and never returns.
	b.WriteString("\nvar _gzCtors = map[string]interface{}{\n")
	for _, a := range alts {
		params := make([]string, len(a.Params))
		args := make([]string, len(a.Params))
		for i, p := range a.Params {
			args[i] = "a" + strconv.Itoa(i)
			params[i] = args[i] + " " + p.Name
		}
		fmt.Fprintf(&b, "\t\t%q: func(%s) interface{} { return %s },\n", a.Key, strings.Join(params, ", "), value.Subst(a.Expr, args))
	}
	b.WriteString("}\n\nvar _gzDecons = map[_gzreflect.Type]_gzDecon{\n")
	seen := map[string]bool{}
	for _, a := range alts {
		if a.Decon == "" || a.Of == "" || seen[a.Of] {
			continue
		}
		seen[a.Of] = true
		fmt.Fprintf(&b, "\t_gzreflect.TypeOf((*%s)(nil)).Elem(): {%q, %s, %v},\n", a.Of, a.Key, a.Decon, a.Self)
	}
	b.WriteString("}\n")
	// The declarations the alternatives need (fakes of interfaces), each
	// once.
	decls := map[string]string{}
	for _, a := range alts {
		if a.Decl != "" {
			decls[a.DeclName] = a.Decl
		}
	}
	declNames := make([]string, 0, len(decls))
	for n := range decls {
		declNames = append(declNames, n)
	}
	sort.Strings(declNames)
	for _, n := range declNames {
		b.WriteString("\n" + decls[n])
	}
	init = b.String()
	// The packages the declarations use, and those the unit table's
	// funcs do (a view of a *regexp.Regexp, an assumption).
	used := init
	for _, u := range units {
		used += "\n" + u.Expr + "\n" + u.Assume + "\n" + strings.Join(u.Views, "\n")
	}
	qualifiers := qualifiersIn(used)
	var specs []string
	for n, p := range names {
		if qualifiers[n] {
			specs = append(specs, fmt.Sprintf("\t%s %q\n", n, p))
		}
	}
	sort.Strings(specs)
	return strings.Join(specs, ""), init
}

// Source returns the harness test file for package pkgName: the runtime,
// the unit table, the mutant-to-site table (mutSite[id] is the site of
// mutant id; index 0 unused) and the exported sentinel errors (names of
// package-level error variables).
func Source(pkgName string, units []Unit, mutSite []int, sentinels []string) []byte {
	src := runtimeSrc
	i := strings.Index(src, "\npackage rt\n")
	if i < 0 {
		panic("internal error: harness runtime has no package clause")
	}
	imports, init := altSource(units)
	rest := src[i+len("\npackage rt\n"):]
	if imports != "" {
		rest = strings.Replace(rest, "import (\n", "import (\n"+imports, 1)
	}
	var b strings.Builder
	b.WriteString("// Code generated by gozilla. DO NOT EDIT.\n\npackage " + pkgName + "\n")
	b.WriteString(rest)
	b.WriteString(init)
	b.WriteString("\nvar _gzUnits = []_gzUnit{\n")
	for _, u := range units {
		fmt.Fprintf(&b, "\t{F: %s", u.Expr)
		if u.Assume != "" {
			fmt.Fprintf(&b, ", A: %s", u.Assume)
		}
		if u.Stateful {
			b.WriteString(", S: true")
		}
		if u.Quiet {
			b.WriteString(", Q: true")
		}
		if u.MapOrder {
			b.WriteString(", MO: true")
		}
		if u.Views != nil {
			b.WriteString(", V: []interface{}{")
			for k, v := range u.Views {
				if k > 0 {
					b.WriteString(", ")
				}
				if v == "" {
					v = "nil"
				}
				b.WriteString(v)
			}
			b.WriteString("}")
		}
		b.WriteString("},\n")
	}
	b.WriteString("}\n\nvar _gzMutSite = []int32{")
	for i, s := range mutSite {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprint(&b, s)
	}
	// The mutants of a site are numbered consecutively (internal/mutate):
	// site s holds mutants [_gzSiteFirst[s], _gzSiteFirst[s+1]).
	nsites := 0
	for _, s := range mutSite {
		nsites = max(nsites, s)
	}
	first := make([]int, nsites+2)
	for s := range first {
		first[s] = len(mutSite)
	}
	for m := len(mutSite) - 1; m >= 1; m-- {
		first[mutSite[m]] = m
	}
	for s := nsites; s >= 0; s-- {
		first[s] = min(first[s], first[s+1])
	}
	for m := 1; m < len(mutSite); m++ {
		if s := mutSite[m]; m < first[s] || m >= first[s+1] {
			panic(fmt.Sprintf("internal error: mutant %d of site %d is outside its site's range", m, s))
		}
	}
	b.WriteString("}\n\nvar _gzSiteFirst = []int32{")
	for i, f := range first {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprint(&b, f)
	}
	b.WriteString("}\n\nvar _gzSentinels = []struct {\n\tN string\n\tE error\n}{\n")
	for _, s := range sentinels {
		fmt.Fprintf(&b, "\t{%q, %s},\n", s, s)
	}
	b.WriteString("}\n")
	return []byte(ownNames(b.String(), init))
}

// declaredGozilla finds the gozilla… names the alternatives' declarations
// declare at top level (the fakes: type gozillaClock, its funcs).
var declaredGozilla = regexp.MustCompile(`(?m)^(?:type|func|var|const)\s+(gozilla\w*)`)

// ownNames renames, in the harness source src, the gozilla… names that
// decls (the alternatives' declarations) declare to _gzh_ names: the
// package's test files are compiled with the harness, and gozilla's own
// generated file, committed (any version of it), or a user's test
// declares a gozillaClock of its own; the harness must build beside
// either ("gozillaRequest redeclared in this block" left every
// survivor's search unbuilt).
func ownNames(src, decls string) string {
	seen := map[string]bool{}
	var names []string
	for _, m := range declaredGozilla.FindAllStringSubmatch(decls, -1) {
		if !seen[m[1]] {
			seen[m[1]] = true
			names = append(names, regexp.QuoteMeta(m[1]))
		}
	}
	if len(names) == 0 {
		return src
	}
	re := regexp.MustCompile(`\b(` + strings.Join(names, "|") + `)\b`)
	return re.ReplaceAllString(src, "_gzh_$1")
}

// Request asks for one input of one unit to be run under the original and
// under mutants (wire form of the runtime's _gzReq).
type Request struct {
	Unit    int           `json:"u"`
	In      []value.Value `json:"in"`          // arguments, receiver first
	Mutants []int         `json:"m,omitempty"` // mutants to try; only those the original reaches run
	Live    []byte        `json:"l,omitempty"` // more mutants to try, as a bit set (see Bits); disjoint from Mutants
	Budget  uint64        `json:"b"`           // tick budget of the original
	// Stable: run the original again, as after a kill, to tell whether
	// its outcome varies (Response.Varies), whatever the mutants do.
	Stable bool `json:"st,omitempty"`
	// Repeat, when above 1, runs a mutant that ends as the original
	// again, up to Repeat runs in all, until one ends otherwise, on an
	// input whose original is cheap (each range over a map starts
	// anywhere: a mutant that differs in some orders only shows in one
	// of the runs); every reached mutant runs, not only those the
	// original's run infected. For the rows of a unit whose outcome may
	// depend on map order and that changes none of its inputs, which
	// call it as many times.
	Repeat int `json:"rp,omitempty"`
	// MutantBudget is the tick budget of each mutant. 0: a tight budget
	// (10 × the original's ticks + 1000), and a mutant over it runs again
	// with a generous one (100 × + 2^20) which it must also exceed to count
	// as timed out.
	MutantBudget uint64 `json:"mb,omitempty"`
	All          bool   `json:"a,omitempty"` // run every mutant, reached or not
	// Quick skips the generous second run: mutants over the tight budget
	// are reported in Unsure instead.
	Quick bool `json:"q,omitempty"`
	// More are further inputs, each run as if it were In (same unit,
	// mutants and budgets), in the same round trip: Response.More answers
	// them in order. Batches save the per-request cost (a pipe round trip,
	// a goroutine) when many inputs run under the same mutants.
	More [][]value.Value `json:"more,omitempty"`
	// Build asks only for the inputs as built (field by field, in
	// Response.Orig.Post): the unit is not called, no mutant runs. What
	// the package's constructors and methods make, for the likely
	// invariants of its types (value.Invariants).
	Build bool `json:"bd,omitempty"`
	// MustKill: the question is only whether the input kills (or leaves
	// unsure) every mutant of Mutants. The runs stop at the first that
	// it does not, in Mutants' order, and at once when one is not
	// reached: the answer's Killed and Unsure are then not the whole
	// truth, only enough to say no. (Shrinking asks this of many
	// candidates, most of which fail on one mutant.)
	MustKill bool `json:"k,omitempty"`
	// Patience multiplies the wall-clock allowances of the runs and the
	// process's (Config.Wall, OrigWall, Timeout); 0 is 1. The pool asks
	// a run the clock ended again with patience itself (Pool.Do): the
	// clock is a safety net, and a loaded machine must not change what
	// is decided.
	Patience int `json:"p,omitempty"`
}

// patientRetry is the patience a run the wall clock ended is asked again
// with.
const patientRetry = 4

// Bits returns the bit set of mutant IDs for Request.Live.
func Bits(ids []int) []byte {
	n := 0
	for _, id := range ids {
		n = max(n, id/8+1)
	}
	b := make([]byte, n)
	for _, id := range ids {
		b[id/8] |= 1 << (id % 8)
	}
	return b
}

// Outcome is what one run produced. Two runs differ exactly when their
// outcomes differ (value.Equal on results and post-state, equal panics).
type Outcome struct {
	Results []value.Value `json:"r,omitempty"`
	Post    []value.Value `json:"p,omitempty"` // arguments after the call, receiver first
	Panic   *Panic        `json:"x,omitempty"`
}

// Panic kinds.
const (
	PanicRuntime = "runtime" // a runtime.Error; Msg is its message cut before the first " [" (no numbers)
	PanicValue   = "value"   // any other panic; Msg is the value printed
	PanicBudget  = "budget"  // the loop budget ran out (a timeout)
	PanicCrash   = "crash"   // the process died (os.Exit, a fatal error, a panic in another goroutine)
	// Resource limits (Config): a run that reaches one ends with it.
	PanicBlocked = "blocked" // every goroutine of the run waited on a lock or channel, no tick progress: a deadlock
	PanicStack   = "stack"   // the stack outgrew Config.MaxStack (a fatal error: the process died)
	PanicMemory  = "memory"  // the live heap outgrew Config.MemLimit
	// PanicSlow is the wall-clock safety net: a run past its allowance
	// (Config.Wall) or a process silent past Config.Timeout. It decides
	// nothing: a mutant ended so is neither killed nor alive (End only).
	PanicSlow = "slow"
	// PanicHeavy: a mutant's run allocated past its cap (256 MiB over
	// 100 × the original's allocation), checked every 64 loop ticks: work
	// the tick budget does not see, such as a loop copying a growing
	// string. Like PanicSlow it decides nothing (End only), but it is
	// counted, not timed, and it ends the run, not the process.
	PanicHeavy = "heavy"
	// PanicGoroutine: a panic in a goroutine the run started ended the
	// process. Whether a test sees it depends on the scheduler: the
	// goroutine's deferred calls (a close, a Done) may let the test go on
	// and pass before the process dies. It decides nothing (End only),
	// as the generated file must fail on every mutant called killed.
	PanicGoroutine = "goroutine"
)

// Abnormal reports whether an original's outcome cannot be a test's
// expectation: the run was stopped by a budget or a limit, or killed its
// process.
func (p *Panic) Abnormal() bool {
	if p == nil {
		return false
	}
	switch p.Kind {
	case PanicBudget, PanicCrash, PanicBlocked, PanicStack, PanicMemory, PanicSlow, PanicGoroutine:
		return true
	}
	return false
}

// Panic describes how a run ended abnormally.
type Panic struct {
	Kind string `json:"k"`
	Msg  string `json:"m,omitempty"`
}

// Response answers a Request.
type Response struct {
	Orig  Outcome `json:"o"`
	Ticks uint64  `json:"t"`           // loop-budget ticks of the original run
	Work  uint64  `json:"w,omitempty"` // ticks of every run of the input: original, mutants, canaries
	Hits  []int   `json:"h,omitempty"` // schemata sites the original reached
	// Cover holds what the coverage probes (mutate.Probes) recorded in
	// the original's run, when the package carries them
	// (coverage.Plan.Records decodes it).
	Cover  []int32 `json:"c,omitempty"`
	Killed []int   `json:"k,omitempty"`   // mutants whose outcome differs, in request order
	Unsure []int   `json:"u,omitempty"`   // Quick: mutants over the tight budget
	Ran    int     `json:"ran"`           // mutants run
	Reject bool    `json:"rej,omitempty"` // the input breaks the unit's assumptions: nothing ran
	// Varies: the original's outcome on the input differed between
	// runs in one process (map order, the scheduler, the clock): no
	// kill counts, and the input is no row a test can pin.
	Varies bool   `json:"v,omitempty"`
	Err    string `json:"err,omitempty"`
	// Ends are the mutants whose run a limit or a crash ended, with the
	// kind (Panic kinds: blocked, stack, memory, crash are in Killed too;
	// slow is undecided, in neither Killed nor Unsure).
	Ends []End `json:"e,omitempty"`
	// Patient are the mutants the wall clock ended at first and a
	// patient second run decided (Pool.Do): runs that cost a fresh
	// process and up to four times the allowance, which a caller counts.
	Patient []int `json:"-"`
	// More answers Request.More, one Response per further input, in order.
	More []Response `json:"more,omitempty"`

	// The worker's side of the protocol, resolved by Pool.Do (never set
	// in what Do returns): mutants left for a fresh process (Redo, and
	// RedoSlow for the generous budget only), the whole input to run
	// again in a fresh process (All), the process ends after this answer
	// (Cut), the process ran a stateful unit's mutant (Dirty).
	Redo     []int `json:"redo,omitempty"`
	RedoSlow []int `json:"redos,omitempty"`
	All      bool  `json:"all,omitempty"`
	Cut      bool  `json:"cut,omitempty"`
	Dirty    bool  `json:"d,omitempty"`
}

// End is a mutant whose run a limit ended.
type End struct {
	Mutant int    `json:"m"`
	Kind   string `json:"k"` // a Panic kind
}

// qualifiersIn returns the identifiers that qualify a name in the Go
// source src (pkg in pkg.Name): what it may import. Comments and string
// literals do not count (a fake's doc comment that says it implements
// binary.ByteOrder uses no package).
func qualifiersIn(src string) map[string]bool {
	var sc scanner.Scanner
	fset := token.NewFileSet()
	file := fset.AddFile("", fset.Base(), len(src))
	sc.Init(file, []byte(src), func(token.Position, string) {}, 0)
	out := map[string]bool{}
	// x.y.z: only x qualifies; y is a field or method.
	before, prev, prevLit := token.ILLEGAL, token.ILLEGAL, ""
	for {
		_, tok, lit := sc.Scan()
		if tok == token.EOF {
			break
		}
		if tok == token.PERIOD && prev == token.IDENT && before != token.PERIOD {
			out[prevLit] = true
		}
		before, prev, prevLit = prev, tok, lit
	}
	return out
}
