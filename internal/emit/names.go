package emit

// This file names a table's rows: short, readable, without escapes
// (go test prints a subtest's name, and -run selects by it).

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gozilla/gozilla/internal/gen"
	"github.com/gozilla/gozilla/internal/unit"
	"github.com/gozilla/gozilla/internal/value"
)

// maxName is the longest row name; past it, inputs are left out.
const maxName = 48

// caseName names a row by its inputs that are not zero values: name=v
// joined by commas, each value in short form; "call" when every input is
// zero, "case" when nothing fits. A name never reads as another row: an
// input left out for room ends it with ",…" (not as if it were zero).
// RowName is the name a row of t's inputs gets in the file ("no
// inputs" for a call without any).
func RowName(t *gen.Test) string {
	if len(t.In) == 0 {
		return "no inputs"
	}
	return caseName(t.Unit.Inputs(), t.In, inputNames(t.Unit))
}

func caseName(types []*value.Type, in []value.Value, names []string) string {
	var parts []string
	n := 0
	left := false
	for i, t := range types {
		if i >= len(in) || value.Equal(t, in[i], value.Zero(t)) && in[i].X == "" {
			continue
		}
		s := names[i] + "=" + short(t, in[i], 2)
		if n+len(s) > maxName {
			s = names[i] + "=" + short(t, in[i], 0) // without operands
		}
		if n+len(s) > maxName && t.Kind != value.Error && in[i].X != "" {
			// How it is built, up to the first call: t=New…
			s = names[i] + "=" + strings.SplitN(short(t, in[i], 0), ".", 2)[0] + "…"
		}
		if n+len(s) > maxName {
			left = true
			continue
		}
		parts = append(parts, s)
		n += len(s) + 1
	}
	if left && len(parts) > 0 {
		parts = append(parts, "…")
	}
	if len(parts) == 0 {
		for i, t := range types {
			if i < len(in) && !(value.Equal(t, in[i], value.Zero(t)) && in[i].X == "") {
				return "case" // nothing fits
			}
		}
		// Every input is its zero value: name them.
		for i, t := range types {
			if s := names[i] + "=" + short(t, in[i], 2); n+len(s) <= maxName {
				parts = append(parts, s)
				n += len(s) + 1
			}
		}
		if len(parts) == 0 {
			return "call"
		}
	}
	return strings.Join(parts, ",")
}

// short writes v compactly: numbers as they are, text bare when it is
// plain (quoted otherwise, never escaped), collections by their first
// elements, built values by how they are built.
func short(t *value.Type, v value.Value, depth int) string {
	if t.Kind != value.Error && v.X != "" {
		a := t.Alt(v.X)
		if a == nil {
			return "?"
		}
		if len(a.Params) == 1 && a.Seq == nil && (a.Expr == "$0" || strings.HasSuffix(a.Expr, "($0)") && !strings.Contains(a.Expr, ".")) {
			return short(a.Params[0], v.E[0], depth) // a dynamic value: its own
		}
		label := a.Label
		// A sequence's operands belong to its calls, not to the last:
		// New.Remove(2,nil) would read as Remove(2, nil) for New(2);
		// c.Remove(nil). Its label alone says how it is built.
		seq := strings.Contains(label, ".") && len(a.Params) > 1
		if depth > 0 && len(a.Params) > 0 && len(a.Params) <= 2 && !seq {
			var ops []string
			for i, p := range a.Params {
				if i < len(v.E) {
					ops = append(ops, short(p, v.E[i], depth-1))
				}
			}
			label += "(" + strings.Join(ops, ",") + ")"
		}
		return label
	}
	switch t.Kind {
	case value.Bool:
		return strconv.FormatBool(v.I != 0)
	case value.Int:
		if (t.Rune || t.Char) && v.I > ' ' && v.I <= unicode.MaxRune && plain(string(rune(v.I))) {
			return string(rune(v.I))
		}
		return shortInt(t, v.I)
	case value.Uint:
		if t.Char && v.U > ' ' && v.U < 0x7f && plain(string(rune(v.U))) {
			return string(rune(v.U))
		}
		return shortUint(t, v.U)
	case value.Float:
		return shortFloat(v.Float())
	case value.String:
		return text(string(v.S))
	case value.Slice, value.Array, value.Map:
		if v.Nil {
			return "nil"
		}
		if t.Kind == value.Slice && t.Elem.Byte && len(v.E) > 0 {
			b := make([]byte, len(v.E))
			for i, e := range v.E {
				b[i] = byte(e.U)
			}
			return text(string(b))
		}
		step := 1
		if t.Kind == value.Map {
			step = 2
		}
		if depth == 0 {
			return "[" + strconv.Itoa(len(v.E)/step) + "]"
		}
		var es []string
		for i := 0; i < len(v.E); i += step {
			if len(es) == 3 {
				es = append(es, "…")
				break
			}
			if step == 2 {
				es = append(es, short(t.Key, v.E[i], depth-1)+":"+short(t.Elem, v.E[i+1], depth-1))
			} else {
				es = append(es, short(t.Elem, v.E[i], depth-1))
			}
		}
		return "[" + strings.Join(es, " ") + "]"
	case value.Struct:
		var fs []string
		for i, f := range t.Fields {
			if i < len(v.E) && !value.Equal(f.Type, v.E[i], value.Zero(f.Type)) {
				if depth == 0 || len(fs) == 2 {
					fs = append(fs, "…")
					break
				}
				fs = append(fs, f.Name+":"+short(f.Type, v.E[i], depth-1))
			}
		}
		name := ""
		if t.Named {
			name = t.Name[strings.LastIndex(t.Name, ".")+1:]
		}
		return name + "{" + strings.Join(fs, " ") + "}"
	case value.Pointer:
		if v.Nil {
			return "nil"
		}
		return "&" + short(t.Elem, v.E[0], depth)
	case value.Complex:
		return strconv.FormatFloat(v.E[0].Float(), 'g', 3, 64) + "+" + strconv.FormatFloat(v.E[1].Float(), 'g', 3, 64) + "i"
	case value.Built, value.Opaque:
		return "nil"
	}
	return "?"
}

