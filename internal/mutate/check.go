package mutate

// This file implements the per-mutant check: each mutant's source is
// type-checked with go/types, exactly as the user would see it if they
// applied it. This rejects what the operators cannot see locally: a
// variable or label left unused, a constant that overflows or divides by
// zero, a lost terminating statement, an operand form of the wrong type,
// an import left unused.
//
// Checking the whole package once per mutant costs (package size ×
// mutants). Every error a mutant can cause lies in its own function body,
// except an unused import, so each check sees the package with every other
// function body stubbed out ({ panic(0) }: still terminating, still using
// no variable), and unused imports are decided from the type information
// instead: an import is lost when every use of it in the file lies inside
// the replaced span and the replacement does not name it again. The
// variants of one function are checked together (checkCopies): each as a
// renamed copy of the function, so that the package's declarations are
// checked once per function, not once per mutant.

import (
	"bytes"
	"errors"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"runtime"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/gozilla/gozilla/internal/load"
)

// dropIdentical removes variants whose text equals the original span, and
// variants that repeat an earlier variant of the same site.
func dropIdentical(files []*fileSites) {
	for _, fs := range files {
		for _, s := range fs.all {
			orig := string(fs.file.Src[s.pos:s.end])
			seen := map[string]bool{orig: true}
			for _, v := range s.variants {
				text := v.plain(fs.file.Src)
				if seen[text] {
					v.dropped = true
				}
				seen[text] = true
			}
		}
	}
}

const stubBody = "{ panic(0) }"

// body is the span of a function body in its file, and of its
// declaration's header: from the func keyword to the body, the name in
// it.
type body struct {
	start, end       int
	fn, name, nameTo int
}

// blank is a span of a package-level declaration that the checks do not
// need, and its replacement: the elements of a large composite literal
// (a table of 65,536 bytes is type-checked again for every mutant
// otherwise), the array's length spelled out where it was [...].
type blank struct {
	start, end int
	text       string
}

// stubbedPkg holds, per file, the source with every function body stubbed
// and the bodies' spans, so that one function can be put back.
type stubbedPkg struct {
	pkg    *load.Package
	bodies map[string][]body  // file path -> function bodies, by position
	blanks map[string][]blank // file path -> large literals' elements, by position
	stub   map[string][]byte  // file path -> fully stubbed source
}

// largeLiteral is the fewest elements of a package-level composite
// literal that the checks leave out.
const largeLiteral = 16

func newStubbedPkg(pkg *load.Package) *stubbedPkg {
	sp := &stubbedPkg{pkg: pkg, bodies: map[string][]body{}, blanks: map[string][]blank{}, stub: map[string][]byte{}}
	for _, f := range pkg.Files {
		tf := pkg.Fset.File(f.Syntax.Pos())
		var bs []body
		var ls []blank
		for _, d := range f.Syntax.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Body != nil {
					bs = append(bs, body{
						start: tf.Offset(d.Body.Lbrace), end: tf.Offset(d.Body.Rbrace) + 1,
						fn: tf.Offset(d.Pos()), name: tf.Offset(d.Name.Pos()), nameTo: tf.Offset(d.Name.End()),
					})
				}
			case *ast.GenDecl:
				if d.Tok != token.VAR {
					continue
				}
				for _, spec := range d.Specs {
					for _, v := range spec.(*ast.ValueSpec).Values {
						ls = append(ls, literalBlanks(tf, v)...)
					}
				}
			}
		}
		sp.bodies[f.Path] = bs
		sp.blanks[f.Path] = ls
		sp.stub[f.Path] = sp.source(f, -1, nil)
	}
	return sp
}

// literalBlanks returns the spans of a package-level variable's value
// that the checks can do without: the elements of a large composite
// literal (&T{…} included) whose type does not depend on them.
func literalBlanks(tf *token.File, v ast.Expr) []blank {
	if u, ok := v.(*ast.UnaryExpr); ok && u.Op == token.AND {
		v = u.X
	}
	cl, ok := v.(*ast.CompositeLit)
	if !ok || cl.Type == nil || len(cl.Elts) < largeLiteral {
		return nil
	}
	var out []blank
	if at, ok := cl.Type.(*ast.ArrayType); ok {
		if _, ell := at.Len.(*ast.Ellipsis); ell {
			// [...]T{a, b, …}: its length comes from the elements;
			// spelled out, unless keys give it.
			for _, e := range cl.Elts {
				if _, kv := e.(*ast.KeyValueExpr); kv {
					return nil
				}
			}
			out = append(out, blank{tf.Offset(at.Len.Pos()), tf.Offset(at.Len.End()), strconv.Itoa(len(cl.Elts))})
		}
	}
	return append(out, blank{tf.Offset(cl.Lbrace) + 1, tf.Offset(cl.Rbrace), ""})
}

