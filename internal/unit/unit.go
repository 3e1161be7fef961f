// Package unit finds the units of a package that gozilla generates tests
// for: every package-level function and method, exported or not, whose
// receiver, parameters and results it can construct and compare, and says
// why the others are skipped.
//
// In: a *load.Package. Out: []*Unit in source order, each with its
// parameters' value types, its constant pool (literals of its body, which
// random inputs draw on) and its harness call expression; plus the
// package's exported sentinel errors.
package unit

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/value"
)

// Param is a parameter, result or receiver.
type Param struct {
	Name string // as declared; "" when unnamed or blank
	Type *value.Type
}

// Unit is one function or method.
type Unit struct {
	Name     string // "F", "T.M" or "(*T).M", as mutate.Mutant.Func
	Func     *types.Func
	Decl     *ast.FuncDecl
	Pos      token.Position
	Recv     *Param  // nil for functions
	Params   []Param // without the receiver; a variadic last parameter is a slice
	Results  []Param
	Variadic bool
	Expr     string // Go expression of function type for the harness: F, (*T).M, T.M; F[int], (*S[int]).M for generic units
	// TypeArgs is the instantiation a generic unit is tested as: the
	// type arguments of the function, or of the receiver's generic type,
	// as "[int]" or "[string, int]"; "" when the unit is not generic.
	// Recv, Params and Results have the instance's types.
	TypeArgs string
	// CallTypeArgs is what a call of the unit spells after its name:
	// TypeArgs for a generic function whose type arguments its arguments
	// do not determine (a type parameter only in the results), else "".
	CallTypeArgs string

	Pool value.Pool
	// NonFinite: the unit's body, or a function of the package it
	// calls, spells math.Inf or math.NaN: its infinities are answers
	// (the distance to an empty interval), not bugs.
	NonFinite bool
	// Machine: the unit, or a function of the package it calls, reads
	// the state of the machine or the moment (the clock, the host's
	// name and interfaces, randomness): a row would pin what passes
	// here and fails elsewhere.
	Machine bool
	Imports map[string]string // package name -> path, for types of other packages

	// Views are, for each input (receiver first) then each result, the
	// observers through which its state is seen after the call, in place
	// of its value (see Observer, View); nil entries, or a nil slice,
	// where values are seen as such.
	Views [][]Observer

	// Skip is why the unit is not generated for ("" = supported).
	Skip string

	// Assume holds the unit's //gozilla:assume directives (seed 003
	// §3.1.1, assertion constraints): boolean Go expressions over its
	// parameters and receiver that every input must meet.
	Assume []Assumption
	// AssumeErr is the first malformed directive, as "file:line: why".
	AssumeErr string
}

// Assumption is one //gozilla:assume directive.
type Assumption struct {
	Text string
	Pos  token.Position
	Expr ast.Expr    // parsed, type-checked in the function's scope
	Info *types.Info // types of Expr's nodes
}

// AssumeDirective starts a line of a function's doc comment that states
// a precondition of its inputs.
const AssumeDirective = "//gozilla:assume "

// assumptions parses the unit's directives.
func assumptions(pkg *load.Package, fd *ast.FuncDecl, u *Unit) {
	if fd.Doc == nil || fd.Body == nil {
		return
	}
	for _, cm := range fd.Doc.List {
		if !strings.HasPrefix(cm.Text, AssumeDirective) {
			continue
		}
		rest := strings.TrimPrefix(cm.Text, AssumeDirective)
		text := strings.TrimSpace(rest)
		pos := pkg.Fset.Position(cm.Pos())
		// The expression's column in the file: the directive's, past
		// "//gozilla:assume " and the spaces before the expression.
		start := pos.Column + len(AssumeDirective) + len(rest) - len(strings.TrimLeft(rest, " \t"))
		fail := func(offset int, why string) {
			if u.AssumeErr == "" {
				u.AssumeErr = fmt.Sprintf("%s:%d:%d: gozilla:assume: %s", relFile(pos.Filename), pos.Line, start+offset, why)
			}
		}
		efset := token.NewFileSet()
		e, err := parser.ParseExprFrom(efset, "", text, 0)
		if err != nil {
			var el scanner.ErrorList
			if errors.As(err, &el) && len(el) > 0 {
				fail(el[0].Pos.Offset, el[0].Msg)
			} else {
				fail(0, err.Error())
			}
			continue
		}
		info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}}
		// The body's opening brace is inside the function's scope, where
		// the parameters are visible. The expression's positions are in
		// efset (its own text), which the error's position is read in.
		if err := types.CheckExpr(pkg.Fset, pkg.Types, fd.Body.Lbrace, e, info); err != nil {
			var te types.Error
			if errors.As(err, &te) && te.Pos.IsValid() {
				fail(efset.Position(te.Pos).Offset, te.Msg)
			} else {
				fail(0, err.Error())
			}
			continue
		}
		if b, ok := info.Types[e].Type.Underlying().(*types.Basic); !ok || b.Info()&types.IsBoolean == 0 {
			fail(0, fmt.Sprintf("%s is not a boolean expression", text))
			continue
		}
		u.Assume = append(u.Assume, Assumption{Text: text, Pos: pos, Expr: e, Info: info})
	}
	if len(u.Assume) > 0 && len(u.Imports) > 0 {
		pos := u.Assume[0].Pos
		u.AssumeErr = fmt.Sprintf("%s:%d:%d: gozilla:assume: not supported on a unit whose inputs have types of other packages", relFile(pos.Filename), pos.Line, pos.Column)
	}
}

