// Package rt is the run-time half of gozilla's generation harness. Its
// source (this file) is copied, with the package clause renamed, into the
// package under test as a test file of the schemata build; stub.go stands
// in for the schemata helper and the generated unit table so that the
// runtime compiles and is tested here on its own.
//
// Every identifier starts with _gz and every import is renamed, so the
// copy cannot collide with the user's package. The runtime serves
// requests on file descriptor 3 and answers on 4 (standard output and
// error belong to the code under test): each request names a unit, one
// input and the mutants to try; the answer is the original's outcome, the
// sites it reached, and the mutants whose outcome differs.
//
// The copy is compiled with the language version of the user's module,
// which may be as old as go1.13: no generics, no any, no min or max, no
// range over integers (library functions of the toolchain are fine).
package rt

import (
	_gzbufio "bufio"
	_gzjson "encoding/json"
	_gzerrors "errors"
	_gzfmt "fmt"
	_gzmath "math"
	_gzbits "math/bits"
	_gzos "os"
	_gzreflect "reflect"
	_gzruntime "runtime"
	_gzdebug "runtime/debug"
	_gzmetrics "runtime/metrics"
	_gzstrconv "strconv"
	_gzstrings "strings"
	_gzsync "sync"
	_gzatomic "sync/atomic"
	_gztime "time"
	_gzunsafe "unsafe"
)

// _gzEnv switches a test binary into harness mode. The other variables
// set the limits of a run (see harness.Config).
const (
	_gzEnv          = "GOZILLA_HARNESS"
	_gzEnvMem       = "GOZILLA_MEMLIMIT"  // heap bytes; past them a run ends as "memory"
	_gzEnvStack     = "GOZILLA_MAXSTACK"  // bytes of one goroutine's stack (a fatal error past them)
	_gzEnvBlock     = "GOZILLA_BLOCKWAIT" // milliseconds without progress before a waiting run is "blocked"
	_gzEnvWall      = "GOZILLA_WALL"      // milliseconds a mutant run may take over 50 × the original's time
	_gzEnvOrigWall  = "GOZILLA_ORIGWALL"  // milliseconds the original's run may take
	_gzExitLimit    = 87                  // exit status of a process the watchdog ends
	_gzCheckPeriod  = 2 * _gztime.Millisecond
	_gzGrace        = 20 * _gztime.Millisecond // how long a trap set for the next tick may take to spring
	_gzAllocWait    = 10 * _gzGrace            // how long an original past its allocation cap may go without a tick
	_gzSlowFactor   = 50
	_gzDefaultStack = 64 << 20
)

// Limits of a run, from the environment (defaults in harness.Config).
var (
	_gzMemLimit  int64 = 1 << 30
	_gzBlockWait       = 20 * _gztime.Millisecond
	_gzWall            = 250 * _gztime.Millisecond
	_gzOrigWall        = 2 * _gztime.Second
)

func init() {
	if _gzos.Getenv(_gzEnv) != "1" {
		return
	}
	_gzStop = _gzTrap
	// Weak mutation: the original's run marks the mutants its values
	// infect, and a mutant reached at a weak site but not infected is not
	// run (it behaves as the original). GOZILLA_WEAK=0 runs every
	// mutant reached, to compare.
	_gzWeak = _gzos.Getenv("GOZILLA_WEAK") != "0"
	_gzdebug.SetMaxStack(int(_gzEnvInt(_gzEnvStack, _gzDefaultStack)))
	_gzMemLimit = _gzEnvInt(_gzEnvMem, _gzMemLimit)
	// The collector keeps garbage under the limit, so that only live
	// memory reaches it.
	_gzdebug.SetMemoryLimit(_gzMemLimit)
	ms := func(name string, def _gztime.Duration) _gztime.Duration {
		return _gztime.Duration(_gzEnvInt(name, int64(def/_gztime.Millisecond))) * _gztime.Millisecond
	}
	_gzBlockWait = ms(_gzEnvBlock, _gzBlockWait)
	_gzWall = ms(_gzEnvWall, _gzWall)
	_gzOrigWall = ms(_gzEnvOrigWall, _gzOrigWall)
	in := _gzos.NewFile(3, "gozilla-requests")
	out := _gzos.NewFile(4, "gozilla-answers")
	if in == nil || out == nil {
		_gzos.Stderr.WriteString("gozilla harness: descriptors 3 and 4 are not open\n")
		_gzos.Exit(2)
	}
	_gzOutFile = out
	_gzServing = _gzGoid()
	go _gzWatch()
	_gzServe(in, out)
	_gzos.Exit(0)
}

func _gzEnvInt(name string, def int64) int64 {
	if n, err := _gzstrconv.ParseInt(_gzos.Getenv(name), 10, 64); err == nil && n > 0 {
		return n
	}
	return def
}

// _gzV is a value on the wire (value.Value in gozilla).
type _gzV struct {
	I   int64  `json:"i,omitempty"`
	U   uint64 `json:"u,omitempty"`
	S   []byte `json:"s,omitempty"` // bytes, not string: JSON would mangle invalid UTF-8
	X   string `json:"x,omitempty"`
	E   []_gzV `json:"e,omitempty"`
	Nil bool   `json:"n,omitempty"`
}

type _gzReq struct {
	U  int    `json:"u"`  // index in _gzUnits
	In []_gzV `json:"in"` // arguments, receiver first
	M  []int  `json:"m"`  // mutants to try; those the original does not reach are skipped
	L  []byte `json:"l"`  // more mutants to try: a bit set, bit m of byte m/8
	B  uint64 `json:"b"`  // tick budget of the original run
	MB uint64 `json:"mb"` // tick budget of a mutant run; 0 = from the original's ticks
	A  bool   `json:"a"`  // run every mutant in M, reached or not (tests of the harness)
	Q  bool   `json:"q"`  // quick: a mutant over the tight budget is reported in U, not run again
	// N holds further inputs, each run as if it were In, with the same
	// unit, mutants and budgets: many inputs in one round trip.
	N [][]_gzV `json:"more"`
	// Bd: only build the inputs and answer their values, as built, in
	// O.P (field by field: what the package's constructors and methods
	// made); the unit is not called, no mutant runs.
	Bd bool `json:"bd,omitempty"`
	// K: every mutant of M must be killed (or unsure): the runs stop at
	// the first that is not, unreached ones included (shrinking asks
	// whether a candidate kills all it must; most candidates do not).
	K bool `json:"k,omitempty"`
	// P multiplies the wall-clock allowances of the runs (0 or 1: as
	// configured): a run the clock ended is asked again with patience,
	// so that the clock, a safety net, decides nothing a loaded machine
	// would change.
	P int `json:"p,omitempty"`
	// St: run the original again to tell whether its outcome varies
	// (V), killed mutants or not.
	St bool `json:"st,omitempty"`
	// RP: when above 1, a mutant that ends as the original runs again,
	// up to RP runs in all, until one ends otherwise (harness.Request
	// Repeat); every reached mutant runs, infected or not.
	RP int `json:"rp,omitempty"`
}

// patience is the factor req's wall-clock allowances are multiplied by.
func (req *_gzReq) patience() _gztime.Duration {
	if req.P > 1 {
		return _gztime.Duration(req.P)
	}
	return 1
}

type _gzResp struct {
	O   _gzOutcome `json:"o"`             // the original's outcome
	T   uint64     `json:"t"`             // ticks of the original run
	W   uint64     `json:"w,omitempty"`   // ticks of every run for this input (the work done)
	H   []int      `json:"h,omitempty"`   // sites the original reached
	C   []int32    `json:"c,omitempty"`   // coverage probes' records of the original run
	K   []int      `json:"k,omitempty"`   // mutants whose outcome differs
	U   []int      `json:"u,omitempty"`   // quick mode: mutants over the tight budget, undecided
	E   []_gzEnd   `json:"e,omitempty"`   // mutants whose run a limit ended (killed, or undecided when "slow")
	Ran int        `json:"ran"`           // mutants run
	Rej bool       `json:"rej,omitempty"` // the input breaks the unit's assumptions: nothing ran
	V   bool       `json:"v,omitempty"`   // the original's outcome varies from run to run: no kill counts
	Err string     `json:"err,omitempty"`
	N   []_gzResp  `json:"more,omitempty"` // the answers for the request's further inputs, in order
	// R are mutants left to run, RS mutants left to run with the generous
	// budget only: the process is tainted (Cut) and cannot judge them.
	R  []int `json:"redo,omitempty"`
	RS []int `json:"redos,omitempty"`
	// All: the original's run ended abnormally in a process that cannot
	// tell whether an earlier mutant caused it: run the input again in a
	// fresh one.
	All bool `json:"all,omitempty"`
	// Cut: the process ends after this answer (tainted, or stopped by the
	// watchdog); further inputs after the last answered are unanswered.
	Cut bool `json:"cut,omitempty"`
	// D: the process has run a mutant of a stateful unit (it is dirty).
	D bool `json:"d,omitempty"`
}

