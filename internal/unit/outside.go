package unit

import (
	"go/ast"
	"go/types"
	"sync"

	"github.com/gozilla/gozilla/internal/load"
)

// outside answers, for the functions of one package, whether a function
// reads the world outside its inputs (value.Env.Outside): the clock, the
// environment, the file system, the network or a shared source of
// randomness, directly or through the package's functions it calls. An
// implementation of an interface that does (a systemClock whose Now
// calls time.Now) is no value a test should be built with: the test
// file's fake takes its place, whose results the engines choose.
//
// The analysis follows static calls only: what a function reaches
// through an interface or a func value depends on the value it is
// given, which is what the choice of values decides.
type outside struct {
	pkg   *load.Package
	decls map[*types.Func]*ast.FuncDecl
	mu    sync.Mutex
	memo  map[*types.Func]bool
}

var outsides sync.Map // *load.Package -> *outside

func outsideOf(pkg *load.Package) *outside {
	if o, ok := outsides.Load(pkg); ok {
		return o.(*outside)
	}
	o := &outside{pkg: pkg, decls: funcBodies(pkg), memo: map[*types.Func]bool{}}
	got, _ := outsides.LoadOrStore(pkg, o)
	return got.(*outside)
}

// Outside reports whether f, a function of the package, may read the
// world outside its inputs.
func (o *outside) Outside(f *types.Func) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	f = f.Origin()
	if r, ok := o.memo[f]; ok {
		return r
	}
	seen := map[*types.Func]bool{}
	work := []*types.Func{f}
	found := false
	for len(work) > 0 && !found {
		g := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[g] {
			continue
		}
		seen[g] = true
		if r, ok := o.memo[g]; ok {
			found = r
			continue
		}
		fd := o.decls[g]
		if fd == nil {
			continue // another package's (worldly ones are listed), or without a body
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if found {
				return false
			}
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			callee, ok := o.pkg.Info.Uses[id].(*types.Func)
			if !ok {
				return true
			}
			if worldly(callee) {
				found = true
				return false
			}
			if o.decls[callee.Origin()] != nil {
				work = append(work, callee.Origin())
			}
			return true
		})
	}
	o.memo[f] = found
	return found
}

// worldly reports whether fn, a function of another package, reads or
// changes the world outside the values it is given.
func worldly(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig != nil && sig.Recv() != nil {
		// Methods: a *rand.Rand or a time.Timer is a value a test can
		// make; the shared ones are the package-level functions.
		return false
	}
	switch path := fn.Pkg().Path(); path {
	case "time":
		switch fn.Name() {
		case "Now", "Since", "Until", "Sleep", "After", "Tick", "NewTimer", "NewTicker", "AfterFunc":
			return true
		}
	case "math/rand", "math/rand/v2":
		switch fn.Name() {
		case "New", "NewSource", "NewPCG", "NewChaCha8", "NewZipf":
			return false
		}
		return true
	case "crypto/rand":
		return true
	case "os/exec":
		return fn.Name() == "Command" || fn.Name() == "CommandContext"
	case "net/http":
		switch fn.Name() {
		case "Get", "Head", "Post", "PostForm", "ListenAndServe", "ListenAndServeTLS", "Serve", "ServeTLS":
			return true
		}
	case "net":
		switch fn.Name() {
		case "Dial", "DialTimeout", "DialTCP", "DialUDP", "DialUnix", "DialIP", "Listen", "ListenPacket", "ListenTCP", "ListenUDP",
			"ListenUnix", "LookupHost", "LookupIP", "LookupAddr", "LookupCNAME", "LookupMX", "LookupTXT", "LookupPort", "LookupSRV",
			"LookupNS", "Interfaces", "InterfaceAddrs", "InterfaceByName", "InterfaceByIndex":
			return true
		}
	case "os":
		switch fn.Name() {
		case "IsExist", "IsNotExist", "IsPermission", "IsTimeout", "NewSyscallError", "NewFile", "DirFS":
			return false
		}
		return true
	}
	return false
}

// nonFinite reports whether fd's body, or the body of a function of
// the package it calls, uses math.Inf or math.NaN.
func nonFinite(pkg *load.Package, fd *ast.FuncDecl) bool {
	decls := funcBodies(pkg)
	spells := func(body *ast.BlockStmt, callees *[]*types.Func) bool {
		found := false
		ast.Inspect(body, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok || found {
				return !found
			}
			fn, ok := pkg.Info.Uses[id].(*types.Func)
			switch {
			case !ok:
			case fn.Pkg() != nil && fn.Pkg().Path() == "math" && (fn.Name() == "Inf" || fn.Name() == "NaN"):
				found = true
			case callees != nil && decls[fn.Origin()] != nil:
				*callees = append(*callees, fn.Origin())
			}
			return !found
		})
		return found
	}
	if fd.Body == nil {
		return false
	}
	var callees []*types.Func
	if spells(fd.Body, &callees) {
		return true
	}
	for _, c := range callees {
		if d := decls[c]; d != fd && spells(d.Body, nil) {
			return true
		}
	}
	return false
}
