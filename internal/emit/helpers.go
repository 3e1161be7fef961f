package emit

// This file holds the helpers an emitted file declares when it needs
// them. They are part of the file so that it depends on nothing but the
// standard library.

import (
	"fmt"
	"go/token"
	"go/version"
	"strconv"
	"strings"
	"unicode"

	"github.com/gozilla/gozilla/internal/value"
)

const equalHelper = `
// gozillaEqual reports whether got and want are the same value: floats by
// bits (so -0 and +0 differ) except that all NaNs are equal, nil and
// empty slices and maps apart, pointers by what they point to, interfaces
// by their dynamic values; funcs, channels and other packages' unexported
// state are not compared.
func gozillaEqual(got, want any) bool {
	return gozillaSame(gozillaRoot(reflect.ValueOf(got)), gozillaRoot(reflect.ValueOf(want)))
}

// gozillaRoot returns an addressable copy of v.
func gozillaRoot(v reflect.Value) reflect.Value {
	if !v.IsValid() {
		return v
	}
	c := reflect.New(v.Type()).Elem()
	c.Set(v)
	return c
}

func gozillaSame(a, b reflect.Value) bool {
	if !a.IsValid() || !b.IsValid() {
		return a.IsValid() == b.IsValid()
	}
	if a.Type() != b.Type() {
		return false
	}
	if same, ok := gozillaView(a, b, false); ok {
		return same
	}
	switch a.Kind() {
	case reflect.Float32, reflect.Float64:
		return gozillaFloat(a.Float(), b.Float())
	case reflect.Complex64, reflect.Complex128:
		x, y := a.Complex(), b.Complex()
		return gozillaFloat(real(x), real(y)) && gozillaFloat(imag(x), imag(y))
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return a.Uint() == b.Uint()
	case reflect.String:
		return a.String() == b.String()
	case reflect.Slice:
		if a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			return false
		}
		fallthrough
	case reflect.Array:
		for i := 0; i < a.Len(); i++ {
			if !gozillaSame(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Map:
		if a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			return false
		}
		for _, k := range a.MapKeys() {
			if v := b.MapIndex(k); !v.IsValid() || !gozillaSame(a.MapIndex(k), v) {
				return false
			}
		}
		return true
	case reflect.Struct:
		t := a.Type()
		for i := 0; i < a.NumField(); i++ {
			if t.PkgPath() != "" && t.PkgPath() != gozillaPkgPath && t.Field(i).PkgPath != "" {
				return true // another package's unexported state
			}
		}
		for i := 0; i < a.NumField(); i++ {
			if !gozillaSame(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		if a.Elem().Type() != b.Elem().Type() {
			return false
		}
		if same, ok := gozillaView(a.Elem(), b.Elem(), true); ok {
			return same
		}
		return gozillaSame(a.Elem(), b.Elem())
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return gozillaSame(a.Elem(), b.Elem())
	case reflect.Func, reflect.Chan, reflect.UnsafePointer:
		return true
	}
	return false
}
`

// viewHelper compares values of the types the file observes through
// what they show (a time by its instant, a buffer by its text).
const floatHelper = `
// gozillaFloat reports whether x and y are the same float: by bits (-0
// and +0 differ), all NaNs alike.
func gozillaFloat(x, y float64) bool {
	return (x != x && y != y) || math.Float64bits(x) == math.Float64bits(y)
}
`

const viewHelper = `
// gozillaViews take apart the values compared by what they show: every
// value of the type (self), or the dynamic values of interfaces.
var gozillaViews = map[reflect.Type]struct {
	f    interface{}
	self bool
}{
%s}

// gozillaView compares a and b by their view, if their type has one
// (dyn: they are an interface's dynamic values).
func gozillaView(a, b reflect.Value, dyn bool) (same, ok bool) {
	v, ok := gozillaViews[a.Type()]
	if !ok || a.Kind() == reflect.Interface || !v.self && !dyn {
		return false, false
	}
	va, vb := gozillaCall(v.f, a), gozillaCall(v.f, b)
	if va == nil || vb == nil {
		return false, false
	}
	for i := range va {
		if !gozillaSame(gozillaRoot(va[i]), gozillaRoot(vb[i])) {
			return false, true
		}
	}
	return true, true
}

// gozillaCall calls f with v; nil if it cannot.
func gozillaCall(f interface{}, v reflect.Value) (out []reflect.Value) {
	if !v.CanInterface() {
		UNEXPORTED
	}
	defer func() {
		if recover() != nil {
			out = nil
		}
	}()
	return reflect.ValueOf(f).Call([]reflect.Value{v})
}
`

