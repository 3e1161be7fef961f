package harness

// This file implements the worker processes: test binaries in harness
// mode, one request at a time each, restarted when the code under test
// kills or hangs them.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/gozilla/gozilla/internal/run"
	"github.com/gozilla/gozilla/internal/value"
)

// Config says how to start workers.
type Config struct {
	Bin     string // schemata test binary with the harness file
	Dir     string // working directory (the package directory, as for go test)
	Workers int    // processes; 0 = 1
	Env     []string

	// Timeout bounds one request's wall time (all its inputs, with
	// Request.More) before its process is killed; 0 = 10 s. It is the
	// last safety net, behind the tick budget and the watchdog's limits
	// below: a run it stops is undecided (PanicSlow), never killed.
	Timeout time.Duration

	// Limits of each run, enforced in the worker (0 = the default).
	MemLimit  int64         // live heap bytes (default 1 GiB): PanicMemory
	MaxStack  int64         // bytes of a goroutine's stack (default 64 MiB): PanicStack
	BlockWait time.Duration // no tick progress while every goroutine waits (default 20 ms; 10× for channels, unless the units are Quiet): PanicBlocked
	Wall      time.Duration // a mutant run's allowance over 50 × the original's time (default 250 ms): PanicSlow
	OrigWall  time.Duration // the original's run's allowance (default 2 s): PanicSlow
}

// Pool is a set of worker processes. It is safe for concurrent use.
type Pool struct {
	cfg  Config
	idle chan *worker
	mu   sync.Mutex
	all  map[*worker]bool
	dead bool
	// heavy holds the mutants (of a unit) a patient run left slow too:
	// they are not asked patiently again (a quadratic loop under the
	// generous budget takes seconds on any machine).
	heavy map[[2]int]bool

	// Stats, for the report, benchmarks and tests. Restarts counts
	// workers replaced (crashed, hung, tainted, dirty when a fresh one was
	// needed); Hung the requests the Timeout stopped; Ended the runs a
	// limit ended, by kind.
	Requests, Runs, Restarts, Hung int64
	Ended                          map[string]int64
}

// NewPool starts the workers, once it has seen the binary start: one
// whose package cannot initialize is a *run.StartError.
func NewPool(cfg Config) (*Pool, error) {
	if cfg.Workers <= 0 {
		cfg.Workers = 1
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 10 * time.Second
	}
	p := &Pool{cfg: cfg, idle: make(chan *worker, cfg.Workers), all: map[*worker]bool{}, Ended: map[string]int64{}, heavy: map[[2]int]bool{}}
	if err := p.checkStart(); err != nil {
		return nil, err
	}
	for i := 0; i < cfg.Workers; i++ {
		w, err := p.start()
		if err != nil {
			p.Close()
			return nil, err
		}
		p.idle <- w
	}
	return p, nil
}

// Close stops every worker.
func (p *Pool) Close() {
	p.mu.Lock()
	p.dead = true
	ws := make([]*worker, 0, len(p.all))
	for w := range p.all {
		ws = append(ws, w)
	}
	p.mu.Unlock()
	for _, w := range ws {
		w.kill()
	}
}

// errCrash is a worker that died or hung during a request.
var errCrash = errors.New("worker crashed")

// crashError is errCrash with how the process ended: kind is PanicCrash,
// PanicStack, PanicMemory or PanicSlow (hung past the timeout).
type crashError struct {
	kind, msg string
}

func (e *crashError) Error() string        { return errCrash.Error() + ": " + e.msg }
func (e *crashError) Is(target error) bool { return target == errCrash }

// crashKind returns the Panic kind of a crash error.
func crashKind(err error) string {
	var c *crashError
	if errors.As(err, &c) {
		return c.kind
	}
	return PanicCrash
}

// Do runs one request. A request during which the process dies or hangs
// is split: the original alone (if it crashes, the input is unusable and
// the outcome says so), then the mutants in halves until each crashing
// mutant is alone (a mutant that crashes the process is killed: its
// outcome differs from the original's; one that hangs past the timeout
// is undecided). Splits run in fresh workers.
//
// Mutants a worker could not judge (its process was tainted by a stateful
// unit's abnormal run, or a limit ended it) run again in fresh workers
// until each is decided: in a fresh process the first mutant run is
// always judged, so this ends.
//
// A request with further inputs (Request.More) that crashes or hangs
// runs again one input per request.
func (p *Pool) Do(ctx context.Context, req *Request) (*Response, error) {
	if len(req.More) > 0 {
		return p.doBatch(ctx, req)
	}
	return p.run(ctx, req, false)
}

