package value

// This file builds the alternatives (Alt) of the types a literal cannot
// spell: interfaces (the package's own implementations, the standard
// library's common ones, the dynamic types the unit looks for), funcs
// (the package's functions of that signature, small literals), channels
// (pre-filled), time.Time, and other packages' types with unexported
// state (their constructors; Opaque when they are ready as zero values).

import (
	"fmt"
	"go/types"
	"hash/fnv"
	"sort"
	"strconv"
	"strings"
)

// Env is what Build knows about the unit's package.
type Env struct {
	Pkg     *types.Package
	Imports map[string]string // package name -> path of the names the types use; filled by Build
	// Dyn are the dynamic types the unit's code looks for in its
	// interface values (type switches, assertions): tried first.
	Dyn []types.Type
	// NoAlts: interfaces, funcs, channels and opaque types are
	// unsupported (FromTypes).
	NoAlts bool
	// Pure, if set, says whether a method of the package changes
	// nothing its receiver reaches (IsSuperSet, AppendTo(buf), NextSet):
	// sequences that build a receiver do not call those.
	Pure func(*types.Func) bool
	// Outside, if set, says whether a function of the package may read
	// the world outside its inputs (the clock, the environment, files,
	// the network, shared randomness): an implementation of an
	// interface whose methods do (a systemClock) is no alternative, and
	// the test file's fake stands in for it.
	Outside func(*types.Func) bool
	// Ranges are the ranges the package's documentation gives the values
	// of its named numeric types, its struct types (of their numeric
	// fields, when all are of one type) and its struct fields
	// (DocRange): of *types.TypeName and field *types.Var.
	Ranges map[types.Object]*Range
	// Producers are, for struct fields, the package's functions that
	// build their values (SplitLines for a diff's lines): the field's
	// alternatives, called on drawn operands.
	Producers map[*types.Var][]*types.Func
	// Factories are the standard library's constructors without operands
	// the package's own code calls (md5.New()): where it wants an
	// interface they implement, values the package builds itself.
	Factories []Factory
	// factoryDepth > 0 while the receivers of factory methods are built
	// (seq.go): they get no factories of their own.
	factoryDepth int
	// derefDepth > 0 while the pointer alternatives a struct taken by
	// value copies are built (AddSequences).
	derefDepth int
}

// Factory is a function of another package, called with no operands,
// that builds a value of Type.
type Factory struct {
	Pkg  *types.Package
	Func string
	Type types.Type
}

// factoryAlts adds the factories whose values implement u: how the
// package builds one itself. It reports whether it added one.
func (b *builder) factoryAlts(out *Type, u *types.Interface) bool {
	n := 0
	for _, f := range b.env.Factories {
		if !types.Implements(f.Type, u) || !b.usePkg(f.Pkg.Name(), f.Pkg.Path()) {
			continue
		}
		label := f.Pkg.Name() + "." + f.Func
		a, err := b.alt(label, label+"()", b.name(f.Type), "")
		if err == nil {
			out.add(a, nil)
			n++
		}
	}
	return n > 0
}

const (
	maxAltDepth = 2 // operands of operands of … of an alternative
	maxImpls    = 8 // implementations of an interface taken from the package
	maxFuncs    = 6 // package functions taken for a func type
)

// usePkg records that alternatives use package path by its name, when
// the name is free in the unit's package (its scope does not declare it,
// and no other imported package uses it).
func (b *builder) usePkg(name, path string) bool {
	if b.pkg != nil && b.pkg.Scope().Lookup(name) != nil {
		return false
	}
	if p, ok := b.imports[name]; ok && p != path {
		return false
	}
	b.imports[name] = path
	return true
}

// alt finishes an alternative: its key, and its operands' types.
func (b *builder) alt(label, expr, of, decon string, params ...types.Type) (*Alt, error) {
	a := &Alt{Label: label, Expr: expr, Of: of, Decon: decon}
	b.depth++
	defer func() { b.depth-- }()
	for _, p := range params {
		pt, err := b.build(p, false)
		if err != nil {
			return nil, err
		}
		a.Params = append(a.Params, pt)
	}
	h := fnv.New64a()
	h.Write([]byte(expr))
	for _, p := range a.Params {
		h.Write([]byte{0})
		h.Write([]byte(p.Name))
	}
	a.Key = strconv.FormatUint(h.Sum64(), 36)
	return a, nil
}