// AssumeFunc returns a Go func literal over the unit's inputs (receiver
// first) that reports whether they meet its assumptions, for the harness;
// "" when there are none.
func (u *Unit) AssumeFunc(pkg *types.Package) string {
	if len(u.Assume) == 0 {
		return ""
	}
	var params []string
	sig := u.Func.Type().(*types.Signature)
	qual := types.RelativeTo(pkg)
	if r := sig.Recv(); r != nil {
		params = append(params, paramName(r.Name())+" "+types.TypeString(r.Type(), qual))
	}
	for i := 0; i < sig.Params().Len(); i++ {
		p := sig.Params().At(i)
		t := types.TypeString(p.Type(), qual)
		if sig.Variadic() && i == sig.Params().Len()-1 {
			t = "..." + types.TypeString(p.Type().(*types.Slice).Elem(), qual)
		}
		params = append(params, paramName(p.Name())+" "+t)
	}
	var conds []string
	for _, a := range u.Assume {
		conds = append(conds, "("+a.Text+")")
	}
	return "func(" + strings.Join(params, ", ") + ") bool { return " + strings.Join(conds, " && ") + " }"
}

func paramName(n string) string {
	if n == "" {
		return "_"
	}
	return n
}

// Inputs returns the types of the harness arguments: receiver first.
func (u *Unit) Inputs() []*value.Type {
	var ts []*value.Type
	if u.Recv != nil {
		ts = append(ts, u.Recv.Type)
	}
	for _, p := range u.Params {
		ts = append(ts, p.Type)
	}
	return ts
}

// Find returns the package's units in source order. If run is not nil,
// only units whose name matches it are returned.
func Find(pkg *load.Package, run *regexp.Regexp) []*Unit {
	var units []*Unit
	for _, f := range pkg.Files {
		if f.Cgo {
			continue // cgo's output: nothing in it is mutated or measured
		}
		for _, d := range f.Syntax.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			name := mutate.FuncName(fd)
			if run != nil && !run.MatchString(name) {
				continue
			}
			units = append(units, build(pkg, fd, name))
		}
	}
	return units
}

