package value

// This file implements recording callbacks: a func argument of a unit
// that records its calls (their arguments, in order) and returns results
// chosen by the engines, one list per result, in turn — what a Go
// developer writes by hand to check a visitor or a comparator, and what
// Pex calls a parameterized mock. The calls are part of what the row
// asserts.
//
// A recorder is an alternative (Alt.Record) of the func type whose
// operands are the results, plus the calls it recorded (Alt.Observed).
// The harness builds it from Alt.Expr; the emitted test writes it as a
// closure in the subtest (Recorder.Func), the table holding the results
// and the calls it wants.

import (
	"go/types"
	"strconv"
	"strings"
)

// Recorder is how a recording callback is written.
type Recorder struct {
	Params  []string // the parameters' types, in the unit's package ("...T" for a variadic one)
	Results []string // the results' types
	// Format and Args print a call: fmt.Sprintf(Format, Args...) over
	// the parameters a0, a1, …: basic values and interfaces shown (%q
	// for strings), others as "_".
	Format string
	Args   []string
}

// Func returns the closure that records a call into calls (a []string
// variable, or *p for a pointer p) and returns the results in turn from
// the slices results (one per result; the last again once they run out,
// the zero value when a slice is empty).
func (r *Recorder) Func(results []string, calls string) string {
	var b strings.Builder
	var ps []string
	for i, p := range r.Params {
		ps = append(ps, "a"+strconv.Itoa(i)+" "+p)
	}
	b.WriteString("func(" + strings.Join(ps, ", ") + ")")
	switch len(r.Results) {
	case 0:
	case 1:
		b.WriteString(" " + r.Results[0])
	default:
		b.WriteString(" (" + strings.Join(r.Results, ", ") + ")")
	}
	b.WriteString(" {\n")
	if len(r.Results) > 0 {
		b.WriteString("n := len(" + calls + ")\n")
	}
	call := strconv.Quote(r.Format)
	if len(r.Args) > 0 {
		call = "fmt.Sprintf(" + call + ", " + strings.Join(r.Args, ", ") + ")"
	}
	b.WriteString(calls + " = append(" + calls + ", " + call + ")\n")
	var outs []string
	for i, t := range r.Results {
		x := "x" + strconv.Itoa(i)
		rs := results[i]
		outs = append(outs, x)
		b.WriteString("var " + x + " " + t + "\n")
		b.WriteString("if len(" + rs + ") > 0 {\n" + x + " = " + rs + "[len(" + rs + ")-1]\n")
		b.WriteString("if n < len(" + rs + ") {\n" + x + " = " + rs + "[n]\n}\n}\n")
	}
	if len(outs) > 0 {
		b.WriteString("return " + strings.Join(outs, ", ") + "\n")
	}
	b.WriteString("}")
	return b.String()
}

// recordCalls names a recorder's calls among its operands (Keyed).
const recordCalls = "Calls"

// AddRecorder adds to vt, a func type t (modelled with funcAlts) of a
// unit's argument, the recording callback, in place of the literal that
// returns constants (which it subsumes). fmt must be free in the
// package.
func AddRecorder(vt *Type, t types.Type, env *Env) {
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || vt.Kind != Built || env.NoAlts || env.Pkg == nil || sig.TypeParams().Len() > 0 {
		return
	}
	b := &builder{pkg: env.Pkg, imports: env.Imports, memo: map[types.Type]*Type{}, env: env, depth: 1}
	if !b.usePkg("fmt", "fmt") {
		return
	}
	rec := &Recorder{}
	var fmts []string
	for i := 0; i < sig.Params().Len(); i++ {
		p := sig.Params().At(i).Type()
		name := b.name(p)
		a := "a" + strconv.Itoa(i)
		if sig.Variadic() && i == sig.Params().Len()-1 {
			name = "..." + strings.TrimPrefix(name, "[]")
		}
		rec.Params = append(rec.Params, name)
		switch u := p.Underlying().(type) {
		case *types.Basic:
			verb := "%v"
			if u.Info()&types.IsString != 0 {
				verb = "%q"
			}
			fmts = append(fmts, verb)
			rec.Args = append(rec.Args, a)
		case *types.Interface:
			fmts = append(fmts, "%v")
			rec.Args = append(rec.Args, a)
		default:
			fmts = append(fmts, "_")
		}
	}
	rec.Format = "(" + strings.Join(fmts, ", ") + ")"
	var params []types.Type
	var keys, slots, rvars []string
	for i := 0; i < sig.Results().Len(); i++ {
		r := sig.Results().At(i).Type()
		rec.Results = append(rec.Results, b.name(r))
		params = append(params, types.NewSlice(r))
		k := "Results"
		if sig.Results().Len() > 1 {
			k += strconv.Itoa(i)
		}
		keys = append(keys, k)
		slots = append(slots, "r"+strconv.Itoa(i)+" "+b.name(types.NewSlice(r)))
		rvars = append(rvars, "r"+strconv.Itoa(i))
	}
	params = append(params, types.NewSlice(tString))
	keys = append(keys, recordCalls)
	slots = append(slots, "_ []string")
	var args []string
	for i := range params {
		args = append(args, "$"+strconv.Itoa(i))
	}
	// The harness's constructor: the closure, and where its calls go.
	expr := "func(" + strings.Join(slots, ", ") + ") _gzRecorded { c := new([]string); return _gzRecorded{F: " +
		strings.ReplaceAll(rec.Func(rvars, "(*c)"), "\n", "; ") + ", C: c} }(" + strings.Join(args, ", ") + ")"
	a, err := b.alt("record", expr, "", "", params...)
	if err != nil {
		return
	}
	a.Record, a.Keyed, a.Observed, a.Label = rec, keys, 1, "record"
	var alts []*Alt
	for _, x := range vt.Alts {
		if x.Label != "const" {
			alts = append(alts, x)
		}
	}
	vt.Alts = append(alts, a)
	vt.Unseen = false // its calls are seen
}
