package mutate

// This file implements mutant schemata (Untch, Offutt & Harrold 1993):
// every file with sites is rewritten once so that all its mutants are in
// the program and the package variable _gzActive, read from GOZILLA_MUTANT
// at start-up, selects the one that runs. Encodings:
//
//	expression:  func() T { switch _gzActive { case 7: return V7; …; case -1: _gzHit(3) }; return ORIG }()
//	statement:   if _gzActive == -1 { _gzHit(3) }; if _gzActive == 7 { V7 } else if … else { ORIG }
//	for post:    x = func() T { switch _gzActive { case 7: return V7; … }; return ORIGVAL }()
//
// Statements use if-chains, not switch, so that an unlabeled break inside
// keeps its target. GOZILLA_MUTANT=-1 is coverage mode: the original
// program runs and each site reached is appended once to GOZILLA_COVER.
// Line directives keep the positions of the original source valid after a
// wrapper that changed the number of lines, so panics and runtime.Caller
// report the user's lines.

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/build/constraint"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"

	"github.com/gozilla/gozilla/internal/load"
)

// Environment variables read by the schemata program.
const (
	EnvMutant = "GOZILLA_MUTANT" // active mutant ID; 0 = original; -1 = coverage mode
	EnvCover  = "GOZILLA_COVER"  // coverage mode: file that receives reached site IDs and tick counts
	EnvBudget = "GOZILLA_BUDGET" // loop budget: function and loop entries allowed before the mutant is stopped
	EnvAlloc  = "GOZILLA_ALLOC"  // allocation budget: bytes the process may allocate before the mutant is stopped
)

// ExitBudget is the exit status of a mutant stopped by the loop budget
// or the allocation budget.
const ExitBudget = 86

// AllocEvery is how many ticks apart the schemata program reads the bytes
// the process has allocated (a read costs about as much as 300 ticks):
// against the allocation budget (EnvAlloc) under a mutant, or to record
// them in coverage mode. Checked at ticks, never by a clock, the
// allocation budget stops a mutant at the same point of every run: the
// work of library code no tick counts (math/big on numbers a mutant
// made huge, a string grown by a loop) is counted by its allocations.
const AllocEvery = 256

// HelperFile is the base name of the file added to the package.
const HelperFile = "zz_gozilla_schemata.go"

type renderer struct {
	src   []byte
	path  string
	tf    *token.File
	out   strings.Builder
	spans []siteSpan
	ticks []int        // offsets, ascending, where a _gzTick() call goes
	spawn map[int]bool // of ticks, those before a go statement: _gzTickGo()
	done  map[int]bool // ticks already emitted
	ins   []Insert     // probes (Options.Probes), by offset
	insed []bool       // probes already emitted
	// probeOut lists the output spans of the probes, to tell their type
	// errors from the sites'.
	probeOut [][2]int
	// openOut is where each emitted probe began in the output, and
	// rangeOut where each emitRange in progress began: a wrapper opened
	// inside a range closes inside it too.
	openOut  map[int]int
	rangeOut []int
	opens    map[[2]int][]int // opening probes by wrapped span
}

// probesError is a type error in the probes' text.
type probesError struct{ msg string }

func (e *probesError) Error() string { return e.msg }

type siteSpan struct {
	s          *site
	start, end int
}

