package coverage

// This file computes the def-use pairs of a function declaration and the
// probes that record them.
//
// Units. A function declaration and each func literal in it is a unit:
// a body with its own variables, its own control-flow graph and, at run
// time, its own activation record (_gzA, declared first in the body, one
// per call, nil unless in coverage mode; see runtime.go). The activation
// holds, per tracked variable, the definition that executed last.
//
// Events. A unit's code is reduced to events in execution order: uses
// and definitions of tracked variables. The static analysis (reaching
// definitions over a control-flow graph of blocks of events) gives the
// pairs; the probes replay the same events at run time: a definition
// sets the activation's last definition of its variable, a use looks up
// the pair (last definition, this use) and records it. A use whose last
// definition is not in the static table is reported as an error line
// ("!…"), which the tests check never happens.
//
// Where events are recorded, exactly when they happen:
//
//   - A read of a variable x is wrapped: _gzU(_gzA, u, x) records use u
//     when x is evaluated (function calls, including these, are
//     evaluated in lexical left-to-right order).
//   - Definitions by an assignment, ++/--, op= or var declaration in a
//     statement list are recorded by a probe right after the statement
//     (nothing runs in between; if the statement panics the activation
//     sees no more uses). The implicit read of x in x++ and x op= c
//     (c constant) is recorded by the same probe, before the definition.
//   - x op= e with e not constant: e is wrapped, _gzW(_gzA, p, e), which
//     records the read of x and its definition after e is evaluated and
//     before the operation (which may panic: division, shift).
//   - In the init statement of an if, switch or type switch the
//     definitions are recorded as the first argument of the next
//     evaluated expression: the condition (_gzCond(k+_gzP(_gzA, p), c)),
//     the tag, the first case expression of a tagless switch or the
//     type switch guard operand (_gzI(_gzP(_gzA, p), e)).
//   - In a for loop's init statement "v, w = e, f" gets an extra blank
//     operand, "v, w, _ = e, f, _gzP(_gzA, p)", which runs after e and f
//     and before the assignment; other init statements whose right side
//     does not read the variables they define (x++, x, ok := f()) are
//     recorded by a probe just before the for statement.
//   - A for loop's post statement: the same blank operand; otherwise a
//     probe at the end of the body and before each continue that targets
//     the loop, the only ways to reach the post statement.
//   - Range key and value, type switch bindings and select receive
//     variables: a probe at the start of the body or clause.
//   - Parameters and named results: when the activation is created.
//   - A bare return reads the named results: a probe before it.
//
// Constructs these rules cannot record exactly make the variables
// involved untracked (Plan.Untracked says why) rather than approximate.

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strconv"
)

// flowDecl is the def-use analysis of one function declaration.
type flowDecl struct {
	fb        *fileBuilder
	fi        int
	fd        *ast.FuncDecl
	units     []*funit
	litUnit   map[*ast.FuncLit]*funit
	identUnit map[*ast.Ident]*funit
	varUnit   map[*types.Var]*funit
	varPos    map[*types.Var]token.Pos
	varOrder  []*types.Var
	untracked map[*types.Var]string
	noUses    map[*types.Var]bool
	condPre   map[ast.Expr]int // if condition -> global probe ID of its pre-argument
}

// funit is one unit: the declaration or a func literal.
type funit struct {
	d      *flowDecl
	node   ast.Node // *ast.FuncDecl or *ast.FuncLit
	body   *ast.BlockStmt
	params []param

	// build state
	vars    []*types.Var
	vidx    map[*types.Var]int
	blocks  []*fblock
	cur     *fblock
	labels  map[string]*flabel
	targets []*ftarget
	gotos   map[string]bool
	defs    []fdef
	uses    []fuse
	probes  []fprobe
	cont    map[*ast.ForStmt][]*ast.BranchStmt
	fails   map[*types.Var]string
	results []*types.Var // tracked named results, for bare returns

	entry []int // definitions made on entry

	needAct          bool // some insertion refers to _gzA
	defBase, useBase int  // global IDs of the first definition and use
}

type param struct {
	v    *types.Var
	id   *ast.Ident
	kind string
}

type fblock struct {
	ev   []fev
	succ []*fblock
	idx  int
}

// fev is an event: a use or a definition (index into funit.uses/defs).
type fev struct {
	def bool
	v   int
	id  int
}

type fdef struct {
	v    int
	pos  token.Pos
	text string
}

type fuse struct {
	v     int
	pos   token.Pos
	ident *ast.Ident // wrapped read; nil when a probe records it
	text  string
}

type probeKind int

const (
	pkAfter        probeKind = iota // after a statement
	pkCond                          // pre-argument of an if condition
	pkPreArg                        // pre-argument of an expression: _gzI(_gzP(…), e)
	pkClause                        // start of a case or comm clause body
	pkBodyStart                     // start of a range body
	pkPreStmt                       // before a statement
	pkPrePost                       // end of a for body and before continues
	pkBlank                         // blank operand of an assignment
	pkInPlace                       // wrapping the right side of op=
	pkBeforeReturn                  // before a bare return
)

type fprobe struct {
	kind probeKind
	node ast.Node
	evs  []fev
	gid  int // global probe ID, set by emit
}

type flabel struct {
	block     *fblock
	brk, cont *fblock
}

type ftarget struct {
	brk, cont, fall *fblock
	loop            *ast.ForStmt // for continue: the for statement, if any
}

func (fb *fileBuilder) flow(fi int, fd *ast.FuncDecl) (*flowDecl, error) {
	d := &flowDecl{
		fb: fb, fi: fi, fd: fd,
		litUnit:   map[*ast.FuncLit]*funit{},
		identUnit: map[*ast.Ident]*funit{},
		varUnit:   map[*types.Var]*funit{},
		varPos:    map[*types.Var]token.Pos{},
		untracked: map[*types.Var]string{},
		noUses:    map[*types.Var]bool{},
		condPre:   map[ast.Expr]int{},
	}
	d.collect()
	d.disqualify()
	for _, u := range d.units {
		if fb.stopped() {
			return nil, ErrStopped
		}
		for {
			u.build()
			if len(u.fails) > 0 {
				for _, v := range d.varOrder {
					if why, ok := u.fails[v]; ok {
						d.untracked[v] = why
					}
				}
				continue
			}
			// Variables never read have no pairs: leave their
			// definitions unrecorded.
			used := make([]bool, len(u.vars))
			for _, us := range u.uses {
				used[us.v] = true
			}
			again := false
			for i, v := range u.vars {
				if !used[i] {
					d.noUses[v] = true
					again = true
				}
			}
			if !again {
				break
			}
		}
	}
	d.emit()
	return d, nil
}