// add appends the alternative unless building it failed.
func (out *Type) add(a *Alt, err error) {
	if err == nil && a != nil && out.Alt(a.Key) == nil {
		out.Alts = append(out.Alts, a)
	}
}

func (b *builder) name(t types.Type) string { return types.TypeString(t, b.qualifier) }

// special models the types that need alternatives or are opaque, before
// their underlying type is looked at: done reports that out is complete.
func (b *builder) special(t types.Type, out *Type) (done bool, err error) {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg() == b.pkg {
		return false, nil
	}
	path, tname := n.Obj().Pkg().Path(), n.Obj().Name()
	st, isStruct := n.Underlying().(*types.Struct)
	if path == "time" && tname == "Time" {
		if b.env.NoAlts || !b.usePkg("time", "time") {
			return true, &Unsupported{out.Name, "time.Time (the name time is taken)"}
		}
		out.Kind, out.ZeroLit = Built, "time.Time{}"
		intT := types.Typ[types.Int]
		month := types.Universe.Lookup("int").Type()
		if m, ok := n.Obj().Pkg().Scope().Lookup("Month").(*types.TypeName); ok {
			month = m.Type()
		}
		a, err := b.alt("time.Date", "time.Date($0, $1, $2, $3, $4, $5, $6, time.UTC)", "time.Time",
			"func(t time.Time) (int, time.Month, int, int, int, int, int) { t = t.UTC(); return t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond() }",
			intT, month, intT, intT, intT, intT, intT)
		if err == nil {
			a.Self = true
			// Plain dates: shrinking takes an operand into its range
			// first, to its low end (2000-01-01 00:00:00).
			a.Ranges = [][2]int64{{2000, 2038}, {1, 12}, {1, 28}, {0, 23}, {0, 59}, {0, 59}, {0, 0}}
		}
		out.add(a, err)
		return true, nil
	}
	if !isStruct {
		return false, nil
	}
	exported := true
	for i := 0; i < st.NumFields(); i++ {
		if !st.Field(i).Exported() {
			exported = false
		}
	}
	if exported {
		return false, nil
	}
	// Another package's struct with unexported state: its zero value
	// (which Go packages make ready for use: sync.Mutex, bytes.Buffer,
	// big.Int), never observed.
	if b.env.NoAlts {
		return true, &Unsupported{out.Name, "unexported state of another package's type"}
	}
	out.Kind, out.ZeroLit = Opaque, out.Name+"{}"
	b.usePkg(n.Obj().Pkg().Name(), path)
	return true, nil
}

// ctors adds to a pointer type to another package's opaque struct the
// constructors of that package that return it (big.NewInt(x)), with at
// most two operands and no error result.
func (b *builder) ctors(t types.Type, out *Type) {
	if b.env.NoAlts || out.Elem.Kind != Opaque || b.depth >= maxAltDepth {
		return
	}
	n, ok := types.Unalias(t.(*types.Pointer).Elem()).(*types.Named)
	if !ok {
		return
	}
	pkg := n.Obj().Pkg()
	if !b.usePkg(pkg.Name(), pkg.Path()) {
		return
	}
	scope := pkg.Scope()
	names := scope.Names()
	for _, nm := range names {
		f, ok := scope.Lookup(nm).(*types.Func)
		if !ok || !f.Exported() {
			continue
		}
		sig := f.Type().(*types.Signature)
		if sig.Results().Len() != 1 || sig.Params().Len() > 2 || sig.Variadic() || sig.TypeParams().Len() > 0 ||
			!types.Identical(sig.Results().At(0).Type(), t) || strings.HasPrefix(nm, "Must") {
			continue
		}
		var params []types.Type
		var slots []string
		for i := 0; i < sig.Params().Len(); i++ {
			params = append(params, sig.Params().At(i).Type())
			slots = append(slots, "$"+strconv.Itoa(i))
		}
		a, err := b.alt(pkg.Name()+"."+nm, pkg.Name()+"."+nm+"("+strings.Join(slots, ", ")+")", out.Name, "", params...)
		if err == nil {
			// Sizes and capacities (bufio.NewWriterSize): a huge one only
			// costs memory, and ran csv's writer out of it.
			a.Small = true
		}
		out.add(a, err)
		if len(out.Alts) >= 3 {
			break
		}
	}
}

