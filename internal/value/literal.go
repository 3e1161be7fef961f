package value

// This file implements the Go-literal rendering of values for the emitted
// tests: typed contexts (a field of the test table) are assumed, so
// constants are written bare and composite literals spell their type only
// where Go requires it.

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Printer renders values as Go expressions. It records what the rendered
// code needs: imports (name -> path) and the pointer helper.
type Printer struct {
	Imports map[string]string

	// NewExpr renders pointers to non-composite values as new(T(v)) (Go
	// 1.26); otherwise as PtrHelper[T](v), and NeedPtr is set.
	NewExpr bool
	NeedPtr bool
	// PtrFunc, when set, names a non-generic helper func(v T) *T for the
	// element type T (spelled elem), used instead of PtrHelper (code
	// before go1.18).
	PtrFunc func(elem string) string
	// Decls are the declarations the rendered values need (Alt.Decl),
	// by name.
	Decls map[string]string
}

// PtrHelper is the name of the generic helper func[T any](v T) *T the
// emitted file declares when NeedPtr is set.
const PtrHelper = "gozillaPtr"

func (p *Printer) use(name, path string) {
	if p.Imports == nil {
		p.Imports = map[string]string{}
	}
	p.Imports[name] = path
}

// Literal renders v as an expression assignable to t.
func (p *Printer) Literal(t *Type, v Value) string {
	var b strings.Builder
	p.lit(&b, t, v, false)
	return b.String()
}