func (d *flowDecl) info() *types.Info { return d.fb.pkg.Info }

// collect finds the units and their candidate variables.
func (d *flowDecl) collect() {
	info := d.info()
	root := &funit{d: d, node: d.fd, body: d.fd.Body}
	d.units = append(d.units, root)
	addFields := func(u *funit, fl *ast.FieldList, kind string) {
		if fl == nil {
			return
		}
		for _, f := range fl.List {
			for _, name := range f.Names {
				if v, ok := info.Defs[name].(*types.Var); ok && name.Name != "_" {
					d.cand(v, u, name.Pos())
					u.params = append(u.params, param{v: v, id: name, kind: kind})
				}
			}
		}
	}
	addFields(root, d.fd.Recv, "receiver")
	addFields(root, d.fd.Type.Params, "param")
	addFields(root, d.fd.Type.Results, "result")
	var walk func(n ast.Node, u *funit)
	walk = func(n ast.Node, u *funit) {
		ast.Inspect(n, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.FuncLit:
				lu := &funit{d: d, node: m, body: m.Body}
				d.units = append(d.units, lu)
				d.litUnit[m] = lu
				addFields(lu, m.Type.Params, "param")
				addFields(lu, m.Type.Results, "result")
				walk(m.Body, lu)
				return false
			case *ast.Ident:
				d.identUnit[m] = u
				if v, ok := info.Defs[m].(*types.Var); ok && !v.IsField() && m.Name != "_" {
					d.cand(v, u, m.Pos())
				}
			case *ast.TypeSwitchStmt:
				if as, ok := m.Assign.(*ast.AssignStmt); ok {
					for _, c := range m.Body.List {
						if v, ok := info.Implicits[c].(*types.Var); ok && v.Name() != "_" {
							d.cand(v, u, as.Lhs[0].Pos())
						}
					}
				}
			}
			return true
		})
	}
	walk(d.fd.Body, root)
}

func (d *flowDecl) cand(v *types.Var, u *funit, pos token.Pos) {
	if _, ok := d.varUnit[v]; ok {
		return
	}
	d.varUnit[v] = u
	d.varPos[v] = pos
	d.varOrder = append(d.varOrder, v)
}

func (d *flowDecl) untrack(v *types.Var, why string) {
	if v == nil {
		return
	}
	if _, ok := d.varUnit[v]; !ok {
		return
	}
	if _, ok := d.untracked[v]; !ok {
		d.untracked[v] = why
	}
}

// disqualify untracks the candidates go/ssa would keep in memory:
// captured by another unit, address taken, partially assigned.
func (d *flowDecl) disqualify() {
	info := d.info()
	for id, u := range d.identUnit {
		if v, ok := info.Uses[id].(*types.Var); ok {
			if vu, ok := d.varUnit[v]; ok && vu != u {
				d.untrack(v, "captured by a func literal")
			}
		}
	}
	partial := func(e ast.Expr) {
		if ident(e) == nil {
			d.untrack(d.pathBase(e), "partially assigned")
		}
	}
	ast.Inspect(d.fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				d.untrack(d.pathBase(n.X), "address taken")
			}
		case *ast.SelectorExpr:
			if sel := info.Selections[n]; sel != nil && sel.Kind() == types.MethodVal && implicitAddr(sel, info.TypeOf(n.X)) {
				d.untrack(d.pathBase(n.X), "address taken by a pointer-receiver method")
			}
		case *ast.SliceExpr:
			if t := info.TypeOf(n.X); t != nil && mayBeArray(t) {
				d.untrack(d.pathBase(n.X), "array sliced (address taken)")
			}
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				partial(l)
			}
		case *ast.IncDecStmt:
			partial(n.X)
		case *ast.RangeStmt:
			if n.Tok == token.ASSIGN {
				if n.Key != nil {
					partial(n.Key)
				}
				if n.Value != nil {
					partial(n.Value)
				}
			}
		case *ast.DeclStmt:
			// var ( a = …; b = a ): the definitions of a group are
			// recorded after the whole declaration.
			gd, ok := n.Decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR || len(gd.Specs) < 2 {
				break
			}
			defined := map[*types.Var]bool{}
			for _, s := range gd.Specs {
				vs := s.(*ast.ValueSpec)
				for _, e := range vs.Values {
					ast.Inspect(e, func(m ast.Node) bool {
						if id, ok := m.(*ast.Ident); ok {
							if v, ok := info.Uses[id].(*types.Var); ok && defined[v] {
								d.untrack(v, "read by a later spec of its var group")
							}
						}
						return true
					})
				}
				for _, name := range vs.Names {
					if v, ok := info.Defs[name].(*types.Var); ok {
						defined[v] = true
					}
				}
			}
		}
		return true
	})
}

// pathBase returns the variable whose storage e denotes part of (through
// parentheses, field selections without pointer indirection and indexes
// of arrays), or nil.
func (d *flowDecl) pathBase(e ast.Expr) *types.Var {
	info := d.info()
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
		case *ast.SelectorExpr:
			sel := info.Selections[x]
			if sel == nil || sel.Kind() != types.FieldVal || sel.Indirect() {
				return nil
			}
			e = x.X
		case *ast.IndexExpr:
			t := info.TypeOf(x.X)
			if t == nil || !mayBeArray(t) {
				return nil
			}
			e = x.X
		case *ast.Ident:
			v, _ := info.Uses[x].(*types.Var)
			if v == nil {
				v, _ = info.Defs[x].(*types.Var)
			}
			return v
		default:
			return nil
		}
	}
}