// chanAlts models a channel: filled with operands and closed. (A
// channel left open blocks a reader past its values, a nil one blocks
// forever: each such run costs a deadlock detection and a worker.)
func (b *builder) chanAlts(out *Type, u *types.Chan) error {
	if b.env.NoAlts {
		return &Unsupported{out.Name, "channel"}
	}
	out.Kind, out.ZeroLit, out.Unseen = Built, "nil", true
	elem := b.name(u.Elem())
	bidi := "chan " + elem
	if strings.HasPrefix(elem, "<-") {
		bidi = "chan (" + elem + ")"
	}
	slice := types.NewSlice(u.Elem())
	out.add(b.alt("closed", "func(xs []"+elem+") "+bidi+" { c := make("+bidi+", len(xs)); for _, x := range xs { c <- x }; close(c); return c }($0)", bidi, "", slice))
	if len(out.Alts) == 0 {
		return &Unsupported{out.Name, "channel of " + elem}
	}
	return nil
}

// funcAlts models a func type: the package's functions of that
// signature, literals returning operands (constants), the identity, sign
// and emptiness predicates, x+1; nil last.
func (b *builder) funcAlts(out *Type, t types.Type, sig *types.Signature) error {
	if b.env.NoAlts {
		return &Unsupported{out.Name, "func"}
	}
	out.Kind, out.Iface, out.ZeroLit, out.Unseen = Built, true, "nil", true
	lit := b.name(sig) // "func(int) bool"
	params, results := sig.Params(), sig.Results()
	if b.pkg != nil {
		n := 0
		for _, nm := range b.pkg.Scope().Names() {
			if f, ok := b.pkg.Scope().Lookup(nm).(*types.Func); ok && types.Identical(f.Type(), sig) && n < maxFuncs {
				out.add(b.alt(nm, nm, lit, ""))
				n++
			}
		}
		// A func type of another package (utils.Comparator): that
		// package's functions of the type (utils.IntComparator), the
		// ones over ints and strings first.
		if nt, ok := types.Unalias(t).(*types.Named); ok && nt.Obj().Pkg() != nil && nt.Obj().Pkg() != b.pkg && n == 0 {
			pkg := nt.Obj().Pkg()
			var fs []string
			for _, nm := range pkg.Scope().Names() {
				if f, ok := pkg.Scope().Lookup(nm).(*types.Func); ok && f.Exported() && types.Identical(f.Type(), sig) {
					fs = append(fs, nm)
				}
			}
			rank := func(nm string) int {
				switch {
				case strings.HasPrefix(nm, "Int") && len(nm) > 3 && (nm[3] < '0' || nm[3] > '9'):
					return 0 // IntComparator, not Int64Comparator
				case strings.HasPrefix(nm, "String"):
					return 1
				}
				return 2
			}
			sort.SliceStable(fs, func(i, j int) bool { return rank(fs[i]) < rank(fs[j]) })
			if len(fs) > 0 && b.usePkg(pkg.Name(), pkg.Path()) {
				for _, nm := range fs[:min(len(fs), maxFuncs)] {
					out.add(b.alt(pkg.Name()+"."+nm, pkg.Name()+"."+nm, lit, ""))
				}
			}
		}
		v := 0
		// The package's variables of the type (var itemLess
		// LessFunc[Item] = …), and its functions that hand one out
		// without operands (Less[T]() LessFunc[T]: Less[int]()).
		for _, nm := range b.pkg.Scope().Names() {
			if v >= maxFuncs {
				break
			}
			switch o := b.pkg.Scope().Lookup(nm).(type) {
			case *types.Var:
				if types.Identical(o.Type(), t) {
					out.add(b.alt(nm, nm, lit, ""))
					v++
				}
			case *types.Func:
				fs := o.Type().(*types.Signature)
				if fs.Params().Len() != 0 || fs.Results().Len() != 1 {
					continue
				}
				name := nm
				if tps := fs.TypeParams(); tps.Len() > 0 {
					targs := inferFromResult(tps, fs.Results().At(0).Type(), t)
					if targs == nil {
						continue
					}
					inst, err := types.Instantiate(nil, fs, targs, true)
					if err != nil {
						continue
					}
					fs = inst.(*types.Signature)
					var names []string
					for _, a := range targs {
						names = append(names, b.name(a))
					}
					name += "[" + strings.Join(names, ", ") + "]"
				}
				if types.Identical(fs.Results().At(0).Type(), t) {
					out.add(b.alt(name+"()", name+"()", lit, ""))
					v++
				}
			}
		}
	}
	if b.depth >= maxAltDepth {
		return nil // (the package's functions take no operands: deep down too)
	}
	// Constant results: the operands are the results.
	var rts []types.Type
	var slots []string
	for i := 0; i < results.Len(); i++ {
		rts = append(rts, results.At(i).Type())
		slots = append(slots, "$"+strconv.Itoa(i))
	}
	body := "{}"
	if len(rts) > 0 {
		body = "{ return " + strings.Join(slots, ", ") + " }"
	}
	out.add(b.alt("const", lit+" "+body, lit, "", rts...))
	if params.Len() == 1 && results.Len() == 1 && !sig.Variadic() {
		p, r := params.At(0).Type(), results.At(0).Type()
		head := "func(x " + b.name(p) + ") " + b.name(r)
		pb, _ := p.Underlying().(*types.Basic)
		rb, _ := r.Underlying().(*types.Basic)
		if types.Identical(p, r) {
			out.add(b.alt("identity", head+" { return x }", lit, ""))
		}
		if pb != nil && rb != nil && rb.Kind() == types.Bool {
			switch {
			case pb.Info()&types.IsNumeric != 0 && pb.Info()&types.IsComplex == 0:
				out.add(b.alt("positive", head+" { return x > 0 }", lit, ""))
				if pb.Info()&types.IsInteger != 0 {
					out.add(b.alt("even", head+" { return x%2 == 0 }", lit, ""))
				}
			case pb.Info()&types.IsString != 0:
				out.add(b.alt("nonempty", head+` { return x != "" }`, lit, ""))
			}
		}
		if types.Identical(p, r) && pb != nil && pb.Info()&types.IsNumeric != 0 {
			out.add(b.alt("increment", head+" { return x + 1 }", lit, ""))
		}
	}
	return nil
}