// lit writes v; elide means the enclosing array or slice literal already
// gives the type, so a composite literal may omit it (and &T{…} may be
// written {…}).
func (p *Printer) lit(b *strings.Builder, t *Type, v Value, elide bool) {
	if t.Kind != Error && v.X != "" {
		p.built(b, t, v)
		return
	}
	switch t.Kind {
	case Built:
		if t.Name == "error" && !v.Nil && v.S != "" {
			// An error observed by its message (in a fake's results).
			p.use("errors", "errors")
			b.WriteString("errors.New(" + strconv.Quote(string(v.S)) + ")")
			return
		}
		if t.ZeroLit == "" {
			b.WriteString("nil")
		} else {
			b.WriteString(t.ZeroLit)
		}
	case Opaque:
		if t.ZeroLit == "" {
			b.WriteString("nil")
		} else {
			b.WriteString(t.ZeroLit)
		}
	case Map:
		if v.Nil {
			b.WriteString("nil")
			return
		}
		if !elide {
			b.WriteString(t.Name)
		}
		b.WriteByte('{')
		for i := 0; i+1 < len(v.E); i += 2 {
			if i > 0 {
				b.WriteString(", ")
			}
			p.lit(b, t.Key, v.E[i], true)
			b.WriteString(": ")
			p.lit(b, t.Elem, v.E[i+1], true)
		}
		b.WriteByte('}')
	case Complex:
		var re, im strings.Builder
		p.floatLit(&re, &Type{Kind: Float, Bits: 64, Name: "float64"}, v.E[0].Float())
		p.floatLit(&im, &Type{Kind: Float, Bits: 64, Name: "float64"}, v.E[1].Float())
		c := "complex(" + re.String() + ", " + im.String() + ")"
		if t.Name != "complex128" {
			c = t.Name + "(" + c + ")"
		}
		b.WriteString(c)
	case Bool:
		if v.I != 0 {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case Int:
		p.intLit(b, t, v.I)
	case Uint:
		p.uintLit(b, t, v.U)
	case Float:
		p.floatLit(b, t, v.Float())
	case String:
		b.WriteString(strconv.Quote(string(v.S)))
	case Error:
		if v.Nil {
			b.WriteString("nil")
		} else if v.X != "" {
			b.WriteString(v.X)
		} else {
			p.use("errors", "errors")
			b.WriteString("errors.New(" + strconv.Quote(string(v.S)) + ")")
		}
	case Array:
		if !elide {
			b.WriteString(t.Name)
		}
		if t.Len > 16 {
			// Keyed, without the zero elements: [256]uint8{65: 1}.
			b.WriteByte('{')
			first := true
			for i, e := range v.E {
				if Equal(t.Elem, e, Zero(t.Elem)) {
					continue
				}
				if !first {
					b.WriteString(", ")
				}
				first = false
				b.WriteString(strconv.Itoa(i) + ": ")
				p.lit(b, t.Elem, e, true)
			}
			b.WriteByte('}')
			return
		}
		p.elems(b, t.Elem, v.E)
	case Slice:
		switch {
		case v.Nil:
			b.WriteString("nil")
		case bytesLiteral(t, v):
			bs := make([]byte, len(v.E))
			for i, e := range v.E {
				bs[i] = byte(e.U)
			}
			b.WriteString(t.Name + "(" + strconv.Quote(string(bs)) + ")")
		default:
			if !elide {
				b.WriteString(t.Name)
			}
			p.elems(b, t.Elem, v.E)
		}
	case Struct:
		if !elide {
			b.WriteString(t.Name)
		}
		b.WriteByte('{')
		first := true
		for i, f := range t.Fields {
			if Equal(f.Type, v.E[i], Zero(f.Type)) {
				continue
			}
			if !first {
				b.WriteString(", ")
			}
			first = false
			b.WriteString(f.Name + ": ")
			p.lit(b, f.Type, v.E[i], false)
		}
		b.WriteByte('}')
	case Pointer:
		switch {
		case v.Nil:
			b.WriteString("nil")
		case t.Elem.Kind == Struct || t.Elem.Kind == Array || (t.Elem.Kind == Slice && !v.E[0].Nil && !bytesLiteral(t.Elem, v.E[0])):
			if !elide {
				b.WriteByte('&')
			}
			p.lit(b, t.Elem, v.E[0], elide)
		case p.NewExpr:
			b.WriteString("new(" + t.Elem.Name + "(")
			p.lit(b, t.Elem, v.E[0], false)
			b.WriteString("))")
		case p.PtrFunc != nil:
			b.WriteString(p.PtrFunc(t.Elem.Name) + "(")
			p.lit(b, t.Elem, v.E[0], false)
			b.WriteString(")")
		default:
			p.NeedPtr = true
			b.WriteString(PtrHelper + "[" + t.Elem.Name + "](")
			p.lit(b, t.Elem, v.E[0], false)
			b.WriteString(")")
		}
	default:
		panic("internal error: literal of " + t.Kind.String())
	}
}

// built writes a value built by one of t's alternatives: its expression
// over its operands' literals (a nil operand standing alone converted to
// its type, which an interface context would not give it).
func (p *Printer) built(b *strings.Builder, t *Type, v Value) {
	alt := t.Alt(v.X)
	if alt == nil || len(v.E) != len(alt.Params) {
		b.WriteString("nil /* " + strings.ReplaceAll(v.X, "*/", "* /") + " */")
		return
	}
	if alt.Record != nil {
		// A recording callback is a closure of the test's own (emit),
		// never a literal of the table.
		b.WriteString("nil")
		return
	}
	if alt.Decl != "" {
		if p.Decls == nil {
			p.Decls = map[string]string{}
		}
		p.Decls[alt.DeclName] = alt.Decl
	}
	if alt.Keyed != nil {
		// &gozillaStore{get: []int{1}}: the fields with zero operands
		// left out.
		b.WriteString(alt.Expr[:strings.IndexByte(alt.Expr, '{')+1])
		first := true
		for i, pt := range alt.Params {
			if IsZero(pt, v.E[i]) || pt.Kind == Slice && len(v.E[i].E) == 0 {
				continue // nil or empty: the same to the fake
			}
			if !first {
				b.WriteString(", ")
			}
			first = false
			b.WriteString(alt.Keyed[i] + ": " + p.Literal(pt, v.E[i]))
		}
		b.WriteByte('}')
		return
	}
	args := make([]string, len(v.E))
	for i, pt := range alt.Params {
		args[i] = p.Literal(pt, v.E[i])
		if args[i] == "nil" && pt.Kind == Slice && strings.Contains(alt.Expr, "range $"+strconv.Itoa(i)+" ") {
			// A loop over no operands (rangeSequence): range nil does
			// not compile; an empty slice loops alike.
			args[i] = pt.Name + "{}"
		}
		if args[i] == "nil" && alt.Expr == "&$"+strconv.Itoa(i) {
			// &gozillaInts{}: nil has no address; an empty value is
			// the same to the code that uses it.
			args[i] = pt.Name + "{}"
		}
		if args[i] == "nil" && alt.Expr == "$"+strconv.Itoa(i) {
			args[i] = pt.Name + "(nil)"
			if strings.HasPrefix(pt.Name, "*") || strings.HasPrefix(pt.Name, "func") || strings.HasPrefix(pt.Name, "<-") {
				args[i] = "(" + pt.Name + ")(nil)"
			}
		}
	}
	if strings.HasPrefix(alt.Expr, "$0.") && len(args) > 0 && strings.HasPrefix(args[0], "&") {
		args[0] = "(" + args[0] + ")" // (&List{}).Back(), not &(List{}.Back())
	}
	expr, args := p.spread(alt, v, args)
	b.WriteString(Subst(expr, args))
}

// spread writes the variadic operands of alt's expression ($1...) as
// their elements (New(1, 2) rather than New([]int{1, 2}...); each
// element spelled in full, &Node{…} where the slice's literal would have
// elided it), or as nothing for a nil or empty one: it returns the
// expression and the operands' texts to substitute into it.
func (p *Printer) spread(alt *Alt, v Value, args []string) (string, []string) {
	expr := alt.Expr
	for i, pt := range alt.Params {
		slot := "$" + strconv.Itoa(i) + "..."
		if !strings.Contains(expr, slot) || pt.Kind != Slice || i >= len(v.E) {
			continue
		}
		var elems []string
		for _, e := range v.E[i].E {
			elems = append(elems, p.Literal(pt.Elem, e))
		}
		if len(elems) == 0 {
			expr = strings.Replace(strings.Replace(expr, ", "+slot, "", 1), slot, "", 1)
			continue
		}
		args = append([]string(nil), args...)
		args[i] = strings.Join(elems, ", ")
		expr = strings.Replace(expr, slot, "$"+strconv.Itoa(i), 1)
	}
	return expr, args
}

func (p *Printer) elems(b *strings.Builder, elem *Type, es []Value) {
	b.WriteByte('{')
	for i, e := range es {
		if i > 0 {
			b.WriteString(", ")
		}
		p.lit(b, elem, e, true)
	}
	b.WriteByte('}')
}

// bytesLiteral reports whether a slice value renders as a conversion from
// a string literal, []byte("…"), rather than as a composite literal.
func bytesLiteral(t *Type, v Value) bool {
	return t.Kind == Slice && t.Elem.Byte && !v.Nil && len(v.E) > 0 && printableBytes(v.E)
}

func printableBytes(es []Value) bool {
	bs := make([]byte, len(es))
	for i, e := range es {
		bs[i] = byte(e.U)
	}
	if !utf8.Valid(bs) {
		return false
	}
	for _, r := range string(bs) {
		if !strconv.IsPrint(r) {
			return false
		}
	}
	return true
}

func (p *Printer) intLit(b *strings.Builder, t *Type, x int64) {
	if (t.Rune || t.Char) && x > ' ' && x < utf8.MaxRune && strconv.IsPrint(rune(x)) && x != '\'' && x != '\\' {
		b.WriteString(strconv.QuoteRune(rune(x)))
		return
	}
	// Values near the type's bounds are written from the bound, so the
	// reader sees which edge a row probes.
	bits := strconv.Itoa(t.Bits)
	const near = 16
	switch {
	case t.Bits >= 16 && x >= 0 && uint64(MaxInt(t)-x) <= near:
		p.use("math", "math")
		b.WriteString("math.MaxInt" + bits)
		if d := MaxInt(t) - x; d > 0 {
			b.WriteString(" - " + strconv.FormatInt(d, 10))
		}
	case t.Bits >= 16 && x < 0 && uint64(x-MinInt(t)) <= near:
		p.use("math", "math")
		b.WriteString("math.MinInt" + bits)
		if d := x - MinInt(t); d > 0 {
			b.WriteString(" + " + strconv.FormatInt(d, 10))
		}
	case x >= 0 && pow2Lit(b, uint64(x)):
	case x < 0 && x != math.MinInt64 && pow2Lit(&strings.Builder{}, uint64(-x)):
		b.WriteString("-(")
		pow2Lit(b, uint64(-x))
		b.WriteString(")")
	default:
		b.WriteString(strconv.FormatInt(x, 10))
	}
}

// pow2Lit writes x from the power of two it is near, when it is within
// 16 of one of 2^20 or more ("1<<50 - 3": humanize's PiB boundary,
// where 1125899906842621 hides it), and reports whether it did.
func pow2Lit(b *strings.Builder, x uint64) bool {
	for k := 20; k < 64; k++ {
		p := uint64(1) << k
		switch {
		case x == p:
			b.WriteString("1<<" + strconv.Itoa(k))
		case x > p && x-p <= 16:
			b.WriteString("1<<" + strconv.Itoa(k) + " + " + strconv.FormatUint(x-p, 10))
		case x < p && p-x <= 16:
			b.WriteString("1<<" + strconv.Itoa(k) + " - " + strconv.FormatUint(p-x, 10))
		default:
			continue
		}
		return true
	}
	return false
}

func (p *Printer) uintLit(b *strings.Builder, t *Type, x uint64) {
	if (t.Byte || t.Char) && x > ' ' && x < 0x7f && x != '\'' && x != '\\' {
		b.WriteString(strconv.QuoteRune(rune(x)))
		return
	}
	if t.Bits >= 16 && MaxUint(t)-x <= 16 {
		p.use("math", "math")
		b.WriteString("math.MaxUint" + strconv.Itoa(t.Bits))
		if d := MaxUint(t) - x; d > 0 {
			b.WriteString(" - " + strconv.FormatUint(d, 10))
		}
		return
	}
	if pow2Lit(b, x) {
		return
	}
	b.WriteString(strconv.FormatUint(x, 10))
}

// floatBound names x when it is one of math's float bounds for a float
// of bits bits ("" when it is none).
func floatBound(x float64, bits int) string {
	switch {
	case x == math.SmallestNonzeroFloat64 && bits == 64:
		return "math.SmallestNonzeroFloat64"
	case x == math.MaxFloat64 && bits == 64:
		return "math.MaxFloat64"
	case x == float64(float32(math.SmallestNonzeroFloat32)) && bits == 32:
		return "math.SmallestNonzeroFloat32"
	case x == float64(float32(math.MaxFloat32)) && bits == 32:
		return "math.MaxFloat32"
	case bits == 64:
		return PiName(x)
	}
	return ""
}

// PiName names x when it is π, π/2, π/4 or 2π as a float64 ("math.Pi /
// 2"), else "": an angle's bound reads as such, not as 3.141592653589793.
func PiName(x float64) string {
	switch x {
	case math.Pi:
		return "math.Pi"
	case math.Pi / 2:
		return "math.Pi / 2"
	case math.Pi / 4:
		return "math.Pi / 4"
	case 2 * math.Pi:
		return "2 * math.Pi"
	}
	return ""
}

func (p *Printer) floatLit(b *strings.Builder, t *Type, f float64) {
	var special string
	switch {
	case f != f:
		special = "math.NaN()"
	case math.IsInf(f, 1):
		special = "math.Inf(1)"
	case math.IsInf(f, -1):
		special = "math.Inf(-1)"
	case f == 0 && math.Signbit(f):
		special = "math.Copysign(0, -1)"
	default:
		// The boundaries by their names: 5e-324 reads as noise.
		if name := floatBound(math.Abs(f), t.Bits); name != "" {
			special = name
			if f < 0 {
				special = "-" + name
			}
		}
	}
	if special != "" {
		p.use("math", "math")
		if t.Name != "float64" {
			special = t.Name + "(" + special + ")"
		}
		b.WriteString(special)
		return
	}
	s := strconv.FormatFloat(f, 'g', -1, t.Bits)
	b.WriteString(s)
}