// schemata renders every file and type-checks the result. It returns the
// overlay, or the sites responsible for type errors (to be dropped).
func schemata(pkg *load.Package, files []*fileSites, nsites int, probes *Probes) (map[string][]byte, []*site, error) {
	overlay := map[string][]byte{}
	renders := map[string]*renderer{}
	markWeak(pkg, files)
	nmuts := 0
	for _, fs := range files {
		for _, s := range fs.all {
			for _, v := range s.variants {
				if !v.dropped {
					nmuts = max(nmuts, v.id)
				}
			}
		}
	}
	for _, fs := range files {
		var ins []Insert
		if probes != nil {
			ins = probes.Inserts[fs.file.Path]
		}
		if len(fs.all) == 0 && len(ins) == 0 {
			continue
		}
		r := &renderer{src: fs.file.Src, path: fs.file.Path, tf: pkg.Fset.File(fs.file.Syntax.Pos()), done: map[int]bool{}, ins: ins, insed: make([]bool, len(ins))}
		r.ticks, r.spawn = tickOffsets(r.tf, fs.file.Syntax)
		r.emitFile(fs)
		out := []byte(r.out.String())
		if probes != nil && probes.MinGo != "" && len(ins) > 0 {
			out = raiseVersion(out, fs.file.Path, probes.MinGo)
		}
		overlay[fs.file.Path] = out
		renders[fs.file.Path] = r
	}
	helperPath := filepath.Join(pkg.Dir, HelperFile)
	if _, err := os.Stat(helperPath); err == nil {
		return nil, nil, fmt.Errorf("schemata for %s: %s already exists", pkg.Path, helperPath)
	}
	overlay[helperPath] = helper(pkg.Name, nsites, nmuts)
	var extra []string
	stubs := map[string][]byte{helperPath: nil}
	if probes != nil {
		for name, src := range probes.Files {
			path := filepath.Join(pkg.Dir, name)
			if _, err := os.Stat(path); err == nil {
				return nil, nil, fmt.Errorf("schemata for %s: %s already exists", pkg.Path, path)
			}
			if probes.MinGo != "" {
				src = append([]byte("//go:build "+probes.MinGo+"\n\n"), src...)
			}
			overlay[path] = src
			extra = append(extra, path)
			stubs[path] = []byte("package " + pkg.Name + "\n")
		}
		sort.Strings(extra)
		if len(extra) > 0 {
			stubs[extra[0]] = append([]byte("package "+pkg.Name+"\n"), probes.Stub...)
		}
		if probes.MinGo != "" {
			for _, path := range extra {
				stubs[path] = append([]byte("//go:build "+probes.MinGo+"\n\n"), stubs[path]...)
			}
		}
	}

	// Type-check the schemata package; map each error to the innermost
	// site whose generated text holds it.
	// The helper's imports are not loaded, so a stub with the same
	// declarations stands in for it.
	stub := []byte("package " + pkg.Name + "\nvar _gzActive int\nvar _gzCovReset func()\nvar _gzCovRead func() []int32\nfunc _gzHit(int) {}\nvar _gzWeak bool\nfunc _gzWeakAt(int) {}\nfunc _gzInf(int) {}\nfunc _gzWanted(int) bool { return true }\nfunc _gzWantAny(int, int) bool { return true }\nfunc _gzInfRest(int, ...int) {}\nfunc _gzFDiff(a, b float64) bool { return false }\nfunc _gzCDiff(a, b complex128) bool { return false }\nfunc _gzTick() {}\nfunc _gzTickGo() {}\n")
	errs := checkFiles(pkg, func(path string) []byte {
		if path == helperPath {
			return stub
		}
		if b, ok := stubs[path]; ok {
			return b
		}
		if b, ok := overlay[path]; ok {
			return b
		}
		return nil
	}, append([]string{helperPath}, extra...)...)
	if len(errs) == 0 {
		return overlay, nil, nil
	}
	badSet := map[*site]bool{}
	var bad []*site
	for _, e := range errs {
		r := renders[e.path]
		var s *site
		if r != nil {
			s = r.siteAt(e.offset)
		}
		if probes != nil && (r == nil || r.inProbe(e.offset) || s == nil) {
			return nil, nil, &probesError{msg: fmt.Sprintf("coverage probes do not type-check: %s", e.msg)}
		}
		if s == nil {
			return nil, nil, fmt.Errorf("internal error: schemata for %s: %s", pkg.Path, e.msg)
		}
		if !badSet[s] {
			badSet[s] = true
			bad = append(bad, s)
		}
	}
	return nil, bad, nil
}

// fastBody is a function body that holds live sites and gets a second,
// unmutated copy (see emitFile).
type fastBody struct {
	open, close int   // offsets just after '{' and of '}'
	lo, hi      int   // the smallest and largest live mutant ID inside
	probes      bool  // coverage probes are inside: the original runs the schemata copy
	labels      []int // offsets of the label identifiers inside, renamed in the copy
}

// emitFile writes the whole file. Each function body that holds live
// sites is written twice, as
//
//	{ _gzTick(); if _gzActive >= 0 && (_gzActive < LO || _gzActive > HI) { BODY } else { SCHEMATA } }
//
// so that a run whose mutant is in another function runs this one as
// the user wrote it (with its loop ticks): the closures that encode
// expression sites cost a call each, two to three times the time of a
// hot function, and a mutant run pays that only in the mutant's own
// function. Coverage mode (-1) and the mutants inside run the schemata
// copy, and so does the original (0) where coverage probes are inside.
// Labels are function-scoped, so the copy's are renamed.
func (r *renderer) emitFile(fs *fileSites) {
	p := 0
	for _, b := range r.fastBodies(fs) {
		r.emitRange(p, b.open, fs.roots)
		r.tick(b.open)
		least := 0 // the original runs the copy, unless it must reach the probes
		if b.probes {
			least = 1
		}
		fmt.Fprintf(&r.out, "if _gzActive >= %d && (_gzActive < %d || _gzActive > %d) {", least, b.lo, b.hi)
		r.directive(b.open)
		fast := &renderer{src: r.src, path: r.path, tf: r.tf, ticks: r.ticks, spawn: r.spawn, done: map[int]bool{b.open: true}}
		for _, off := range b.labels {
			fast.ins = append(fast.ins, Insert{Offset: off, Text: "_gzfast"})
		}
		fast.insed = make([]bool, len(fast.ins))
		fast.writeSrc(b.open, b.close, b.open, b.close)
		r.out.WriteString(fast.out.String())
		r.out.WriteString("\n} else {")
		r.directive(b.open)
		r.emitRange(b.open, b.close, fs.roots)
		r.out.WriteString("\n}")
		r.directive(b.close)
		p = b.close
	}
	r.emitRange(p, len(r.src), fs.roots)
}