// source renders file f with every body stubbed except body keep, which
// is given as text (nil = stub it too), and large literals left out.
func (sp *stubbedPkg) source(f *load.File, keep int, text []byte) []byte {
	type edit struct {
		start, end int
		text       []byte
	}
	var edits []edit
	for i, bd := range sp.bodies[f.Path] {
		t := []byte(stubBody)
		if i == keep {
			t = text
		}
		edits = append(edits, edit{bd.start, bd.end, t})
	}
	for _, bl := range sp.blanks[f.Path] {
		edits = append(edits, edit{bl.start, bl.end, []byte(bl.text)})
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].start < edits[j].start })
	var b bytes.Buffer
	last := 0
	for _, e := range edits {
		if e.start < last {
			continue // (inside an edit already made)
		}
		b.Write(f.Src[last:e.start])
		b.Write(e.text)
		last = e.end
	}
	b.Write(f.Src[last:])
	return b.Bytes()
}

// bodyAt returns the index of the body of file path that holds offset.
func (sp *stubbedPkg) bodyAt(path string, offset int) int {
	bs := sp.bodies[path]
	i := sort.Search(len(bs), func(i int) bool { return bs[i].end > offset })
	if i < len(bs) && bs[i].start <= offset {
		return i
	}
	return -1
}

// checker type-checks mutants of sp's package, one at a time: the other
// files are parsed once (stubbed), only the mutated file again.
type checker struct {
	sp    *stubbedPkg
	fset  *token.FileSet
	files map[string]*ast.File // file path -> its stubbed syntax
	err   string               // a stub that does not parse: every check's answer
}

func (sp *stubbedPkg) newChecker() *checker {
	c := &checker{sp: sp, fset: token.NewFileSet(), files: map[string]*ast.File{}}
	for _, g := range sp.pkg.Files {
		af, err := parser.ParseFile(c.fset, g.Path, sp.stub[g.Path], parser.SkipObjectResolution)
		if err != nil {
			c.err = parseError(err)
			return c
		}
		c.files[g.Path] = af
	}
	return c
}

func parseError(err error) string {
	var list scanner.ErrorList
	if errors.As(err, &list) && len(list) > 0 {
		return list[0].Error()
	}
	return err.Error()
}

// check type-checks the package with body keep of file f replaced by
// text, and returns the first error message ("" if none).
func (c *checker) check(f *load.File, keep int, text []byte) string {
	if c.err != "" {
		return c.err
	}
	sp := c.sp
	mutated, err := parser.ParseFile(c.fset, f.Path, sp.source(f, keep, text), parser.SkipObjectResolution)
	if err != nil {
		return parseError(err)
	}
	// The mutated file's positions are not needed after its check.
	defer c.fset.RemoveFile(c.fset.File(mutated.Pos()))
	first := ""
	c.typeCheck(f, mutated, func(err error) {
		if first == "" {
			first = err.Error()
		}
	})
	return first
}

// typeCheck type-checks the stubbed package with file f's syntax
// replaced by mutated, and calls report with each error.
func (c *checker) typeCheck(f *load.File, mutated *ast.File, report func(error)) {
	sp := c.sp
	var files []*ast.File
	for _, g := range sp.pkg.Files {
		if g == f {
			files = append(files, mutated)
		} else {
			files = append(files, c.files[g.Path])
		}
	}
	conf := types.Config{
		Importer:                 sp.pkg.Importer(),
		GoVersion:                sp.pkg.Types.GoVersion(),
		Sizes:                    types.SizesFor("gc", runtime.GOARCH),
		DisableUnusedImportCheck: true,
		Error:                    report,
	}
	_, _ = conf.Check(sp.pkg.Path, c.fset, files, nil)
}