// _gzVaryRuns is how many times the original runs again, after an
// input's kills, to tell an outcome that varies from run to run; a unit
// that may range over a map, _gzVaryRunsMap times: a small map's order
// changes in one range of eight (a random start among its slots), so
// that 64 runs miss one in 5,000 (32: one in 70).
const (
	_gzVaryRuns    = 2
	_gzVaryRunsMap = 64
	// _gzRepeatTicks: a request's mutants run again (_gzReq.RP) on inputs
	// whose original costs fewer ticks than this only.
	_gzRepeatTicks = 1 << 14
)

// _gzEnd says which limit ended a mutant's run: "blocked", "memory",
// "slow" (the wall clock: undecided, not killed), "heavy" (the
// allocation cap: undecided).
type _gzEnd struct {
	M int    `json:"m"`
	K string `json:"k"`
}

// _gzOutcome is an outcome. Two runs differ exactly when their encodings do.
type _gzOutcome struct {
	R []_gzV    `json:"r,omitempty"` // results
	P []_gzV    `json:"p,omitempty"` // arguments after the call (receiver first)
	X *_gzPanic `json:"x,omitempty"` // the call panicked
}

// _gzPanic classifies a panic: K is "runtime" (M the kind of runtime
// error, without its numbers), "value" (M the panic value printed),
// "budget" (the loop budget ran out: a timeout), or a limit: "memory",
// "blocked", "slow", "heavy".
type _gzPanic struct {
	K string `json:"k"`
	M string `json:"m,omitempty"`
}

type _gzBudgetExceeded struct{}

// _gzLimitHit unwinds a run that went past a resource limit.
type _gzLimitHit struct{ K string }

// _gzUnit is one function or method under test; a method's receiver is
// its first parameter (a method expression).
type _gzUnit struct {
	F interface{}
	A interface{} // nil, or a func of F's inputs reporting whether they meet the unit's //gozilla:assume directives
	// S: the unit may touch mutable package-level state (the static
	// check of harness.Stateful could not prove otherwise). A mutant run
	// of such a unit is followed by a run of the original (the canary),
	// and an abnormal run taints the process.
	S bool
	// Q: no timer can wake a goroutine of the process (harness.Quiet):
	// goroutines that all wait on channels are blocked for good.
	Q bool
	// MO: the unit's outcome may depend on map order (harness.MapOrder):
	// the original runs _gzVaryRunsMap times, not _gzVaryRuns, before
	// an input's kills count.
	MO bool
	// V: nil, or for each input (receiver first) then each result, nil
	// or a func of that value returning the results of its observer
	// methods (unit.Observer), which stand for its state after the call
	// (nil for a nil pointer).
	V []interface{}
}

var (
	_gzStopped    bool   // the tick budget ran out during the current run
	_gzMemStopped bool   // the memory trap sprang during the current run
	_gzReal       uint64 // the current run's tick budget (_gzBudget may be lowered to trap)
	_gzTrapKind   uint32 // atomic: 1 = the next tick unwinds the run as "memory"
	_gzDirty      bool   // a mutant of a stateful unit ran in this process
	_gzOutFile    *_gzos.File
	_gzServing    int64 // goroutine serving requests (the runs' goroutine)
)

// The allocation cap of a mutant's run: work the tick budget does not
// see, such as a loop that copies a growing string (s += "!" under a
// mutant that never ends it copies gigabytes within the generous
// budget's ticks, which only the wall clock stopped, after seconds).
// While a run is capped, every _gzAllocEvery ticks trap (_gzTrap) to
// compare the bytes the run allocated with the cap. A run over it ends
// as "heavy": undecided, like a run the wall clock ended, but counted,
// so it ends on every machine at the same point of its work (up to the
// bytes the runtime has not yet tallied, a few spans) — unless it keeps
// what it allocates, which the memory limit then judges.
var (
	_gzAllocOn      bool   // the current run is capped
	_gzAllocBase    uint64 // the bytes allocated before it
	_gzAllocCap     uint64 // the cap of the mutants' runs of the current input (0: none)
	_gzAllocRun     uint64 // the current run's cap
	_gzHeavyStopped bool   // the cap ended the current run
	_gzAllocSample  = []_gzmetrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	_gzHeapSample   = []_gzmetrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
)

const (
	_gzAllocEvery = 64
	_gzAllocFloor = 256 << 20 // a mutant's run may allocate this much over 100 × the original's
	// _gzOrigAlloc caps what an original's run may allocate: past it the
	// input is too costly, like one over its tick budget (container/ring's
	// New of a huge n built two million elements, 100 MB, in 150 ms, for
	// each random input), and a row that allocates as much is no unit
	// test anyway.
	_gzOrigAlloc = 16 << 20
)

// _gzNextCheck is the tick at which a capped run next traps: the next
// check of its allocation, or its budget. (No min: the runtime compiles
// with the package's language version, as old as go1.13.)
func _gzNextCheck(budget uint64) uint64 {
	if next := _gzTicks + _gzAllocEvery; next < budget {
		return next
	}
	return budget
}

// _gzHeapObjects is the bytes of the heap's objects, live or not yet
// swept.
func _gzHeapObjects() uint64 { return _gzMetric(_gzHeapSample) }

// _gzAllocated is the bytes the process has allocated so far.
func _gzAllocated() uint64 { return _gzMetric(_gzAllocSample) }

// _gzMetric reads the one sample of s (0 if the runtime does not say).
func _gzMetric(s []_gzmetrics.Sample) uint64 {
	_gzmetrics.Read(s)
	if v := s[0].Value; v.Kind() == _gzmetrics.KindUint64 {
		return v.Uint64()
	}
	return 0
}

// _gzProg is the progress of the current request, shared with the
// watchdog under _gzMu: when the watchdog must end the process, it
// answers with what is decided and what is left.
var (
	_gzMu   _gzsync.Mutex
	_gzProg struct {
		active bool   // a unit call is in progress
		seq    uint64 // run number
		kind   int    // 0 original, 1 mutant, 2 canary (the original after mutant m)
		m      int    // the mutant (kinds 1, 2)
		attrib bool   // an abnormal end of this run is the run's own doing
		start  _gztime.Time
		wall   _gztime.Duration // the run's wall-clock allowance
		top    *_gzResp         // the request's answer (with N so far)
		cur    *_gzResp         // the current input's answer
		rest   []int            // mutants not yet run for the current input
		// The original's allocation cap, which the watchdog enforces
		// where no tick traps (a library call: math/big's Exp of a huge
		// exponent): bytes allocated since allocBase past allocCap (0:
		// none).
		allocBase, allocCap uint64
		aborted             string // tests of the runtime: the limit that stopped a run
	}
)

// _gzTrap is _gzStop in harness mode: called by the schemata's tick past
// _gzBudget. The budget ran out, or the watchdog lowered _gzBudget to get
// the run's goroutine to unwind itself (memory).
func _gzTrap() {
	if _gzatomic.LoadUint32(&_gzTrapKind) == 1 {
		_gzMemStopped = true
		panic(_gzLimitHit{K: "memory"})
	}
	if _gzTicks > _gzReal {
		_gzStopped = true
		panic(_gzBudgetExceeded{})
	}
	if _gzAllocOn {
		if _gzAllocated()-_gzAllocBase > _gzAllocRun {
			if _gzActive <= 0 || _gzHeapObjects() < uint64(_gzMemLimit/4) {
				// (An original past its cap is too costly, whatever
				// it keeps.)
				_gzHeavyStopped = true
				panic(_gzLimitHit{K: "heavy"})
			}
			// A mutant's run keeps what it allocates (an endless
			// append): the memory limit ends it, a kill, as it did
			// before the cap.
			_gzAllocOn = false
			_gzBudget = _gzReal
			return
		}
		_gzBudget = _gzNextCheck(_gzReal)
		return
	}
	_gzBudget = _gzReal // a trap set for an earlier run
}

