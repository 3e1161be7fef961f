package emit

// This file holds the helpers an emitted file declares when it needs
// them. They are part of the file so that it depends on nothing but the
// standard library.

import (
	"strings"

	"github.com/gozilla/gozilla/internal/value"
)

const equalHelper = `
// gozillaEqual reports whether got and want are the same value: floats by
// bits (so -0 and +0 differ) except that all NaNs are equal, nil and
// empty slices apart, pointers by what they point to.
func gozillaEqual(got, want any) bool {
	return gozillaSame(reflect.ValueOf(got), reflect.ValueOf(want))
}

func gozillaSame(a, b reflect.Value) bool {
	if !a.IsValid() || !b.IsValid() {
		return a.IsValid() == b.IsValid()
	}
	if a.Type() != b.Type() {
		return false
	}
	switch a.Kind() {
	case reflect.Float32, reflect.Float64:
		x, y := a.Float(), b.Float()
		return (x != x && y != y) || math.Float64bits(x) == math.Float64bits(y)
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
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if !gozillaSame(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return gozillaSame(a.Elem(), b.Elem())
	}
	return false
}
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

const cloneHelper = `
// gozillaClone returns a pointer to a copy of *p, or nil.
func gozillaClone[T any](p *T) *T {
	if p == nil {
		return nil
	}
	c := *p
	return &c
}
`

const ptrHelper = `
// gozillaPtr returns a pointer to a copy of v.
func gozillaPtr[T any](v T) *T { return &v }
`

// helpers appends the helpers the tests use and records their imports.
func (e *emitter) helpers(b *strings.Builder) {
	if e.needEqual {
		e.imports["math"], e.imports["reflect"] = "math", "reflect"
		b.WriteString(equalHelper)
	}
	if e.needPanic {
		e.imports["fmt"], e.imports["runtime"], e.imports["strings"] = "fmt", "runtime", "strings"
		b.WriteString(panicHelper)
	}
	if e.needErrText {
		b.WriteString(errTextHelper)
	}
	if e.needClone {
		b.WriteString(cloneHelper)
	}
	if e.p.NeedPtr {
		b.WriteString(ptrHelper)
	}
}

var _ = value.PtrHelper // the helper's name is shared with the printer
