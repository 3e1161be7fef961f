package equiv

// This file is the prover's last stage, Compiled: trivial compiler
// equivalence (Papadakis et al., ICSE 2015). A mutant whose function the
// Go compiler turns into the same machine code as the original's is
// equivalent: the same instructions, with the same data, run the same
// way on every input. The compiler's own analyses (constant propagation,
// dead code, the prove pass's facts about loop counters and lengths)
// decide mutants the prover's model leaves open: deleting `n = 0` where
// n is already zero, abs of a value the loop keeps non-negative.
//
// Each mutant's function is copied, mutated and renamed, after the
// original in the same file (the same imports, the same package), and
// the package is compiled once with -S (one `go build` for all the
// copies, in chunks of compiledChunk bytes). The listings are compared
// after removing what does not change what runs: program counters and
// source positions (the copy sits elsewhere in the file), and the
// copy's name; every local data symbol an instruction refers to (static
// composite literals, jump tables, argument maps) is replaced by its
// contents, so that a change of data shows.
//
// The verdict holds for the build it compared: this GOOS/GOARCH, these
// tags and this compiler; the harness runs the mutants on the same.

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/ast"
	"go/types"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/gozilla/gozilla/internal/analysis"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/run"
	"github.com/gozilla/gozilla/internal/scratch"
	"github.com/gozilla/gozilla/internal/unit"
)

const (
	// compiledChunk bounds the source of the copies compiled by one go
	// build, compiledMax all of a package's: counts, so that which
	// mutants are compared never depends on the machine.
	compiledChunk = 256 << 10
	compiledMax   = 2 << 20
	// copySuffix marks a mutant's copy of its function: Name + copySuffix + ID.
	copySuffix = "_gozillaCopy"
)

// compiledReason is a Compiled verdict's reason.
const compiledReason = "the compiler emits the same machine code for the mutant's function as for the original's (trivial compiler equivalence)"

// ByCompiler runs the Compiled stage on the mutants of ms whose verdict in
// rep is Unknown: those whose function compiles to the same code as the
// original's become Equivalent. tags are the package's build tags. A
// package that does not build with the copies leaves the verdicts as
// they are.
func ByCompiler(ctx context.Context, a *analysis.Package, ms []*mutate.Mutant, rep *Report, tags string) {
	var open []*mutate.Mutant
	for _, m := range ms {
		if v := rep.Verdicts[m.ID]; v != nil && v.Status == mutate.Unknown {
			open = append(open, m)
		}
	}
	if len(open) == 0 {
		return
	}
	for _, id := range sameCode(ctx, a, open, tags) {
		v := rep.Verdicts[id]
		*v = Verdict{ID: v.ID, Unit: v.Unit, Status: mutate.Equivalent, Method: Compiled, Reason: compiledReason}
	}
}

// fnCopy is one mutant's copy of its function.
type fnCopy struct {
	m    *mutate.Mutant
	file string
	name string // the function's (or method's) name
	recv string // "", "T." or "(*T)."
	src  []byte // the mutated, renamed declaration
}