func _gzServe(in, out *_gzos.File) {
	dec := _gzjson.NewDecoder(_gzbufio.NewReaderSize(in, 1<<16))
	w := _gzbufio.NewWriterSize(out, 1<<16)
	enc := _gzjson.NewEncoder(w)
	for {
		var req _gzReq
		if err := dec.Decode(&req); err != nil {
			return
		}
		resp := _gzHandleAll(&req)
		_gzMu.Lock()
		enc.Encode(resp)
		w.Flush()
		_gzMu.Unlock()
		if resp.Cut && _gzOutFile != nil {
			_gzos.Exit(0)
		}
	}
}

// _gzHandleAll answers a request: its input, then each further input,
// until the process is cut.
func _gzHandleAll(req *_gzReq) _gzResp {
	more := req.N
	req.N = nil
	top := new(_gzResp)
	_gzMu.Lock()
	_gzProg.top, _gzProg.cur = top, top
	_gzMu.Unlock()
	_gzHandleInto(req, top)
	for _, in := range more {
		if top.Cut {
			break
		}
		req.In = in
		r := new(_gzResp)
		_gzMu.Lock()
		_gzProg.cur = r
		_gzMu.Unlock()
		_gzHandleInto(req, r)
		_gzMu.Lock()
		top.N = append(top.N, *r)
		top.Cut = top.Cut || r.Cut
		_gzProg.cur = top
		_gzMu.Unlock()
	}
	_gzMu.Lock()
	_gzProg.top, _gzProg.cur = nil, nil
	top.D = _gzDirty
	_gzMu.Unlock()
	return *top
}

// _gzHandle answers one input (tests).
func _gzHandle(req *_gzReq) _gzResp {
	r := new(_gzResp)
	_gzMu.Lock()
	_gzProg.top, _gzProg.cur = r, r
	_gzMu.Unlock()
	_gzHandleInto(req, r)
	_gzMu.Lock()
	_gzProg.top, _gzProg.cur = nil, nil
	_gzMu.Unlock()
	return *r
}

// _gzHandleInto answers one input in resp. The original runs first, then
// each mutant it reaches. For a stateful unit, every mutant run is
// followed by the original's (the canary: it must end as the first run
// did, and blocks if a mutant that panicked left a lock held); a canary
// that differs or blocks taints the process: the mutants left are
// answered in R for a fresh process, and the process ends after the
// answer (Cut). A run that leaves goroutines behind taints the process
// whatever the unit.
func _gzHandleInto(req *_gzReq, resp *_gzResp) {
	if req.U < 0 || req.U >= len(_gzUnits) {
		resp.Err = "no unit " + _gzfmt.Sprint(req.U)
		return
	}
	unit := _gzUnits[req.U]
	if a := unit.A; a != nil {
		ok, err := _gzAssume(_gzreflect.ValueOf(a), req.In)
		if _gzstrings.HasPrefix(err, _gzRejectPrefix) {
			resp.Rej = true
			return
		}
		if err != "" {
			resp.Err = err
			return
		}
		if !ok {
			resp.Rej = true
			return
		}
	}
	fn := _gzreflect.ValueOf(unit.F)
	if req.Bd {
		_gzActive, _gzTicks, _gzBudget, _gzStopped, _gzMemStopped = 0, 0, req.B, false, false
		args, e := _gzArgs(fn.Type(), req.In)
		_gzActive, _gzBudget = 0, 1<<64-1
		switch {
		case _gzstrings.HasPrefix(e, _gzRejectPrefix) || _gzStopped || _gzMemStopped:
			resp.Rej = true
		case e != "":
			resp.Err = e
		default:
			for _, a := range args {
				resp.O.P = append(resp.O.P, _gzEncodeFields(a))
			}
		}
		return
	}
	_gzObserve = _gzObserve[:0]
	for _, v := range unit.V {
		if v == nil {
			_gzObserve = append(_gzObserve, _gzreflect.Value{})
		} else {
			_gzObserve = append(_gzObserve, _gzreflect.ValueOf(v))
		}
	}
	for i := range _gzSeen {
		_gzSeen[i].Store(false)
	}
	if _gzCovReset != nil {
		_gzCovReset()
	}
	attrib := !unit.S || !_gzDirty
	_gzEpoch.Add(1)
	_gzWantOnly(req)
	defer func() { _gzWantN = nil }()
	t0, a0 := _gztime.Now(), _gzAllocated()
	orig, ticks, leaked, err := _gzCallRun(fn, req.In, -1, req.B, 0, 0, attrib, _gzOrigWall*req.patience())
	origDur := _gztime.Since(t0)
	_gzAllocCap = _gzAllocFloor + 100*(_gzAllocated()-a0)
	defer func() { _gzAllocCap = 0 }()
	if _gzstrings.HasPrefix(err, _gzRejectPrefix) {
		// Building the input failed (a constructor panicked): the
		// input is not one the unit can be given.
		resp.Rej = true
		return
	}
	if err != "" {
		resp.Err = err
		return
	}
	resp.O, resp.T, resp.W = orig, ticks, ticks
	for i := range _gzSeen {
		if _gzSeen[i].Load() {
			resp.H = append(resp.H, i)
		}
	}
	if _gzCovRead != nil {
		resp.C = _gzCovRead()
	}
	// Goroutines the original leaves behind end the process after this
	// input, not the mutants' runs (a unit may start one on every call).
	cutAfter := leaked
	if orig.X != nil && orig.X.K == "memory" {
		resp.Cut, resp.All = true, !attrib
		return
	}
	if orig.X != nil && orig.X.K == "budget" {
		resp.Cut = cutAfter
		return // the input is too costly: no mutant runs
	}
	var todo []int
	for _, m := range req.M {
		if m <= 0 || m >= len(_gzMutSite) {
			continue
		}
		if req.A || req.RP > 1 || _gzInfects(m) {
			todo = append(todo, m)
		} else if req.K {
			resp.Cut = cutAfter
			return // a mutant it must kill, not reached or not infected: no run can
		}
	}
	if len(req.L) > 0 {
		// The mutants of a site are numbered consecutively: walk the
		// reached sites' ranges.
		for _, site := range resp.H {
			if site+1 >= len(_gzSiteFirst) {
				continue
			}
			for m := int(_gzSiteFirst[site]); m < int(_gzSiteFirst[site+1]); m++ {
				if m/8 < len(req.L) && req.L[m/8]&(1<<uint(m%8)) != 0 && (req.RP > 1 || _gzInfects(m)) {
					todo = append(todo, m)
				}
			}
		}
	}
	// Two budgets: a tight one that stops most endless loops cheaply, and
	// a generous one that a mutant over the tight one must also exceed to
	// count as timed out (a slow mutant that ends with the original's
	// outcome is not killed). With Q, the second run is skipped and the
	// mutant reported unsure.
	budget := req.MB
	if budget == 0 {
		budget = 10*ticks + 1000
	}
	generous := 100*ticks + 1<<18
	wall := (_gzWall + _gzSlowFactor*origDur) * req.patience()
	for i, m := range todo {
		_gzMu.Lock()
		_gzProg.rest = todo[i+1:]
		_gzMu.Unlock()
		attrib := !unit.S || !_gzDirty
		if unit.S {
			_gzDirty = true
		}
		resp.Ran++
		got, t, leaked, _ := _gzCallRun(fn, req.In, m, budget, 1, m, attrib, wall)
		resp.W += t
		// A panic does not taint by itself: the canary below tells
		// whether it left the unit's state broken (a lock held makes the
		// canary block, which the watchdog sees). Tainting on every
		// panic cost a process per input on units whose inputs are nil
		// pointers one time in a few (go-version: 4,000 restarts a unit).
		tainted := leaked
		if got.X != nil && got.X.K == "budget" && req.MB == 0 {
			switch {
			case req.Q:
				resp.U = append(resp.U, m)
				got = orig // undecided: not judged below
			case tainted:
				// The generous run needs a clean process.
				resp.Ran--
				resp.RS = append(resp.RS, m)
				got = orig
			default:
				got, t, leaked, _ = _gzCallRun(fn, req.In, m, generous, 1, m, attrib, wall)
				resp.W += t
				tainted = leaked
			}
		}
		if got.X != nil && got.X.K == "heavy" {
			// Over the allocation cap: undecided, not killed.
			resp.E = append(resp.E, _gzEnd{M: m, K: "heavy"})
			got = orig
		}
		if got.X != nil && got.X.K == "memory" {
			resp.E = append(resp.E, _gzEnd{M: m, K: "memory"})
			tainted = true
		}
		killed := !_gzSameOutcome(got, orig)
		// Repeated: a cheap input's mutant that ended as the original
		// runs again, each run meeting the maps in another order.
		for r := 1; !killed && r < req.RP && got.X == nil && !tainted && ticks < _gzRepeatTicks; r++ {
			got, t, leaked, _ = _gzCallRun(fn, req.In, m, budget, 1, m, attrib, wall)
			resp.W += t
			tainted = leaked
			if got.X != nil {
				got = orig // over a limit: undecided, as the first run would have been
				break
			}
			killed = !_gzSameOutcome(got, orig)
		}
		if killed {
			resp.K = append(resp.K, m)
		}
		unsure := len(resp.U) > 0 && resp.U[len(resp.U)-1] == m || len(resp.RS) > 0 && resp.RS[len(resp.RS)-1] == m
		stop := req.K && !killed && !unsure && i < len(req.M)
		if unit.S && !tainted {
			// The canary: the original again, which must end as before.
			c, t, leaked, _ := _gzCallRun(fn, req.In, 0, req.B, 2, m, true, (_gzOrigWall+_gzSlowFactor*origDur)*req.patience())
			resp.W += t
			tainted = leaked || !_gzSameOutcome(c, orig)
		}
		if tainted {
			if !stop {
				resp.R = append(resp.R, todo[i+1:]...)
			}
			resp.Cut = true
			break
		}
		if stop {
			break
		}
	}
	// A kill is a difference from the original's outcome: it counts only
	// if the original's outcome is the input's own, run after run. One
	// that depends on map order, the scheduler or the clock varies within
	// a process (every range over a map starts somewhere else): the
	// original again, a few times, before kills are reported; when it
	// varies, the input kills nothing (V). (A stateful unit's canary
	// already runs it again after every mutant.)
	if (len(resp.K) > 0 || req.St) && !resp.Cut && !unit.S {
		runs := _gzVaryRuns
		if unit.MO {
			runs = _gzVaryRunsMap
		}
		for k := 0; k < runs; k++ {
			c, t, leaked, _ := _gzCallRun(fn, req.In, 0, req.B, 2, 0, true, (_gzOrigWall+_gzSlowFactor*origDur)*req.patience())
			resp.W += t
			if !_gzSameOutcome(c, orig) {
				resp.V, resp.K = true, nil
				var undecided []_gzEnd
				for _, e := range resp.E {
					if e.K == "slow" || e.K == "heavy" {
						undecided = append(undecided, e)
					}
				}
				resp.E = undecided
				break
			}
			if leaked {
				resp.Cut = true
				break
			}
		}
	}
	resp.Cut = resp.Cut || cutAfter
	_gzMu.Lock()
	_gzProg.rest = nil
	_gzMu.Unlock()
	_gzActive = 0
}