// implicitAddr reports whether the method selection x.M takes the
// address of (part of) x: M has a pointer receiver and x, followed along
// the embedded fields, is not a pointer.
func implicitAddr(sel *types.Selection, xt types.Type) bool {
	fn, ok := sel.Obj().(*types.Func)
	if !ok || xt == nil {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return false
	}
	if _, ok := types.Unalias(sig.Recv().Type()).(*types.Pointer); !ok {
		return false
	}
	t := xt
	idx := sel.Index()
	for _, i := range idx[:len(idx)-1] {
		if isPointer(t) {
			return false
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			return false
		}
		t = st.Field(i).Type()
	}
	return !isPointer(t)
}

func isPointer(t types.Type) bool {
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}

// mayBeArray reports whether values of t may be arrays (conservatively
// for type parameters).
func mayBeArray(t types.Type) bool {
	t = types.Unalias(t)
	if tp, ok := t.(*types.TypeParam); ok {
		terms, ok := typeTerms(tp.Constraint())
		if !ok {
			return true
		}
		for _, term := range terms {
			if _, ok := term.Type().Underlying().(*types.Array); ok {
				return true
			}
		}
		return false
	}
	_, ok := t.Underlying().(*types.Array)
	return ok
}

// typeTerms returns the type terms of a constraint; false if it has none
// (any type).
func typeTerms(c types.Type) ([]*types.Term, bool) {
	iface, ok := c.Underlying().(*types.Interface)
	if !ok {
		return []*types.Term{types.NewTerm(false, c)}, true
	}
	var terms []*types.Term
	found := false
	for i := 0; i < iface.NumEmbeddeds(); i++ {
		switch e := types.Unalias(iface.EmbeddedType(i)).(type) {
		case *types.Union:
			found = true
			for j := 0; j < e.Len(); j++ {
				terms = append(terms, e.Term(j))
			}
		default:
			if _, ok := e.Underlying().(*types.Interface); ok {
				if ts, ok := typeTerms(e); ok {
					found = true
					terms = append(terms, ts...)
				}
			} else {
				found = true
				terms = append(terms, types.NewTerm(false, e))
			}
		}
	}
	return terms, found
}

func ident(e ast.Expr) *ast.Ident {
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
		case *ast.Ident:
			return x
		default:
			return nil
		}
	}
}

func unparen(e ast.Expr) ast.Expr {
	for {
		p, ok := e.(*ast.ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}

// ---- building a unit's events and graph ----

func (u *funit) reset() {
	u.vars, u.vidx = nil, map[*types.Var]int{}
	u.blocks, u.cur = nil, nil
	u.labels = map[string]*flabel{}
	u.targets = nil
	u.defs, u.uses, u.probes = nil, nil, nil
	u.cont = map[*ast.ForStmt][]*ast.BranchStmt{}
	u.fails = map[*types.Var]string{}
	u.results = nil
	u.entry = nil
	u.gotos = map[string]bool{}
	for _, v := range u.d.varOrder {
		if u.d.varUnit[v] != u {
			continue
		}
		if _, ok := u.d.untracked[v]; ok || u.d.noUses[v] {
			continue
		}
		u.vidx[v] = len(u.vars)
		u.vars = append(u.vars, v)
	}
	ast.Inspect(u.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BranchStmt:
			if n.Tok == token.GOTO && n.Label != nil {
				u.gotos[n.Label.Name] = true
			}
		}
		return true
	})
}

func (u *funit) build() {
	u.reset()
	u.cur = u.newBlock()
	for _, p := range u.params {
		if i, ok := u.vidx[p.v]; ok {
			u.entry = append(u.entry, u.addDef(i, p.id.Pos(), p.kind+" "+p.v.Name()))
			if p.kind == "result" {
				u.results = append(u.results, p.v)
			}
		}
	}
	u.stmtList(u.body.List)
}

func (u *funit) newBlock() *fblock {
	b := &fblock{idx: len(u.blocks)}
	u.blocks = append(u.blocks, b)
	return b
}

func (u *funit) edge(from, to *fblock) { from.succ = append(from.succ, to) }

// jump ends the current block with an edge to to; what follows is
// unreachable until a new block is entered.
func (u *funit) jump(to *fblock) {
	u.edge(u.cur, to)
	u.cur = u.newBlock()
}

func (u *funit) addDef(v int, pos token.Pos, text string) int {
	id := len(u.defs)
	u.defs = append(u.defs, fdef{v: v, pos: pos, text: text})
	u.cur.ev = append(u.cur.ev, fev{def: true, v: v, id: id})
	return id
}

func (u *funit) addUse(v int, pos token.Pos, id *ast.Ident, text string) fev {
	k := len(u.uses)
	u.uses = append(u.uses, fuse{v: v, pos: pos, ident: id, text: text})
	e := fev{v: v, id: k}
	u.cur.ev = append(u.cur.ev, e)
	return e
}

func (u *funit) newProbe(kind probeKind, node ast.Node, evs []fev) int {
	u.probes = append(u.probes, fprobe{kind: kind, node: node, evs: evs})
	return len(u.probes) - 1
}

func (u *funit) tracked(id *ast.Ident) int {
	if id == nil {
		return -1
	}
	v, ok := u.d.info().ObjectOf(id).(*types.Var)
	if !ok {
		return -1
	}
	if i, ok := u.vidx[v]; ok {
		return i
	}
	return -1
}

func (u *funit) snip(n ast.Node) string { return u.d.fb.snip(n.Pos(), n.End()) }

// expr records the reads of tracked variables in e, in lexical order.
// Constant expressions and the operands of unsafe.Sizeof and friends are
// not evaluated; func literals are units of their own.
func (u *funit) expr(e ast.Expr, ctx string) {
	if e == nil {
		return
	}
	info := u.d.info()
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case nil:
			return false
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if isUnsafeOp(info, n) {
				return false
			}
		}
		if x, ok := n.(ast.Expr); ok {
			if tv, ok := info.Types[x]; ok && tv.Value != nil {
				return false
			}
		}
		if id, ok := n.(*ast.Ident); ok {
			if v := u.tracked(id); v >= 0 && info.Uses[id] != nil {
				u.addUse(v, id.Pos(), id, ctx)
			}
		}
		return true
	})
}