// sameCode returns the IDs of the mutants of ms whose function compiles
// to the original's code, ascending.
func sameCode(ctx context.Context, a *analysis.Package, ms []*mutate.Mutant, tags string) []int {
	units := map[string]*unit.Unit{}
	for _, u := range a.Units {
		units[u.Name] = u
	}
	files := map[string]*load.File{}
	for _, f := range a.Load.Files {
		files[f.Path] = f
	}
	var copies []*fnCopy
	total := 0
	for _, m := range ms {
		cp := copyOf(a.Load, files[m.File], units[m.Func], m)
		if cp == nil {
			continue
		}
		if total += len(cp.src); total > compiledMax {
			break
		}
		copies = append(copies, cp)
	}
	var chunks [][]*fnCopy
	for len(copies) > 0 {
		n, size := 0, 0
		for n < len(copies) && (n == 0 || size+len(copies[n].src) <= compiledChunk) {
			size += len(copies[n].src)
			n++
		}
		chunks = append(chunks, copies[:n])
		copies = copies[n:]
	}
	// The chunks build side by side (the go command compiles one
	// package on one core).
	var mu sync.Mutex
	var wg sync.WaitGroup
	var same []int
	sem := make(chan struct{}, max(1, runtime.GOMAXPROCS(0)))
	for _, ch := range chunks {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			ids := compareChunk(ctx, a.Load, files, ch, tags)
			mu.Lock()
			same = append(same, ids...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	sort.Ints(same)
	return same
}

// copyOf returns m's copy of its function, or nil when the stage does
// not apply: no declaration with a body, a generic function, a cgo
// file, a directive the copy cannot repeat, a mutation outside the body.
func copyOf(pkg *load.Package, f *load.File, u *unit.Unit, m *mutate.Mutant) *fnCopy {
	if f == nil || f.Cgo || u == nil || u.Decl == nil || u.Decl.Body == nil || u.Func == nil {
		return nil
	}
	sig, ok := u.Func.Type().(*types.Signature)
	if !ok || sig.TypeParams().Len() > 0 || sig.Recv() != nil && sig.RecvTypeParams().Len() > 0 {
		return nil
	}
	var directives []string
	if u.Decl.Doc != nil {
		for _, cm := range u.Decl.Doc.List {
			if !strings.HasPrefix(cm.Text, "//go:") {
				continue
			}
			d := strings.Fields(cm.Text)[0]
			switch d {
			case "//go:noinline", "//go:nosplit", "//go:norace", "//go:nocheckptr", "//go:uintptrkeepalive", "//go:uintptrescapes":
				directives = append(directives, d)
			default:
				return nil // go:linkname and the like name one function
			}
		}
	}
	tf := pkg.Fset.File(u.Decl.Pos())
	if tf == nil {
		return nil
	}
	start, end := tf.Offset(u.Decl.Pos()), tf.Offset(u.Decl.End())
	nameStart, nameEnd := tf.Offset(u.Decl.Name.Pos()), tf.Offset(u.Decl.Name.End())
	body := tf.Offset(u.Decl.Body.Lbrace)
	if m.Offset <= body || m.End > end || end > len(f.Src) {
		return nil
	}
	recv := ""
	if u.Decl.Recv != nil && len(u.Decl.Recv.List) == 1 {
		t := u.Decl.Recv.List[0].Type
		ptr := false
		if s, ok := t.(*ast.StarExpr); ok {
			t, ptr = s.X, true
		}
		id, ok := t.(*ast.Ident)
		if !ok {
			return nil
		}
		recv = id.Name + "."
		if ptr {
			recv = "(*" + id.Name + ")."
		}
	}
	name := u.Decl.Name.Name
	var b bytes.Buffer
	for _, d := range directives {
		b.WriteString(d + "\n")
	}
	b.Write(f.Src[start:nameStart])
	b.WriteString(name + copySuffix + strconv.Itoa(m.ID))
	b.Write(f.Src[nameEnd:m.Offset])
	b.WriteString(m.Repl)
	b.Write(f.Src[m.End:end])
	b.WriteString("\n\n")
	return &fnCopy{m: m, file: f.Path, name: name, recv: recv, src: b.Bytes()}
}

// compareChunk compiles the package with copies appended to their files
// and returns the IDs of those whose code is the original's.
func compareChunk(ctx context.Context, pkg *load.Package, files map[string]*load.File, copies []*fnCopy, tags string) []int {
	tmp, err := scratch.Dir("compiled")
	if err != nil {
		return nil
	}
	defer os.RemoveAll(tmp)
	srcs := map[string][]byte{}
	for _, cp := range copies {
		if srcs[cp.file] == nil {
			srcs[cp.file] = append(append([]byte(nil), files[cp.file].Src...), '\n')
		}
		srcs[cp.file] = append(srcs[cp.file], cp.src...)
	}
	ovPath, err := run.WriteOverlay(tmp, srcs)
	if err != nil {
		return nil
	}
	args := []string{"build", "-overlay=" + ovPath, "-gcflags=-S"}
	if t := strings.TrimSpace(tags); t != "" {
		args = append(args, "-tags="+t)
	}
	args = append(args, "-o", os.DevNull, pkg.Path)
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = pkg.Dir
	run.Isolate(cmd)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if cmd.Run() != nil {
		return nil
	}
	lst := parseListing(out.String())
	prefix := pkg.Path + "."
	if pkg.Name == "main" {
		prefix = "main."
	}
	var same []int
	for _, cp := range copies {
		orig := prefix + cp.recv + cp.name
		cpy := prefix + cp.recv + cp.name + copySuffix + strconv.Itoa(cp.m.ID)
		a, b := lst.code(orig, orig), lst.code(cpy, orig)
		if a != nil && b != nil && equalCode(a, b) {
			same = append(same, cp.m.ID)
		}
	}
	return same
}

// listing is the compiler's -S output: each text symbol's instructions
// (without program counters and positions), each data symbol's contents.
type listing struct {
	text map[string][]string
	data map[string][]string
}

var (
	// instrLine is an instruction: "\t0x0012 00018 (file.go:7)\tMOVQ\tAX, BX".
	instrLine = regexp.MustCompile(`^\t0x[0-9a-f]+ \d+ \([^\t]*\)\t(.*)$`)
	// symRef is a reference to a symbol: "name(SB)".
	symRef = regexp.MustCompile(`[^\s,$*()]+\(SB\)`)
)

func parseListing(out string) *listing {
	l := &listing{text: map[string][]string{}, data: map[string][]string{}}
	var cur []string
	var name string
	isText := false
	flush := func() {
		if name == "" {
			return
		}
		if isText {
			l.text[name] = cur
		} else {
			l.data[name] = cur
		}
	}
	for _, line := range strings.Split(out, "\n") {
		if line == "" {
			continue
		}
		if line[0] != '\t' {
			flush()
			name, cur = "", nil
			f := strings.Fields(line)
			if len(f) >= 2 && !strings.HasPrefix(line, "#") {
				name, isText = f[0], f[1] == "STEXT"
			}
			continue
		}
		if name == "" {
			continue
		}
		if isText {
			if m := instrLine.FindStringSubmatch(line); m != nil {
				cur = append(cur, m[1])
			}
			continue
		}
		cur = append(cur, line)
	}
	flush()
	return l
}

// code returns the normalised code of the function sym and of its
// closures, keyed by their names relative to sym, with sym spelt as
// canon; nil when the listing has no such function.
func (l *listing) code(sym, canon string) map[string][]string {
	if l.text[sym] == nil {
		return nil
	}
	out := map[string][]string{}
	for name, ins := range l.text {
		if name != sym && !strings.HasPrefix(name, sym+".") {
			continue
		}
		norm := make([]string, len(ins))
		for i, s := range ins {
			norm[i] = strings.ReplaceAll(l.resolve(s, sym, canon, 0), sym, canon)
		}
		out[strings.TrimPrefix(name, sym)] = norm
	}
	return out
}

// resolve replaces, in s, every reference to a data symbol of the
// listing by a digest of its contents (sym spelt as canon, its own
// references resolved in turn, to a depth of 4).
func (l *listing) resolve(s, sym, canon string, depth int) string {
	return symRef.ReplaceAllStringFunc(s, func(ref string) string {
		name := strings.TrimSuffix(ref, "(SB)")
		body, ok := l.data[name]
		if !ok || depth >= 4 {
			return ref
		}
		h := sha256.New()
		for _, line := range body {
			fmt.Fprintln(h, strings.ReplaceAll(l.resolve(line, sym, canon, depth+1), sym, canon))
		}
		return "data:" + hex.EncodeToString(h.Sum(nil)[:12]) + "(SB)"
	})
}

func equalCode(a, b map[string][]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, x := range a {
		y, ok := b[k]
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if x[i] != y[i] {
				return false
			}
		}
	}
	return true
}