// stdImpl is a standard-library implementation of interfaces: its
// method set (as methodSig writes them), how to build one from operands
// and, for buffers, how to observe one. more are the other packages
// (name, path) its expression names.
type stdImpl struct {
	pkg, path string
	more      [][2]string
	label     string
	expr      string
	of        string
	decon     string
	params    []types.Type
	methods   []string
}

var (
	tString = types.Typ[types.String]
	tBytes  = types.NewSlice(types.Universe.Lookup("byte").Type())
)

const (
	mRead       = "Read([]byte) (int, error)"
	mWrite      = "Write([]byte) (int, error)"
	mReadByte   = "ReadByte() (byte, error)"
	mUnreadByte = "UnreadByte() error"
	mReadRune   = "ReadRune() (rune, int, error)"
	mUnreadRune = "UnreadRune() error"
	mString     = "String() string"
	mLen        = "Len() int"
	mWriteStr   = "WriteString(string) (int, error)"
	mWriteByte  = "WriteByte(byte) error"
	mWriteRune  = "WriteRune(rune) (int, error)"
	mSeek       = "Seek(int64, int) (int64, error)"
	mReadAt     = "ReadAt([]byte, int64) (int, error)"
	mWriteTo    = "WriteTo(io.Writer) (int64, error)"
	mReadFrom   = "ReadFrom(io.Reader) (int64, error)"
)

