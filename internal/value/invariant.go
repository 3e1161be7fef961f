package value

// This file implements likely invariants (Daikon's, in a small way) of
// the package's struct types with unexported fields, learnt from values
// the package's own constructors and methods built: a field's lower
// bound (a capacity is at least 1, a size at least 0), whether a
// pointer, map or slice field is ever nil, whether the elements of a
// map or slice field are ever nil, and the relations between the length
// of a field and an integer field (len(items) <= capacity, size ==
// len(elements)) or between two integer fields (lo <= hi). A test that
// must build such a value from its fields (the last resort: no state
// built through the API kills its mutants) is kept only when its value
// keeps them: a state no user can reach pins behaviour that cannot
// happen.

import (
	"fmt"
	"math"
	"strconv"
)

// minSamples is how many built values a likely invariant needs.
const minSamples = 4

// Invariants are the likely invariants of a struct type's values.
type Invariants struct {
	t      *Type // the struct type
	n      int   // values learnt from
	fields []fieldInv
	rels   []relation
}

// fieldInv is what held of one field in every value learnt from.
type fieldInv struct {
	lo                  int64 // Int: the least value seen, when it is >= 0 (hasLo)
	hasLo               bool
	neverNil, alwaysNil bool // Pointer, Map, Slice
	elemsNonNil         bool // Map or Slice of pointers: no nil element seen (and some seen)
	elemsSeen           int
	lenOK               bool // Map, Slice, String: the field has a length
	intOK               bool // Int, Uint
	// Float: every value seen was positive (a rate), or at least not
	// negative, and finite (a constructor that rejects 0, NaN or ±Inf).
	positive, nonNeg, finite bool
}

// relation says that field a's length (or value, for integers) stands in
// op to field b's integer value: len(a) op b.
type relation struct {
	a, b  int
	op    string // "==", "<=", ">="
	isLen bool   // a's length; else a's value
}

// fieldNum returns the integer of field f of struct value v, and
// whether it has one (an Int or Uint field).
func fieldNum(f *Type, v Value) (int64, bool) {
	switch f.Kind {
	case Int:
		return v.I, true
	case Uint:
		return int64(v.U), v.U <= 1<<62
	}
	return 0, false
}

// fieldLen returns the length of field f of struct value v: a map's
// entries, a slice's elements, a string's bytes.
func fieldLen(f *Type, v Value) (int64, bool) {
	switch f.Kind {
	case Map:
		return int64(len(v.E) / 2), true
	case Slice:
		return int64(len(v.E)), true
	case String:
		return int64(len(v.S)), true
	}
	return 0, false
}

// Learn returns the likely invariants of t (a Struct) that hold of every
// value of samples; with fewer than minSamples values it knows none.
func Learn(t *Type, samples []Value) *Invariants {
	inv := &Invariants{t: t, n: len(samples), fields: make([]fieldInv, len(t.Fields))}
	if t.Kind != Struct || len(samples) < minSamples {
		inv.n = 0
		return inv
	}
	for i, f := range t.Fields {
		fi := &inv.fields[i]
		fi.neverNil, fi.alwaysNil, fi.elemsNonNil = true, true, true
		first := true
		for _, s := range samples {
			if i >= len(s.E) {
				continue
			}
			v := s.E[i]
			if x, ok := fieldNum(f.Type, v); ok {
				if first || x < fi.lo {
					fi.lo = x
				}
				first = false
			}
			switch f.Type.Kind {
			case Pointer, Map, Slice:
				fi.neverNil = fi.neverNil && !v.Nil
				fi.alwaysNil = fi.alwaysNil && v.Nil
				if f.Type.Elem.Kind == Pointer {
					for j, e := range v.E {
						if f.Type.Kind == Map && j%2 == 0 {
							continue // a key
						}
						fi.elemsSeen++
						fi.elemsNonNil = fi.elemsNonNil && !e.Nil
					}
				}
			}
		}
		if f.Type.Kind == Float {
			fi.positive, fi.nonNeg, fi.finite = true, true, true
			for _, smp := range samples {
				if i < len(smp.E) {
					x := smp.E[i].Float()
					fi.positive = fi.positive && x > 0
					fi.nonNeg = fi.nonNeg && x >= 0
					fi.finite = fi.finite && !math.IsNaN(x) && !math.IsInf(x, 0)
				}
			}
		}
		_, fi.intOK = fieldNum(f.Type, Zero(f.Type))
		_, fi.lenOK = fieldLen(f.Type, Zero(f.Type))
		fi.hasLo = fi.intOK && !first && fi.lo >= 0
		switch f.Type.Kind {
		case Pointer, Map, Slice:
		default:
			fi.neverNil, fi.alwaysNil = false, false
		}
		fi.elemsNonNil = fi.elemsNonNil && fi.elemsSeen >= minSamples
	}
	// Relations: len(a) or a, against an integer field b.
	for b := range t.Fields {
		if !inv.fields[b].intOK {
			continue
		}
		for a := range t.Fields {
			if a == b {
				continue
			}
			isLen := inv.fields[a].lenOK
			if !isLen && !inv.fields[a].intOK {
				continue
			}
			eq, le, ge := true, true, true
			for _, s := range samples {
				var x int64
				if isLen {
					x, _ = fieldLen(t.Fields[a].Type, s.E[a])
				} else {
					x, _ = fieldNum(t.Fields[a].Type, s.E[a])
				}
				y, _ := fieldNum(t.Fields[b].Type, s.E[b])
				eq, le, ge = eq && x == y, le && x <= y, ge && x >= y
			}
			switch {
			case eq && (isLen || a < b):
				inv.rels = append(inv.rels, relation{a: a, b: b, op: "==", isLen: isLen})
			case eq:
			case le:
				inv.rels = append(inv.rels, relation{a: a, b: b, op: "<=", isLen: isLen})
			case ge && isLen:
				inv.rels = append(inv.rels, relation{a: a, b: b, op: ">=", isLen: isLen})
			}
		}
	}
	return inv
}