func isUnsafeOp(info *types.Info, call *ast.CallExpr) bool {
	var id *ast.Ident
	switch f := unparen(call.Fun).(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		id = f.Sel
	default:
		return false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	if !ok {
		return false
	}
	switch b.Name() {
	case "Sizeof", "Alignof", "Offsetof":
		return true
	}
	return false
}

func (u *funit) stmtList(list []ast.Stmt) {
	for _, s := range list {
		u.stmt(s, nil)
	}
}

// placement of a simple statement's late events (implicit reads and
// definitions).
type placement int

const (
	plList    placement = iota // in a statement list
	plInit                     // init of if, switch, type switch: pre-argument
	plForInit                  // init of a for statement
	plForPost                  // post of a for statement
)

// stmt adds s to the graph; outer is the outermost label of s, if any.
func (u *funit) stmt(s ast.Stmt, outer *ast.LabeledStmt) {
	info := u.d.info()
	switch s := s.(type) {
	case *ast.ExprStmt:
		u.expr(s.X, u.snip(s))
		if isPanic(info, s.X) {
			u.cur = u.newBlock()
		}
	case *ast.SendStmt, *ast.IncDecStmt, *ast.AssignStmt:
		u.simple(s, plList, nil, nil)
	case *ast.DeclStmt:
		u.declStmt(s)
	case *ast.GoStmt:
		u.expr(s.Call, u.snip(s))
	case *ast.DeferStmt:
		u.expr(s.Call, u.snip(s))
	case *ast.ReturnStmt:
		for _, r := range s.Results {
			u.expr(r, u.snip(s))
		}
		if len(s.Results) == 0 && len(u.results) > 0 {
			var evs []fev
			for _, v := range u.results {
				if i, ok := u.vidx[v]; ok {
					evs = append(evs, u.addUse(i, s.Pos(), nil, "return"))
				}
			}
			if len(evs) > 0 {
				u.newProbe(pkBeforeReturn, s, evs)
			}
		}
		u.cur = u.newBlock()
	case *ast.BranchStmt:
		u.branch(s)
	case *ast.BlockStmt:
		u.stmtList(s.List)
	case *ast.LabeledStmt:
		l := u.label(s.Label.Name)
		u.jump(l.block)
		u.cur = l.block
		if outer == nil {
			outer = s
		}
		u.labeled(s.Stmt, l, outer)
	case *ast.IfStmt:
		u.ifStmt(s)
	case *ast.SwitchStmt:
		u.switchStmt(s, nil)
	case *ast.TypeSwitchStmt:
		u.typeSwitch(s, nil)
	case *ast.SelectStmt:
		u.selectStmt(s, nil)
	case *ast.ForStmt:
		u.forStmt(s, nil, outer)
	case *ast.RangeStmt:
		u.rangeStmt(s, nil)
	case *ast.EmptyStmt, *ast.BadStmt:
	default:
		panic(fmt.Sprintf("coverage: unexpected statement %T", s))
	}
}

func (u *funit) labeled(s ast.Stmt, l *flabel, outer *ast.LabeledStmt) {
	switch s := s.(type) {
	case *ast.SwitchStmt:
		u.switchStmt(s, l)
	case *ast.TypeSwitchStmt:
		u.typeSwitch(s, l)
	case *ast.SelectStmt:
		u.selectStmt(s, l)
	case *ast.ForStmt:
		u.forStmt(s, l, outer)
	case *ast.RangeStmt:
		u.rangeStmt(s, l)
	default:
		u.stmt(s, outer)
	}
}

func isPanic(info *types.Info, e ast.Expr) bool {
	call, ok := unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	id := ident(call.Fun)
	if id == nil {
		return false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	return ok && b.Name() == "panic"
}

func (u *funit) label(name string) *flabel {
	l := u.labels[name]
	if l == nil {
		l = &flabel{block: u.newBlock()}
		u.labels[name] = l
	}
	return l
}

func (u *funit) branch(s *ast.BranchStmt) {
	var to *fblock
	switch s.Tok {
	case token.BREAK:
		if s.Label != nil {
			to = u.label(s.Label.Name).brk
		} else {
			for i := len(u.targets) - 1; i >= 0 && to == nil; i-- {
				to = u.targets[i].brk
			}
		}
	case token.CONTINUE:
		var t *ftarget
		if s.Label != nil {
			l := u.label(s.Label.Name)
			to = l.cont
			for i := len(u.targets) - 1; i >= 0; i-- {
				if u.targets[i].cont == to {
					t = u.targets[i]
					break
				}
			}
		} else {
			for i := len(u.targets) - 1; i >= 0 && to == nil; i-- {
				if u.targets[i].cont != nil {
					t = u.targets[i]
					to = t.cont
				}
			}
		}
		if t != nil && t.loop != nil {
			u.cont[t.loop] = append(u.cont[t.loop], s)
		}
	case token.FALLTHROUGH:
		for i := len(u.targets) - 1; i >= 0 && to == nil; i-- {
			to = u.targets[i].fall
		}
	case token.GOTO:
		to = u.label(s.Label.Name).block
	}
	if to != nil {
		u.edge(u.cur, to)
	}
	u.cur = u.newBlock()
}

// simple adds a simple statement. For plInit it returns the probe whose
// node the caller must set (the expression that carries the
// pre-argument), or -1.
func (u *funit) simple(s ast.Stmt, pl placement, loop *ast.ForStmt, outer ast.Stmt) int {
	info := u.d.info()
	text := u.snip(s)
	var late []fev
	var lhsVars []*types.Var
	var selfUse bool // the statement reads a variable it defines (besides x op= / x++)
	switch s := s.(type) {
	case *ast.ExprStmt:
		u.expr(s.X, text)
		if isPanic(info, s.X) {
			u.cur = u.newBlock()
		}
		return -1
	case *ast.SendStmt:
		u.expr(s.Chan, text)
		u.expr(s.Value, text)
		return -1
	case *ast.IncDecStmt:
		if id := ident(s.X); id != nil {
			if v := u.tracked(id); v >= 0 {
				late = append(late, u.addUse(v, id.Pos(), nil, text))
				late = append(late, fev{def: true, v: v, id: u.addDef(v, id.Pos(), text)})
				lhsVars = append(lhsVars, u.vars[v])
			}
		} else {
			u.expr(s.X, text)
		}
	case *ast.AssignStmt:
		for _, l := range s.Lhs {
			if ident(l) == nil {
				u.expr(l, text)
			}
		}
		for _, r := range s.Rhs {
			u.expr(r, text)
		}
		if s.Tok != token.ASSIGN && s.Tok != token.DEFINE {
			// x op= e
			id := ident(s.Lhs[0])
			v := u.tracked(id)
			if v < 0 {
				return -1
			}
			rhs := s.Rhs[0]
			use := u.addUse(v, id.Pos(), nil, text)
			def := fev{def: true, v: v, id: u.addDef(v, id.Pos(), text)}
			if tv := info.Types[rhs]; tv.Value == nil {
				if contextTyped(info, rhs) {
					u.fails[u.vars[v]] = "x op= e with an untyped operand in e cannot be probed"
					return -1
				}
				u.newProbe(pkInPlace, rhs, []fev{use, def})
				return -1
			}
			late = []fev{use, def}
			lhsVars = append(lhsVars, u.vars[v])
			break
		}
		for _, l := range s.Lhs {
			if v := u.tracked(ident(l)); v >= 0 {
				id := ident(l)
				late = append(late, fev{def: true, v: v, id: u.addDef(v, id.Pos(), text)})
				lhsVars = append(lhsVars, u.vars[v])
			}
		}
		// Does the right side (or an operand on the left) read a
		// variable being defined?
		set := map[*types.Var]bool{}
		for _, v := range lhsVars {
			set[v] = true
		}
		check := func(e ast.Expr) {
			ast.Inspect(e, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					if v, ok := info.Uses[id].(*types.Var); ok && set[v] {
						selfUse = true
					}
				}
				return true
			})
		}
		for _, r := range s.Rhs {
			check(r)
		}
		for _, l := range s.Lhs {
			if ident(l) == nil {
				check(l)
			}
		}
	}
	if len(late) == 0 {
		return -1
	}
	failAll := func(why string) {
		for _, v := range lhsVars {
			u.fails[v] = why
		}
	}
	switch pl {
	case plList:
		u.newProbe(pkAfter, s, late)
	case plInit:
		return u.newProbe(pkPreArg, nil, late)
	case plForInit, plForPost:
		if as, ok := s.(*ast.AssignStmt); ok && (as.Tok == token.ASSIGN || as.Tok == token.DEFINE) && len(as.Lhs) == len(as.Rhs) {
			u.newProbe(pkBlank, as, late)
			break
		}
		if selfUse {
			failAll("a for statement's init or post statement reads what it defines from a multi-value expression")
			break
		}
		if pl == plForPost {
			u.newProbe(pkPrePost, loop, late)
			break
		}
		if l, ok := outer.(*ast.LabeledStmt); ok {
			for s := ast.Stmt(l); ; {
				ls, ok := s.(*ast.LabeledStmt)
				if !ok {
					break
				}
				if u.gotos[ls.Label.Name] {
					failAll("defined by the init statement of a for statement that is a goto target")
					return -1
				}
				s = ls.Stmt
			}
		}
		u.newProbe(pkPreStmt, outer, late)
	}
	return -1
}