var stdImpls = []stdImpl{
	{pkg: "strings", path: "strings", label: "strings.NewReader", expr: "strings.NewReader($0)", of: "*strings.Reader",
		params:  []types.Type{tString},
		methods: []string{mRead, mReadByte, mUnreadByte, mReadRune, mUnreadRune, mSeek, mReadAt, mWriteTo, mLen, "Size() int64", "Reset(string)"}},
	{pkg: "bytes", path: "bytes", label: "bytes.NewReader", expr: "bytes.NewReader($0)", of: "*bytes.Reader",
		params:  []types.Type{tBytes},
		methods: []string{mRead, mReadByte, mUnreadByte, mReadRune, mUnreadRune, mSeek, mReadAt, mWriteTo, mLen, "Size() int64", "Reset([]byte)"}},
	{pkg: "bytes", path: "bytes", label: "bytes.Buffer", expr: "bytes.NewBufferString($0)", of: "*bytes.Buffer",
		decon:  "func(b *bytes.Buffer) string { return b.String() }",
		params: []types.Type{tString},
		methods: []string{mRead, mWrite, mWriteStr, mWriteByte, mWriteRune, mReadByte, mUnreadByte, mReadRune, mUnreadRune,
			mString, mLen, mWriteTo, mReadFrom, "Bytes() []byte", "Reset()", "Truncate(int)", "Grow(int)", "Cap() int",
			"Available() int", "AvailableBuffer() []byte", "Next(int) []byte", "ReadBytes(byte) ([]byte, error)", "ReadString(byte) (string, error)"}},
	// A reader that fails after its text, as Go's own tests build one
	// (testing/iotest): the error path of code that reads.
	{pkg: "io", path: "io", more: [][2]string{{"strings", "strings"}, {"iotest", "testing/iotest"}, {"errors", "errors"}}, label: "failing reader",
		expr: `io.MultiReader(strings.NewReader($0), iotest.ErrReader(errors.New("read failed")))`, params: []types.Type{tString}, methods: []string{mRead}},
	{pkg: "strings", path: "strings", label: "strings.Builder", expr: "func(s string) *strings.Builder { b := new(strings.Builder); b.WriteString(s); return b }($0)", of: "*strings.Builder",
		decon:   "func(b *strings.Builder) string { return b.String() }",
		params:  []types.Type{tString},
		methods: []string{mWrite, mWriteStr, mWriteByte, mWriteRune, mString, mLen, "Cap() int", "Grow(int)", "Reset()"}},
}

// methodSig spells a method for matching against stdImpls: name,
// operand and result types, byte and rune by those names.
func (b *builder) methodSig(f *types.Func) string {
	sig := f.Type().(*types.Signature)
	q := func(p *types.Package) string { return p.Name() }
	tuple := func(t *types.Tuple, variadic bool) []string {
		var out []string
		for i := 0; i < t.Len(); i++ {
			s := types.TypeString(t.At(i).Type(), q)
			if variadic && i == t.Len()-1 {
				s = "..." + strings.TrimPrefix(s, "[]")
			}
			out = append(out, strings.NewReplacer("uint8", "byte", "int32", "rune").Replace(s))
		}
		return out
	}
	s := f.Name() + "(" + strings.Join(tuple(sig.Params(), sig.Variadic()), ", ") + ")"
	switch rs := tuple(sig.Results(), false); len(rs) {
	case 0:
	case 1:
		s += " " + rs[0]
	default:
		s += " (" + strings.Join(rs, ", ") + ")"
	}
	return s
}

