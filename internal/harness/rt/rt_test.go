package rt

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"reflect"
	"strings"
	"testing"
)

// The units below are written the way the schemata rewrite them: a tick
// at entry and in loop bodies, a switch on _gzActive at each site.

func add(a, b int) int {
	_gzTick()
	switch _gzActive {
	case 1:
		return a - b
	case 2:
		return a + b + 0 // equivalent
	case -1:
		_gzHit(1)
	}
	return a + b
}

func pick(xs []int, i int) int {
	_gzTick()
	switch _gzActive {
	case 3:
		if i > 0 {
			_gzHit(2) // never reached under the original: see below
		}
		return xs[i+1]
	case -1:
		if i > 100 {
			_gzHit(2)
		}
		_gzHit(3)
	}
	return xs[i]
}

func loop(n int) int {
	_gzTick()
	if _gzActive == -1 {
		_gzHit(7)
	}
	s := 0
	for i := 0; i < n || _gzActive == 4; i++ {
		_gzTick()
		s += i
	}
	return s
}

// slow: mutant 9 does 5000 useless iterations more and returns the same.
func slow(n int) int {
	_gzTick()
	if _gzActive == -1 {
		_gzHit(7)
	}
	extra := 0
	if _gzActive == 9 {
		extra = 5000
	}
	for i := 0; i < n+extra; i++ {
		_gzTick()
	}
	return n
}

func fill(xs []int) {
	_gzTick()
	if _gzActive == -1 {
		_gzHit(4)
	}
	if _gzActive == 5 {
		return
	}
	for i := range xs {
		xs[i] = i
	}
}

type point struct {
	x, y int
	name string
}

func (p *point) move(d int) point {
	_gzTick()
	if _gzActive == -1 {
		_gzHit(5)
	}
	if _gzActive != 6 {
		p.x += d
	}
	return *p
}

var errNeg = errors.New("negative")

func check(x float64) (float64, error) {
	_gzTick()
	if _gzActive == -1 {
		_gzHit(6)
	}
	if x < 0 && _gzActive != 7 {
		return 0, errNeg
	}
	if _gzActive == 8 {
		return math.NaN(), nil
	}
	return x, nil
}

func setup(t *testing.T) {
	t.Helper()
	_gzUnits = []_gzUnit{{F: add}, {F: pick}, {F: loop}, {F: fill}, {F: (*point).move}, {F: check}, {F: slow}}
	_gzMutSite = []int32{0, 1, 1, 2, 7, 4, 5, 6, 6, 7}
	_gzSiteFirst = []int32{1, 1, 3} // site 1: mutants 1 and 2 (only add's, for the bit-set case)
	_gzSentinels = []struct {
		N string
		E error
	}{{"errNeg", errNeg}}
	_gzStop = _gzTrap // as in harness mode (init): a capped run traps to check its allocation
	t.Cleanup(func() { _gzStop = nil })
}

func ints(xs ...int64) []_gzV {
	out := make([]_gzV, len(xs))
	for i, x := range xs {
		out[i] = _gzV{I: x}
	}
	return out
}

