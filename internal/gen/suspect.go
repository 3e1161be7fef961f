package gen

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gozilla/gozilla/internal/harness"
	"github.com/gozilla/gozilla/internal/unit"
	"github.com/gozilla/gozilla/internal/value"
)

// This file tells the rows whose outcome looks like a bug apart from the
// regression rows a file pins (Randoop's error-revealing tests): a NaN
// or an infinity from finite inputs, a nil dereference inside the
// package on values without a nil in them. Pinned, such a row makes the
// bug the expected behaviour, and the user who fixes it gets a failing
// file; the report names it instead (report.GenPackage.Suspects).

// Suspect says why t's outcome looks like a bug, "" when it does not.
func (t *Test) Suspect() string {
	u := t.Unit
	ins := u.Inputs()
	finite, nilIn := true, false
	for i, typ := range ins {
		if i < len(t.In) {
			finite = finite && !nonFinite(typ, t.In[i])
			nilIn = nilIn || hasNil(typ, t.In[i])
		}
	}
	if p := t.Out.Panic; p != nil {
		if p.Kind == harness.PanicRuntime && !nilIn && !t.Direct() && strings.Contains(p.Msg, "nil pointer dereference") {
			return "a nil dereference inside the package on values that hold no nil (" + p.Msg + ")"
		}
		return ""
	}
	if !finite {
		if nanIn(ins, t.In) && okError(u, t.Out.Results) && nonFiniteOut(u, t) != "" {
			// A function that checks its inputs (it can fail) lets a
			// NaN through, into what it returns or keeps: its guard
			// (rate <= 0) misses NaN, which compares false.
			return "a NaN input accepted without an error, into a NaN or an infinity it returns or keeps (a guard that misses NaN?)"
		}
		return ""
	}
	if u.NonFinite {
		// Its code returns math.Inf(1) or math.NaN() on purpose (the
		// distance to an empty interval): an infinity is its answer.
		return ""
	}
	if where := nonFiniteOut(u, t); where != "" {
		return "a NaN or an infinity from finite inputs (a bug, or inputs outside what the package means), in " + where
	}
	if lost := lostLetters(u, t); lost != "" {
		return "the letters " + strconv.Quote(lost) + " of its input are gone from its result, where every ASCII letter and digit is kept (text handled byte by byte?)"
	}
	return ""
}

// lostLetters returns, for a unit of one string parameter that returns a
// string, the letters outside ASCII of the input that its result holds
// in no case, when the result keeps every ASCII letter and digit of the
// input and has fewer letters and digits in all: strcase's ToCamel("é0")
// = "0" drops what it does not understand, silently. A function that
// folds é into e keeps the count, and is not one.
func lostLetters(u *unit.Unit, t *Test) string {
	in, out := -1, -1
	for i, p := range u.Params {
		if p.Type.Kind == value.String && !p.Type.Named {
			if in >= 0 {
				return ""
			}
			in = i
		}
	}
	for k, r := range u.Results {
		if r.Type.Kind == value.String && !r.Type.Named && out < 0 {
			out = k
		}
	}
	if u.Recv != nil {
		in++ // t.In has the receiver first
	}
	if in < 0 || out < 0 || in >= len(t.In) || out >= len(t.Out.Results) {
		return ""
	}
	src, dst := string(t.In[in].S), string(t.Out.Results[out].S)
	count := func(s string) int {
		n := 0
		for _, r := range s {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				n++
			}
		}
		return n
	}
	folded := strings.ToLower(dst)
	var lost []rune
	for _, r := range src {
		switch {
		case r < utf8.RuneSelf:
			if (unicode.IsLetter(r) || unicode.IsDigit(r)) && !strings.ContainsRune(folded, unicode.ToLower(r)) {
				return "" // an ASCII letter dropped too: what it means to do
			}
		case unicode.IsLetter(r) && !strings.ContainsRune(folded, unicode.ToLower(r)) && !strings.ContainsRune(dst, unicode.ToUpper(r)) && !slices.Contains(lost, r):
			lost = append(lost, r)
		}
	}
	if len(lost) == 0 || count(dst) >= count(src) {
		return ""
	}
	return string(lost)
}