// ifaceAlts models an interface type.
func (b *builder) ifaceAlts(out *Type, t types.Type, u *types.Interface) error {
	if b.env.NoAlts {
		return &Unsupported{out.Name, "interface"}
	}
	if !u.IsMethodSet() {
		return &Unsupported{out.Name, "constraint interface"}
	}
	out.Kind, out.Iface, out.ZeroLit = Built, true, "nil"
	if b.depth >= maxAltDepth {
		// Deep down (an operand of a constructor's or a method's call),
		// the package's own implementations that are plain values
		// (type Int int: Int(3)) still: they nest nothing.
		if u.NumMethods() == 0 {
			// An any: plain values still (a key a set-up call passes is
			// 1 or "a", not nil).
			out.Any = true
			b.dynAlt(out, types.Typ[types.Int])
			b.dynAlt(out, tString)
			return nil
		}
		if b.pkg == nil {
			return nil
		}
		scope := b.pkg.Scope()
		n := 0
		for _, nm := range scope.Names() {
			tn, ok := scope.Lookup(nm).(*types.TypeName)
			if !ok || tn.IsAlias() || n >= maxImpls {
				continue
			}
			nt, ok := tn.Type().(*types.Named)
			if !ok || nt.TypeParams().Len() > 0 || !types.Implements(nt, u) {
				continue
			}
			if _, basic := nt.Underlying().(*types.Basic); basic && b.dynAlt(out, nt) {
				n++
			}
		}
		// And the standard library's, built from a string: a writer
		// for a constructor's output (tabwriter.NewWriter(w, …)), not
		// nil.
		want := map[string]bool{}
		for i := 0; i < u.NumMethods(); i++ {
			want[b.methodSig(u.Method(i))] = true
		}
		std := b.stdAlts(out, want)
		if n == 0 && !std && b.worldlyImpls(u) > 0 && b.mockAlt(out, t, u) {
			// A clock the package's own implementation would read for
			// real: the fake, never nil (New(…, nil) takes the system
			// clock).
			out.Iface, out.Worldly = false, true
		}
		return nil
	}
	// Dynamic types the unit looks for, first; but in an any, the
	// package's own unexported types after the plain values (a cache's
	// keys are "a" and 1, not a (*entry)(nil) its code asserts
	// elsewhere).
	var later []types.Type
	for _, d := range b.env.Dyn {
		if !types.Implements(d, u) {
			continue
		}
		if u.NumMethods() == 0 && b.ownUnexported(d) {
			later = append(later, d)
			continue
		}
		b.dynAlt(out, d)
	}
	errType := types.Universe.Lookup("error").Type()
	switch {
	case types.Identical(t, errType) || types.Identical(u, errType.Underlying()):
		b.errorAlts(out, t)
		return nil
	case isContext(t):
		out.add(b.alt("context.Background", "context.Background()", "", ""))
		out.add(b.alt("cancelled", "func() context.Context { c, cancel := context.WithCancel(context.Background()); cancel(); return c }()", "", ""))
		out.Iface = false // nil is not a context a caller may pass
		return nil
	case u.NumMethods() == 0:
		// any: the basic kinds, then slices and maps of them.
		out.Any = true
		for _, d := range []types.Type{types.Typ[types.Int], tString, types.Typ[types.Float64], types.Typ[types.Bool],
			types.NewSlice(types.Typ[types.Int]), types.NewSlice(tString),
			types.NewMap(tString, types.Typ[types.Int]), types.Typ[types.Int64], types.Typ[types.Uint8]} {
			b.dynAlt(out, d)
		}
		for _, d := range later {
			b.dynAlt(out, d)
		}
		return nil
	}
	// The package's constructors of the interface itself (NewSet[T](vals
	// ...T) Set[T]): how its users get one, when its implementations
	// are unexported.
	n, worldly := 0, 0
	if b.pkg != nil {
		if named, ok := types.Unalias(t).(*types.Named); ok && named.Obj().Pkg() == b.pkg {
			// All of them (up to maxImpls): each may build another
			// implementation (NewSet's thread-safe set, NewThreadUnsafeSet's
			// map), and a method asserting one wants that one.
			for _, c := range b.ctorsUpTo(t, maxImpls) {
				k := len(out.Alts)
				b.sequence(out, t, "s", c, nil)
				if len(out.Alts) > k {
					n++
				}
			}
		}
	}
	// The package's own types that implement it.
	if b.pkg != nil {
		scope := b.pkg.Scope()
		for _, nm := range scope.Names() {
			tn, ok := scope.Lookup(nm).(*types.TypeName)
			if !ok || tn.IsAlias() || n >= maxImpls {
				continue
			}
			nt, ok := tn.Type().(*types.Named)
			if !ok || nt.TypeParams().Len() > 0 || types.IsInterface(nt) {
				continue
			}
			var d types.Type
			switch {
			case types.Implements(nt, u):
				d = nt
			case types.Implements(types.NewPointer(nt), u):
				d = types.NewPointer(nt)
			default:
				continue
			}
			if b.worldly(d, u) {
				worldly++
				continue // a systemClock: the fake below stands in for it
			}
			if b.dynAlt(out, d) {
				n++
			}
		}
	}
	// What the package's own code builds for it (sha1.New()).
	if b.factoryAlts(out, u) {
		n++
	}
	// Standard implementations.
	want := map[string]bool{}
	var methods []string
	for i := 0; i < u.NumMethods(); i++ {
		want[b.methodSig(u.Method(i))] = true
		methods = append(methods, b.methodSig(u.Method(i)))
	}
	std := b.stdAlts(out, want)
	// A writer that fails: the test file's fake, whose results the
	// engines choose (fakes.go).
	if len(want) == 1 && want[mWrite] && std && n == 0 {
		b.mockAlt(out, t, u)
	}
	// Neither the package nor the standard library implements it: the
	// test file does (fakes.go).
	if n == 0 && !std {
		sort.Strings(methods)
		if b.fakeAlts(out, t, u, methods) && worldly > 0 {
			// The package's own implementations read the clock or the
			// outside world, and a nil is where a constructor puts one
			// of them (New(…, nil) takes the system clock): the fake
			// only.
			out.Iface, out.Worldly = false, true
		}
	}
	return nil
}

