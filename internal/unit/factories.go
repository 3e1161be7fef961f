package unit

import (
	"go/ast"
	"go/types"
	"sort"
	"strings"
	"sync"

	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/value"
)

// factories caches factoriesOf per package.
var factories sync.Map // *load.Package → []value.Factory

// factoriesOf returns the standard library's constructors without
// operands that the package's own code calls (md5.New(), sha1.New(),
// fnv.New32a(), list.New()): how the package itself builds the values it
// passes where an interface is wanted, and so the values a row passes
// there (uuid's NewHash(h hash.Hash, …) gets sha1.New(), as NewSHA1
// passes it, not a fake). Only functions named New…, of a package of
// the standard library that does not reach the world outside (time,
// os, net, rand, …), with one result that is not an error.
func factoriesOf(pkg *load.Package) []value.Factory {
	if f, ok := factories.Load(pkg); ok {
		return f.([]value.Factory)
	}
	seen := map[*types.Func]bool{}
	var out []value.Factory
	for _, f := range pkg.Files {
		ast.Inspect(f.Syntax, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) != 0 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			fn, ok := pkg.Info.Uses[sel.Sel].(*types.Func)
			if !ok || seen[fn] || fn.Pkg() == nil || fn.Pkg() == pkg.Types || !strings.HasPrefix(fn.Name(), "New") {
				return true
			}
			seen[fn] = true
			sig := fn.Type().(*types.Signature)
			if sig.Recv() != nil || sig.TypeParams().Len() > 0 || sig.Params().Len() != 0 || sig.Results().Len() != 1 ||
				types.Identical(sig.Results().At(0).Type(), types.Universe.Lookup("error").Type()) || !quietStd(fn.Pkg().Path()) {
				return true
			}
			out = append(out, value.Factory{Pkg: fn.Pkg(), Func: fn.Name(), Type: sig.Results().At(0).Type()})
			return true
		})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Pkg.Path() != out[j].Pkg.Path() {
			return out[i].Pkg.Path() < out[j].Pkg.Path()
		}
		return out[i].Func < out[j].Func
	})
	got, _ := factories.LoadOrStore(pkg, out)
	return got.([]value.Factory)
}

// quietStd reports whether path is a standard library package whose
// constructors build values from nothing outside the process: not the
// clock, the OS, the network or shared randomness.
func quietStd(path string) bool {
	if strings.Contains(strings.SplitN(path, "/", 2)[0], ".") {
		return false // a module's package, not the standard library's
	}
	for _, p := range []string{"time", "os", "net", "syscall", "runtime", "math/rand", "crypto/rand", "log", "io/fs", "plugin", "testing", "unsafe"} {
		if path == p || strings.HasPrefix(path, p+"/") {
			return false
		}
	}
	return true
}