// fastBodies lists the function declarations' bodies that get an
// unmutated copy, in source order: those with live sites and no probe
// that crosses their braces.
func (r *renderer) fastBodies(fs *fileSites) []fastBody {
	var out []fastBody
	all := fs.ordered()
	for _, d := range fs.file.Syntax.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		b := fastBody{open: r.tf.Offset(fd.Body.Lbrace) + 1, close: r.tf.Offset(fd.Body.Rbrace), lo: -1}
		i := sort.Search(len(all), func(k int) bool { return all[k].pos >= b.open })
		for ; i < len(all) && all[i].pos < b.close; i++ {
			if all[i].id == 0 {
				continue
			}
			for _, v := range all[i].variants {
				if v.dropped {
					continue
				}
				if b.lo < 0 || v.id < b.lo {
					b.lo = v.id
				}
				b.hi = max(b.hi, v.id)
			}
		}
		if b.lo < 0 {
			continue
		}
		crosses := false
		for _, in := range r.ins {
			if in.Offset >= b.open && in.Offset <= b.close {
				b.probes = true
			}
			from, to := in.Offset, in.End
			if in.Close {
				from, to = in.Start, in.Offset
			}
			if from < b.open && to >= b.open || from <= b.close && to > b.close {
				crosses = true
			}
		}
		if crosses {
			continue
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.LabeledStmt:
				b.labels = append(b.labels, r.tf.Offset(n.Label.Pos()))
			case *ast.BranchStmt:
				if n.Label != nil {
					b.labels = append(b.labels, r.tf.Offset(n.Label.Pos()))
				}
			}
			return true
		})
		sort.Ints(b.labels)
		out = append(out, b)
	}
	return out
}

// siteAt returns the innermost encoded site whose output span holds off.
func (r *renderer) siteAt(off int) *site {
	var best *siteSpan
	for i := range r.spans {
		sp := &r.spans[i]
		if sp.start <= off && off < sp.end && (best == nil || sp.end-sp.start < best.end-best.start) {
			best = sp
		}
	}
	if best == nil {
		return nil
	}
	return best.s
}

// emitRange writes src[a:b] with its sites, the ORIG path of the site
// that spans [a, b) (or a whole file).
func (r *renderer) emitRange(a, b int, sites []*site) {
	r.rangeOut = append(r.rangeOut, r.out.Len())
	defer func() { r.rangeOut = r.rangeOut[:len(r.rangeOut)-1] }()
	p := a
	for _, s := range sites {
		if s.pos < p || s.end > b {
			continue
		}
		r.writeSrc(p, s.pos, a, b)
		// Probes that hold the site go outside it.
		r.probes(s.pos, func(in Insert) bool { return !in.Close && (in.End <= in.Offset || in.End >= s.end) })
		r.tick(s.pos)
		r.emitSite(s)
		// Wrappers that hold the site close after it, unless they hold
		// the range being emitted too (the enclosing range closes them,
		// having opened them; one opened in this range closes here).
		r.probesAt(s.end, func(j int, in Insert) bool {
			return in.Close && in.Start <= s.pos && in.Start >= a && (!(in.Start == a && s.end == b) || r.openedHere(j))
		})
		p = s.end
	}
	r.writeSrc(p, b, a, b)
}

// openedHere reports whether the wrapper that closing probe j ends was
// opened in the emitRange in progress (a range that is not a whole
// site's: the original value of x op= e, whose e a wrapper holds).
func (r *renderer) openedHere(j int) bool {
	if r.opens == nil {
		r.opens = map[[2]int][]int{}
		for k, in := range r.ins {
			if !in.Close && in.End > in.Offset {
				r.opens[[2]int{in.Offset, in.End}] = append(r.opens[[2]int{in.Offset, in.End}], k)
			}
		}
	}
	cl := r.ins[j]
	for _, k := range r.opens[[2]int{cl.Start, cl.Offset}] {
		if at, ok := r.openOut[k]; ok && r.insed[k] && len(r.rangeOut) > 0 && at >= r.rangeOut[len(r.rangeOut)-1] {
			return true
		}
	}
	return false
}