func TestHandle(t *testing.T) {
	setup(t)
	tests := []struct {
		name   string
		req    _gzReq
		killed []int
		ran    int
		check  func(t *testing.T, r _gzResp)
	}{
		{name: "AOR killed, equivalent lives", req: _gzReq{U: 0, In: ints(2, 3), M: []int{1, 2}, B: 100}, killed: []int{1}, ran: 2,
			check: func(t *testing.T, r _gzResp) {
				if len(r.O.R) != 1 || r.O.R[0].I != 5 {
					t.Errorf("result %+v, want 5", r.O.R)
				}
				if !reflect.DeepEqual(r.H, []int{1}) {
					t.Errorf("hits %v, want [1]", r.H)
				}
			}},
		{name: "live bit set", req: _gzReq{U: 0, In: ints(2, 3), L: []byte{1<<1 | 1<<2}, B: 100}, killed: []int{1}, ran: 2},
		{name: "zero difference: a-b == a+b when b == 0", req: _gzReq{U: 0, In: ints(2, 0), M: []int{1}, B: 100}, killed: nil, ran: 1},
		{name: "unreached site is skipped", req: _gzReq{U: 1, In: []_gzV{{E: ints(7, 8)}, {I: 0}}, M: []int{3}, B: 100}, killed: nil, ran: 0},
		{name: "unreached site runs when asked", req: _gzReq{U: 1, In: []_gzV{{E: ints(7, 8)}, {I: 0}}, M: []int{3}, B: 100, A: true}, killed: []int{3}, ran: 1},
		{name: "runtime panic kind", req: _gzReq{U: 1, In: []_gzV{{E: ints(7)}, {I: 5}}, B: 100},
			check: func(t *testing.T, r _gzResp) {
				if r.O.X == nil || r.O.X.K != "runtime" || r.O.X.M != "runtime error: index out of range" {
					t.Errorf("panic %+v, want runtime index out of range", r.O.X)
				}
			}},
		{name: "endless loop stopped by the budget", req: _gzReq{U: 2, In: ints(3), M: []int{4}, B: 100}, killed: []int{4}, ran: 1},
		{name: "slow mutant with the same outcome lives", req: _gzReq{U: 6, In: ints(3), M: []int{9}, B: 100}, killed: nil, ran: 1},
		{name: "quick mode: over the tight budget is unsure", req: _gzReq{U: 6, In: ints(3), M: []int{9}, B: 100, Q: true}, killed: nil, ran: 1,
			check: func(t *testing.T, r _gzResp) {
				if !reflect.DeepEqual(r.U, []int{9}) {
					t.Errorf("unsure %v, want [9]", r.U)
				}
			}},
		{name: "original over budget runs no mutant", req: _gzReq{U: 2, In: ints(1000), M: []int{4}, B: 100}, ran: 0,
			check: func(t *testing.T, r _gzResp) {
				if r.O.X == nil || r.O.X.K != "budget" {
					t.Errorf("outcome %+v, want budget", r.O)
				}
			}},
		{name: "post-state of a slice argument", req: _gzReq{U: 3, In: []_gzV{{E: ints(5, 5)}}, M: []int{5}, B: 100}, killed: []int{5}, ran: 1,
			check: func(t *testing.T, r _gzResp) {
				if len(r.O.P) != 1 || len(r.O.P[0].E) != 2 || r.O.P[0].E[1].I != 1 {
					t.Errorf("post %+v, want [0 1]", r.O.P)
				}
			}},
		{name: "empty slice is not nil", req: _gzReq{U: 3, In: []_gzV{{}}, B: 100},
			check: func(t *testing.T, r _gzResp) {
				if len(r.O.P) != 1 || r.O.P[0].Nil {
					t.Errorf("post %+v, want empty non-nil", r.O.P)
				}
			}},
		{name: "pointer receiver with unexported fields", req: _gzReq{U: 4, In: []_gzV{{E: []_gzV{{E: []_gzV{{I: 1}, {I: 2}, {S: []byte("p")}}}}}, {I: 10}}, M: []int{6}, B: 100}, killed: []int{6}, ran: 1,
			check: func(t *testing.T, r _gzResp) {
				want := _gzV{E: []_gzV{{I: 11}, {I: 2}, {S: []byte("p")}}}
				if len(r.O.R) != 1 || !reflect.DeepEqual(r.O.R[0], want) {
					t.Errorf("result %+v, want %+v", r.O.R, want)
				}
				if len(r.O.P) != 2 || !reflect.DeepEqual(r.O.P[0].E[0], want) {
					t.Errorf("receiver after %+v, want %+v", r.O.P, want)
				}
			}},
		{name: "sentinel error", req: _gzReq{U: 5, In: []_gzV{{U: math.Float64bits(-1)}}, M: []int{7, 8}, B: 100}, killed: []int{7}, ran: 2,
			check: func(t *testing.T, r _gzResp) {
				if len(r.O.R) != 2 || r.O.R[1].X != "errNeg" || len(r.O.R[1].S) != 0 {
					t.Errorf("results %+v, want errNeg", r.O.R)
				}
			}},
		{name: "NaN result differs from a number", req: _gzReq{U: 5, In: []_gzV{{U: math.Float64bits(2)}}, M: []int{7, 8}, B: 100}, killed: []int{8}, ran: 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := _gzHandle(&tt.req)
			if r.Err != "" {
				t.Fatal(r.Err)
			}
			if !reflect.DeepEqual(r.K, tt.killed) || r.Ran != tt.ran {
				t.Errorf("killed %v ran %d, want %v ran %d", r.K, r.Ran, tt.killed, tt.ran)
			}
			if tt.check != nil {
				tt.check(t, r)
			}
			if _gzActive != 0 {
				t.Errorf("_gzActive left at %d", _gzActive)
			}
		})
	}
}

func TestHandleErrors(t *testing.T) {
	setup(t)
	for _, req := range []_gzReq{
		{U: 99},
		{U: 0, In: ints(1)},
		{U: 4, In: []_gzV{{E: []_gzV{{E: ints(1)}}}, {I: 1}}}, // struct with one field of three
	} {
		if r := _gzHandle(&req); r.Err == "" {
			t.Errorf("request %+v: no error", req)
		}
	}
}