// _gzWantBuf is _gzWantN's storage, reused.
var _gzWantBuf []int32

// _gzWantOnly sets _gzWantN to count the mutants req asks about, so that
// the original's run checks the infection of those only (every mutant
// with All).
func _gzWantOnly(req *_gzReq) {
	_gzWantN = nil
	if req.A {
		return
	}
	n := len(_gzMutSite)
	if cap(_gzWantBuf) < n {
		_gzWantBuf = make([]int32, n)
	}
	w := _gzWantBuf[:n]
	for i := range w { // (not clear: the package's language may be older than go1.21)
		w[i] = 0
	}
	for _, m := range req.M {
		if m > 0 && m < n {
			w[m] = 1
		}
	}
	for i, b := range req.L {
		for b != 0 {
			k := _gzbits.TrailingZeros8(b)
			if m := 8*i + k; m < n {
				w[m] = 1
			}
			b &= b - 1
		}
	}
	for m := 1; m < n; m++ {
		w[m] += w[m-1]
	}
	_gzWantN = w
}

// _gzInfects reports whether the original's run may have told mutant m
// apart: it reached m's site and, at a weak site (the schemata's
// infection check), some value of m's differed from the original's.
func _gzInfects(m int) bool {
	site := _gzMutSite[m]
	if !_gzSeen[site].Load() {
		return false
	}
	return !_gzWeak || !_gzWeakSite[site].Load() || _gzInfected[m].Load() == _gzEpoch.Load()
}

// _gzCallRun is _gzCall under the watchdog's eye: kind and mut say what
// runs (for a partial answer), attrib whether an abnormal end is the
// run's own doing, wall its wall-clock allowance. leaked reports
// goroutines left running after the call.
func _gzCallRun(fn _gzreflect.Value, in []_gzV, m int, budget uint64, kind, mut int, attrib bool, wall _gztime.Duration) (out _gzOutcome, ticks uint64, leaked bool, err string) {
	n0 := _gzruntime.NumGoroutine()
	_gzMu.Lock()
	_gzProg.seq++
	_gzProg.active, _gzProg.kind, _gzProg.m, _gzProg.attrib = true, kind, mut, attrib
	_gzProg.start, _gzProg.wall = _gztime.Now(), wall
	_gzProg.allocBase, _gzProg.allocCap = 0, 0
	if m <= 0 {
		_gzProg.allocBase, _gzProg.allocCap = _gzAllocated(), _gzOrigAlloc
	}
	_gzMu.Unlock()
	out, ticks, err = _gzCall(fn, in, m, budget)
	_gzMu.Lock()
	_gzProg.active = false
	_gzMu.Unlock()
	if _gzatomic.LoadUint32(&_gzTrapKind) != 0 {
		// The run was unwound for memory: give it back before the next.
		_gzatomic.StoreUint32(&_gzTrapKind, 0)
		_gzruntime.GC()
		_gzdebug.FreeOSMemory()
	}
	for i := 0; i < 3 && _gzruntime.NumGoroutine() > n0; i++ {
		_gzruntime.Gosched()
	}
	return out, ticks, _gzruntime.NumGoroutine() > n0, err
}

