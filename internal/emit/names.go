package emit

// This file names a table's rows: short, readable, without escapes
// (go test prints a subtest's name, and -run selects by it).

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gozilla/gozilla/internal/value"
)

// maxName is the longest row name; past it, inputs are left out.
const maxName = 48

// caseName names a row by its inputs that are not zero values: name=v
// joined by commas, each value in short form; "call" when every input is
// zero, "case" when nothing fits.
func caseName(types []*value.Type, in []value.Value, names []string) string {
	var parts []string
	n := 0
	for i, t := range types {
		if i >= len(in) || value.Equal(t, in[i], value.Zero(t)) && in[i].X == "" {
			continue
		}
		s := names[i] + "=" + short(t, in[i], 2)
		if n+len(s) > maxName {
			continue
		}
		parts = append(parts, s)
		n += len(s) + 1
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
		if len(a.Params) == 1 && (a.Expr == "$0" || strings.HasSuffix(a.Expr, "($0)") && !strings.Contains(a.Expr, ".")) {
			return short(a.Params[0], v.E[0], depth) // a dynamic value: its own
		}
		label := a.Label
		if depth > 0 && len(a.Params) > 0 && len(a.Params) <= 2 {
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
		if t.Rune && v.I > ' ' && v.I <= unicode.MaxRune && plain(string(rune(v.I))) {
			return string(rune(v.I))
		}
		return strconv.FormatInt(v.I, 10)
	case value.Uint:
		return strconv.FormatUint(v.U, 10)
	case value.Float:
		return strconv.FormatFloat(v.Float(), 'g', 4, 64)
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