// writeSrc copies src[x:y], inserting the loop ticks and the probes that
// fall inside, in the range [a, b) being emitted. A closing probe at y
// is emitted here unless y = b and the wrapper began at or before a (it holds
// the site whose range this is); the probes at x that hold that site
// were emitted before it.
func (r *renderer) writeSrc(x, y, a, b int) {
	i := sort.SearchInts(r.ticks, x)
	j := sort.Search(len(r.ins), func(k int) bool { return r.ins[k].Offset >= x })
	for {
		off := y
		if i < len(r.ticks) && r.ticks[i] < off {
			off = r.ticks[i]
		}
		if j < len(r.ins) && r.ins[j].Offset <= off {
			off = r.ins[j].Offset
		}
		r.out.Write(r.src[x:off])
		x = off
		for ; j < len(r.ins) && r.ins[j].Offset == off; j++ {
			in := r.ins[j]
			switch {
			case r.insed[j]:
			case in.Close && (off == a || off == y && y == b && in.Start <= a) && !r.openedHere(j):
			case !in.Close && off == y:
			default:
				r.emitProbe(j)
			}
		}
		if i < len(r.ticks) && r.ticks[i] == off && off < y {
			r.tick(off)
			i++
		}
		if off >= y {
			return
		}
	}
}

// probes emits the probes at off that keep says belong here and are not
// emitted yet.
func (r *renderer) probes(off int, keep func(Insert) bool) {
	r.probesAt(off, func(_ int, in Insert) bool { return keep(in) })
}

// probesAt is probes with the probe's index.
func (r *renderer) probesAt(off int, keep func(int, Insert) bool) {
	j := sort.Search(len(r.ins), func(k int) bool { return r.ins[k].Offset >= off })
	for ; j < len(r.ins) && r.ins[j].Offset == off; j++ {
		if !r.insed[j] && keep(j, r.ins[j]) {
			r.emitProbe(j)
		}
	}
}

func (r *renderer) emitProbe(j int) {
	r.insed[j] = true
	start := r.out.Len()
	if r.openOut == nil {
		r.openOut = map[int]int{}
	}
	r.openOut[j] = start
	r.out.WriteString(r.ins[j].Text)
	r.probeOut = append(r.probeOut, [2]int{start, r.out.Len()})
}

// inProbe reports whether output offset off is inside a probe's text.
func (r *renderer) inProbe(off int) bool {
	for _, sp := range r.probeOut {
		if sp[0] <= off && off < sp[1] {
			return true
		}
	}
	return false
}

// tick emits the budget tick at off, once. If code follows on the same
// line, a line directive restores its column.
func (r *renderer) tick(off int) {
	if i := sort.SearchInts(r.ticks, off); i == len(r.ticks) || r.ticks[i] != off || r.done[off] {
		return
	}
	r.done[off] = true
	if r.spawn[off] {
		r.out.WriteString("_gzTickGo(); ")
	} else {
		r.out.WriteString("_gzTick(); ")
	}
	rest := r.src[off:]
	if nl := bytes.IndexByte(rest, '\n'); nl >= 0 {
		rest = rest[:nl]
	}
	if len(bytes.TrimSpace(rest)) > 0 {
		r.directive(off)
	}
}

// tickOffsets lists where the loop budget is counted: at the entry of every
// function body (unbounded recursion) and of every loop body, and before
// every go statement (spawn), where a goroutine's start counts as
// GoTicks: a loop that starts goroutines does far more work per
// iteration than one that adds (a mutant of Fanout(nil, 1<<40) started
// goroutines for seconds within the original's budget, their stacks out
// of the memory limit's sight).
func tickOffsets(tf *token.File, f *ast.File) ([]int, map[int]bool) {
	var offs []int
	spawn := map[int]bool{}
	add := func(b *ast.BlockStmt) {
		if b != nil {
			offs = append(offs, tf.Offset(b.Lbrace)+1)
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			add(n.Body)
		case *ast.ForStmt:
			add(n.Body)
		case *ast.RangeStmt:
			add(n.Body)
		case *ast.GoStmt:
			off := tf.Offset(n.Pos())
			offs = append(offs, off)
			spawn[off] = true
		}
		return true
	})
	sort.Ints(offs)
	return offs, spawn
}

// GoTicks is what starting a goroutine counts against the loop budget:
// about what a thousand iterations of a small loop cost in time, and a
// stack of kilobytes.
const GoTicks = 1024

// emitSegs writes a replacement. Source ranges inside a variant are
// written as the original text: when a variant runs, its mutant is the
// active one and every inner site must behave as the original, so only the
// default path (ORIG) needs the inner sites' schemata. This keeps the
// output linear in the input instead of exponential in the nesting depth.
func (r *renderer) emitSegs(segs []seg, s *site, schemata bool) {
	for _, g := range segs {
		if g.src && schemata {
			r.emitRange(g.a, g.b, s.children)
		} else if g.src {
			r.out.Write(r.src[g.a:g.b])
		} else {
			r.out.WriteString(g.lit)
		}
	}
}