// ownUnexported reports whether d is (a pointer to) an unexported named
// type of the package.
func (b *builder) ownUnexported(d types.Type) bool {
	if p, ok := d.(*types.Pointer); ok {
		d = p.Elem()
	}
	n, ok := types.Unalias(d).(*types.Named)
	return ok && b.pkg != nil && n.Obj().Pkg() == b.pkg && !n.Obj().Exported()
}

// worldlyImpls counts the package's types whose implementation of u
// reads the world outside its inputs.
func (b *builder) worldlyImpls(u *types.Interface) int {
	if b.pkg == nil {
		return 0
	}
	n := 0
	scope := b.pkg.Scope()
	for _, nm := range scope.Names() {
		tn, ok := scope.Lookup(nm).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		nt, ok := tn.Type().(*types.Named)
		if !ok || nt.TypeParams().Len() > 0 || types.IsInterface(nt) {
			continue
		}
		switch {
		case types.Implements(nt, u) && b.worldly(nt, u):
			n++
		case types.Implements(types.NewPointer(nt), u) && b.worldly(types.NewPointer(nt), u):
			n++
		}
	}
	return n
}

// worldly reports whether an implementation d of the interface u reads
// the world outside its inputs in one of u's methods (Env.Outside).
func (b *builder) worldly(d types.Type, u *types.Interface) bool {
	if b.env == nil || b.env.Outside == nil {
		return false
	}
	for i := 0; i < u.NumMethods(); i++ {
		obj, _, _ := types.LookupFieldOrMethod(d, true, b.pkg, u.Method(i).Name())
		if fn, ok := obj.(*types.Func); ok && fn.Pkg() == b.pkg && b.env.Outside(fn) {
			return true
		}
	}
	return false
}