// checkCopies type-checks several variants of body keep of file f in one
// check: the package stubbed, and after file f's text one copy of the
// function per variant, renamed, with the variant's body. Every error a
// variant can cause lies in its body (checkMutants), the copies do not
// see each other, and a copy's name changes nothing its body means (a
// call of the function by name reaches the stub, of the same
// signature): each variant gets the first error inside its copy, as its
// own check would. ok is false when the text does not parse or an error
// lies outside every copy: the caller checks the variants one by one.
// sites are the spans the variants replace, for the errors' positions.
func (c *checker) checkCopies(f *load.File, keep int, texts [][]byte, sites [][2]int) (reasons []string, ok bool) {
	if c.err != "" {
		return nil, false
	}
	sp := c.sp
	bd := sp.bodies[f.Path][keep]
	var b bytes.Buffer
	b.Write(sp.stub[f.Path])
	spans := make([][2]int, len(texts))
	bodies := make([]int, len(texts)) // where each copy's body starts
	for k, text := range texts {
		b.WriteString("\n\n")
		spans[k][0] = b.Len()
		b.Write(f.Src[bd.fn:bd.name])
		b.WriteString(copyName + strconv.Itoa(k))
		b.Write(f.Src[bd.nameTo:bd.start])
		bodies[k] = b.Len()
		b.Write(text)
		spans[k][1] = b.Len()
	}
	b.WriteString("\n")
	mutated, err := parser.ParseFile(c.fset, f.Path, b.Bytes(), parser.SkipObjectResolution)
	if err != nil {
		return nil, false
	}
	tf := c.fset.File(mutated.Pos())
	defer c.fset.RemoveFile(tf)
	reasons = make([]string, len(texts))
	ok = true
	c.typeCheck(f, mutated, func(err error) {
		te, isType := err.(types.Error)
		if !isType || !te.Pos.IsValid() || c.fset.File(te.Pos) != tf {
			ok = false
			return
		}
		off := tf.Offset(te.Pos)
		k := sort.Search(len(spans), func(k int) bool { return spans[k][1] > off })
		if k == len(spans) || off < spans[k][0] {
			ok = false
			return
		}
		if reasons[k] == "" {
			// At the original's position: the body's text before
			// the variant's own, after it, or the site.
			o, at := off-bodies[k], sites[k][0]
			switch prefix, rest := sites[k][0]-bd.start, spans[k][1]-off; {
			case o < prefix:
				at = bd.start + max(o, 0)
			case rest <= bd.end-sites[k][1]:
				at = bd.end - rest
			}
			reasons[k] = sp.pkg.Fset.Position(sp.pkg.Fset.File(f.Syntax.Pos()).Pos(at)).String() + ": " + te.Msg
		}
	})
	return reasons, ok
}

// checkGrouped turns checkCopies on (tests compare it with the checks
// one by one).
var checkGrouped = true

// checkFallbacks counts the groups checkCopies could not decide.
var checkFallbacks atomic.Int64

// copyName starts the names of checkCopies's copies of a function.
const copyName = "_gzCheckCopy"

// copiesMax is the most variants checkCopies takes at once: a function's
// variants come in a few such checks, which the workers share.
const copiesMax = 64

// copiesBytes bounds the text of the copies one checkCopies call takes
// (the bodies of its variants): a check cannot be stopped once begun, and
// 64 copies of a 2,000-line function took seconds on a loaded machine
// before a signal was seen. A body past it is checked alone.
const copiesBytes = 128 << 10

// importUses maps each named import of a file to the offsets of its uses.
func importUses(pkg *load.Package, f *load.File) map[string][]int {
	tf := pkg.Fset.File(f.Syntax.Pos())
	uses := map[string][]int{}
	for _, imp := range f.Syntax.Imports {
		var pn *types.PkgName
		if imp.Name != nil {
			pn, _ = pkg.Info.Defs[imp.Name].(*types.PkgName)
		} else {
			pn, _ = pkg.Info.Implicits[imp].(*types.PkgName)
		}
		if pn != nil && pn.Name() != "_" && pn.Name() != "." {
			uses[pn.Name()] = nil
		}
	}
	ast.Inspect(f.Syntax, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if pn, ok := pkg.Info.Uses[id].(*types.PkgName); ok {
				if _, tracked := uses[pn.Name()]; tracked {
					uses[pn.Name()] = append(uses[pn.Name()], tf.Offset(id.Pos()))
				}
			}
		}
		return true
	})
	return uses
}

// losesImport reports the import that replacing [pos,end) by repl leaves
// unused, if any.
func losesImport(uses map[string][]int, pos, end int, repl string) string {
	for name, offs := range uses {
		if len(offs) == 0 {
			continue
		}
		inside := true
		for _, o := range offs {
			if o < pos || o >= end {
				inside = false
				break
			}
		}
		if inside && !namesPackage(repl, name) {
			return name
		}
	}
	return ""
}