// _gzWatch is the watchdog: every few milliseconds it looks at the run in
// progress and ends what the tick budget cannot stop.
//
//   - Memory: past _gzMemLimit bytes of live heap, the run is unwound at
//     its next tick (outcome "memory"); a run without ticks (one huge
//     allocation, a library call) ends the process.
//   - Blocking: no tick for _gzBlockWait while every goroutine but the
//     watchdog waits on a mutex, a wait group, a condition or a nil
//     channel (ten times as long for channels and selects, which a timer
//     may wake, unless the units are quiet: Q) is a deadlock: the run is
//     "blocked" and the process ends.
//   - Wall clock: a run past its allowance (the original's time × 50 plus
//     a margin) ends the process: "slow", which decides nothing.
//
// Ending the process, the watchdog first answers the request with what
// is decided and what is left (R), so that the pool re-runs only the
// rest in a fresh process.
func _gzWatch() {
	self := _gzGoid()
	sample := []_gzmetrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	var lastSeq, lastTicks uint64
	var lastMove, trapAt, lastDump, blockedAt _gztime.Time
	var buf []byte
	// Every unit of the process has the same Q.
	quiet := len(_gzUnits) > 0 && _gzUnits[0].Q
	for {
		_gztime.Sleep(_gzCheckPeriod)
		now := _gztime.Now()
		_gzmetrics.Read(sample)
		heap := int64(0)
		if sample[0].Value.Kind() == _gzmetrics.KindUint64 {
			heap = int64(sample[0].Value.Uint64())
		}
		_gzMu.Lock()
		active, seq, start, wall := _gzProg.active, _gzProg.seq, _gzProg.start, _gzProg.wall
		allocBase, allocCap := _gzProg.allocBase, _gzProg.allocCap
		_gzMu.Unlock()
		if heap > _gzMemLimit && heap < 4*_gzMemLimit {
			// Over the limit, perhaps with garbage: a collection says.
			// Far over it, the heap is over whatever is garbage, and a
			// collection would scan it all first (a resize to 2^31
			// pointers: 32 GiB to mark, minutes where pages fault
			// slowly).
			_gzruntime.GC()
			_gzmetrics.Read(sample)
			heap = int64(sample[0].Value.Uint64())
		}
		ticks := _gzatomic.LoadUint64(&_gzTicks)
		if seq != lastSeq || ticks != lastTicks {
			lastSeq, lastTicks, lastMove = seq, ticks, now
			trapAt = _gztime.Time{}
		}
		if heap > _gzMemLimit {
			if !active {
				_gzDie("memory")
			}
			if trapAt.IsZero() {
				_gzMu.Lock()
				if _gzProg.active && _gzProg.seq == seq {
					_gzatomic.StoreUint32(&_gzTrapKind, 1)
					_gzatomic.StoreUint64(&_gzBudget, 0)
				}
				_gzMu.Unlock()
				trapAt = now
			} else if now.Sub(trapAt) > _gzGrace {
				_gzAbort(seq, "memory")
			}
			continue
		}
		if !active {
			continue
		}
		if allocCap > 0 && now.Sub(lastMove) > _gzAllocWait && _gzAllocated()-allocBase > allocCap {
			// An original past its allocation cap without a tick to
			// trap it (a library call: math/big's Exp): the input is
			// too costly, as the trap or the check at the run's end
			// would say (_gzCall), only sooner. While ticks move, the
			// trap sees the bytes itself and ends the run, not the
			// process: the watchdog waits for a still spell longer than
			// a loaded machine's scheduling delays.
			_gzAbort(seq, "budget")
			continue
		}
		if now.Sub(start) > wall {
			_gzAbort(seq, "slow")
			continue
		}
		still := now.Sub(lastMove)
		if still < _gzBlockWait || now.Sub(lastDump) < _gzBlockWait/2 {
			continue // a dump stops the world: at most two per wait
		}
		lastDump = now
		buf = _gzStacks(buf)
		if w := _gzWaiting(buf, self); w == 1 || w == 2 && (quiet || still >= 10*_gzBlockWait) {
			// Two dumps in a row, with no tick between them, must see
			// the block: one may catch a goroutine in a passing wait.
			if blockedAt == lastMove {
				_gzAbort(seq, "blocked")
			}
			blockedAt = lastMove
		} else {
			blockedAt = _gztime.Time{}
		}
	}
}

// _gzStacks returns every goroutine's stack.
func _gzStacks(buf []byte) []byte {
	if buf == nil {
		buf = make([]byte, 64<<10)
	}
	for {
		n := _gzruntime.Stack(buf, true)
		if n < len(buf) || len(buf) >= 16<<20 {
			return buf[:n]
		}
		buf = make([]byte, 2*len(buf))
	}
}

// _gzWaiting reads a goroutine dump: 1 when the serving goroutine and
// every other (but the watchdog self and the runtime's) wait on what only
// another goroutine can release, 2 when some wait on channels or selects
// (which a timer may wake), 0 when any can make progress.
func _gzWaiting(dump []byte, self int64) int {
	verdict, served := 1, false
	for _, block := range _gzstrings.Split(string(dump), "\n\n") {
		if !_gzstrings.HasPrefix(block, "goroutine ") {
			continue
		}
		head := block
		if i := _gzstrings.IndexByte(head, '\n'); i >= 0 {
			head = head[:i]
		}
		open, end := _gzstrings.IndexByte(head, '['), _gzstrings.LastIndexByte(head, ']')
		if open < 0 || end < open {
			return 0
		}
		id, _ := _gzstrconv.ParseInt(_gzstrings.TrimSpace(head[len("goroutine "):open]), 10, 64)
		state := head[open+1 : end]
		if i := _gzstrings.Index(state, ", "); i >= 0 {
			state = state[:i] // "5 minutes", "locked to thread"
		}
		if id == self || _gzstrings.Contains(block, "os/signal.signal_recv") {
			continue
		}
		if id == _gzServing {
			served = true
		}
		switch state {
		case "semacquire":
			// The runtime waits in semacquire too (a GC starting, the
			// world stopping): only a wait of package sync's is a block.
			if !_gzstrings.Contains(block, "\nsync.") {
				return 0
			}
		case "sync.Mutex.Lock", "sync.RWMutex.Lock", "sync.RWMutex.RLock",
			"sync.WaitGroup.Wait", "sync.Cond.Wait", "chan receive (nil chan)",
			"chan send (nil chan)", "select (no cases)":
		case "chan receive", "chan send", "select":
			verdict = 2
		case "GC worker (idle)", "GC sweep wait", "GC scavenge wait", "finalizer wait",
			"force gc (idle)", "cleanup wait", "GOMAXPROCS updater (idle)":
		default:
			return 0 // running, runnable, sleeping, in a system call or I/O
		}
	}
	if !served {
		return 0
	}
	return verdict
}

// _gzGoid returns the calling goroutine's ID, from its stack's header.
func _gzGoid() int64 {
	var b [64]byte
	s := string(b[:_gzruntime.Stack(b[:], false)])
	s = _gzstrings.TrimPrefix(s, "goroutine ")
	if i := _gzstrings.IndexByte(s, ' '); i >= 0 {
		s = s[:i]
	}
	id, _ := _gzstrconv.ParseInt(s, 10, 64)
	return id
}

// _gzAbort ends the process during run seq, which a limit stopped (kind
// "memory", "blocked" or "slow"), after answering the request: what is
// decided so far, the stopped run's verdict when it is its own doing,
// and the mutants left to run elsewhere.
func _gzAbort(seq uint64, kind string) {
	_gzMu.Lock()
	if !_gzProg.active || _gzProg.seq != seq || _gzProg.top == nil {
		_gzMu.Unlock()
		return // the run ended meanwhile
	}
	cur := _gzProg.cur
	switch _gzProg.kind {
	case 0: // the original: the input is unusable, if it is its own doing
		if _gzProg.attrib {
			cur.O = _gzOutcome{X: &_gzPanic{K: kind}}
		} else {
			cur.All = true
		}
	case 1:
		m := _gzProg.m
		switch {
		case kind == "slow":
			cur.E = append(cur.E, _gzEnd{M: m, K: kind})
		case _gzProg.attrib:
			cur.K = append(cur.K, m)
			cur.E = append(cur.E, _gzEnd{M: m, K: kind})
		default:
			cur.Ran--
			cur.R = append(cur.R, m)
		}
	case 2: // the canary after mutant m: m is judged, the process tainted
	}
	cur.R = append(cur.R, _gzProg.rest...)
	cur.Cut = true
	top := _gzProg.top
	if cur != top {
		top.N = append(top.N, *cur)
	}
	top.Cut, top.D = true, _gzDirty
	if _gzOutFile != nil {
		b, _ := _gzjson.Marshal(top)
		_gzOutFile.Write(append(b, '\n'))
		_gzos.Stderr.WriteString("gozilla: " + kind + " limit: run ended by the harness\n")
		_gzos.Exit(_gzExitLimit)
	}
	// Tests of the runtime: no process to end.
	_gzProg.aborted = kind
	_gzMu.Unlock()
}

// _gzDie ends the process outside any run.
func _gzDie(kind string) {
	_gzos.Stderr.WriteString("gozilla: " + kind + " limit: process ended by the harness\n")
	_gzos.Exit(_gzExitLimit)
}

// _gzSameOutcome reports whether two outcomes are the same: whether
// their JSON encodings are equal (an empty list or string is an absent
// one), without encoding them.
func _gzSameOutcome(a, b _gzOutcome) bool {
	if (a.X == nil) != (b.X == nil) || a.X != nil && *a.X != *b.X {
		return false
	}
	return _gzSameList(a.R, b.R) && _gzSameList(a.P, b.P)
}

func _gzSameList(a, b []_gzV) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !_gzSameV(a[i], b[i]) {
			return false
		}
	}
	return true
}

func _gzSameV(a, b _gzV) bool {
	return a.I == b.I && a.U == b.U && string(a.S) == string(b.S) && a.X == b.X && a.Nil == b.Nil && _gzSameList(a.E, b.E)
}