// stdAlts adds the standard-library implementations (stdImpls) that
// have every method of want, and reports whether there is one.
func (b *builder) stdAlts(out *Type, want map[string]bool) bool {
	std := false
	for _, impl := range stdImpls {
		has := map[string]bool{}
		for _, m := range impl.methods {
			has[m] = true
		}
		ok := true
		for m := range want {
			ok = ok && has[m]
		}
		ok = ok && b.usePkg(impl.pkg, impl.path)
		for _, m := range impl.more {
			ok = ok && b.usePkg(m[0], m[1])
		}
		if ok {
			out.add(b.alt(impl.label, impl.expr, impl.of, impl.decon, impl.params...))
			std = true
		}
	}
	return std
}

// dynAlt adds the alternative "a value of dynamic type d", rendered as
// its literal (converted when the literal alone would have another
// default type).
func (b *builder) dynAlt(out *Type, d types.Type) bool {
	if tn, ok := types.Unalias(d).(*types.Named); ok && tn.Obj().Pkg() != nil && tn.Obj().Pkg() != b.pkg && !tn.Obj().Exported() {
		return false
	}
	name := b.name(d)
	expr := "$0"
	if bt, ok := d.(*types.Basic); !ok || (bt.Kind() != types.Int && bt.Kind() != types.String && bt.Kind() != types.Bool) {
		expr = name + "($0)"
	}
	if _, ok := d.Underlying().(*types.Basic); !ok {
		expr = "$0" // composite literals spell their type; nil is converted by the printer
	}
	a, err := b.alt(name, expr, name, "func(v "+name+") "+name+" { return v }", d)
	if err != nil {
		return false
	}
	if a.Params[0].Kind == Built || a.Params[0].Kind == Opaque {
		return false // a value of an interface type is not a dynamic type
	}
	a.Plain = true
	out.add(a, nil)
	return true
}

// errorAlts models an error operand: nil, the package's error variables,
// errors.New(text), and one wrapped in fmt.Errorf's %w.
func (b *builder) errorAlts(out *Type, t types.Type) {
	if b.pkg != nil {
		errType := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
		var vars []*types.Var
		scope := b.pkg.Scope()
		for _, nm := range scope.Names() {
			if v, ok := scope.Lookup(nm).(*types.Var); ok && types.Implements(v.Type(), errType) {
				vars = append(vars, v)
			}
		}
		sort.Slice(vars, func(i, j int) bool { return vars[i].Pos() < vars[j].Pos() })
		for i, v := range vars {
			if i == maxImpls {
				break
			}
			out.add(b.alt(v.Name(), v.Name(), "", ""))
		}
	}
	if b.usePkg("errors", "errors") {
		out.add(b.alt("errors.New", "errors.New($0)", "", "", tString))
	}
	if b.usePkg("fmt", "fmt") && b.depth < maxAltDepth-1 {
		out.add(b.alt("wrapped", `fmt.Errorf("wrapped: %w", $0)`, "", "", t))
	}
}

func isContext(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

// Alts returns every alternative reachable from ts, each once, in a
// deterministic order: what the harness must be able to build.
func Alts(ts []*Type) []*Alt {
	seen := map[*Type]bool{}
	keys := map[string]bool{}
	var out []*Alt
	var walk func(t *Type)
	walk = func(t *Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		walk(t.Elem)
		walk(t.Key)
		for _, f := range t.Fields {
			walk(f.Type)
		}
		for _, a := range t.Alts {
			if !keys[a.Key] {
				keys[a.Key] = true
				out = append(out, a)
			}
			for _, p := range a.Params {
				walk(p)
			}
		}
	}
	for _, t := range ts {
		walk(t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}

// Subst writes expr with each $i replaced by args[i].
func Subst(expr string, args []string) string {
	var b strings.Builder
	for i := 0; i < len(expr); i++ {
		if expr[i] == '$' && i+1 < len(expr) && expr[i+1] >= '0' && expr[i+1] <= '9' {
			j := i + 1
			for j < len(expr) && expr[j] >= '0' && expr[j] <= '9' {
				j++
			}
			n, _ := strconv.Atoi(expr[i+1 : j])
			if n < len(args) {
				b.WriteString(args[n])
			} else {
				b.WriteString(fmt.Sprintf("$%d", n))
			}
			i = j - 1
			continue
		}
		b.WriteByte(expr[i])
	}
	return b.String()
}