func build(pkg *load.Package, fd *ast.FuncDecl, name string) *Unit {
	u := &Unit{Name: name, Decl: fd, Pos: pkg.Fset.Position(fd.Pos()), Imports: map[string]string{}}
	obj, _ := pkg.Info.Defs[fd.Name].(*types.Func)
	if obj == nil {
		u.Skip = "no type information"
		return u
	}
	u.Func = obj
	sig := obj.Type().(*types.Signature)
	switch {
	case fd.Body == nil:
		u.Skip = "no body (assembly or linkname)"
		return u
	case fd.Recv == nil && fd.Name.Name == "init":
		u.Skip = "init function"
		return u
	case fd.Recv == nil && fd.Name.Name == "main" && pkg.Name == "main":
		u.Skip = "program entry point"
		return u
	case fd.Name.Name == "_":
		u.Skip = "blank name"
		return u
	case isGeneric(sig) && hasAssume(fd):
		// AssumeFunc spells the declared (generic) parameter types.
		u.Skip = "generic: gozilla:assume is not supported on a generic unit"
		return u
	}
	generic := isGeneric(sig)
	if generic {
		// Candidate instances are modelled as typ below does.
		env := unitEnv(pkg, fd, &Unit{})
		inst, why := instantiate(pkg, obj, func(t types.Type, allowError bool) error {
			env.Imports = nil // a scratch map: only the chosen instance's imports go to u
			_, err := value.Build(t, env, allowError)
			return err
		})
		if inst == nil {
			u.Skip = why
			return u
		}
		if sig.Recv() == nil && !inferable(sig) {
			u.CallTypeArgs = inst.spelled
		}
		sig, u.TypeArgs = inst.sig, inst.spelled
	}
	typ := func(what string, t types.Type, allowError bool) *value.Type {
		if u.Skip != "" {
			return nil
		}
		vt, err := value.Build(t, unitEnv(pkg, fd, u), allowError)
		if err != nil {
			u.Skip = unsupported(what, t, pkg.Types, err)
			return nil
		}
		return vt
	}
	if r := sig.Recv(); r != nil {
		u.Recv = &Param{Name: blank(r.Name()), Type: typ("receiver", r.Type(), false)}
		if u.Recv.Type != nil {
			// Receivers as users build them: constructor, then methods.
			value.AddSequences(u.Recv.Type, r.Type(), unitEnv(pkg, fd, u))
		}
		u.Expr = "(" + types.TypeString(r.Type(), types.RelativeTo(pkg.Types)) + ")." + fd.Name.Name
		if _, ptr := r.Type().(*types.Pointer); !ptr {
			u.Expr = types.TypeString(r.Type(), types.RelativeTo(pkg.Types)) + "." + fd.Name.Name
		}
	} else {
		u.Expr = fd.Name.Name
		if generic {
			u.Expr += u.TypeArgs
		}
	}
	var names []string
	for i := 0; i < sig.Params().Len(); i++ {
		names = append(names, sig.Params().At(i).Name())
	}
	// Ranges the function's documentation gives its parameters ("Both
	// arguments must be in the range [-π,π]").
	paramRanges := value.ParamRanges(fd.Doc.Text(), names)
	chars := charParamsOf(pkg)
	callerRanges := callerRangesOf(pkg)
	compared := comparedRanges(pkg, fd)
	for i := 0; i < sig.Params().Len(); i++ {
		p := sig.Params().At(i)
		pt := value.WithRange(typ("parameter "+label(p.Name(), i), p.Type(), false), paramRanges[p.Name()])
		if chars[p] {
			pt = value.AsChar(pt) // a delimiter, not a number
		}
		if r := callerRanges[p]; r != nil {
			pt = value.WithRange(pt, r) // a length, as every caller passes
		}
		if r := compared[p]; r != nil {
			pt = value.WithRange(pt, r) // a point among the receiver's ranged fields
		}
		if pt != nil && hiddenState(p.Type()) {
			// Arguments of the package's types as users build them too.
			value.AddSequences(pt, p.Type(), unitEnv(pkg, fd, u))
		}
		if _, ok := p.Type().Underlying().(*types.Signature); ok && pt != nil {
			// A callback records its calls.
			value.AddRecorder(pt, p.Type(), unitEnv(pkg, fd, u))
		}
		u.Params = append(u.Params, Param{Name: blank(p.Name()), Type: pt})
	}
	u.Variadic = sig.Variadic()
	for i := 0; i < sig.Results().Len(); i++ {
		r := sig.Results().At(i)
		u.Results = append(u.Results, Param{Name: blank(r.Name()), Type: typ("result "+label(r.Name(), i), r.Type(), true)})
	}
	if u.Skip == "" {
		// States seen as their users see them: through methods.
		var ts []types.Type
		if r := sig.Recv(); r != nil {
			ts = append(ts, r.Type())
		}
		for i := 0; i < sig.Params().Len(); i++ {
			ts = append(ts, sig.Params().At(i).Type())
		}
		for i := 0; i < sig.Results().Len(); i++ {
			ts = append(ts, sig.Results().At(i).Type())
		}
		vts := u.Inputs()
		for _, r := range u.Results {
			vts = append(vts, r.Type)
		}
		views := make([][]Observer, len(ts))
		seen := false
		for k, t := range ts {
			if k < len(vts)-len(u.Results) && ownIface(pkg, t) {
				// An interface passed in is not seen after the call
				// (the unit's own implementations are, as a receiver).
				continue
			}
			views[k] = view(pkg, fd, u, t, vts[k], fd.Name.Name)
			if k >= len(vts)-len(u.Results) && vts[k] != nil {
				if obs := recvView(pkg, fd, u, t); obs != nil {
					views[k] = obs
				} else if views[k] == nil {
					views[k] = fieldRecvView(pkg, fd, u, t)
				}
			}
			if k == 0 && sig.Recv() != nil && views[k] == nil && hiddenState(t) && sig.Params().Len() == 0 && sig.Results().Len() > 0 && !mutatorName(fd.Name.Name) {
				// An accessor whose receiver has no other observer (Len
				// of a type whose only one it is): its receiver is not
				// seen after the call, rather than spelled through its
				// fields.
				views[k] = []Observer{}
			}
			seen = seen || views[k] != nil
		}
		if seen {
			u.Views = views
		}
	}
	if u.Skip == "" && u.Recv == nil && len(u.Params) == 0 && len(u.Results) == 0 {
		u.Skip = "nothing to observe: no receiver, parameters or results"
	}
	if u.Skip != "" {
		u.Recv, u.Params, u.Results, u.Views = nil, nil, nil, nil
		u.TypeArgs, u.CallTypeArgs = "", ""
		return u
	}
	u.Pool = pool(pkg.Info, fd.Body, ctorBodies(pkg, u.Func)...)
	u.NonFinite = nonFinite(pkg, fd)
	if u.Func != nil {
		u.Machine = outsideOf(pkg).Machine(u.Func)
	}
	assumptions(pkg, fd, u)
	return u
}

