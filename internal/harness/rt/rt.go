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
package rt

import (
	_gzbufio "bufio"
	_gzjson "encoding/json"
	_gzerrors "errors"
	_gzfmt "fmt"
	_gzmath "math"
	_gzos "os"
	_gzreflect "reflect"
	_gzruntime "runtime"
	_gzstrings "strings"
	_gzunsafe "unsafe"
)

// _gzEnv switches a test binary into harness mode.
const _gzEnv = "GOZILLA_HARNESS"

func init() {
	if _gzos.Getenv(_gzEnv) != "1" {
		return
	}
	_gzStop = func() {
		_gzStopped = true
		panic(_gzBudgetExceeded{})
	}
	in := _gzos.NewFile(3, "gozilla-requests")
	out := _gzos.NewFile(4, "gozilla-answers")
	if in == nil || out == nil {
		_gzos.Stderr.WriteString("gozilla harness: descriptors 3 and 4 are not open\n")
		_gzos.Exit(2)
	}
	_gzServe(in, out)
	_gzos.Exit(0)
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
}

type _gzResp struct {
	O   _gzOutcome `json:"o"`             // the original's outcome
	T   uint64     `json:"t"`             // ticks of the original run
	H   []int      `json:"h,omitempty"`   // sites the original reached
	K   []int      `json:"k,omitempty"`   // mutants whose outcome differs
	U   []int      `json:"u,omitempty"`   // quick mode: mutants over the tight budget, undecided
	Ran int        `json:"ran"`           // mutants run
	Rej bool       `json:"rej,omitempty"` // the input breaks the unit's assumptions: nothing ran
	Err string     `json:"err,omitempty"`
	N   []_gzResp  `json:"more,omitempty"` // the answers for the request's further inputs, in order
}

// _gzOutcome is an outcome. Two runs differ exactly when their encodings do.
type _gzOutcome struct {
	R []_gzV    `json:"r,omitempty"` // results
	P []_gzV    `json:"p,omitempty"` // arguments after the call (receiver first)
	X *_gzPanic `json:"x,omitempty"` // the call panicked
}

// _gzPanic classifies a panic: K is "runtime" (M the kind of runtime
// error, without its numbers), "value" (M the panic value printed) or
// "budget" (the loop budget ran out: a timeout).
type _gzPanic struct {
	K string `json:"k"`
	M string `json:"m,omitempty"`
}

type _gzBudgetExceeded struct{}

// _gzUnit is one function or method under test; a method's receiver is
// its first parameter (a method expression).
type _gzUnit struct {
	F any
	A any // nil, or a func of F's inputs reporting whether they meet the unit's //gozilla:assume directives
}

var _gzStopped bool

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
		enc.Encode(resp)
		w.Flush()
	}
}

// _gzHandleAll answers a request: its input, then each further input.
func _gzHandleAll(req *_gzReq) _gzResp {
	more := req.N
	req.N = nil
	resp := _gzHandle(req)
	for _, in := range more {
		req.In = in
		resp.N = append(resp.N, _gzHandle(req))
	}
	return resp
}

func _gzHandle(req *_gzReq) (resp _gzResp) {
	if req.U < 0 || req.U >= len(_gzUnits) {
		resp.Err = "no unit " + _gzfmt.Sprint(req.U)
		return resp
	}
	if a := _gzUnits[req.U].A; a != nil {
		ok, err := _gzAssume(_gzreflect.ValueOf(a), req.In)
		if err != "" {
			resp.Err = err
			return resp
		}
		if !ok {
			resp.Rej = true
			return resp
		}
	}
	fn := _gzreflect.ValueOf(_gzUnits[req.U].F)
	for i := range _gzSeen {
		_gzSeen[i].Store(false)
	}
	orig, ticks, err := _gzCall(fn, req.In, -1, req.B)
	if err != "" {
		resp.Err = err
		return resp
	}
	resp.O, resp.T = orig, ticks
	for i := range _gzSeen {
		if _gzSeen[i].Load() {
			resp.H = append(resp.H, i)
		}
	}
	if orig.X != nil && orig.X.K == "budget" {
		return resp // the input is too costly: no mutant runs
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
	try := func(m int) {
		resp.Ran++
		got, _, _ := _gzCall(fn, req.In, m, budget)
		if got.X != nil && got.X.K == "budget" && req.MB == 0 {
			if req.Q {
				resp.U = append(resp.U, m)
				return
			}
			got, _, _ = _gzCall(fn, req.In, m, 100*ticks+1<<18)
		}
		if !_gzSameOutcome(got, orig) {
			resp.K = append(resp.K, m)
		}
	}
	for _, m := range req.M {
		if m <= 0 || m >= len(_gzMutSite) {
			continue
		}
		if req.A || _gzSeen[_gzMutSite[m]].Load() {
			try(m)
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
				if m/8 < len(req.L) && req.L[m/8]&(1<<(m%8)) != 0 {
					try(m)
				}
			}
		}
	}
	_gzActive = 0
	return resp
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
	for i := range in {
		v := _gzreflect.New(ft.In(i)).Elem()
		if e := _gzDecode(v, in[i]); e != "" {
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
	args, e := _gzArgs(ft, in)
	if e != "" {
		return out, 0, e
	}
	_gzActive, _gzTicks, _gzBudget, _gzStopped = m, 0, budget, false
	var results []_gzreflect.Value
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
	}()
	ticks = _gzTicks
	_gzActive, _gzBudget = 0, 1<<64-1
	if _gzStopped {
		// The budget ran out, even if the unit recovered the stop.
		out = _gzOutcome{X: &_gzPanic{K: "budget"}}
		return out, ticks, ""
	}
	if out.X != nil {
		return out, ticks, "" // a panic is the whole outcome: the emitted test stops there too
	}
	for _, r := range results {
		out.R = append(out.R, _gzEncode(r, 0))
	}
	for _, a := range args {
		out.P = append(out.P, _gzEncode(a, 0))
	}
	return out, ticks, ""
}

func _gzClassify(r any) *_gzPanic {
	switch v := r.(type) {
	case _gzBudgetExceeded:
		return &_gzPanic{K: "budget"}
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

var _gzErrorType = _gzreflect.TypeFor[error]()

// _gzMaxDepth bounds the encoding of pointer chains (cyclic structures).
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
		for i := range out.E {
			out.E[i] = _gzEncode(v.Index(i), depth+1)
		}
		return out
	case _gzreflect.Array:
		out := _gzV{E: make([]_gzV, v.Len())}
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
		return _gzV{E: []_gzV{_gzEncode(v.Elem(), depth+1)}}
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
		for i := range w.E {
			if e := _gzDecode(s.Index(i), w.E[i]); e != "" {
				return e
			}
		}
		v.Set(s)
	case _gzreflect.Array:
		if len(w.E) != v.Len() {
			return _gzfmt.Sprintf("array of %d elements, got %d", v.Len(), len(w.E))
		}
		for i := range w.E {
			if e := _gzDecode(v.Index(i), w.E[i]); e != "" {
				return e
			}
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