// shortInt writes an integer as the row's literal does (value.Printer):
// from the type's bound when near it (MaxInt64, MinInt64+1), else in
// decimal.
func shortInt(t *value.Type, x int64) string {
	bits := strconv.Itoa(t.Bits)
	switch {
	case t.Bits >= 16 && x >= 0 && uint64(value.MaxInt(t)-x) <= nearBound:
		return "MaxInt" + bits + offset(-(value.MaxInt(t) - x))
	case t.Bits >= 16 && x < 0 && uint64(x-value.MinInt(t)) <= nearBound:
		return "MinInt" + bits + offset(x-value.MinInt(t))
	}
	return strconv.FormatInt(x, 10)
}

func shortUint(t *value.Type, x uint64) string {
	if t.Bits >= 16 && value.MaxUint(t)-x <= nearBound {
		return "MaxUint" + strconv.Itoa(t.Bits) + offset(-int64(value.MaxUint(t)-x))
	}
	return strconv.FormatUint(x, 10)
}

// nearBound is how far from a bound an integer is written from it, as
// value.Printer does.
const nearBound = 16

// offset writes d as "+d" or "-d"; "" for 0.
func offset(d int64) string {
	switch {
	case d > 0:
		return "+" + strconv.FormatInt(d, 10)
	case d < 0:
		return strconv.FormatInt(d, 10)
	}
	return ""
}

// shortFloat writes a float exactly when it is short (0.1, 1e+06,
// -11.515625), else with 4 digits after "~" (~3.142): never as another
// value.
func shortFloat(f float64) string {
	if n := value.PiName(math.Abs(f)); n != "" {
		n = strings.NewReplacer("math.Pi", "π", " ", "", "*", "").Replace(n)
		if f < 0 {
			return "-" + n
		}
		return n
	}
	if s := strconv.FormatFloat(f, 'g', -1, 64); len(s) <= 10 {
		return s
	}
	return "~" + strconv.FormatFloat(f, 'g', 4, 64)
}

// uniqueName returns name, or when a row already has it, name with "#2",
// "#3"… (go test's own way with subtests of one name): a suffix glued to
// a name that ends in a value ("qty=1" becoming "qty=12") names another
// row than the one it is.
func uniqueName(name string, used map[string]bool) string {
	n := name
	for i := 2; used[n]; i++ {
		n = name + "#" + strconv.Itoa(i)
	}
	used[n] = true
	return n
}

// text is a string in a row name: as it is when plain, "" when empty,
// else its printable runes with … for the others, at most 12 runes.
func text(s string) string {
	if s == "" {
		return `""`
	}
	var b strings.Builder
	n := 0
	for i, w := 0, 0; i < len(s); i += w {
		r, size := utf8.DecodeRuneInString(s[i:])
		w = size
		if n == 12 {
			b.WriteString("…")
			break
		}
		if r == utf8.RuneError && size == 1 || !unicode.IsPrint(r) || r == '"' || r == '\\' || r == '/' {
			b.WriteString("·")
		} else {
			b.WriteRune(r)
		}
		n++
	}
	return b.String()
}

func plain(s string) bool {
	for _, r := range s {
		if !unicode.IsPrint(r) || r == '"' || r == '\\' {
			return false
		}
	}
	return true
}

// inputNames are the table's fields of u's inputs, receiver first, as
// unitTest names them: the parameter's name ("recv", "argN" when it has
// none), with a suffix where it is taken (by the name column).
func inputNames(u *unit.Unit) []string {
	fields := map[string]bool{}
	fresh("name", fields)
	inputs := u.Inputs()
	recv := btoi(u.Recv != nil)
	names := make([]string, len(inputs))
	for i := range inputs {
		var n string
		if i < recv {
			n = u.Recv.Name
			if n == "" {
				n = "recv"
			}
		} else if n = u.Params[i-recv].Name; n == "" {
			n = "arg" + strconv.Itoa(i+1-recv)
		}
		names[i] = fresh(n, fields)
	}
	return names
}

// needsNote says, for each input of t outside the plain set that a
// mutant t is credited with needs (gen.Test.Needs), which mutant:
// "x is a bound of int for #22 RSR return y/3 == x → return true
// (line 7)". A value that only mutants credited to earlier rows need
// goes unsaid. "" when there is nothing to say.
func (e *emitter) needsNote(t *gen.Test) string {
	if len(t.Needs) == 0 {
		return ""
	}
	types := t.Unit.Inputs()
	names := inputNames(t.Unit)
	var parts []string
	for i := range t.In {
		if i >= len(types) {
			break
		}
		why := value.Unplain(types[i], t.In[i])
		if why == "" {
			continue
		}
		for _, id := range t.Needs[i] {
			if !slices.Contains(t.Credit, id) {
				continue
			}
			m := e.res.Set.Mutants[id-1]
			parts = append(parts, fmt.Sprintf("%s is %s for %s", names[i], why, mutantText(m)))
			break
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "// " + strings.Join(parts, "; ") + "\n"
}