// contextTyped reports whether e's type comes from its context (an
// untyped constant operand of a non-constant shift, or arithmetic on
// such), so that e cannot be passed to a generic function unchanged.
func contextTyped(info *types.Info, e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.ParenExpr:
		return contextTyped(info, x.X)
	case *ast.UnaryExpr:
		switch x.Op {
		case token.ADD, token.SUB, token.XOR:
			return contextTyped(info, x.X)
		}
		return false
	case *ast.BinaryExpr:
		switch x.Op {
		case token.SHL, token.SHR:
			return untypedConst(info, x.X) || contextTyped(info, x.X)
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ, token.LAND, token.LOR:
			return true
		}
		l := untypedConst(info, x.X) || contextTyped(info, x.X)
		r := untypedConst(info, x.Y) || contextTyped(info, x.Y)
		return l && r
	}
	return false
}

// untypedConst reports whether e is (conservatively) an untyped constant.
func untypedConst(info *types.Info, e ast.Expr) bool {
	if tv, ok := info.Types[e]; !ok || tv.Value == nil {
		return false
	}
	switch x := e.(type) {
	case *ast.BasicLit:
		return true
	case *ast.Ident:
		c, ok := info.Uses[x].(*types.Const)
		if !ok {
			return false
		}
		b, ok := c.Type().(*types.Basic)
		return ok && b.Info()&types.IsUntyped != 0
	case *ast.SelectorExpr:
		c, ok := info.Uses[x.Sel].(*types.Const)
		if !ok {
			return false
		}
		b, ok := c.Type().(*types.Basic)
		return ok && b.Info()&types.IsUntyped != 0
	case *ast.ParenExpr:
		return untypedConst(info, x.X)
	case *ast.UnaryExpr:
		return untypedConst(info, x.X)
	case *ast.BinaryExpr:
		if x.Op == token.SHL || x.Op == token.SHR {
			return untypedConst(info, x.X)
		}
		return untypedConst(info, x.X) && untypedConst(info, x.Y)
	}
	return true // calls of builtins and the like: assume the worst
}

func (u *funit) declStmt(s *ast.DeclStmt) {
	gd, ok := s.Decl.(*ast.GenDecl)
	if !ok || gd.Tok != token.VAR {
		return
	}
	var late []fev
	for _, sp := range gd.Specs {
		vs := sp.(*ast.ValueSpec)
		text := "var " + u.snip(vs)
		for _, e := range vs.Values {
			u.expr(e, text)
		}
		for _, name := range vs.Names {
			if v := u.tracked(name); v >= 0 {
				late = append(late, fev{def: true, v: v, id: u.addDef(v, name.Pos(), text)})
			}
		}
	}
	if len(late) > 0 {
		u.newProbe(pkAfter, s, late)
	}
}

