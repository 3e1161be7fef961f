package harness

// This file implements the static check that tells the watchdog how long
// a deadlock takes to see. A run whose goroutines all wait on channels is
// blocked for good unless something outside them sends or closes: only
// another goroutine (none is left running) or a timer can. A package is
// quiet when nothing in its worker process can have made a timer that
// wakes a goroutine: its code, and its test files (whose init functions
// run in the worker too), use no function that makes one (time.After,
// time.NewTimer, context.WithTimeout, runtime.SetFinalizer…) and call
// only into standard packages known to make none. In a quiet package a
// wait on a channel is a deadlock after the short wait of a lock's
// (Config.BlockWait); elsewhere the watchdog waits ten times as long, in
// case a timer fires.

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gozilla/gozilla/internal/load"
)

// quietPkgs are the standard packages whose functions make no timer and
// start no goroutine that a timer wakes (package time and context are
// quiet but for timerFuncs; runtime but for its finalizers). What they
// call back (a String method, a Less) is the package's own code, or
// another quiet package's.
var quietPkgs = map[string]bool{
	"bufio": true, "bytes": true, "cmp": true, "container/heap": true, "container/list": true,
	"container/ring": true, "context": true, "encoding": true, "encoding/base32": true,
	"encoding/base64": true, "encoding/binary": true, "encoding/csv": true, "encoding/hex": true,
	"encoding/json": true, "errors": true, "fmt": true, "hash": true, "hash/adler32": true,
	"hash/crc32": true, "hash/crc64": true, "hash/fnv": true, "hash/maphash": true, "io": true,
	"iter": true, "maps": true, "math": true, "math/big": true, "math/bits": true, "math/cmplx": true,
	"math/rand": true, "math/rand/v2": true, "path": true, "reflect": true, "regexp": true,
	"runtime": true, "slices": true, "sort": true, "strconv": true, "strings": true, "sync": true,
	"sync/atomic": true, "time": true, "unicode": true, "unicode/utf16": true, "unicode/utf8": true,
	"unsafe": true, "unique": true, "weak": true,
}

// timerFuncs are the functions of quiet packages that make a timer, or
// have the runtime call code later (a finalizer may send on a channel).
var timerFuncs = map[string]bool{
	"time.After": true, "time.AfterFunc": true, "time.NewTimer": true, "time.NewTicker": true,
	"time.Tick": true, "time.Timer.Reset": true, "time.Ticker.Reset": true,
	"context.WithTimeout": true, "context.WithDeadline": true,
	"context.WithTimeoutCause": true, "context.WithDeadlineCause": true,
	"runtime.SetFinalizer": true, "runtime.AddCleanup": true,
}

// Quiet reports whether pkg, with the harness's table of units, is
// quiet: no timer can wake a goroutine of its worker process (see the
// file's comment). The units' inputs are built from the packages of
// their Imports, whose methods the code may call. It errs on the side
// of false.
func Quiet(pkg *load.Package, units []Unit) bool {
	for _, u := range units {
		for _, path := range u.Imports {
			if path != pkg.Path && !quietPkgs[path] {
				return false
			}
		}
	}
	for _, obj := range pkg.Info.Uses {
		if !quietObj(pkg.Types, obj) {
			return false
		}
	}
	return quietTests(pkg.Dir, pkg.Name)
}

// quietObj reports whether a use of obj in package self is quiet.
func quietObj(self *types.Package, obj types.Object) bool {
	p := obj.Pkg()
	if p == nil || p == self {
		return true // universe, or the package's own
	}
	if !quietPkgs[p.Path()] {
		return false
	}
	fn, ok := obj.(*types.Func)
	if !ok {
		return true
	}
	name := p.Name() + "." + fn.Name()
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
		t := sig.Recv().Type()
		if ptr, ok := t.(*types.Pointer); ok {
			t = ptr.Elem()
		}
		if n, ok := t.(*types.Named); ok {
			name = p.Name() + "." + n.Obj().Name() + "." + fn.Name()
		}
	}
	return !timerFuncs[name]
}

// quietTests reports whether the package's test files in dir (package
// name or name_test) are quiet, from their imports and the selectors on
// them: they are not type-checked here.
func quietTests(dir, name string) bool {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	fset := token.NewFileSet()
	for _, e := range ents {
		if e.IsDir() || !strings.HasSuffix(e.Name(), "_test.go") || e.Name() == File {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, parser.SkipObjectResolution)
		if err != nil {
			return false
		}
		if f.Name.Name != name && f.Name.Name != name+"_test" {
			continue
		}
		local := map[string]string{} // import name -> path
		for _, imp := range f.Imports {
			path, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				return false
			}
			if path == "testing" || strings.HasPrefix(path, "testing/") {
				continue // tests do not run in a worker
			}
			if !quietPkgs[path] {
				return false
			}
			n := path[strings.LastIndex(path, "/")+1:]
			if imp.Name != nil {
				n = imp.Name.Name
			}
			if n == "." && (path == "time" || path == "context" || path == "runtime") {
				return false // After, unqualified
			}
			local[n] = path
		}
		quiet := true
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok || !quiet {
				return quiet
			}
			if id, ok := sel.X.(*ast.Ident); ok {
				if path, ok := local[id.Name]; ok && timerFuncs[path+"."+sel.Sel.Name] {
					quiet = false
				}
			}
			// A method of a timer (t.Reset) needs a timer made first,
			// which the selectors above see.
			return true
		})
		if !quiet {
			return false
		}
	}
	return true
}