// run runs a single-input request, in a fresh worker if fresh.
func (p *Pool) run(ctx context.Context, req *Request, fresh bool) (*Response, error) {
	resp, err := p.do(ctx, req, fresh)
	if errors.Is(err, errCrash) {
		resp, err = p.split(ctx, req)
	} else if err == nil {
		err = p.finish(ctx, req, resp)
	}
	if err != nil {
		return nil, err
	}
	if resp.Orig.Panic != nil && resp.Orig.Panic.Kind == PanicSlow && req.Patience < patientRetry {
		// The original's run outlived its allowance: once more, with
		// patience, before the input is called unusable.
		sub := *req
		sub.More, sub.Patience = nil, patientRetry
		return p.run(ctx, &sub, true)
	}
	return resp, nil
}

// finish resolves what a worker left undecided in resp, the answer to
// req's input: the input again in a fresh worker (All), or the mutants
// left (Redo, RedoSlow).
func (p *Pool) finish(ctx context.Context, req *Request, resp *Response) error {
	one := *req
	one.More = nil
	if resp.All {
		r, err := p.run(ctx, &one, true)
		if err != nil {
			return err
		}
		*resp = *r
		return nil
	}
	for len(resp.Redo)+len(resp.RedoSlow) > 0 {
		redo, slow := resp.Redo, resp.RedoSlow
		resp.Redo, resp.RedoSlow = nil, nil
		for _, part := range []struct {
			ids    []int
			budget uint64
		}{{redo, req.MutantBudget}, {slow, 100*resp.Ticks + 1<<18}} {
			if len(part.ids) == 0 {
				continue
			}
			sub := one
			sub.Mutants, sub.Live, sub.MutantBudget = part.ids, nil, part.budget
			r, err := p.run(ctx, &sub, true)
			if err != nil {
				return err
			}
			merge(resp, r)
		}
	}
	resp.Cut, resp.Dirty = false, false
	return p.again(ctx, &one, resp)
}

// again asks the mutants the wall clock ended in resp (PanicSlow, which
// decides nothing) once more, with patience, in a fresh worker: the
// counted budgets decide, not the machine's load. What the patient runs
// leave slow stays undecided.
func (p *Pool) again(ctx context.Context, req *Request, resp *Response) error {
	if req.Patience >= patientRetry {
		return nil
	}
	var slow []int
	ends := resp.Ends[:0:0]
	p.mu.Lock()
	for _, e := range resp.Ends {
		if e.Kind == PanicSlow && !p.heavy[[2]int{req.Unit, e.Mutant}] {
			slow = append(slow, e.Mutant)
			continue
		}
		ends = append(ends, e)
	}
	p.mu.Unlock()
	if len(slow) == 0 {
		return nil
	}
	resp.Ends = ends
	sub := *req
	sub.More, sub.Mutants, sub.Live, sub.Patience = nil, slow, nil, patientRetry
	r, err := p.run(ctx, &sub, true)
	if err != nil {
		return err
	}
	if r.Orig.Panic.Abnormal() {
		// The original itself did not end this time: the mutants
		// stay undecided.
		for _, m := range slow {
			resp.Ends = append(resp.Ends, End{Mutant: m, Kind: PanicSlow})
		}
		return nil
	}
	merge(resp, r)
	still := map[int]bool{}
	p.mu.Lock()
	for _, e := range r.Ends {
		if e.Kind == PanicSlow {
			still[e.Mutant] = true
			p.heavy[[2]int{req.Unit, e.Mutant}] = true
		}
	}
	p.mu.Unlock()
	for _, m := range slow {
		if !still[m] {
			resp.Patient = append(resp.Patient, m)
		}
	}
	return nil
}

