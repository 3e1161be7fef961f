package mutate

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/gozilla/gozilla/internal/load"
)

// Arid code (Google's mutation testing in code review, Petrović &
// Ivanković 2018) is code whose mutants a reviewer does not want to
// see: the text of log lines, of error messages and of panics, and
// statements that only log. A change there alters what a person reads,
// not what the program computes. Generate leaves it unmutated unless
// Options.Arid is set; Set.Arid counts the mutants not made.
//
// What counts, on the callee's identity (types, not names alone):
//   - the arguments of a logging call: package log and log/slog, their
//     Logger's methods, fmt.Print*, fmt.Fprint* to os.Stdout or
//     os.Stderr, and the Debug/Info/Warn/Error… functions and methods of
//     a package whose path names a logger (logrus, zap, zerolog, glog,
//     klog, hclog…); deleting such a call, unless it exits or panics
//     (log.Fatal, log.Panic);
//   - the message of an error: errors.New's argument, fmt.Errorf's
//     format and every argument that is not itself an error (a wrapped
//     error decides errors.Is, so mutating it is not arid);
//   - the argument of panic.
//
// The condition that guards such a call, and a return of the error,
// are not arid.

// aridSpan is a byte range of a file whose sites are arid.
type aridSpan struct{ pos, end int }

// aridCode finds fs's arid spans and the logging statements a deletion
// of which is arid.
func aridCode(pkg *load.Package, fs *fileSites) (spans []aridSpan, stmts map[ast.Stmt]bool) {
	info := pkg.Info
	tf := pkg.Fset.File(fs.file.Syntax.Pos())
	off := func(n ast.Node) aridSpan { return aridSpan{tf.Offset(n.Pos()), tf.Offset(n.End())} }
	stmts = map[ast.Stmt]bool{}
	ast.Inspect(fs.file.Syntax, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ExprStmt:
			if call, ok := n.X.(*ast.CallExpr); ok {
				if k := aridCall(info, call); k == logOnly {
					stmts[n] = true
				}
			}
		case *ast.CallExpr:
			k := aridCall(info, n)
			if k == notArid {
				return true
			}
			for i, a := range n.Args {
				switch {
				case k == errorText && isError(info.TypeOf(a)):
				case (k == logOnly || k == logExits) && i == 0 && isStdStream(info, a):
				default:
					spans = append(spans, off(a))
				}
			}
		}
		return true
	})
	return spans, stmts
}

type aridKind int

const (
	notArid   aridKind = iota
	logOnly            // a call that only writes a log line
	logExits           // a logging call that then exits or panics
	errorText          // errors.New, fmt.Errorf
	panicText          // panic
)

// aridCall says what kind of arid call call is.
func aridCall(info *types.Info, call *ast.CallExpr) aridKind {
	var id *ast.Ident
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		id = f.Sel
	default:
		return notArid
	}
	switch obj := info.Uses[id].(type) {
	case *types.Builtin:
		if obj.Name() == "panic" {
			return panicText
		}
	case *types.Func:
		if obj.Pkg() == nil {
			return notArid
		}
		path, name := obj.Pkg().Path(), obj.Name()
		switch {
		case path == "errors" && name == "New", path == "fmt" && name == "Errorf":
			return errorText
		case path == "fmt" && (name == "Print" || name == "Printf" || name == "Println"):
			return logOnly
		case path == "fmt" && strings.HasPrefix(name, "Fprint") && len(call.Args) > 0 && isStdStream(info, call.Args[0]):
			return logOnly
		case path == "log" || path == "log/slog" || loggerPath(path):
			return logName(name)
		}
	}
	return notArid
}

// logName is the kind of a logging package's function or method name.
func logName(name string) aridKind {
	base := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(name, "Context"), "ln"), "f"), "w"), "Attrs")
	switch base {
	case "Print", "Debug", "Info", "Warn", "Warning", "Error", "Trace", "Log", "Output":
		return logOnly
	case "Fatal", "Panic":
		return logExits
	}
	return notArid
}

// loggerPath reports whether an import path is a logging library's: its
// last element (before a major version, klog/v2) is a logger's name.
func loggerPath(path string) bool {
	elems := strings.Split(path, "/")
	last := elems[len(elems)-1]
	if len(elems) > 1 && len(last) > 1 && last[0] == 'v' && strings.Trim(last[1:], "0123456789") == "" {
		last = elems[len(elems)-2]
	}
	switch last {
	case "logrus", "glog", "klog", "hclog", "zerolog", "log15", "zap", "logr", "logger", "logging", "log":
		return true
	}
	return false
}

// isStdStream reports whether e is os.Stdout or os.Stderr.
func isStdStream(info *types.Info, e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	v, ok := info.Uses[sel.Sel].(*types.Var)
	return ok && v.Pkg() != nil && v.Pkg().Path() == "os" && (v.Name() == "Stdout" || v.Name() == "Stderr")
}

// isError reports whether t implements error.
func isError(t types.Type) bool {
	if t == nil {
		return false
	}
	errType := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
	return types.Implements(t, errType)
}

// dropArid drops the variants of fs's arid sites and returns how many.
func dropArid(pkg *load.Package, fs *fileSites) int {
	spans, stmts := aridCode(pkg, fs)
	if len(spans) == 0 && len(stmts) == 0 {
		return 0
	}
	n := 0
	for _, s := range fs.all {
		arid := false
		if st, ok := s.node.(ast.Stmt); ok && s.kind == stmtSite && stmts[st] {
			arid = true
		}
		for _, sp := range spans {
			if s.pos >= sp.pos && s.end <= sp.end {
				arid = true
				break
			}
		}
		if arid {
			n += s.dropAll()
		}
	}
	return n
}