// _gzAssume evaluates the unit's assumptions on a copy of the input; a
// panic counts as not met.
func _gzAssume(fn _gzreflect.Value, in []_gzV) (ok bool, err string) {
	args, err := _gzArgs(fn.Type(), in)
	if err != "" {
		return false, err
	}
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	if fn.Type().IsVariadic() {
		return fn.CallSlice(args)[0].Bool(), ""
	}
	return fn.Call(args)[0].Bool(), ""
}

// _gzArgs decodes the input into fresh arguments of ft.
func _gzArgs(ft _gzreflect.Type, in []_gzV) ([]_gzreflect.Value, string) {
	if len(in) != ft.NumIn() {
		return nil, _gzfmt.Sprintf("unit takes %d arguments, got %d", ft.NumIn(), len(in))
	}
	args := make([]_gzreflect.Value, len(in))
	_gzRecords, _gzArgRecs = _gzRecords[:0], make([]*[]string, len(in))
	for i := range in {
		v := _gzreflect.New(ft.In(i)).Elem()
		n0 := len(_gzRecords)
		e := _gzDecode(v, in[i])
		if len(_gzRecords) > n0 && v.Kind() == _gzreflect.Func {
			_gzArgRecs[i] = _gzRecords[len(_gzRecords)-1]
		}
		if e != "" {
			if _gzstrings.HasPrefix(e, _gzRejectPrefix) {
				return nil, e
			}
			return nil, _gzfmt.Sprintf("argument %d: %s", i, e)
		}
		args[i] = v
	}
	return args, ""
}

// _gzCall runs the unit on a fresh copy of the input under mutant m (-1:
// the original, recording the sites reached) and returns its outcome.
func _gzCall(fn _gzreflect.Value, in []_gzV, m int, budget uint64) (out _gzOutcome, ticks uint64, err string) {
	ft := fn.Type()
	// The inputs are built under the mutant too: an input built by the
	// package's constructors and methods runs them, so that their
	// mutants are reached (and, in the original's run, recorded) and
	// killed by what the unit then does with the state they built, as
	// the emitted test, which builds its rows the same way, would.
	_gzActive, _gzTicks, _gzBudget, _gzReal, _gzStopped, _gzMemStopped = m, 0, budget, budget, false, false
	_gzHeavyStopped, _gzAllocRun = false, _gzAllocCap
	if m <= 0 {
		_gzAllocRun = _gzOrigAlloc
	}
	_gzAllocOn = _gzAllocRun > 0
	if _gzAllocOn {
		_gzAllocBase = _gzAllocated()
		_gzBudget = _gzNextCheck(budget)
	}
	defer func() { _gzAllocOn = false }()
	args, e := _gzArgs(ft, in)
	if e != "" {
		ticks = _gzTicks
		stopped, mem := _gzStopped, _gzMemStopped
		_gzActive, _gzBudget = 0, 1<<64-1
		switch {
		case m <= 0:
			return out, ticks, e // the original's input cannot be built: rejected
		case mem:
			return _gzOutcome{X: &_gzPanic{K: "memory"}}, ticks, ""
		case _gzHeavyStopped:
			return _gzOutcome{X: &_gzPanic{K: "heavy"}}, ticks, ""
		case stopped:
			return _gzOutcome{X: &_gzPanic{K: "budget"}}, ticks, ""
		}
		// Under the mutant, building the input fails where the
		// original's did not: the test fails as it builds its row.
		return _gzOutcome{X: &_gzPanic{K: "value", M: "building the input: " + e}}, ticks, ""
	}
	var results []_gzreflect.Value
	var observed [][]_gzreflect.Value // by input, then result: nil where seen as a value
	func() {
		defer func() {
			if r := recover(); r != nil {
				out.X = _gzClassify(r)
			}
		}()
		if ft.IsVariadic() {
			results = fn.CallSlice(args)
		} else {
			results = fn.Call(args)
		}
		if len(_gzObserve) > 0 {
			// Under the same mutant and budget: the emitted test calls
			// the observers in the same closure as the unit.
			observed = make([][]_gzreflect.Value, len(_gzObserve))
			vals := append(append([]_gzreflect.Value(nil), args...), results...)
			for k, f := range _gzObserve {
				if f.IsValid() && k < len(vals) {
					observed[k] = f.Call(vals[k : k+1])[0].Interface().([]_gzreflect.Value)
					if observed[k] == nil {
						observed[k] = []_gzreflect.Value{} // a nil pointer or channel: seen as nil
					}
				}
			}
		}
	}()
	ticks = _gzTicks
	_gzActive, _gzBudget = 0, 1<<64-1
	if _gzMemStopped {
		// The memory limit, even if the unit recovered the stop.
		return _gzOutcome{X: &_gzPanic{K: "memory"}}, ticks, ""
	}
	if m <= 0 && (_gzHeavyStopped || _gzAllocOn && _gzAllocated()-_gzAllocBase > _gzAllocRun) {
		// The original's allocation cap: the input is too costly.
		// Checked at the run's end too, so that the verdict does not
		// depend on whether a tick or the watchdog saw the bytes
		// first (a library call allocates without ticks).
		return _gzOutcome{X: &_gzPanic{K: "budget"}}, ticks, ""
	}
	if _gzHeavyStopped {
		// The allocation cap, even if the unit recovered the stop.
		return _gzOutcome{X: &_gzPanic{K: "heavy"}}, ticks, ""
	}
	if _gzStopped {
		// The budget ran out, even if the unit recovered the stop.
		out = _gzOutcome{X: &_gzPanic{K: "budget"}}
		return out, ticks, ""
	}
	if out.X != nil {
		return out, ticks, "" // a panic is the whole outcome: the emitted test stops there too
	}
	// A value seen through observers is the list of their results, nil
	// for a nil pointer.
	seen := func(k int, v _gzreflect.Value) _gzV {
		if k >= len(observed) || observed[k] == nil {
			return _gzEncode(v, 0)
		}
		if len(observed[k]) == 0 && (v.Kind() == _gzreflect.Pointer || v.Kind() == _gzreflect.Chan) && v.IsNil() {
			return _gzV{Nil: true}
		}
		o := _gzV{E: make([]_gzV, len(observed[k]))}
		for j, x := range observed[k] {
			o.E[j] = _gzEncode(x, 0)
		}
		return o
	}
	for j, r := range results {
		out.R = append(out.R, seen(len(args)+j, r))
	}
	for i, a := range args {
		if i < len(_gzArgRecs) && _gzArgRecs[i] != nil && i < len(in) && len(in[i].E) > 0 {
			// A recording callback: its operands, the calls last.
			o := _gzV{X: in[i].X, E: append([]_gzV(nil), in[i].E[:len(in[i].E)-1]...)}
			o.E = append(o.E, _gzEncode(_gzreflect.ValueOf(*_gzArgRecs[i]), 0))
			out.P = append(out.P, o)
			continue
		}
		out.P = append(out.P, seen(i, a))
	}
	return out, ticks, ""
}

// _gzObserve is the observers of the unit being run (see _gzUnit.V):
// for each input, then each result, a func or the zero Value.
var _gzObserve []_gzreflect.Value

func _gzClassify(r interface{}) *_gzPanic {
	switch v := r.(type) {
	case _gzBudgetExceeded:
		return &_gzPanic{K: "budget"}
	case _gzLimitHit:
		return &_gzPanic{K: v.K}
	case _gzruntime.Error:
		return &_gzPanic{K: "runtime", M: _gzRuntimeKind(_gzSafeError(v))}
	case error:
		return &_gzPanic{K: "value", M: _gzSafeError(v)}
	}
	return &_gzPanic{K: "value", M: _gzfmt.Sprint(r)}
}

// _gzRuntimeKind reduces a runtime error's message to its kind:
// "runtime error: index out of range [5] with length 3" -> "runtime
// error: index out of range". The emitted tests compare kinds, never the
// numbers.
func _gzRuntimeKind(msg string) string {
	if i := _gzstrings.Index(msg, " ["); i >= 0 {
		msg = msg[:i]
	}
	return msg
}

func _gzSafeError(e error) (s string) {
	defer func() {
		if recover() != nil {
			s = "(Error method panicked)"
		}
	}()
	return e.Error()
}

var _gzErrorType = _gzreflect.TypeOf((*error)(nil)).Elem()