func (u *funit) ifStmt(s *ast.IfStmt) {
	if s.Init != nil {
		if p := u.simple(s.Init, plInit, nil, nil); p >= 0 {
			u.probes[p].kind = pkCond
			u.probes[p].node = s.Cond
		}
	}
	u.expr(s.Cond, u.snip(s.Cond))
	then, done := u.newBlock(), u.newBlock()
	els := done
	if s.Else != nil {
		els = u.newBlock()
	}
	u.edge(u.cur, then)
	u.edge(u.cur, els)
	u.cur = then
	u.stmt(s.Body, nil)
	u.jump(done)
	if s.Else != nil {
		u.cur = els
		u.stmt(s.Else, nil)
		u.jump(done)
	}
	u.cur = done
}

func (u *funit) push(t *ftarget) { u.targets = append(u.targets, t) }
func (u *funit) pop()            { u.targets = u.targets[:len(u.targets)-1] }

func (u *funit) switchStmt(s *ast.SwitchStmt, l *flabel) {
	pend := -1
	if s.Init != nil {
		pend = u.simple(s.Init, plInit, nil, nil)
	}
	attach := func(e ast.Expr) {
		if pend >= 0 {
			u.probes[pend].node = e
			pend = -1
		}
	}
	if s.Tag != nil {
		attach(s.Tag)
		u.expr(s.Tag, "switch "+u.snip(s.Tag))
	}
	done := u.newBlock()
	if l != nil {
		l.brk = done
	}
	clauses := s.Body.List
	bodies := make([]*fblock, len(clauses))
	for i := range clauses {
		bodies[i] = u.newBlock()
	}
	dflt := -1
	for i, c := range clauses {
		cc := c.(*ast.CaseClause)
		if cc.List == nil {
			dflt = i
			continue
		}
		text := u.d.fb.snip(cc.Case, cc.Colon)
		for _, e := range cc.List {
			nb := u.newBlock()
			u.edge(u.cur, nb)
			u.cur = nb
			attach(e)
			u.expr(e, text)
			u.edge(u.cur, bodies[i])
		}
	}
	if dflt >= 0 {
		u.edge(u.cur, bodies[dflt])
	} else {
		u.edge(u.cur, done)
	}
	if pend >= 0 {
		if dflt >= 0 {
			u.probes[pend].kind = pkClause
			u.probes[pend].node = clauses[dflt]
		} else {
			// No clause: nothing can read what the init defined,
			// but an implicit read in it would go unrecorded.
			for _, e := range u.probes[pend].evs {
				if !e.def {
					u.fails[u.vars[e.v]] = "read by the init statement of an empty switch"
				}
			}
			u.probes[pend].evs = nil
		}
	}
	for i, c := range clauses {
		cc := c.(*ast.CaseClause)
		u.cur = bodies[i]
		t := &ftarget{brk: done}
		if i+1 < len(clauses) {
			t.fall = bodies[i+1]
		}
		u.push(t)
		u.stmtList(cc.Body)
		u.pop()
		u.jump(done)
	}
	u.cur = done
}

func (u *funit) typeSwitch(s *ast.TypeSwitchStmt, l *flabel) {
	pend := -1
	if s.Init != nil {
		pend = u.simple(s.Init, plInit, nil, nil)
	}
	var guard ast.Expr
	switch a := s.Assign.(type) {
	case *ast.AssignStmt:
		guard = a.Rhs[0]
	case *ast.ExprStmt:
		guard = a.X
	}
	ta := unparen(guard).(*ast.TypeAssertExpr)
	if pend >= 0 {
		u.probes[pend].node = ta.X
	}
	u.expr(ta.X, u.snip(s.Assign))
	from := u.cur
	done := u.newBlock()
	if l != nil {
		l.brk = done
	}
	hasDefault := false
	for _, c := range s.Body.List {
		cc := c.(*ast.CaseClause)
		if cc.List == nil {
			hasDefault = true
		}
		body := u.newBlock()
		u.edge(from, body)
		u.cur = body
		if obj, ok := u.d.info().Implicits[cc].(*types.Var); ok {
			if i, ok := u.vidx[obj]; ok {
				text := u.snip(s.Assign) + " " + u.d.fb.snip(cc.Case, cc.Colon)
				e := fev{def: true, v: i, id: u.addDef(i, u.d.varPos[obj], text)}
				u.newProbe(pkClause, cc, []fev{e})
			}
		}
		u.push(&ftarget{brk: done})
		u.stmtList(cc.Body)
		u.pop()
		u.jump(done)
	}
	if !hasDefault {
		u.edge(from, done)
	}
	u.cur = done
}

func (u *funit) selectStmt(s *ast.SelectStmt, l *flabel) {
	for _, c := range s.Body.List {
		cc := c.(*ast.CommClause)
		text := u.d.fb.snip(cc.Case, cc.Colon)
		switch comm := cc.Comm.(type) {
		case *ast.SendStmt:
			u.expr(comm.Chan, text)
			u.expr(comm.Value, text)
		case *ast.ExprStmt:
			if r, ok := unparen(comm.X).(*ast.UnaryExpr); ok {
				u.expr(r.X, text)
			}
		case *ast.AssignStmt:
			if r, ok := unparen(comm.Rhs[0]).(*ast.UnaryExpr); ok {
				u.expr(r.X, text)
			}
		}
	}
	from := u.cur
	done := u.newBlock()
	if l != nil {
		l.brk = done
	}
	for _, c := range s.Body.List {
		cc := c.(*ast.CommClause)
		body := u.newBlock()
		u.edge(from, body)
		u.cur = body
		if as, ok := cc.Comm.(*ast.AssignStmt); ok {
			text := u.d.fb.snip(cc.Case, cc.Colon)
			var late []fev
			for _, lhs := range as.Lhs {
				if ident(lhs) == nil {
					u.expr(lhs, text)
				}
			}
			for _, lhs := range as.Lhs {
				if v := u.tracked(ident(lhs)); v >= 0 {
					late = append(late, fev{def: true, v: v, id: u.addDef(v, ident(lhs).Pos(), text)})
				}
			}
			if len(late) > 0 {
				u.newProbe(pkClause, cc, late)
			}
		}
		u.push(&ftarget{brk: done})
		u.stmtList(cc.Body)
		u.pop()
		u.jump(done)
	}
	u.cur = done
}