// nilMisuse reports whether t's outcome is a nil dereference on a nil
// it passes itself: a method called on a nil receiver it does not
// handle, a nil where the code needs a value. Go code does not make
// that call, and a row pinning the panic keeps nothing a reviewer
// wants; it is not kept (nor reported: the bug is the row's).
func (t *Test) nilMisuse() bool {
	p := t.Out.Panic
	if p == nil || p.Kind != harness.PanicRuntime || !strings.Contains(p.Msg, "nil pointer dereference") {
		return false
	}
	for i, typ := range t.Unit.Inputs() {
		if i < len(t.In) && hasNil(typ, t.In[i]) {
			return true
		}
	}
	return false
}

// resultName names u's result k as the signature does, else by place.
func resultName(u *unit.Unit, k int) string {
	if n := u.Results[k].Name; n != "" && n != "_" {
		return n
	}
	return "result " + strconv.Itoa(k+1)
}

// inputName names u's input i (the receiver first).
func inputName(u *unit.Unit, i int) string {
	if u.Recv != nil {
		if i == 0 {
			return "the receiver"
		}
		i--
	}
	if i < len(u.Params) && u.Params[i].Name != "" && u.Params[i].Name != "_" {
		return u.Params[i].Name
	}
	return "parameter " + strconv.Itoa(i+1)
}

// nanIn reports whether an input holds a NaN.
func nanIn(ts []*value.Type, in []value.Value) bool {
	for i, typ := range ts {
		if i >= len(in) {
			break
		}
		found := false
		value.EachLeaf(typ, in[i], func(t *value.Type, v value.Value) {
			found = found || t.Kind == value.Float && !v.Nil && math.IsNaN(v.Float())
		})
		if found {
			return true
		}
	}
	return false
}

// okError reports whether u has an error result and it is nil in rs.
func okError(u *unit.Unit, rs []value.Value) bool {
	has := false
	for k, r := range u.Results {
		if r.Type.Kind == value.Error {
			if k >= len(rs) || !rs[k].Nil {
				return false
			}
			has = true
		}
	}
	return has
}

// nonFiniteOut names the first result of t, or input after the call,
// that holds a NaN or an infinity ("" when none does).
func nonFiniteOut(u *unit.Unit, t *Test) string {
	where := ""
	t.eachOutcome(func(name string, typ *value.Type, v value.Value) bool {
		if nonFinite(typ, v) {
			where = name
			return false
		}
		return true
	})
	return where
}

// eachOutcome calls f on each of t's outcomes with its name and type:
// the results, then the inputs after the call (their views where the
// unit has one), until f returns false.
func (t *Test) eachOutcome(f func(name string, typ *value.Type, v value.Value) bool) {
	u := t.Unit
	for k, r := range t.Out.Results {
		if k < len(u.Results) && !f(resultName(u, k), u.OutType(k), r) {
			return
		}
	}
	ins := u.Inputs()
	for i, p := range t.Out.Post {
		if i >= len(ins) {
			break
		}
		typ := u.ViewType(i)
		if typ == nil {
			typ = ins[i]
		}
		if !f(inputName(u, i)+" after the call", typ, p) {
			return
		}
	}
}

// nonFinite reports whether v holds a NaN or an infinite float.
func nonFinite(t *value.Type, v value.Value) bool {
	found := false
	value.EachLeaf(t, v, func(t *value.Type, v value.Value) {
		if t.Kind == value.Float && !v.Nil {
			f := v.Float()
			found = found || math.IsNaN(f) || math.IsInf(f, 0)
		}
	})
	return found
}

// hasNil reports whether v holds a nil anywhere.
func hasNil(t *value.Type, v value.Value) bool {
	found := false
	value.EachLeaf(t, v, func(t *value.Type, v value.Value) {
		found = found || v.Nil && (t.Kind == value.Pointer || t.Kind == value.Built || t.Kind == value.Map || t.Kind == value.Slice)
	})
	return found
}

// unquoted is why with its quoted parts (the letters, the values it
// names) left out.
func unquoted(why string) string {
	parts := strings.Split(why, `"`)
	var b strings.Builder
	for i := 0; i < len(parts); i += 2 {
		b.WriteString(parts[i])
	}
	return b.String()
}