const noViewHelper = `
func gozillaView(a, b reflect.Value, dyn bool) (same, ok bool) { return false, false }
`

const panicHelper = `
// gozillaPanic runs f and says how it panicked: "" if it returned; for a
// runtime error, its message without the numbers ("runtime error: index
// out of range"); otherwise the panic value printed.
func gozillaPanic(f func()) (msg string) {
	defer func() {
		switch r := recover().(type) {
		case nil:
		case runtime.Error:
			msg = r.Error()
			if i := strings.Index(msg, " ["); i >= 0 {
				msg = msg[:i]
			}
		case error:
			msg = r.Error()
		default:
			msg = fmt.Sprint(r)
		}
	}()
	f()
	return ""
}
`

const errTextHelper = `
// gozillaErrText is err's message, or "" for nil.
func gozillaErrText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
`

const sortedHelper = `
// gozillaSorted returns a sorted copy of s: the order of what it holds
// is a map's, which varies from run to run.
func gozillaSorted[T ~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr | ~string](s []T) []T {
	if s == nil {
		return nil
	}
	c := append(s[:0:0], s...)
	sort.Slice(c, func(i, j int) bool { return c[i] < c[j] })
	return c
}
`

const genericCloneHelper = `
// gozillaClone returns a pointer to a copy of *p, or nil.
func gozillaClone[T any](p *T) *T {
	if p == nil {
		return nil
	}
	c := *p
	return &c
}
`

const genericPtrHelper = `
// gozillaPtr returns a pointer to a copy of v.
func gozillaPtr[T any](v T) *T { return &v }
`

// helpers appends the helpers the tests use and records their imports.
func (e *emitter) helpers(b *strings.Builder) {
	if e.needEqual {
		e.imports["math"], e.imports["reflect"] = "math", "reflect"
		h := strings.Replace(equalHelper, "gozillaPkgPath", strconv.Quote(e.res.Pkg.Path), 1)
		if !e.generics {
			// any and reflect.Pointer came with go1.18.
			h = strings.NewReplacer("want any)", "want interface{})", "reflect.Pointer:", "reflect.Ptr:").Replace(h)
		}
		b.WriteString(h)
		if len(e.views) == 0 {
			b.WriteString(noViewHelper)
		} else {
			var vs strings.Builder
			for _, a := range e.views {
				if a.Decl != "" && e.p.Decls[a.DeclName] == "" {
					// A fake no row builds (the unit's interface has
					// others too): the file does not declare it.
					continue
				}
				fmt.Fprintf(&vs, "\treflect.TypeOf((*%s)(nil)).Elem(): {%s, %v},\n", a.Of, a.Decon, a.Self)
			}
			h := fmt.Sprintf(viewHelper, vs.String())
			if e.hiddenViews {
				// A value shown by its view sits in an unexported field:
				// only unsafe reaches it.
				e.imports["unsafe"] = "unsafe"
				h = strings.Replace(h, "UNEXPORTED", "if !v.CanAddr() {\n\t\t\treturn nil\n\t\t}\n\t\tv = reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()", 1)
			} else {
				h = strings.Replace(h, "UNEXPORTED", "return nil // not in the values compared", 1)
			}
			b.WriteString(h)
		}
	}
	if e.needEqual || e.needFloat {
		e.imports["math"] = "math"
		b.WriteString(floatHelper)
	}
	if e.needPanic {
		e.imports["fmt"], e.imports["runtime"], e.imports["strings"] = "fmt", "runtime", "strings"
		b.WriteString(panicHelper)
	}
	if e.needErrText {
		b.WriteString(errTextHelper)
	}
	if e.needSorted {
		e.imports["sort"] = "sort"
		b.WriteString(sortedHelper)
	}
	if e.needClone {
		b.WriteString(genericCloneHelper)
	}
	if e.p.NeedPtr {
		b.WriteString(genericPtrHelper)
	}
	for _, h := range e.typeHelpers {
		switch h.kind {
		case cloneHelper:
			fmt.Fprintf(b, "\n// %s returns a pointer to a copy of *p, or nil.\nfunc %s(p *%s) *%s {\nif p == nil {\nreturn nil\n}\nc := *p\nreturn &c\n}\n", h.name, h.name, h.elem, h.elem)
		case ptrHelper:
			fmt.Fprintf(b, "\n// %s returns a pointer to a copy of v.\nfunc %s(v %s) *%s { return &v }\n", h.name, h.name, h.elem, h.elem)
		}
	}
}

