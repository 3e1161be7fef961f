package harness

// This file implements the worker processes: test binaries in harness
// mode, one request at a time each, restarted when the code under test
// kills or hangs them.

import (
	"bufio"
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
)

// Config says how to start workers.
type Config struct {
	Bin     string // schemata test binary with the harness file
	Dir     string // working directory (the package directory, as for go test)
	Workers int    // processes; 0 = 1
	Env     []string

	// Timeout bounds one request's wall time (all its inputs, with
	// Request.More) before its process is killed; 0 = 10 s. Endless loops
	// in the package's code are stopped by the tick budget long before:
	// this catches hangs outside it.
	Timeout time.Duration
}

// Pool is a set of worker processes. It is safe for concurrent use.
type Pool struct {
	cfg  Config
	idle chan *worker
	mu   sync.Mutex
	all  map[*worker]bool
	dead bool

	// Stats, for the report and benchmarks.
	Requests, Runs, Restarts int64
}

// NewPool starts the workers.
func NewPool(cfg Config) (*Pool, error) {
	if cfg.Workers <= 0 {
		cfg.Workers = 1
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 10 * time.Second
	}
	p := &Pool{cfg: cfg, idle: make(chan *worker, cfg.Workers), all: map[*worker]bool{}}
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

// Do runs one request. A request during which the process dies or hangs
// is split: the original alone (if it crashes, the input is unusable and
// the outcome says so), then the mutants in halves until each crashing
// mutant is alone (a mutant that crashes the process is killed: its
// outcome differs from the original's).
//
// A request with further inputs (Request.More) that crashes or hangs
// runs again one input per request.
func (p *Pool) Do(ctx context.Context, req *Request) (*Response, error) {
	if len(req.More) > 0 {
		return p.doBatch(ctx, req)
	}
	resp, err := p.do(ctx, req)
	if !errors.Is(err, errCrash) {
		return resp, err
	}
	alone := *req
	alone.Mutants, alone.Live = nil, nil
	resp, err = p.do(ctx, &alone)
	if errors.Is(err, errCrash) {
		return &Response{Orig: Outcome{Panic: &Panic{Kind: PanicCrash, Msg: crashMsg(err)}}}, nil
	}
	if err != nil {
		return nil, err
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
	return resp, nil
}

// doBatch runs a request with further inputs in one round trip, and
// again one input per request (each split by Do as needed) if the
// process dies or hangs: the timeout bounds the whole batch.
func (p *Pool) doBatch(ctx context.Context, req *Request) (*Response, error) {
	resp, err := p.do(ctx, req)
	if !errors.Is(err, errCrash) {
		return resp, err
	}
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

// bisect runs req's input under ids, halving the set while it crashes
// the process, and adds the verdicts to resp.
func (p *Pool) bisect(ctx context.Context, req *Request, ids []int, resp *Response) error {
	if len(ids) == 0 {
		return nil
	}
	part := *req
	part.Mutants, part.Live = ids, nil
	r, err := p.do(ctx, &part)
	switch {
	case errors.Is(err, errCrash) && len(ids) == 1:
		resp.Killed = append(resp.Killed, ids[0])
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
	resp.Killed = append(resp.Killed, r.Killed...)
	resp.Unsure = append(resp.Unsure, r.Unsure...)
	resp.Ran += r.Ran
	return nil
}

func crashMsg(err error) string {
	s := err.Error()
	if i := strings.Index(s, ": "); i >= 0 {
		return s[i+2:]
	}
	return s
}

func (p *Pool) do(ctx context.Context, req *Request) (*Response, error) {
	var w *worker
	select {
	case w = <-p.idle:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	if w == nil {
		var err error
		if w, err = p.start(); err != nil {
			p.idle <- nil // keep the slot
			return nil, err
		}
	}
	resp, err := w.do(ctx, req, p.cfg.Timeout)
	if err == nil && len(resp.More) != len(req.More) {
		err = fmt.Errorf("%w: %d answers to %d further inputs", errCrash, len(resp.More), len(req.More))
	}
	p.mu.Lock()
	p.Requests++
	if resp != nil {
		p.Runs += int64(1 + resp.Ran)
		for _, r := range resp.More {
			p.Runs += int64(1 + r.Ran)
		}
	}
	p.mu.Unlock()
	if err != nil {
		w.kill()
		p.mu.Lock()
		delete(p.all, w)
		p.Restarts++
		p.mu.Unlock()
		p.idle <- nil // restarted lazily by the next request
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, err
	}
	p.idle <- w
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

type worker struct {
	cmd    *exec.Cmd
	req    *os.File
	enc    *json.Encoder
	dec    *json.Decoder
	stderr *tail
	done   chan struct{} // closed when the process has exited
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
	// A context that is never done: Isolate sets Cancel, which needs one.
	cmd := exec.CommandContext(context.Background(), p.cfg.Bin)
	cmd.Dir = p.cfg.Dir
	cmd.Env = append(append(os.Environ(), p.cfg.Env...), "GOZILLA_HARNESS=1", "GOZILLA_MUTANT=0")
	cmd.ExtraFiles = []*os.File{reqR, respW} // descriptors 3 and 4
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
	p.mu.Lock()
	p.all[w] = true
	p.mu.Unlock()
	return w, nil
}

func (w *worker) do(ctx context.Context, req *Request, timeout time.Duration) (*Response, error) {
	if err := w.enc.Encode(req); err != nil {
		return nil, fmt.Errorf("%w: %s", errCrash, w.why())
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
			return nil, fmt.Errorf("%w: %s", errCrash, w.why())
		}
		return r.resp, nil
	case <-t.C:
		w.kill()
		return nil, fmt.Errorf("%w: hung for %v", errCrash, timeout)
	case <-ctx.Done():
		w.kill()
		return nil, ctx.Err()
	}
}

// why describes how the process ended, from its exit status and the last
// line it wrote on standard error.
func (w *worker) why() string {
	select {
	case <-w.done:
	case <-time.After(2 * time.Second):
		return "no answer"
	}
	msg := "exited"
	if st := w.cmd.ProcessState; st != nil {
		msg = st.String()
	}
	if last := w.stderr.lastLine(); last != "" {
		msg += ": " + last
	}
	return msg
}

func (w *worker) kill() {
	w.req.Close()
	run.KillGroup(w.cmd)
}

// tail keeps the end of a stream.
type tail struct {
	mu  sync.Mutex
	buf []byte
}

const tailMax = 4 << 10

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > tailMax {
		t.buf = append([]byte(nil), t.buf[len(t.buf)-tailMax:]...)
	}
	return len(p), nil
}

// lastLine returns the first line of the last panic or fatal error
// message, or else the last non-empty line.
func (t *tail) lastLine() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	lines := strings.Split(strings.TrimSpace(string(t.buf)), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		l := strings.TrimSpace(lines[i])
		if strings.HasPrefix(l, "panic: ") || strings.HasPrefix(l, "fatal error: ") {
			return l
		}
	}
	return strings.TrimSpace(lines[len(lines)-1])
}