func (u *funit) forStmt(s *ast.ForStmt, l *flabel, outer *ast.LabeledStmt) {
	if s.Init != nil {
		var o ast.Stmt = s
		if outer != nil {
			o = outer
		}
		u.simple(s.Init, plForInit, s, o)
	}
	head := u.newBlock()
	u.jump(head)
	u.cur = head
	done := u.newBlock()
	if s.Cond != nil {
		u.expr(s.Cond, u.snip(s.Cond))
		body := u.newBlock()
		u.edge(head, body)
		u.edge(head, done)
		u.cur = body
	}
	cont := head
	var post *fblock
	if s.Post != nil {
		post = u.newBlock()
		cont = post
	}
	if l != nil {
		l.brk, l.cont = done, cont
	}
	u.push(&ftarget{brk: done, cont: cont, loop: s})
	u.stmt(s.Body, nil)
	u.pop()
	u.jump(cont)
	if s.Post != nil {
		u.cur = post
		u.simple(s.Post, plForPost, s, nil)
		u.jump(head)
	}
	u.cur = done
}

func (u *funit) rangeStmt(s *ast.RangeStmt, l *flabel) {
	info := u.d.info()
	text := u.d.fb.snip(s.For, s.X.End())
	if !rangeNotEvaluated(info, s) {
		u.expr(s.X, text)
	}
	head := u.newBlock()
	u.jump(head)
	u.cur = head
	body, done := u.newBlock(), u.newBlock()
	u.edge(head, body)
	u.edge(head, done)
	u.cur = body
	var late []fev
	for _, e := range []ast.Expr{s.Key, s.Value} {
		if e != nil && ident(e) == nil {
			u.expr(e, text)
		}
	}
	for _, e := range []ast.Expr{s.Key, s.Value} {
		if e == nil {
			continue
		}
		if v := u.tracked(ident(e)); v >= 0 {
			late = append(late, fev{def: true, v: v, id: u.addDef(v, e.Pos(), text)})
		}
	}
	if len(late) > 0 {
		u.newProbe(pkBodyStart, s.Body, late)
	}
	if l != nil {
		l.brk, l.cont = done, head
	}
	u.push(&ftarget{brk: done, cont: head})
	u.stmt(s.Body, nil)
	u.pop()
	u.jump(head)
	u.cur = done
}

// rangeNotEvaluated reports whether the range expression is not
// evaluated: at most one iteration variable and len(x) constant.
func rangeNotEvaluated(info *types.Info, s *ast.RangeStmt) bool {
	if s.Value != nil {
		return false
	}
	t := info.TypeOf(s.X)
	if t == nil {
		return false
	}
	u := t.Underlying()
	if p, ok := u.(*types.Pointer); ok {
		u = p.Elem().Underlying()
	}
	if _, ok := u.(*types.Array); !ok {
		return false
	}
	calls := false
	ast.Inspect(s.X, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if tv := info.Types[n]; tv.Value == nil && !tv.IsType() {
				if ftv := info.Types[n.Fun]; !ftv.IsType() {
					calls = true
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				calls = true
			}
		}
		return !calls
	})
	return !calls
}

// ---- reaching definitions ----

type bitset []uint64

func newBitset(n int) bitset    { return make(bitset, (n+63)/64) }
func (s bitset) add(i int)      { s[i/64] |= 1 << (i % 64) }
func (s bitset) has(i int) bool { return s[i/64]&(1<<(i%64)) != 0 }
func (s bitset) andNot(o bitset) {
	for i := range s {
		s[i] &^= o[i]
	}
}
func (s bitset) copyFrom(o bitset) { copy(s, o) }
func (s bitset) or(o bitset) (changed bool) {
	for i := range s {
		n := s[i] | o[i]
		if n != s[i] {
			s[i], changed = n, true
		}
	}
	return changed
}

// pairs returns the unit's def-use pairs as (def, use) index pairs.
func (u *funit) pairs() [][2]int {
	nd := len(u.defs)
	byVar := make([]bitset, len(u.vars))
	for i := range byVar {
		byVar[i] = newBitset(nd)
	}
	for i, d := range u.defs {
		byVar[d.v].add(i)
	}
	n := len(u.blocks)
	gen, kill, in, out := make([]bitset, n), make([]bitset, n), make([]bitset, n), make([]bitset, n)
	for i, b := range u.blocks {
		gen[i], kill[i], in[i], out[i] = newBitset(nd), newBitset(nd), newBitset(nd), newBitset(nd)
		for _, e := range b.ev {
			if e.def {
				gen[i].andNot(byVar[e.v])
				gen[i].add(e.id)
				kill[i].or(byVar[e.v])
			}
		}
		out[i].copyFrom(gen[i])
	}
	tmp := newBitset(nd)
	for changed := true; changed; {
		changed = false
		for i, b := range u.blocks {
			for _, s := range b.succ {
				in[s.idx].or(out[i])
			}
		}
		for i := range u.blocks {
			tmp.copyFrom(in[i])
			tmp.andNot(kill[i])
			tmp.or(gen[i])
			if out[i].or(tmp) {
				changed = true
			}
		}
	}
	var ps [][2]int
	cur := newBitset(nd)
	for i, b := range u.blocks {
		cur.copyFrom(in[i])
		for _, e := range b.ev {
			if e.def {
				cur.andNot(byVar[e.v])
				cur.add(e.id)
				continue
			}
			for d := 0; d < nd; d++ {
				if cur.has(d) && u.defs[d].v == e.v {
					ps = append(ps, [2]int{d, e.id})
				}
			}
		}
	}
	return ps
}

// ---- emitting pairs, tables and insertions ----