// _gzDecon deconstructs a value of a type gozilla builds with an
// alternative (see value.Alt): K is the alternative, F a func of the
// value returning the alternative's operands.
type _gzDecon struct {
	K string
	F interface{}
	S bool // every value of the type, not only interfaces' dynamic values
}

// _gzOwnPkg is the package under test's path: other packages' structs
// with unexported fields are opaque (never observed).
var _gzOwnPkg = _gzreflect.TypeOf(_gzUnit{}).PkgPath()

// _gzRejectPrefix starts the error of an input that cannot be built.
const _gzRejectPrefix = "reject: "

// _gzBuild stores into v the value the alternative w.X builds from its
// operands w.E.
func _gzBuild(v _gzreflect.Value, w _gzV) (err string) {
	f, ok := _gzCtors[w.X]
	if !ok {
		return "no constructor " + w.X
	}
	fn := _gzreflect.ValueOf(f)
	args, e := _gzArgs(fn.Type(), w.E)
	if e != "" {
		return e
	}
	var out []_gzreflect.Value
	func() {
		defer func() {
			if r := recover(); r != nil {
				err = _gzRejectPrefix + _gzfmt.Sprint(r)
			}
		}()
		out = fn.Call(args)
	}()
	if err != "" {
		return err
	}
	r := out[0]
	if r.Kind() == _gzreflect.Interface {
		if r.IsNil() {
			return ""
		}
		r = r.Elem()
	}
	if rec, ok := r.Interface().(_gzRecorded); ok {
		// A recording callback: the func, its calls kept for the
		// post-state.
		r = _gzreflect.ValueOf(rec.F)
		_gzRecords = append(_gzRecords, rec.C)
	}
	switch {
	case r.Type().AssignableTo(v.Type()):
		v.Set(r)
	case r.Type().ConvertibleTo(v.Type()):
		v.Set(r.Convert(v.Type()))
	default:
		return "constructor " + w.X + " builds " + r.Type().String() + ", not " + v.Type().String()
	}
	return ""
}

// _gzRecorded is what a recording callback's constructor builds (see
// value.Recorder): the func, and the calls it records.
type _gzRecorded struct {
	F interface{}
	C *[]string
}

// _gzRecords are the calls of the recording callbacks built since
// _gzArgs began; _gzArgRecs those of the arguments themselves (nil where
// an argument is no recorder).
var _gzRecords, _gzArgRecs []*[]string

// _gzOpaque reports whether t is another package's struct with
// unexported fields.
func _gzOpaque(t _gzreflect.Type) bool {
	if t.Kind() != _gzreflect.Struct || t.PkgPath() == "" || t.PkgPath() == _gzOwnPkg {
		return false
	}
	for i := 0; i < t.NumField(); i++ {
		if t.Field(i).PkgPath != "" {
			return true
		}
	}
	return false
}

// _gzPlainElems encodes the elements of v, a slice or an array, into out
// when they are integers or booleans with no alternative (_gzDecons), as
// _gzEncode would one by one, and reports whether it did. A receiver's
// [1024]byte buffer is encoded on every run: looking up the element's
// type once, not per element, halved the cost of such units' runs.
func _gzPlainElems(v _gzreflect.Value, out []_gzV) bool {
	t := v.Type().Elem()
	switch t.Kind() {
	case _gzreflect.Bool, _gzreflect.Int, _gzreflect.Int8, _gzreflect.Int16, _gzreflect.Int32, _gzreflect.Int64,
		_gzreflect.Uint, _gzreflect.Uint8, _gzreflect.Uint16, _gzreflect.Uint32, _gzreflect.Uint64, _gzreflect.Uintptr:
	default:
		return false
	}
	if d, ok := _gzDecons[t]; ok && d.S {
		return false
	}
	switch k := t.Kind(); {
	case k == _gzreflect.Bool:
		for i := range out {
			if v.Index(i).Bool() {
				out[i].I = 1
			}
		}
	case k == _gzreflect.Uint8 && (v.Kind() == _gzreflect.Slice || v.CanAddr()):
		for i, b := range v.Bytes() {
			out[i].U = uint64(b)
		}
	case k >= _gzreflect.Uint:
		for i := range out {
			out[i].U = v.Index(i).Uint()
		}
	default:
		for i := range out {
			out[i].I = v.Index(i).Int()
		}
	}
	return true
}

// _gzDecodeElems decodes the elements of v, a slice or an array of
// len(ws), from ws: integers and booleans written directly (a buffer of
// 1024 bytes is built on every run), others, and any element built by
// an alternative, by _gzDecode.
func _gzDecodeElems(v _gzreflect.Value, ws []_gzV) string {
	k := v.Type().Elem().Kind()
	var bs []byte
	if k == _gzreflect.Uint8 && (v.Kind() == _gzreflect.Slice || v.CanAddr()) {
		bs = v.Bytes()
	}
	for i, w := range ws {
		switch {
		case w.X != "":
		case bs != nil:
			bs[i] = byte(w.U)
			continue
		case k == _gzreflect.Bool:
			v.Index(i).SetBool(w.I != 0)
			continue
		case k >= _gzreflect.Int && k <= _gzreflect.Int64:
			v.Index(i).SetInt(w.I)
			continue
		case k >= _gzreflect.Uint && k <= _gzreflect.Uintptr:
			v.Index(i).SetUint(w.U)
			continue
		}
		if e := _gzDecode(v.Index(i), w); e != "" {
			return e
		}
	}
	return ""
}

// _gzDeconstruct encodes v by its alternative d.
func _gzDeconstruct(v _gzreflect.Value, d _gzDecon, depth int) _gzV {
	out := _gzV{X: d.K}
	var rs []_gzreflect.Value
	func() {
		defer func() {
			if recover() != nil {
				rs = nil
			}
		}()
		rs = _gzreflect.ValueOf(d.F).Call([]_gzreflect.Value{v})
	}()
	if rs == nil {
		return _gzV{X: "?" + v.Type().String()}
	}
	for _, r := range rs {
		out.E = append(out.E, _gzEncode(r, depth+1))
	}
	return out
}

// _gzCompare orders wire values as value.Compare does.
func _gzCompare(a, b _gzV) int {
	switch {
	case a.I != b.I:
		return _gzCmp3(a.I < b.I)
	case a.U != b.U:
		return _gzCmp3(a.U < b.U)
	case string(a.S) != string(b.S):
		return _gzCmp3(string(a.S) < string(b.S))
	case a.X != b.X:
		return _gzCmp3(a.X < b.X)
	case a.Nil != b.Nil:
		return _gzCmp3(!a.Nil)
	}
	for i := 0; i < len(a.E) && i < len(b.E); i++ {
		if c := _gzCompare(a.E[i], b.E[i]); c != 0 {
			return c
		}
	}
	switch {
	case len(a.E) < len(b.E):
		return -1
	case len(a.E) > len(b.E):
		return 1
	}
	return 0
}

func _gzCmp3(less bool) int {
	if less {
		return -1
	}
	return 1
}

func _gzFloatBits(f float64) uint64 {
	if f != f {
		f = _gzmath.NaN() // all NaNs are one outcome
	}
	return _gzmath.Float64bits(f)
}

// _gzEncodeFields encodes v as _gzEncode does, but a value of a type
// with a deconstructor field by field: what it holds, not how to build it.
func _gzEncodeFields(v _gzreflect.Value) _gzV {
	saved := _gzDecons
	_gzDecons = nil
	defer func() { _gzDecons = saved }()
	return _gzEncode(v, 0)
}

// _gzPath holds the pointers being encoded, outermost first.
var _gzPath []uintptr

// _gzMaxDepth bounds the encoding of pointer chains.
const _gzMaxDepth = 64