// unsupported explains why value.FromTypes rejects t (with err), what
// being the input's role ("receiver", "parameter m"), by the path from t
// to the part that cannot be modelled: "receiver Constraints: field f:
// func type constraintFunc" (the error alone names only the innermost
// type). A pointer is not a step of its own.
func unsupported(what string, t types.Type, pkg *types.Package, err error) string {
	qual := types.RelativeTo(pkg)
	fails := func(c types.Type) error {
		_, err := value.Build(c, &value.Env{Pkg: pkg}, false)
		return err
	}
	seen := map[types.Type]bool{} // recursive types: each type once
	var parts []string
	label := what
	for {
		name := types.TypeString(t, qual)
		seen[t] = true
		// Descend into the first component that cannot be modelled,
		// through unnamed pointers.
		var next types.Type
		var nextLabel string
		cur := deref(t)
		seen[cur] = true
		try := func(l string, c types.Type) {
			if next == nil && !seen[deref(c)] {
				if e := fails(c); e != nil {
					next, nextLabel, err = c, l, e
				}
			}
		}
		switch u := cur.Underlying().(type) {
		case *types.Array:
			try("element", u.Elem())
		case *types.Slice:
			try("element", u.Elem())
		case *types.Map:
			try("key", u.Key())
			try("element", u.Elem())
		case *types.Pointer:
			try("pointee", u.Elem())
		case *types.Struct:
			for i := 0; i < u.NumFields(); i++ {
				try("field "+u.Field(i).Name(), u.Field(i).Type())
			}
		}
		if next == nil {
			// t itself is what cannot be modelled.
			why := err.Error()
			var ue *value.Unsupported
			if errors.As(err, &ue) {
				why = ue.Reason
			}
			switch {
			case isNamed(cur):
				why = "type " + types.TypeString(cur, qual) + " (" + why + ")"
			case strings.HasPrefix(name, why), why == "channel" && strings.HasPrefix(name, "chan"):
				why = name
			default:
				why = name + " (" + why + ")"
			}
			return strings.Join(append(parts, label, why), ": ")
		}
		if isNamed(cur) {
			label += " " + name
		}
		parts = append(parts, label)
		t, label = next, nextLabel
	}
}

// deref strips t's unnamed pointers.
func deref(t types.Type) types.Type {
	for {
		p, ok := t.(*types.Pointer)
		if !ok {
			return t
		}
		t = p.Elem()
	}
}

// isNamed reports whether t is a named type (or an alias of one).
func isNamed(t types.Type) bool {
	_, ok := types.Unalias(t).(*types.Named)
	return ok
}

func blank(name string) string {
	if name == "_" {
		return ""
	}
	return name
}

func label(name string, i int) string {
	if name == "" || name == "_" {
		return "#" + strconv.Itoa(i+1)
	}
	return name
}

// Sentinels returns the package's exported package-level variables of a
// type that implements error, in source order: the errors the emitted
// tests compare results with using errors.Is.
func Sentinels(pkg *load.Package) []string {
	errType := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
	type named struct {
		name string
		pos  token.Pos
	}
	var out []named
	scope := pkg.Types.Scope()
	for _, name := range scope.Names() {
		v, ok := scope.Lookup(name).(*types.Var)
		if !ok || !v.Exported() {
			continue
		}
		if types.Implements(v.Type(), errType) {
			out = append(out, named{name, v.Pos()})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].pos < out[j].pos })
	names := make([]string, len(out))
	for i, n := range out {
		names[i] = n.name
	}
	return names
}

// relFile shortens a file name to the working directory, as the
// compiler's messages are.
func relFile(name string) string {
	wd, err := os.Getwd()
	if err != nil {
		return name
	}
	if rel, err := filepath.Rel(wd, name); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return name
}