func (r *renderer) emitSite(s *site) {
	if s.id == 0 {
		r.emitRange(s.pos, s.end, s.children)
		return
	}
	start := r.out.Len()
	var live []*variant
	for _, v := range s.variants {
		if !v.dropped {
			live = append(live, v)
		}
	}
	hit := "_gzHit(" + strconv.Itoa(s.id) + ")"
	switch s.kind {
	case exprSite, postSite:
		if s.kind == postSite {
			r.out.WriteString(s.lhs + " = ")
		}
		fmt.Fprintf(&r.out, "func() %s { switch _gzActive { ", s.typ)
		for _, v := range live {
			fmt.Fprintf(&r.out, "case %d: return ", v.id)
			if s.kind == postSite {
				r.emitSegs(v.val, s, false)
			} else {
				r.emitSegs(v.segs, s, false)
			}
			r.out.WriteString("; ")
		}
		fmt.Fprintf(&r.out, "case -1: %s", hit)
		if s.weak && s.kind == exprSite {
			r.emitWeak(s, live)
		}
		r.out.WriteString(" }; return ")
		r.lineDirective(start, s.pos)
		if s.kind == postSite {
			r.emitSegs(s.origVal, s, true)
		} else {
			r.emitRange(s.pos, s.end, s.children)
		}
		r.out.WriteString(" }()")
	case stmtSite:
		fmt.Fprintf(&r.out, "if _gzActive == -1 { %s }; ", hit)
		for i, v := range live {
			if i > 0 {
				r.out.WriteString(" else ")
			}
			fmt.Fprintf(&r.out, "if _gzActive == %d { ", v.id)
			r.emitSegs(v.segs, s, false)
			r.out.WriteString(" }")
		}
		r.out.WriteString(" else { ")
		r.lineDirective(start, s.pos)
		r.emitRange(s.pos, s.end, s.children)
		r.out.WriteString(" }")
	}
	// Resynchronise positions if the wrapper changed the line count.
	if strings.Count(r.out.String()[start:], "\n") != strings.Count(string(r.src[s.pos:s.end]), "\n") {
		r.directive(s.end)
	}
	r.spans = append(r.spans, siteSpan{s: s, start: start, end: r.out.Len()})
}

// emitWeak writes the infection check of a weak site (see weak.go): in
// coverage mode, when the harness asks, the original's value and each
// variant's, as written (inner sites as the original), compared; with
// weakIn, the site's value with each inner site's variant in place too.
// A panic counts the variant being evaluated, and those after it,
// infected.
func (r *renderer) emitWeak(s *site, live []*variant) {
	type check struct {
		in *site // the inner site replaced, or nil for s's own variant
		v  *variant
	}
	var checks []check
	for _, v := range live {
		checks = append(checks, check{nil, v})
	}
	sites := []*site{s}
	if s.weakIn {
		var inner func(p *site)
		inner = func(p *site) {
			for _, c := range p.children {
				if c.id != 0 {
					sites = append(sites, c)
					for _, v := range c.variants {
						if !v.dropped {
							checks = append(checks, check{c, v})
						}
					}
				}
				inner(c)
			}
		}
		inner(s)
	}
	ids := make([]string, len(checks))
	lo, hi := checks[0].v.id, checks[0].v.id
	for i, c := range checks {
		ids[i] = strconv.Itoa(c.v.id)
		lo, hi = min(lo, c.v.id), max(hi, c.v.id)
	}
	fmt.Fprintf(&r.out, "; if _gzWeak && _gzWantAny(%d, %d) { ", lo, hi)
	panics := s.weakPanics
	for _, x := range sites {
		panics = panics || x.weakPanics
	}
	if panics {
		fmt.Fprintf(&r.out, "func() { _gzk := 0; defer func() { if recover() != nil { _gzInfRest(_gzk, %s) } }(); ", strings.Join(ids, ", "))
	}
	for _, x := range sites {
		fmt.Fprintf(&r.out, "_gzWeakAt(%d); ", x.id)
	}
	fmt.Fprintf(&r.out, "var _gzo %s = ", s.typ)
	r.out.Write(r.src[s.pos:s.end])
	cmp := strings.SplitN(s.weakCmp, "%s", 2)
	for i, c := range checks {
		if panics {
			fmt.Fprintf(&r.out, "; _gzk = %d", i)
		}
		if c.v.zpush {
			// It panics where the expression is zero, else is the
			// original.
			in := s
			if c.in != nil {
				in = c.in
			}
			fmt.Fprintf(&r.out, "; if _gzWanted(%d) && (", c.v.id)
			r.out.Write(r.src[in.pos:in.end])
			fmt.Fprintf(&r.out, ") == 0 { _gzInf(%d) }", c.v.id)
			continue
		}
		fmt.Fprintf(&r.out, "; if _gzWanted(%d) && %s", c.v.id, cmp[0])
		if c.in == nil {
			r.emitSegs(c.v.segs, s, false)
		} else {
			r.out.Write(r.src[s.pos:c.in.pos])
			r.out.WriteString("(")
			r.emitSegs(c.v.segs, c.in, false)
			r.out.WriteString(")")
			r.out.Write(r.src[c.in.end:s.end])
		}
		fmt.Fprintf(&r.out, "%s { _gzInf(%d) }", cmp[1], c.v.id)
	}
	if panics {
		r.out.WriteString(" }()")
	}
	r.out.WriteString(" }")
}