// _gzEncode writes v as a wire value (see value.Value for the layout).
func _gzEncode(v _gzreflect.Value, depth int) _gzV {
	if depth > _gzMaxDepth {
		return _gzV{X: "too deep"}
	}
	if v.Type() == _gzErrorType {
		if v.IsNil() {
			return _gzV{Nil: true}
		}
		// An error that matches a sentinel is that sentinel (the emitted
		// test checks errors.Is); any other by its message.
		err := v.Interface().(error)
		for _, s := range _gzSentinels {
			if _gzerrors.Is(err, s.E) {
				return _gzV{X: s.N}
			}
		}
		return _gzV{S: []byte(_gzSafeError(err))}
	}
	if v.Kind() != _gzreflect.Interface {
		if d, ok := _gzDecons[v.Type()]; ok && d.S {
			return _gzDeconstruct(v, d, depth)
		}
	}
	switch v.Kind() {
	case _gzreflect.Interface:
		if v.IsNil() {
			return _gzV{Nil: true}
		}
		dyn := v.Elem()
		if d, ok := _gzDecons[dyn.Type()]; ok {
			return _gzDeconstruct(dyn, d, depth)
		}
		return _gzV{X: "?" + dyn.Type().String()}
	case _gzreflect.Map:
		if v.IsNil() {
			return _gzV{Nil: true}
		}
		type pair struct{ k, e _gzV }
		var ps []pair
		it := v.MapRange()
		for it.Next() {
			ps = append(ps, pair{_gzEncode(it.Key(), depth+1), _gzEncode(it.Value(), depth+1)})
		}
		for i := 1; i < len(ps); i++ { // insertion sort: maps in tests are small
			for j := i; j > 0 && _gzCompare(ps[j].k, ps[j-1].k) < 0; j-- {
				ps[j], ps[j-1] = ps[j-1], ps[j]
			}
		}
		out := _gzV{E: make([]_gzV, 0, 2*len(ps))}
		for _, p := range ps {
			out.E = append(out.E, p.k, p.e)
		}
		return out
	case _gzreflect.Complex64, _gzreflect.Complex128:
		c := v.Complex()
		return _gzV{E: []_gzV{{U: _gzFloatBits(real(c))}, {U: _gzFloatBits(imag(c))}}}
	case _gzreflect.Func, _gzreflect.Chan, _gzreflect.UnsafePointer:
		return _gzV{} // not observed
	}
	if _gzOpaque(v.Type()) {
		return _gzV{Nil: true} // not observed
	}
	switch v.Kind() {
	case _gzreflect.Bool:
		if v.Bool() {
			return _gzV{I: 1}
		}
		return _gzV{}
	case _gzreflect.Int, _gzreflect.Int8, _gzreflect.Int16, _gzreflect.Int32, _gzreflect.Int64:
		return _gzV{I: v.Int()}
	case _gzreflect.Uint, _gzreflect.Uint8, _gzreflect.Uint16, _gzreflect.Uint32, _gzreflect.Uint64, _gzreflect.Uintptr:
		return _gzV{U: v.Uint()}
	case _gzreflect.Float32, _gzreflect.Float64:
		f := v.Float()
		if f != f {
			f = _gzmath.NaN() // all NaNs are one outcome
		}
		return _gzV{U: _gzmath.Float64bits(f)}
	case _gzreflect.String:
		return _gzV{S: []byte(v.String())}
	case _gzreflect.Slice:
		if v.IsNil() {
			return _gzV{Nil: true}
		}
		out := _gzV{E: make([]_gzV, v.Len())}
		if depth < _gzMaxDepth && _gzPlainElems(v, out.E) {
			return out
		}
		for i := range out.E {
			out.E[i] = _gzEncode(v.Index(i), depth+1)
		}
		return out
	case _gzreflect.Array:
		out := _gzV{E: make([]_gzV, v.Len())}
		if depth < _gzMaxDepth && _gzPlainElems(v, out.E) {
			return out
		}
		for i := range out.E {
			out.E[i] = _gzEncode(v.Index(i), depth+1)
		}
		return out
	case _gzreflect.Struct:
		out := _gzV{E: make([]_gzV, v.NumField())}
		for i := range out.E {
			out.E[i] = _gzEncode(_gzField(v, i), depth+1)
		}
		return out
	case _gzreflect.Pointer:
		if v.IsNil() {
			return _gzV{Nil: true}
		}
		// A pointer back to a value being encoded (a doubly linked
		// list, a parent link) is written as how far up it points:
		// following it again would repeat the structure endlessly.
		p := v.Pointer()
		for i := len(_gzPath) - 1; i >= 0; i-- {
			if _gzPath[i] == p {
				return _gzV{X: "^" + _gzstrconv.Itoa(len(_gzPath)-i)}
			}
		}
		_gzPath = append(_gzPath, p)
		e := _gzEncode(v.Elem(), depth+1)
		_gzPath = _gzPath[:len(_gzPath)-1]
		return _gzV{E: []_gzV{e}}
	}
	return _gzV{X: "unsupported " + v.Kind().String()}
}

// _gzField returns field i of the struct v, readable and, when v is
// addressable, settable even if unexported.
func _gzField(v _gzreflect.Value, i int) _gzreflect.Value {
	f := v.Field(i)
	if f.CanInterface() {
		return f
	}
	if !f.CanAddr() {
		c := _gzreflect.New(v.Type()).Elem()
		c.Set(v)
		f = c.Field(i)
	}
	return _gzreflect.NewAt(f.Type(), _gzunsafe.Pointer(f.UnsafeAddr())).Elem()
}

// _gzDecode stores the wire value w into the settable v.
func _gzDecode(v _gzreflect.Value, w _gzV) string {
	if w.X != "" {
		return _gzBuild(v, w)
	}
	switch v.Kind() {
	case _gzreflect.Map:
		if w.Nil {
			return ""
		}
		m := _gzreflect.MakeMapWithSize(v.Type(), len(w.E)/2)
		for i := 0; i+1 < len(w.E); i += 2 {
			k := _gzreflect.New(v.Type().Key()).Elem()
			e := _gzreflect.New(v.Type().Elem()).Elem()
			if err := _gzDecode(k, w.E[i]); err != "" {
				return err
			}
			if err := _gzDecode(e, w.E[i+1]); err != "" {
				return err
			}
			m.SetMapIndex(k, e)
		}
		v.Set(m)
		return ""
	case _gzreflect.Complex64, _gzreflect.Complex128:
		if len(w.E) != 2 {
			return "complex without two parts"
		}
		v.SetComplex(complex(_gzmath.Float64frombits(w.E[0].U), _gzmath.Float64frombits(w.E[1].U)))
		return ""
	case _gzreflect.Func, _gzreflect.Chan:
		if !w.Nil {
			return "non-nil " + v.Kind().String() + " without a constructor"
		}
		return ""
	case _gzreflect.Struct:
		if w.Nil {
			return "" // the zero value (an opaque type)
		}
	}
	switch v.Kind() {
	case _gzreflect.Bool:
		v.SetBool(w.I != 0)
	case _gzreflect.Int, _gzreflect.Int8, _gzreflect.Int16, _gzreflect.Int32, _gzreflect.Int64:
		v.SetInt(w.I)
	case _gzreflect.Uint, _gzreflect.Uint8, _gzreflect.Uint16, _gzreflect.Uint32, _gzreflect.Uint64, _gzreflect.Uintptr:
		v.SetUint(w.U)
	case _gzreflect.Float32, _gzreflect.Float64:
		v.SetFloat(_gzmath.Float64frombits(w.U))
	case _gzreflect.String:
		v.SetString(string(w.S))
	case _gzreflect.Slice:
		if w.Nil {
			return ""
		}
		s := _gzreflect.MakeSlice(v.Type(), len(w.E), len(w.E))
		if e := _gzDecodeElems(s, w.E); e != "" {
			return e
		}
		v.Set(s)
	case _gzreflect.Array:
		if len(w.E) != v.Len() {
			return _gzfmt.Sprintf("array of %d elements, got %d", v.Len(), len(w.E))
		}
		if e := _gzDecodeElems(v, w.E); e != "" {
			return e
		}
	case _gzreflect.Struct:
		if len(w.E) != v.NumField() {
			return _gzfmt.Sprintf("struct of %d fields, got %d", v.NumField(), len(w.E))
		}
		for i := range w.E {
			if e := _gzDecode(_gzField(v, i), w.E[i]); e != "" {
				return e
			}
		}
	case _gzreflect.Pointer:
		if w.Nil {
			return ""
		}
		if len(w.E) != 1 {
			return "pointer without target"
		}
		p := _gzreflect.New(v.Type().Elem())
		if e := _gzDecode(p.Elem(), w.E[0]); e != "" {
			return e
		}
		v.Set(p)
	case _gzreflect.Interface:
		if !w.Nil {
			return "non-nil interface argument"
		}
	default:
		return "unsupported kind " + v.Kind().String()
	}
	return ""
}