// namesPackage reports whether src contains the qualified reference name.X.
func namesPackage(src, name string) bool {
	var s scanner.Scanner
	fset := token.NewFileSet()
	s.Init(fset.AddFile("", -1, len(src)), []byte(src), nil, 0)
	prevIdent := false
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			return false
		}
		if tok == token.PERIOD && prevIdent {
			return true
		}
		prevIdent = tok == token.IDENT && lit == name
	}
}

// groupCopies groups jobs 0..n-1, in order, for checkCopies: runs of
// jobs of one body (same(i, k)), at most copiesMax a group and at most
// copiesBytes of copies (size(i) is job i's body's length). A body past
// copiesBytes is checked alone.
func groupCopies(n int, same func(i, k int) bool, size func(i int) int) [][]int {
	var groups [][]int
	for i := range n {
		if g := len(groups); g > 0 {
			last := groups[g-1]
			if len(last) < copiesMax && same(last[0], i) && (len(last)+1)*size(i) <= copiesBytes {
				groups[g-1] = append(last, i)
				continue
			}
		}
		groups = append(groups, []int{i})
	}
	return groups
}

// checkMutants type-checks every live variant in parallel and drops those
// that do not type-check. It reports false, having dropped nothing, when
// done closed first.
func checkMutants(pkg *load.Package, files []*fileSites, d *Dropped, done <-chan struct{}) bool {
	sp := newStubbedPkg(pkg)
	type job struct {
		fs   *fileSites
		s    *site
		v    *variant
		body int
	}
	var jobs []job
	uses := map[string]map[string][]int{}
	for _, fs := range files {
		uses[fs.file.Path] = importUses(pkg, fs.file)
		for _, s := range fs.all {
			b := sp.bodyAt(fs.file.Path, s.pos)
			for _, v := range s.variants {
				if !v.dropped {
					jobs = append(jobs, job{fs, s, v, b})
				}
			}
		}
	}
	reasons := make([]string, len(jobs))
	// The variants of one function body are checked together, up to
	// copiesMax at a time (checkCopies): the package's declarations are
	// checked once per group, not once per mutant.
	groups := groupCopies(len(jobs), func(i, k int) bool {
		return jobs[i].fs == jobs[k].fs && jobs[i].body == jobs[k].body && jobs[i].body >= 0
	}, func(i int) int {
		if jobs[i].body < 0 {
			return 0
		}
		bd := sp.bodies[jobs[i].fs.file.Path][jobs[i].body]
		return bd.end - bd.start
	})
	stop := func() bool {
		select {
		case <-done:
			return true
		default:
			return false
		}
	}
	var wg sync.WaitGroup
	next := make(chan []int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := sp.newChecker()
			for group := range next {
				var todo []int
				var texts [][]byte
				var sites [][2]int
				for _, i := range group {
					j := jobs[i]
					src := j.fs.file.Src
					repl := j.v.plain(src)
					if name := losesImport(uses[j.fs.file.Path], j.s.pos, j.s.end, repl); name != "" {
						reasons[i] = `"` + name + `" imported and not used`
						continue
					}
					if j.body < 0 {
						reasons[i] = "internal error: mutation outside a function body"
						continue
					}
					bd := sp.bodies[j.fs.file.Path][j.body]
					text := make([]byte, 0, bd.end-bd.start+len(repl))
					text = append(text, src[bd.start:j.s.pos]...)
					text = append(text, repl...)
					text = append(text, src[j.s.end:bd.end]...)
					todo, texts, sites = append(todo, i), append(texts, text), append(sites, [2]int{j.s.pos, j.s.end})
				}
				if len(todo) > 1 && checkGrouped {
					j := jobs[todo[0]]
					if rs, ok := c.checkCopies(j.fs.file, j.body, texts, sites); ok {
						for k, i := range todo {
							reasons[i] = rs[k]
						}
						continue
					}
					checkFallbacks.Add(1)
				}
				for k, i := range todo {
					if stop() {
						break // the results are not used
					}
					reasons[i] = c.check(jobs[i].fs.file, jobs[i].body, texts[k])
				}
			}
		}()
	}
	stopped := false
	for _, g := range groups {
		select {
		case next <- g:
			continue
		case <-done:
			stopped = true
		}
		break
	}
	close(next)
	wg.Wait()
	if stopped {
		return false
	}
	for i, j := range jobs {
		if reasons[i] != "" {
			j.v.dropped = true
			d.IllTyped++
			if d.FirstReason == "" {
				d.FirstReason = j.v.op.String() + ": " + reasons[i]
			}
		}
	}
	return true
}