func TestRuntimeKind(t *testing.T) {
	for msg, want := range map[string]string{
		"runtime error: index out of range [5] with length 3":           "runtime error: index out of range",
		"runtime error: slice bounds out of range [:5] with capacity 3": "runtime error: slice bounds out of range",
		"runtime error: integer divide by zero":                         "runtime error: integer divide by zero",
		"panic called with nil argument":                                "panic called with nil argument",
	} {
		if got := _gzRuntimeKind(msg); got != want {
			t.Errorf("%q -> %q, want %q", msg, got, want)
		}
	}
}

// TestServe runs the protocol over pipes, as the test binary does.
func TestServe(t *testing.T) {
	setup(t)
	reqR, reqW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	respR, respW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan bool)
	go func() {
		_gzServe(reqR, respW)
		respW.Close()
		close(done)
	}()
	enc := json.NewEncoder(reqW)
	dec := json.NewDecoder(respR)
	for i, in := range [][]_gzV{ints(1, 2), ints(3, 4)} {
		if err := enc.Encode(_gzReq{U: 0, In: in, M: []int{1}, B: 100}); err != nil {
			t.Fatal(err)
		}
		var r _gzResp
		if err := dec.Decode(&r); err != nil {
			t.Fatal(err)
		}
		if want := in[0].I + in[1].I; len(r.O.R) != 1 || r.O.R[0].I != want || !reflect.DeepEqual(r.K, []int{1}) {
			t.Errorf("request %d: %+v, want result %d and mutant 1 killed", i, r, want)
		}
	}
	// A batch: one round trip, one answer per input.
	if err := enc.Encode(_gzReq{U: 0, In: ints(1, 2), N: [][]_gzV{ints(3, 4), ints(5, 6)}, M: []int{1}, B: 100}); err != nil {
		t.Fatal(err)
	}
	var r _gzResp
	if err := dec.Decode(&r); err != nil {
		t.Fatal(err)
	}
	if len(r.O.R) != 1 || r.O.R[0].I != 3 || len(r.N) != 2 || r.N[0].O.R[0].I != 7 || r.N[1].O.R[0].I != 11 {
		t.Errorf("batch: %+v, want results 3, 7 and 11", r)
	}
	reqW.Close()
	<-done
}

// TestHandleAll checks that further inputs are answered in order, each
// exactly as a request of its own.
func TestHandleAll(t *testing.T) {
	setup(t)
	ins := [][]_gzV{ints(2, 3), ints(2, 0), ints(5, 5), ints(1)}
	req := _gzReq{U: 0, In: ins[0], N: ins[1:], M: []int{1, 2}, B: 100}
	r := _gzHandleAll(&req)
	if len(r.N) != len(ins)-1 {
		t.Fatalf("%d answers to %d further inputs", len(r.N), len(ins)-1)
	}
	got := append([]_gzResp{r}, r.N...)
	got[0].N = nil
	for i, in := range ins {
		want := _gzHandle(&_gzReq{U: 0, In: in, M: []int{1, 2}, B: 100})
		if !reflect.DeepEqual(got[i], want) {
			t.Errorf("input %d: %+v, alone %+v", i, got[i], want)
		}
	}
	if got[3].Err == "" {
		t.Error("a further input with one argument of two: no error")
	}
}

// TestSameOutcome checks that outcomes are the same exactly when their
// JSON encodings are: how they were compared before.
func TestSameOutcome(t *testing.T) {
	outcomes := []_gzOutcome{
		{},
		{R: []_gzV{}},
		{R: ints(0)},
		{R: ints(1)},
		{R: []_gzV{{U: 1}}},
		{R: []_gzV{{S: []byte{}}}},
		{R: []_gzV{{S: []byte("a")}}},
		{R: []_gzV{{X: "errNeg"}}},
		{R: []_gzV{{Nil: true}}},
		{R: []_gzV{{E: []_gzV{}}}},
		{R: []_gzV{{E: ints(1, 2)}}},
		{R: []_gzV{{E: ints(1, 3)}}},
		{R: ints(1), P: ints(1)},
		{P: ints(1)},
		{X: &_gzPanic{K: "budget"}},
		{X: &_gzPanic{K: "value", M: "x"}},
		{X: &_gzPanic{K: "value", M: "y"}},
	}
	for _, a := range outcomes {
		for _, b := range outcomes {
			ja, _ := json.Marshal(a)
			jb, _ := json.Marshal(b)
			if got, want := _gzSameOutcome(a, b), string(ja) == string(jb); got != want {
				t.Errorf("%s vs %s: same %v, want %v", ja, jb, got, want)
			}
		}
	}
}