// lineDirective restores the position of offset off if the text emitted
// since start contains newlines the original did not have there.
func (r *renderer) lineDirective(start, off int) {
	if strings.Contains(r.out.String()[start:], "\n") {
		r.directive(off)
	}
}

func (r *renderer) directive(off int) {
	p := r.tf.Position(r.tf.Pos(off))
	fmt.Fprintf(&r.out, "/*line %s:%d:%d*/", r.path, p.Line, p.Column)
}

// helper returns the source of the file that declares the switch and the
// coverage recorder.
func helper(pkgName string, nsites, nmuts int) []byte {
	return []byte(`// Code generated by gozilla. DO NOT EDIT.

package ` + pkgName + `

import (
	_gzmath "math"
	_gzos "os"
	_gzruntime "runtime"
	_gzdebug "runtime/debug"
	_gzmetrics "runtime/metrics"
	_gzstrconv "strconv"
	_gzatomic "sync/atomic"
)

// _gzActive selects the running mutant: 0 = original, -1 = coverage mode.
var _gzActive = _gzInit()

var (
	_gzSeen [` + strconv.Itoa(nsites+1) + `]_gzatomic.Bool
	_gzOut  *_gzos.File

	// Loop budget: function and loop entries counted (racily: an
	// undercount is harmless). Past the budget a mutant is stopped as
	// timed out; in coverage mode the count is recorded instead.
	_gzTicks, _gzBudget uint64 = 0, 1<<64 - 1

	// The allocation budget (bytes the process allocated, read every
	// AllocEvery ticks) and the loop budget it shares _gzBudget with;
	// in coverage mode, the next tick mark and the allocation last
	// recorded.
	_gzHeapMax, _gzLoopMax, _gzMark, _gzHeapRec uint64
	_gzTickSample = []_gzmetrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	_gzGCSample   = []_gzmetrics.Sample{{Name: "/gc/heap/allocs:bytes"}} // the finalizer's

	// _gzStop, set by the generation harness, is called past the budget
	// instead of exiting the process; the harness also lowers the budget
	// to get a run to call it (a resource limit).
	_gzStop func()

	// Weak mutation (weak.go), asked for by the generation harness and
	// by a coverage file: in coverage mode the weak sites reached are
	// marked, and the mutants whose value differed from the original's
	// at one of them are marked with the harness's current epoch, or
	// written to the coverage file.
	_gzWeak     bool
	_gzEpoch    _gzatomic.Uint32
	_gzWeakSite [` + strconv.Itoa(nsites+1) + `]_gzatomic.Bool
	_gzInfected [` + strconv.Itoa(nmuts+1) + `]_gzatomic.Uint32
	// _gzWantN, when not nil, counts the mutants the harness asks about
	// up to each ID.
	_gzWantN []int32

	// Coverage probes (Options.Probes), when the package carries them,
	// set these: the generation harness clears what the probes recorded
	// before a run of the original and reads it after.
	_gzCovReset func()
	_gzCovRead  func() []int32
)

func _gzInit() int {
	n, _ := _gzstrconv.Atoi(_gzos.Getenv("` + EnvMutant + `"))
	if n == -1 {
		if p := _gzos.Getenv("` + EnvCover + `"); p != "" {
			_gzOut, _ = _gzos.OpenFile(p, _gzos.O_WRONLY|_gzos.O_APPEND|_gzos.O_CREATE, 0644)
			_gzBudget, _gzMark = 1, 1
			// The allocation too, where a tick reads it and after
			// each collection: the work of a test's library calls
			// that tick nowhere is in its baseline.
			_gzGCHook(new(*byte))
			// The weak sites reached ("w") and the mutants infected
			// ("i") go to the file too: score runs a mutant only with
			// the tests that infect it (GOZILLA_WEAK=0: with every
			// test that reaches it).
			_gzWeak = _gzos.Getenv("GOZILLA_WEAK") != "0"
		}
	} else if b, err := _gzstrconv.ParseUint(_gzos.Getenv("` + EnvBudget + `"), 10, 64); err == nil && b > 0 {
		_gzBudget, _gzLoopMax = b, b
		if a, err := _gzstrconv.ParseUint(_gzos.Getenv("` + EnvAlloc + `"), 10, 64); err == nil && a > 0 {
			_gzHeapMax = a
			_gzBudget = _gzNextRead(b)
			_gzGCHook(new(*byte))
		}
	}
	if n > 0 {
		// A mutant that recurses without end dies of a stack overflow at
		// 64 MB, not at the default 1 GB (which costs a minute and as
		// much memory). The harness sets its own limit.
		_gzdebug.SetMaxStack(64 << 20)
	}
	return n
}

func _gzTick() {
	_gzTicks++
	if _gzTicks > _gzBudget {
		_gzOver()
	}
}

func _gzTickGo() {
	_gzTicks += ` + strconv.Itoa(GoTicks) + `
	if _gzTicks > _gzBudget {
		_gzOver()
	}
}

func _gzOver() {
	if _gzOut != nil { // coverage mode: record the count, double the mark
		if _gzTicks > _gzMark {
			_gzOut.WriteString("t" + _gzstrconv.FormatUint(_gzTicks, 10) + "\n")
			_gzMark *= 2
		}
		_gzRecordHeap(_gzTickSample)
		_gzBudget = _gzNextRead(_gzMark)
		return
	}
	if _gzStop != nil { // the generation harness unwinds the call instead,
		_gzStop() // or returns: a limit's trap set for an earlier run
		return
	}
	if _gzHeapMax > 0 && _gzTicks <= _gzLoopMax {
		if _gzAllocs(_gzTickSample) > _gzHeapMax {
			_gzos.Stderr.WriteString("gozilla: allocation budget exceeded\n")
			_gzos.Exit(` + strconv.Itoa(ExitBudget) + `)
		}
		_gzBudget = _gzNextRead(_gzLoopMax)
		return
	}
	_gzos.Stderr.WriteString("gozilla: loop budget exceeded\n")
	_gzos.Exit(` + strconv.Itoa(ExitBudget) + `)
}

// _gzNextRead is the tick at which the allocation is next read, or limit
// if that comes first. (No min: the package's language version may be
// older than go1.21.)
func _gzNextRead(limit uint64) uint64 {
	if next := _gzTicks + ` + strconv.Itoa(AllocEvery) + `; next < limit {
		return next
	}
	return limit
}

// _gzAllocs is the bytes the process has allocated so far, read into s
// (one per goroutine that reads).
func _gzAllocs(s []_gzmetrics.Sample) uint64 {
	_gzmetrics.Read(s)
	if v := s[0].Value; v.Kind() == _gzmetrics.KindUint64 {
		return v.Uint64()
	}
	return 0
}

// _gzRecordHeap writes the bytes allocated to the coverage file when
// they grew by a quarter since the last record ("a<bytes>"). The record
// is racy (a tick and the finalizer): one lost costs a quarter more.
func _gzRecordHeap(s []_gzmetrics.Sample) {
	if a := _gzAllocs(s); a >= _gzHeapRec+_gzHeapRec/4 && a > 0 {
		_gzHeapRec = a
		_gzOut.WriteString("a" + _gzstrconv.FormatUint(a, 10) + "\n")
	}
}

// _gzGCHook records the allocation after each collection, in coverage
// mode: the finalizer of an object nothing keeps runs once a cycle and
// arms the next.
func _gzGCHook(p **byte) {
	_gzruntime.SetFinalizer(p, func(**byte) {
		if _gzOut != nil {
			_gzRecordHeap(_gzGCSample)
		} else if _gzAllocs(_gzGCSample) > _gzHeapMax {
			_gzos.Stderr.WriteString("gozilla: allocation budget exceeded\n")
			_gzos.Exit(` + strconv.Itoa(ExitBudget) + `)
		}
		_gzGCHook(new(*byte))
	})
}

func _gzWeakAt(site int) {
	if !_gzWeakSite[site].Load() && _gzWeakSite[site].CompareAndSwap(false, true) && _gzOut != nil {
		_gzOut.WriteString("w" + _gzstrconv.Itoa(site) + "\n")
	}
}

// _gzInf marks mutant m infected: in the harness's epoch, or once in the
// coverage file.
// _gzWanted reports whether the harness asks about mutant m (all when
// it did not say), _gzWantAny about one of lo…hi: the checks evaluate
// only those.
func _gzWanted(m int) bool { return _gzWantN == nil || _gzWantN[m] != _gzWantN[m-1] }

func _gzWantAny(lo, hi int) bool { return _gzWantN == nil || _gzWantN[hi] != _gzWantN[lo-1] }

func _gzInf(m int) {
	if _gzOut != nil {
		if _gzInfected[m].Load() == 0 && _gzInfected[m].CompareAndSwap(0, 1) {
			_gzOut.WriteString("i" + _gzstrconv.Itoa(m) + "\n")
		}
		return
	}
	_gzInfected[m].Store(_gzEpoch.Load())
}

// _gzFDiff and _gzCDiff tell floats apart as the harness does, by their
// bits: -0 is not 0 (a NaN differs from everything, which only costs a
// run).
func _gzFDiff(a, b float64) bool { return a != b || _gzmath.Signbit(a) != _gzmath.Signbit(b) }

func _gzCDiff(a, b complex128) bool {
	return _gzFDiff(real(a), real(b)) || _gzFDiff(imag(a), imag(b))
}

func _gzInfRest(k int, ms ...int) {
	for _, m := range ms[k:] {
		_gzInf(m)
	}
}

// _gzHit records, once per process, that a site was reached. The load
// comes first so that hot loops pay one atomic read.
func _gzHit(site int) {
	if !_gzSeen[site].Load() && _gzSeen[site].CompareAndSwap(false, true) && _gzOut != nil {
		_gzOut.WriteString(_gzstrconv.Itoa(site) + "\n")
	}
}
`)
}