// merge adds the verdicts of r, a run of some of req's mutants on the
// same input, to resp.
func merge(resp, r *Response) {
	if r.Varies || resp.Varies {
		// The original's outcome on the input varies: no kill of it
		// counts, in this run or another.
		resp.Varies, resp.Killed, r.Killed = true, nil, nil
	}
	resp.Killed = append(resp.Killed, r.Killed...)
	resp.Unsure = append(resp.Unsure, r.Unsure...)
	resp.Ends = append(resp.Ends, r.Ends...)
	resp.Ran += r.Ran
	resp.Work += r.Work
	resp.Redo = append(resp.Redo, r.Redo...)
	resp.RedoSlow = append(resp.RedoSlow, r.RedoSlow...)
	resp.Patient = append(resp.Patient, r.Patient...)
}

// split runs a single-input request that crashed its worker: the
// original alone, then the mutants by bisection.
func (p *Pool) split(ctx context.Context, req *Request) (*Response, error) {
	alone := *req
	alone.Mutants, alone.Live = nil, nil
	resp, err := p.do(ctx, &alone, true)
	if errors.Is(err, errCrash) {
		p.count(crashKind(err))
		return &Response{Orig: Outcome{Panic: &Panic{Kind: crashKind(err), Msg: crashMsg(err)}}}, nil
	}
	if err == nil {
		err = p.finish(ctx, &alone, resp)
	}
	if err != nil {
		return nil, err
	}
	if resp.Orig.Panic.Abnormal() {
		return resp, nil
	}
	ids := append([]int(nil), req.Mutants...)
	for i, b := range req.Live {
		for j := 0; j < 8; j++ {
			if b&(1<<j) != 0 {
				ids = append(ids, 8*i+j)
			}
		}
	}
	if err := p.bisect(ctx, req, ids, resp); err != nil {
		return nil, err
	}
	if err := p.again(ctx, req, resp); err != nil {
		return nil, err
	}
	return resp, nil
}

// doBatch runs a request with further inputs in one round trip, and
// again one input per request (each split by Do as needed) if the
// process dies or hangs: the timeout bounds the whole batch. Inputs a
// cut process left unanswered run as a batch of their own.
func (p *Pool) doBatch(ctx context.Context, req *Request) (*Response, error) {
	resp, err := p.do(ctx, req, false)
	if errors.Is(err, errCrash) {
		one := *req
		one.More = nil
		first, err := p.Do(ctx, &one)
		if err != nil {
			return nil, err
		}
		for _, in := range req.More {
			one.In = in
			r, err := p.Do(ctx, &one)
			if err != nil {
				return nil, err
			}
			first.More = append(first.More, *r)
		}
		return first, nil
	}
	if err != nil {
		return nil, err
	}
	ins := append([][]value.Value{req.In}, req.More...)
	answers := append([]Response{*resp}, resp.More...)
	answers[0].More = nil
	one := *req
	one.More = nil
	for i := range answers {
		one.In = ins[i]
		if err := p.finish(ctx, &one, &answers[i]); err != nil {
			return nil, err
		}
	}
	if n := len(answers); n < len(ins) {
		rest := *req
		rest.In, rest.More = ins[n], ins[n+1:]
		r, err := p.Do(ctx, &rest)
		if err != nil {
			return nil, err
		}
		more := r.More
		r.More = nil
		answers = append(append(answers, *r), more...)
	}
	first := answers[0]
	first.More = answers[1:]
	return &first, nil
}

// bisect runs req's input under ids, halving the set while it crashes
// the process, and adds the verdicts to resp.
func (p *Pool) bisect(ctx context.Context, req *Request, ids []int, resp *Response) error {
	if len(ids) == 0 {
		return nil
	}
	part := *req
	part.Mutants, part.Live = ids, nil
	r, err := p.do(ctx, &part, true)
	if err == nil {
		err = p.finish(ctx, &part, r)
	}
	switch {
	case errors.Is(err, errCrash) && len(ids) == 1:
		kind := crashKind(err)
		p.count(kind)
		if kind != PanicSlow && kind != PanicGoroutine {
			resp.Killed = append(resp.Killed, ids[0])
		}
		resp.Ends = append(resp.Ends, End{Mutant: ids[0], Kind: kind})
		resp.Ran++
		return nil
	case errors.Is(err, errCrash):
		if err := p.bisect(ctx, req, ids[:len(ids)/2], resp); err != nil {
			return err
		}
		return p.bisect(ctx, req, ids[len(ids)/2:], resp)
	case err != nil:
		return err
	}
	merge(resp, r)
	return nil
}

