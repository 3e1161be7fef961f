package mutate

import (
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"strings"

	"github.com/gozilla/gozilla/internal/load"
)

// SkipDirective marks code gozilla must not mutate: in a function's doc
// comment, the whole function; at the end of a line, that line; alone
// on a line, the line after it. Text after it is the reason.
const SkipDirective = "//gozilla:skip"

// Skipped is code left unmutated on purpose: a //gozilla:skip directive
// or a line matching -skip. Reports list it, so that nothing is skipped
// silently.
type Skipped struct {
	File    string // absolute path
	Line    int    // the directive's line, or the matching line
	Func    string // the function skipped whole, or the line's function
	Why     string // "//gozilla:skip: reason", "-skip ..."
	Mutants int    // the mutants not made there
}

// skipper finds the code to skip in one file.
type skipper struct {
	funcs map[string]skipSpan // by function name
	lines map[int]string      // line -> why
}

type skipSpan struct {
	pos, end int // byte offsets
	line     int // the directive's
	why      string
}

func directiveWhy(text string) (string, bool) {
	if text != SkipDirective && !strings.HasPrefix(text, SkipDirective+" ") {
		return "", false
	}
	why := SkipDirective
	if r := strings.TrimSpace(strings.TrimPrefix(text, SkipDirective)); r != "" {
		why += ": " + r
	}
	return why, true
}

// skips drops the variants of fs's sites that skip directives and the
// -skip expression (matched against a site's source line and its file's
// path) cover, and returns what was skipped.
func skips(pkg *load.Package, fs *fileSites, skipRE *regexp.Regexp) []Skipped {
	f := fs.file.Syntax
	tf := pkg.Fset.File(f.Pos())
	line := func(off int) int { return tf.Line(tf.Pos(off)) }
	offsetOf := func(p token.Pos) int { return tf.Offset(p) }
	sk := skipper{funcs: map[string]skipSpan{}, lines: map[int]string{}}
	src := string(fs.file.Src)
	lines := strings.Split(src, "\n")
	inDoc := map[*ast.Comment]bool{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Doc == nil {
			continue
		}
		for _, c := range fd.Doc.List {
			inDoc[c] = true
			if why, ok := directiveWhy(c.Text); ok {
				name := FuncName(fd)
				sk.funcs[name] = skipSpan{pos: offsetOf(fd.Pos()), end: offsetOf(fd.End()), line: line(offsetOf(c.Pos())), why: why}
			}
		}
	}
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			why, ok := directiveWhy(c.Text)
			if !ok || inDoc[c] {
				continue
			}
			l := line(offsetOf(c.Pos()))
			if l-1 < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[l-1]), SkipDirective) {
				l++ // alone on its line: the next line
			}
			sk.lines[l] = why
		}
	}

	var out []Skipped
	byKey := map[string]*Skipped{}
	note := func(key string, s Skipped) {
		if p := byKey[key]; p != nil {
			p.Mutants++
			return
		}
		s.Mutants = 1
		out = append(out, s)
		byKey[key] = &out[len(out)-1]
	}
	for _, s := range fs.all {
		for _, v := range s.variants {
			if v.dropped {
				continue
			}
			l := line(s.pos)
			switch {
			case sk.funcs[s.fn].why != "" && s.pos >= sk.funcs[s.fn].pos && s.end <= sk.funcs[s.fn].end:
				fsk := sk.funcs[s.fn]
				v.dropped = true
				note("f:"+s.fn, Skipped{File: fs.file.Path, Line: fsk.line, Func: s.fn, Why: fsk.why})
			case sk.lines[l] != "":
				v.dropped = true
				note(fmt.Sprint("l:", l), Skipped{File: fs.file.Path, Line: l, Func: s.fn, Why: sk.lines[l]})
			case skipRE != nil && l-1 < len(lines) && (skipRE.MatchString(lines[l-1]) || skipRE.MatchString(fs.file.Path)):
				v.dropped = true
				note(fmt.Sprint("r:", l), Skipped{File: fs.file.Path, Line: l, Func: s.fn, Why: "-skip " + skipRE.String()})
			}
		}
	}
	// Keep the encoder's counts right: a site with no variant left is
	// dropped like one whose variants were all ill-typed.
	for _, s := range fs.all {
		if s.live() == 0 {
			s.dropped = true
		}
	}
	return out
}

// keepOnly drops the variants of fs's sites whose line keep does not
// accept, and returns how many.
func keepOnly(pkg *load.Package, fs *fileSites, keep func(file string, line int) bool) int {
	if keep == nil {
		return 0
	}
	tf := pkg.Fset.File(fs.file.Syntax.Pos())
	n := 0
	for _, s := range fs.all {
		l := tf.Line(tf.Pos(s.pos))
		if !keep(fs.file.Path, l) {
			n += s.dropAll()
		}
	}
	return n
}