// typeErr is a type error located in a file.
type typeErr struct {
	path   string
	offset int
	msg    string
}

// checkFiles type-checks the package with some files' contents replaced
// (contents returns nil to keep a file as it is on disk) and extra files
// added. Every file is parsed afresh into one FileSet so that error
// positions are exact. It returns every error; none means the package
// type-checks.
func checkFiles(pkg *load.Package, contents func(path string) []byte, extra ...string) []typeErr {
	fset := token.NewFileSet()
	var files []*ast.File
	var errs []typeErr
	parse := func(path string, src []byte) {
		f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
		if err != nil {
			var list scanner.ErrorList
			if errors.As(err, &list) && len(list) > 0 {
				errs = append(errs, typeErr{path: path, offset: list[0].Pos.Offset, msg: list[0].Error()})
			} else {
				errs = append(errs, typeErr{path: path, offset: -1, msg: err.Error()})
			}
			return
		}
		files = append(files, f)
	}
	for _, f := range pkg.Files {
		src := contents(f.Path)
		if src == nil {
			src = f.Src
		}
		parse(f.Path, src)
	}
	for _, path := range extra {
		parse(path, contents(path))
	}
	if len(errs) > 0 {
		return errs
	}
	conf := types.Config{
		Importer:  pkg.Importer(),
		GoVersion: pkg.Types.GoVersion(),
		Sizes:     types.SizesFor("gc", runtime.GOARCH),
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				p := te.Fset.Position(te.Pos)
				errs = append(errs, typeErr{path: p.Filename, offset: p.Offset, msg: p.String() + ": " + te.Msg})
			}
		},
	}
	_, _ = conf.Check(pkg.Path, fset, files, nil)
	return errs
}