// Kinds of per-type helper, and their names' stems.
const (
	cloneHelper = "gozillaClone"
	ptrHelper   = "gozillaPtr"
)

// typeHelper is a helper declared for one type, for code without
// generics: gozillaCloneT(p *T) *T or gozillaPtrT(v T) *T.
type typeHelper struct{ kind, elem, name string }

// typeHelper returns the name of the helper of this kind for element type
// elem (as spelled in the file), declaring it on first use.
func (e *emitter) typeHelper(kind, elem string) string {
	key := kind + " " + elem
	if n, ok := e.perType[key]; ok {
		return n
	}
	n := fresh(kind+typeWord(elem), e.taken)
	e.perType[key] = n
	e.typeHelpers = append(e.typeHelpers, typeHelper{kind: kind, elem: elem, name: n})
	return n
}

// typeWord turns a type's spelling into a fragment of an identifier:
// int → Int, *pkg.T → PtrPkgT, []byte → SliceByte, map[string]int →
// MapStringInt. Different types may give the same word: fresh numbers
// the helpers apart.
func typeWord(t string) string {
	var b strings.Builder
	up := true
	for i, r := range t {
		switch {
		case r == '*':
			b.WriteString("Ptr")
			up = true
		case r == '[' && strings.HasPrefix(t[i:], "[]"):
			b.WriteString("Slice")
			up = true
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_':
			if up {
				r = unicode.ToUpper(r)
			}
			b.WriteRune(r)
			up = false
		default:
			up = true
		}
	}
	return b.String()
}

// allows reports whether code at language version v may use a feature
// that came with language version feature ("" = unknown: everything).
func allows(v, feature string) bool {
	return !version.IsValid(v) || version.Compare(v, feature) >= 0
}

var _ = value.PtrHelper // the helper's name is shared with the printer

// useDecons records the views the comparison of values of t needs: the
// alternatives that take values apart (value.Alt.Decon), as the harness
// observes them.
func (e *emitter) useDecons(t *value.Type) {
	if e.viewOf == nil {
		e.viewOf = map[string]bool{}
	}
	e.hiddenViews = e.hiddenViews || viewUnderHidden(t, false, map[*value.Type]bool{})
	for _, a := range value.Alts([]*value.Type{t}) {
		if a.Decon != "" && a.Of != "" && !e.viewOf[a.Of] {
			e.viewOf[a.Of] = true
			e.views = append(e.views, a)
		}
	}
}

// viewUnderHidden reports whether a value of t can hold, in an unexported
// field (hidden: t is reached through one), a value compared by its
// view (an alternative's Decon), which reflect reaches only with unsafe.
func viewUnderHidden(t *value.Type, hidden bool, seen map[*value.Type]bool) bool {
	if t == nil || seen[t] {
		return false
	}
	seen[t] = true
	defer delete(seen, t)
	for _, a := range t.Alts {
		if hidden && a.Decon != "" && !a.Plain {
			return true
		}
		for _, p := range a.Params {
			if viewUnderHidden(p, hidden, seen) {
				return true
			}
		}
	}
	for _, f := range t.Fields {
		if viewUnderHidden(f.Type, hidden || !token.IsExported(f.Name), seen) {
			return true
		}
	}
	return viewUnderHidden(t.Elem, hidden, seen) || viewUnderHidden(t.Key, hidden, seen)
}
