package equiv

// This file evaluates source expressions — the original expression at a
// site and its mutated form, an assumption — over the source variables'
// values at an arrival, with the core's evaluator (explore.Evaluator)
// under the sound precision: constants, variables the explorer binds,
// arithmetic, comparisons, logical operators, numeric conversions, len
// of an input and fields of an input struct. Anything else (calls,
// indexing, pointers, variables in memory, which the explorer never
// binds) is an error, and the mutant's verdict stays unknown.

import (
	"errors"
	"go/ast"
	"go/types"

	c "github.com/gozilla/gozilla/internal/constraint"
	core "github.com/gozilla/gozilla/internal/explore"
	"github.com/gozilla/gozilla/internal/pmap"
)

// errUnsupported marks what the prover does not model.
var errUnsupported = errors.New("not modelled")

// evaluator evaluates source expressions at one arrival.
type evaluator struct {
	ev core.Evaluator
	at *core.Event
}

// newEvaluator evaluates expressions type-checked in info over the
// variables' values env.
func newEvaluator(info *types.Info, env *pmap.Layer[*types.Var, core.Value]) *evaluator {
	return &evaluator{ev: core.Evaluator{Info: info, Err: errUnsupported}, at: &core.Event{Env: env}}
}

// scalar evaluates e to an IR expression.
func (ev *evaluator) scalar(e ast.Expr) (c.Expr, error) { return ev.ev.Scalar(e, ev.at) }
