package symbolic

// This file names the input model the generation explorer uses: the
// core's (core.Arg), with lengths bounded by MaxLen.

import (
	c "github.com/gozilla/gozilla/internal/constraint"
	core "github.com/gozilla/gozilla/internal/explore"
	"github.com/gozilla/gozilla/internal/value"
)

// MaxLen bounds the lengths solutions give strings and slices, so that
// generated tests stay small (an assumption added to every system).
const MaxLen = 16

// Arg is one argument's symbols (core.Arg): Sym for a scalar, Len and
// the elements read (Elems) for a string or slice, Fields for a struct,
// the pointee (Elem) for a pointer; Value builds the argument's value
// under a solution.
type Arg = core.Arg

// ScalarType maps a value type to the IR's; ok is false for non-scalars.
func ScalarType(t *value.Type) (c.Type, bool) { return core.ScalarType(t) }