// raiseVersion gives a rendered file the language version v (a
// //go:build line naming v makes the file's version max(v, go1.21)): its
// build constraint, if any, becomes "(constraint) && v"; without one a
// //go:build line and a blank line go first, and a line directive gives
// the first original line its number back.
func raiseVersion(src []byte, path, v string) []byte {
	var exprs []constraint.Expr
	rest := src
	off := 0
	for len(rest) > 0 {
		i := bytes.IndexByte(rest, '\n')
		line := rest
		if i >= 0 {
			line = rest[:i+1]
		}
		t := strings.TrimSpace(string(line))
		if t != "" && !strings.HasPrefix(t, "//") {
			break // the header ends at the first line of code
		}
		if constraint.IsGoBuild(t) || constraint.IsPlusBuild(t) {
			if x, err := constraint.Parse(t); err == nil {
				exprs = append(exprs, x)
				if constraint.IsGoBuild(t) {
					// A //go:build line alone counts (the +build lines
					// are ignored beside it): it is rewritten in place.
					goBuild := off
					want := &constraint.AndExpr{X: x, Y: &constraint.TagExpr{Tag: v}}
					out := append([]byte(nil), src[:goBuild]...)
					out = append(out, "//go:build "+want.String()...)
					return append(out, src[goBuild+len(strings.TrimRight(string(line), "\n")):]...)
				}
			}
		}
		off += len(line)
		rest = rest[len(line):]
	}
	var want constraint.Expr = &constraint.TagExpr{Tag: v}
	for _, x := range exprs {
		want = &constraint.AndExpr{X: x, Y: want}
	}
	head := "//go:build " + want.String() + "\n\n//line " + path + ":1\n"
	return append([]byte(head), src...)
}
