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
	pkg     *load.Package
	decls   map[*types.Func]*ast.FuncDecl
	mu      sync.Mutex
	memo    map[*types.Func]bool // Outside's
	machine map[*types.Func]bool // Machine's
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
	return o.reaches(f, worldly, o.memo)
}

// Machine reports whether f, a function of the package, may read the
// state of the machine or the moment it runs on: the clock, the host's
// name or network interfaces, the process's IDs, the CPUs, shared
// randomness. Its outcome may pass every run
// here and fail on another machine (a node ID from this host's MAC
// address): no row pins it.
func (o *outside) Machine(f *types.Func) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.machine == nil {
		o.machine = map[*types.Func]bool{}
	}
	return o.reaches(f, machineState, o.machine)
}

// reaches reports whether f, or a function of the package it calls
// statically, calls a function of another package that hit holds of.
func (o *outside) reaches(f *types.Func, hit func(*types.Func) bool, memo map[*types.Func]bool) bool {
	f = f.Origin()
	if r, ok := memo[f]; ok {
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
		if r, ok := memo[g]; ok {
			found = r
			continue
		}
		fd := o.decls[g]
		if fd == nil {
			continue // another package's (the ones that count are listed), or without a body
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
			if hit(callee) {
				found = true
				return false
			}
			if o.decls[callee.Origin()] != nil {
				work = append(work, callee.Origin())
			}
			return true
		})
	}
	memo[f] = found
	return found
}

// machineState reports whether fn, a function of another package, reads
// the state of the machine or the moment (Machine).
func machineState(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	if sig, _ := fn.Type().(*types.Signature); sig != nil && sig.Recv() != nil {
		return false
	}
	switch fn.Pkg().Path() {
	case "time":
		switch fn.Name() {
		case "Now", "Since", "Until":
			return true
		}
	case "math/rand", "math/rand/v2":
		return worldly(fn)
	case "crypto/rand":
		return true
	case "os":
		switch fn.Name() {
		// Not the environment (nor the directories it names): a row
		// that reads it is the check's to catch, which runs the file
		// in the environment go test gives it.
		case "Hostname", "Getpid", "Getppid", "Getuid", "Geteuid", "Getgid", "Getegid", "Getwd", "Executable", "Getpagesize":
			return true
		}
	case "net":
		return worldly(fn)
	case "runtime":
		switch fn.Name() {
		case "NumCPU", "GOMAXPROCS", "NumGoroutine":
			return true
		}
	}
	return false
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