func crashMsg(err error) string {
	var c *crashError
	if errors.As(err, &c) {
		return c.msg
	}
	s := err.Error()
	if i := strings.Index(s, ": "); i >= 0 {
		return s[i+2:]
	}
	return s
}

// do sends one request to an idle worker (a fresh one if fresh: a worker
// that ran a stateful unit's mutant is replaced) and reads its answer.
func (p *Pool) do(ctx context.Context, req *Request, fresh bool) (*Response, error) {
	var w *worker
	select {
	case w = <-p.idle:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	if w != nil && fresh && w.dirty {
		p.retire(w)
		w = nil
	}
	if w == nil {
		var err error
		if w, err = p.start(); err != nil {
			p.idle <- nil // keep the slot
			return nil, err
		}
	}
	resp, err := w.do(ctx, req, p.cfg.Timeout*time.Duration(max(req.Patience, 1)))
	if err == nil && !resp.Cut && len(resp.More) != len(req.More) {
		err = &crashError{PanicCrash, fmt.Sprintf("%d answers to %d further inputs", len(resp.More), len(req.More))}
	}
	p.mu.Lock()
	p.Requests++
	if resp != nil {
		for _, r := range append([]Response{*resp}, resp.More...) {
			p.Runs += int64(1 + r.Ran)
			for _, e := range r.Ends {
				p.Ended[e.Kind]++
			}
			if r.Orig.Panic.Abnormal() && r.Orig.Panic.Kind != PanicBudget {
				p.Ended[r.Orig.Panic.Kind]++
			}
		}
	}
	if crashKind(err) == PanicSlow && errors.Is(err, errCrash) {
		p.Hung++
	}
	p.mu.Unlock()
	if err != nil {
		p.retire(w)
		p.idle <- nil // restarted lazily by the next request
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, err
	}
	if resp.Cut {
		// The process ends (tainted, or stopped by its watchdog).
		p.retire(w)
		p.idle <- nil
	} else {
		w.dirty = w.dirty || resp.Dirty
		p.idle <- w
	}
	if resp.Err != "" {
		return nil, fmt.Errorf("harness: %s", resp.Err)
	}
	for i, r := range resp.More {
		if r.Err != "" {
			return nil, fmt.Errorf("harness: further input %d: %s", i+1, r.Err)
		}
	}
	return resp, nil
}

// count records a run a limit or a crash ended.
func (p *Pool) count(kind string) {
	p.mu.Lock()
	p.Ended[kind]++
	p.mu.Unlock()
}

// retire kills a worker and forgets it.
func (p *Pool) retire(w *worker) {
	w.kill()
	p.mu.Lock()
	delete(p.all, w)
	p.Restarts++
	p.mu.Unlock()
}

type worker struct {
	dirty  bool // ran a mutant of a stateful unit (owned by the request holding the worker)
	cmd    *exec.Cmd
	req    *os.File
	enc    *json.Encoder
	dec    *json.Decoder
	stderr *tail
	done   chan struct{} // closed when the process has exited
}

// command is a worker's command, without its descriptors.
func (p *Pool) command() *exec.Cmd {
	// A context that is never done: Isolate sets Cancel, which needs one.
	cmd := exec.CommandContext(context.Background(), p.cfg.Bin)
	cmd.Dir = p.cfg.Dir
	cmd.Env = append(append(os.Environ(), p.cfg.Env...), "GOZILLA_HARNESS=1", "GOZILLA_MUTANT=0")
	for _, l := range []struct {
		name string
		n    int64
	}{
		{"GOZILLA_MEMLIMIT", p.cfg.MemLimit},
		{"GOZILLA_MAXSTACK", p.cfg.MaxStack},
		{"GOZILLA_BLOCKWAIT", p.cfg.BlockWait.Milliseconds()},
		{"GOZILLA_WALL", p.cfg.Wall.Milliseconds()},
		{"GOZILLA_ORIGWALL", p.cfg.OrigWall.Milliseconds()},
	} {
		if l.n > 0 {
			cmd.Env = append(cmd.Env, fmt.Sprintf("%s=%d", l.name, l.n))
		}
	}
	return cmd
}

// checkStart runs the binary once as a worker that gets no request: it
// initializes the package, then serves nothing and exits 0. A binary
// that fails there (the package's init panics, say) would crash every
// worker before its first run: that is a *run.StartError, with the
// panic's message. One that takes longer than a request's Timeout is
// let be: the workers' runs judge it.
func (p *Pool) checkStart() error {
	reqR, reqW, err := os.Pipe()
	if err != nil {
		return err
	}
	defer reqR.Close()
	reqW.Close() // no request: the harness ends at once
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	defer null.Close()
	cmd := p.command()
	cmd.ExtraFiles = []*os.File{reqR, null}
	var stderr bytes.Buffer
	cmd.Stderr = &limitedWriter{&stderr, 64 << 10}
	run.Isolate(cmd)
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("harness: start %s: %w", p.cfg.Bin, err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	t := time.NewTimer(p.cfg.Timeout)
	defer t.Stop()
	select {
	case err = <-done:
	case <-t.C:
		run.KillGroup(cmd)
		<-done
		return nil
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return run.NewStartError(ee.ProcessState.String(), stderr.Bytes())
	}
	return err
}

// limitedWriter keeps the first n bytes written to it.
type limitedWriter struct {
	b *bytes.Buffer
	n int
}

func (w *limitedWriter) Write(p []byte) (int, error) {
	if room := w.n - w.b.Len(); room > 0 {
		w.b.Write(p[:min(room, len(p))])
	}
	return len(p), nil
}

func (p *Pool) start() (*worker, error) {
	p.mu.Lock()
	dead := p.dead
	p.mu.Unlock()
	if dead {
		return nil, errors.New("harness: pool closed")
	}
	reqR, reqW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	respR, respW, err := os.Pipe()
	if err != nil {
		reqR.Close()
		reqW.Close()
		return nil, err
	}
	cmd := p.command()
	cmd.ExtraFiles = []*os.File{reqR, respW} // descriptors 3 and 4
	// What the code under test prints is never buffered: standard output
	// goes to the null device, standard error to a bounded tail (kept for
	// the message of a crash).
	cmd.Stdout = nil
	st := &tail{}
	cmd.Stderr = st
	run.Isolate(cmd)
	if err := cmd.Start(); err != nil {
		reqR.Close()
		reqW.Close()
		respR.Close()
		respW.Close()
		return nil, fmt.Errorf("harness: start %s: %w", p.cfg.Bin, err)
	}
	reqR.Close()
	respW.Close()
	w := &worker{cmd: cmd, req: reqW, enc: json.NewEncoder(reqW),
		dec: json.NewDecoder(bufio.NewReaderSize(respR, 1<<16)), stderr: st, done: make(chan struct{})}
	go func() {
		cmd.Wait()
		respR.Close()
		close(w.done)
	}()
	// Close may have run while the process started: it did not see this
	// worker, which would outlive the pool (and gozilla).
	p.mu.Lock()
	dead = p.dead
	if !dead {
		p.all[w] = true
	}
	p.mu.Unlock()
	if dead {
		w.kill()
		return nil, errors.New("harness: pool closed")
	}
	return w, nil
}

func (w *worker) do(ctx context.Context, req *Request, timeout time.Duration) (*Response, error) {
	if err := w.enc.Encode(req); err != nil {
		return nil, w.crash()
	}
	type result struct {
		resp *Response
		err  error
	}
	ch := make(chan result, 1)
	go func() {
		var r Response
		err := w.dec.Decode(&r)
		ch <- result{&r, err}
	}()
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case r := <-ch:
		if r.err != nil {
			<-w.done // the process is gone; let its stderr settle
			return nil, w.crash()
		}
		return r.resp, nil
	case <-t.C:
		w.kill()
		return nil, &crashError{PanicSlow, fmt.Sprintf("hung for %v", timeout)}
	case <-ctx.Done():
		w.kill()
		return nil, ctx.Err()
	}
}

// crash describes how the process ended, from its exit status and the
// last line it wrote on standard error: a stack overflow, the memory
// limit (the watchdog's exit status, or the runtime out of memory), or
// any other crash.
func (w *worker) crash() error {
	select {
	case <-w.done:
	case <-time.After(2 * time.Second):
		return &crashError{PanicCrash, "no answer"}
	}
	msg, code := "exited", -1
	if st := w.cmd.ProcessState; st != nil {
		msg, code = st.String(), st.ExitCode()
	}
	last := w.stderr.lastLine()
	if last != "" {
		msg += ": " + last
	}
	kind := PanicCrash
	switch {
	case strings.Contains(last, "stack overflow") || strings.Contains(last, "stack exceeds"):
		kind = PanicStack
	case code == ExitLimit && strings.Contains(last, "memory") || strings.Contains(last, "out of memory"):
		kind = PanicMemory
	case code == ExitLimit && strings.Contains(last, "blocked"):
		kind = PanicBlocked
	case code == ExitLimit && strings.Contains(last, "slow"):
		kind = PanicSlow
	case strings.HasPrefix(last, "panic: ") && w.stderr.createdBy() != "":
		// The unit's call recovers its panics: one that ended the
		// process was in a goroutine something started.
		kind = PanicGoroutine
		msg += " (in a goroutine " + w.stderr.createdBy() + ")"
	}
	return &crashError{kind, msg}
}

// ExitLimit is the exit status of a worker its watchdog ended (rt's
// _gzExitLimit); its last line on standard error names the limit.
const ExitLimit = 87

func (w *worker) kill() {
	w.req.Close()
	run.KillGroup(w.cmd)
}

// tail keeps the end of a stream, at most tailMax bytes whatever is
// written, and the last line that starts a panic or fatal error message
// (which a long traceback would push out of the end).
type tail struct {
	mu   sync.Mutex
	buf  []byte
	line []byte // the current line's start, at most lineMax bytes
	mark string // the last "panic: ", "fatal error: " or "gozilla: " line
	// After a "panic: " mark, the first goroutine of the traceback (the
	// panicking one) and its "created by" line: empty for the main
	// goroutine, which serves the requests.
	trace   int // 0: none; 1: a panic's traceback expected; 2: in its first goroutine
	created string
}

const (
	tailMax = 4 << 10
	lineMax = 256
)

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for rest := p; len(rest) > 0; {
		i := bytes.IndexByte(rest, '\n')
		chunk := rest
		if i >= 0 {
			chunk = rest[:i]
		}
		if n := lineMax - len(t.line); n > 0 {
			t.line = append(t.line, chunk[:min(n, len(chunk))]...)
		}
		if i < 0 {
			break
		}
		l := strings.TrimSpace(string(t.line))
		switch {
		case strings.HasPrefix(l, "panic: ") || strings.HasPrefix(l, "fatal error: ") || strings.HasPrefix(l, "gozilla: "):
			t.mark, t.created, t.trace = l, "", 0
			if strings.HasPrefix(l, "panic: ") {
				t.trace = 1
			}
		case t.trace == 1 && strings.HasPrefix(l, "goroutine "):
			t.trace = 2
		case t.trace == 2 && l == "":
			t.trace = 0
		case t.trace == 2 && strings.HasPrefix(l, "created by "):
			t.created, t.trace = strings.TrimPrefix(l, "created by "), 0
		}
		t.line = t.line[:0]
		rest = rest[i+1:]
	}
	if len(p) >= tailMax {
		t.buf = append(t.buf[:0], p[len(p)-tailMax:]...)
	} else {
		t.buf = append(t.buf, p...)
		if len(t.buf) > tailMax {
			t.buf = append(t.buf[:0:0], t.buf[len(t.buf)-tailMax:]...)
		}
	}
	return len(p), nil
}

// createdBy returns the function that started the goroutine of the last
// panic, as its traceback says ("pkg.F in goroutine 1"), or "".
func (t *tail) createdBy() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.created
}

// lastLine returns the first line of the last panic, fatal error or
// harness message, or else the last non-empty line.
func (t *tail) lastLine() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.mark != "" {
		return t.mark
	}
	lines := strings.Split(strings.TrimSpace(string(t.buf)), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}