func (d *flowDecl) emit() {
	fb := d.fb
	p := fb.plan
	fn := p.Funcs[d.fi]
	type gpair struct {
		u        *funit
		def, use int // unit-local indexes
	}
	var all []gpair
	for _, u := range d.units {
		if fb.stopped() {
			return // BuildContext returns ErrStopped
		}
		u.defBase, u.useBase = len(fb.defs), len(fb.uses)
		for _, df := range u.defs {
			fb.defs = append(fb.defs, int32(df.v))
		}
		for _, us := range u.uses {
			fb.uses = append(fb.uses, useTab{slot: int32(us.v)})
		}
		for i := range u.probes {
			pr := &u.probes[i]
			var evs []int32
			for _, e := range pr.evs {
				if e.def {
					evs = append(evs, -int32(u.defBase+e.id)-1)
				} else {
					evs = append(evs, int32(u.useBase+e.id))
				}
			}
			pr.gid = len(fb.probe)
			fb.probe = append(fb.probe, evs)
		}
		for _, pr := range u.pairs() {
			all = append(all, gpair{u: u, def: pr[0], use: pr[1]})
		}
		u.emitInserts()
	}
	// Pairs in source order of their uses, then of their definitions.
	sort.SliceStable(all, func(i, j int) bool {
		a, b := all[i], all[j]
		ua, ub := a.u.uses[a.use], b.u.uses[b.use]
		if ua.pos != ub.pos {
			return ua.pos < ub.pos
		}
		if ua.v != ub.v || a.u != b.u {
			return a.u.vars[ua.v].Pos() < b.u.vars[ub.v].Pos()
		}
		da, db := a.u.defs[a.def], b.u.defs[b.def]
		if da.pos != db.pos {
			return da.pos < db.pos
		}
		if a.use != b.use {
			return a.use < b.use
		}
		return a.def < b.def
	})
	fset := fb.pkg.Fset
	for i, g := range all {
		if i%4096 == 0 && fb.stopped() {
			return // BuildContext returns ErrStopped
		}
		us, df := g.u.uses[g.use], g.u.defs[g.def]
		k := len(p.Pairs)
		p.Pairs = append(p.Pairs, Pair{
			Func: d.fi, Var: g.u.vars[us.v].Name(),
			Def: fset.Position(df.pos), Use: fset.Position(us.pos),
			DefText: df.text, UseText: us.text,
		})
		fn.Pairs = append(fn.Pairs, k)
		t := &fb.uses[g.u.useBase+g.use]
		t.pairs = append(t.pairs, int32(g.u.defBase+g.def), int32(k))
	}
	for _, v := range d.varOrder {
		if why, ok := d.untracked[v]; ok {
			p.Untracked = append(p.Untracked, Untracked{Func: d.fi, Var: v.Name(), Pos: fset.Position(d.varPos[v]), Reason: why})
		}
	}
}

// emitInserts adds the unit's def-use insertions.
func (u *funit) emitInserts() {
	fb := u.d.fb
	const act = "_gzA"
	for i, us := range u.uses {
		if us.ident == nil {
			continue
		}
		u.needAct = true
		fb.wrapNode(us.ident, "_gzU("+act+","+strconv.Itoa(u.useBase+i)+",", ")", rankUse)
	}
	for i := range u.probes {
		pr := &u.probes[i]
		if len(pr.evs) == 0 {
			continue
		}
		u.needAct = true
		call := "_gzP(" + act + "," + strconv.Itoa(pr.gid) + ")"
		switch pr.kind {
		case pkAfter:
			fb.end(pr.node.End(), ";"+call+";", pr.node, rankProbe)
		case pkCond:
			u.d.condPre[pr.node.(ast.Expr)] = pr.gid
		case pkPreArg:
			if pr.node == nil {
				panic("coverage: pre-argument without an expression")
			}
			fb.wrapNode(pr.node, "_gzI("+call+",", ")", rankPreArg)
		case pkClause:
			var colon token.Pos
			switch c := pr.node.(type) {
			case *ast.CaseClause:
				colon = c.Colon
			case *ast.CommClause:
				colon = c.Colon
			}
			fb.start(colon+1, call+";", pr.node, rankProbe)
		case pkBodyStart:
			b := pr.node.(*ast.BlockStmt)
			fb.start(b.Lbrace+1, call+";", b, rankProbe)
		case pkPreStmt:
			fb.start(pr.node.Pos(), call+";", pr.node, rankProbe)
		case pkPrePost:
			f := pr.node.(*ast.ForStmt)
			fb.end(f.Body.Rbrace, ";"+call+";", f.Body, rankProbe)
			for _, c := range u.cont[f] {
				fb.start(c.Pos(), call+";", c, rankProbe)
			}
		case pkBlank:
			as := pr.node.(*ast.AssignStmt)
			fb.end(as.Lhs[len(as.Lhs)-1].End(), ",_", as, rankProbe)
			fb.end(as.Rhs[len(as.Rhs)-1].End(), ","+call, as, rankProbe)
		case pkInPlace:
			fb.wrapNode(pr.node, "_gzW("+act+","+strconv.Itoa(pr.gid)+",", ")", rankInPlace)
		case pkBeforeReturn:
			fb.start(pr.node.Pos(), call+";", pr.node, rankProbe)
		}
	}
}

// activations declares _gzA in every unit whose probes refer to it.
func (d *flowDecl) activations() {
	fb := d.fb
	for _, u := range d.units {
		if !u.needAct {
			continue
		}
		ru := &runUnit{}
		for _, id := range u.entry {
			ru.entry = append(ru.entry, int32(u.defBase+id))
		}
		k := len(fb.units)
		fb.units = append(fb.units, ru)
		// One slot per tracked variable and the fallthrough flag: a
		// constant-length make that does not escape, on the stack.
		fb.start(u.body.Lbrace+1, "var _gzA []int32;if _gzOn(){_gzA=_gzEnter("+strconv.Itoa(k)+",make([]int32,"+strconv.Itoa(len(u.vars)+1)+"))};", u.body, rankActivation)
	}
}

// unitAt returns the innermost unit containing pos.
func (d *flowDecl) unitAt(pos token.Pos) *funit {
	best := d.units[0]
	for _, u := range d.units[1:] {
		if u.node.Pos() <= pos && pos < u.node.End() && best.node.Pos() <= u.node.Pos() {
			best = u
		}
	}
	return best
}