// Check reports whether v, a value of the struct type, keeps the
// invariants; if not, why in plain words ("capacity is -1, built values
// have at least 1").
func (inv *Invariants) Check(v Value) (bool, string) {
	return inv.check(v, 0)
}

// check is Check, and the same of the values of the type that v holds
// (a tree node's children are nodes, which must keep them too).
func (inv *Invariants) check(v Value, depth int) (bool, string) {
	if inv == nil || inv.n == 0 {
		return true, ""
	}
	if ok, why := inv.checkOne(v); !ok {
		return false, why
	}
	if depth > 16 {
		return true, ""
	}
	t := inv.t
	for i, f := range t.Fields {
		if i >= len(v.E) {
			break
		}
		var bad string
		eachOf(f.Type, v.E[i], t, 0, func(x Value) bool {
			if ok, why := inv.check(x, depth+1); !ok {
				bad = why
				return false
			}
			return true
		})
		if bad != "" {
			return false, "inside " + f.Name + ": " + bad
		}
	}
	return true, ""
}

// eachOf calls f with each value of struct type st inside v (of type t),
// outermost first, until f returns false; values spelled by an
// alternative are not looked into.
func eachOf(t *Type, v Value, st *Type, depth int, f func(Value) bool) bool {
	if t == nil || depth > 8 || v.Nil || v.X != "" {
		return true
	}
	switch t.Kind {
	case Pointer:
		return len(v.E) != 1 || eachOf(t.Elem, v.E[0], st, depth+1, f)
	case Slice, Array:
		for _, e := range v.E {
			if !eachOf(t.Elem, e, st, depth+1, f) {
				return false
			}
		}
	case Struct:
		if t == st || t.Name == st.Name {
			return len(v.E) != len(t.Fields) || f(v)
		}
	}
	return true
}

// checkOne checks v's own fields and their relations.
func (inv *Invariants) checkOne(v Value) (bool, string) {
	t := inv.t
	for i, f := range t.Fields {
		if i >= len(v.E) {
			break
		}
		fi, x := inv.fields[i], v.E[i]
		if n, ok := fieldNum(f.Type, x); ok && fi.hasLo && n < fi.lo {
			return false, fmt.Sprintf("%s is %d, built values have at least %d", f.Name, n, fi.lo)
		}
		if f.Type.Kind == Float {
			fx := x.Float()
			switch {
			case fi.finite && (math.IsNaN(fx) || math.IsInf(fx, 0)):
				return false, fmt.Sprintf("%s is %v, finite in built values", f.Name, fx)
			case fi.positive && !(fx > 0):
				return false, fmt.Sprintf("%s is %v, positive in built values", f.Name, fx)
			case fi.nonNeg && !(fx >= 0):
				return false, fmt.Sprintf("%s is %v, at least 0 in built values", f.Name, fx)
			}
		}
		switch {
		case fi.neverNil && x.Nil:
			return false, f.Name + " is nil, never so in built values"
		case fi.alwaysNil && !x.Nil:
			return false, f.Name + " is set, always nil in built values"
		}
		if fi.elemsNonNil {
			for j, e := range x.E {
				if f.Type.Kind == Map && j%2 == 0 {
					continue
				}
				if e.Nil {
					return false, f.Name + " holds nil, never so in built values"
				}
			}
		}
	}
	for _, r := range inv.rels {
		fa, fb := t.Fields[r.a], t.Fields[r.b]
		var x int64
		what := fa.Name
		if r.isLen {
			x, _ = fieldLen(fa.Type, v.E[r.a])
			what = "len(" + fa.Name + ")"
		} else {
			x, _ = fieldNum(fa.Type, v.E[r.a])
		}
		y, _ := fieldNum(fb.Type, v.E[r.b])
		ok := r.op == "==" && x == y || r.op == "<=" && x <= y || r.op == ">=" && x >= y
		if !ok {
			return false, what + " " + r.op + " " + fb.Name + " holds in built values, not here (" +
				strconv.FormatInt(x, 10) + " and " + strconv.FormatInt(y, 10) + ")"
		}
	}
	return true, ""
}

// String lists the invariants, for tests and -v.
func (inv *Invariants) String() string {
	if inv == nil || inv.n == 0 {
		return "none"
	}
	var out []string
	for i, f := range inv.t.Fields {
		fi := inv.fields[i]
		if fi.hasLo {
			out = append(out, fmt.Sprintf("%s >= %d", f.Name, fi.lo))
		}
		switch {
		case fi.positive:
			out = append(out, f.Name+" > 0")
		case fi.nonNeg:
			out = append(out, f.Name+" >= 0")
		}
		if fi.finite && !fi.positive && !fi.nonNeg {
			out = append(out, f.Name+" finite")
		}
		if fi.neverNil {
			out = append(out, f.Name+" != nil")
		}
		if fi.alwaysNil {
			out = append(out, f.Name+" == nil")
		}
		if fi.elemsNonNil {
			out = append(out, f.Name+"[_] != nil")
		}
	}
	for _, r := range inv.rels {
		a := inv.t.Fields[r.a].Name
		if r.isLen {
			a = "len(" + a + ")"
		}
		out = append(out, a+" "+r.op+" "+inv.t.Fields[r.b].Name)
	}
	s := ""
	for i, o := range out {
		if i > 0 {
			s += ", "
		}
		s += o
	}
	return s
}