// TestWaiting checks the watchdog's reading of goroutine dumps: a run is
// blocked when its goroutine and every other (but the watchdog's) wait on
// what only another goroutine can release; channels and selects, which a
// timer may wake, are told apart; anything running is progress.
func TestWaiting(t *testing.T) {
	old := _gzServing
	_gzServing = 1
	defer func() { _gzServing = old }()
	const self = 7
	g := func(id, state string) string { return "goroutine " + id + " [" + state + "]:\nmain.f()\n\tf.go:1" }
	for _, tt := range []struct {
		name string
		gs   []string
		want int
	}{
		{"mutex", []string{g("1", "sync.Mutex.Lock"), g("7", "running")}, 1},
		{"mutex for minutes", []string{g("1", "sync.Mutex.Lock, 2 minutes"), g("7", "running")}, 1},
		{"select no cases", []string{g("1", "select (no cases)")}, 1},
		{"channel", []string{g("1", "chan receive"), g("7", "running")}, 2},
		{"a helper runs", []string{g("1", "chan receive"), g("9", "runnable"), g("7", "running")}, 0},
		{"a helper sleeps", []string{g("1", "sync.WaitGroup.Wait"), g("9", "sleep")}, 0},
		{"the run itself runs", []string{g("1", "running"), g("7", "running")}, 0},
		{"the run is in a system call", []string{g("1", "syscall")}, 0},
		{"signal loop ignored", []string{g("1", "sync.Mutex.Lock"), "goroutine 5 [syscall]:\nos/signal.signal_recv()\n\tsigqueue.go:1"}, 1},
		{"sync's semacquire", []string{"goroutine 1 [semacquire]:\nsync.runtime_Semacquire(0x1)\n\tsema.go:1\nsync.(*WaitGroup).Wait(0x2)\n\twaitgroup.go:1\nmain.f()\n\tf.go:1"}, 1},
		// A goroutine allocating while a collection starts waits in the
		// runtime's semacquire: that is progress, not a block (seen on
		// strconv.FormatFloat with a huge precision).
		{"the runtime's semacquire", []string{"goroutine 1 [semacquire]:\nruntime.gcStart(0x1)\n\tmgc.go:1\nruntime.mallocgc(0x2)\n\tmalloc.go:1\nstrconv.FormatFloat()\n\tftoa.go:1", g("7", "running")}, 0},
		{"no run goroutine", []string{g("3", "sync.Mutex.Lock")}, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := _gzWaiting([]byte(strings.Join(tt.gs, "\n\n")), self); got != tt.want {
				t.Errorf("verdict %d, want %d", got, tt.want)
			}
		})
	}
}

// TestGoid checks that a goroutine's ID is read from its stack header.
func TestGoid(t *testing.T) {
	ch := make(chan int64)
	go func() { ch <- _gzGoid() }()
	a, b := _gzGoid(), <-ch
	if a <= 0 || b <= 0 || a == b {
		t.Errorf("IDs %d and %d", a, b)
	}
}

type level uint8

// TestPlainElems checks the fast path for containers of integers and
// booleans against the element-by-element one: the same encoding, and
// decoding gives back the value.
func TestPlainElems(t *testing.T) {
	arr := [4]byte{1, 0, 255, 7}
	for _, tt := range []struct {
		name string
		v    interface{}
	}{
		{"bytes", []byte{0, 1, 200, 255}},
		{"named bytes", []level{3, 0, 9}},
		{"byte array", [3]byte{9, 8, 7}},
		{"addressable byte array", &arr},
		{"int16", []int16{-32768, 0, 5, 32767}},
		{"ints", [2]int{-1, 1 << 40}},
		{"uintptr", []uintptr{0, 1 << 33}},
		{"bools", []bool{true, false, true}},
		{"uint64", []uint64{math.MaxUint64, 0}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			v := reflect.ValueOf(tt.v)
			if v.Kind() == reflect.Pointer {
				v = v.Elem()
			}
			got := _gzEncode(v, 0)
			want := _gzV{E: make([]_gzV, v.Len())}
			for i := range want.E {
				want.E[i] = _gzEncode(v.Index(i), 1)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("encoded %+v, want %+v", got, want)
			}
			back := reflect.New(v.Type()).Elem()
			if e := _gzDecode(back, got); e != "" {
				t.Fatal(e)
			}
			if !reflect.DeepEqual(back.Interface(), v.Interface()) {
				t.Errorf("decoded %v, want %v", back.Interface(), v.Interface())
			}
		})
	}
}
