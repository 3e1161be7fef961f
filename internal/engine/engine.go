// Package engine is the contract between gozilla's input engines (random
// testing, constraint-based generation, SAT, the equivalence prover, and
// the engines of the later papers) and the drivers that run them (gen,
// cover).
//
// A Requirement is something a test suite should do: kill a mutant,
// reach a statement, take one outcome of a decision, exercise a def-use
// pair. An Engine is asked about one requirement at a time in a Problem
// (one package's analysis context and what is still open) and gives an
// Answer: inputs that may satisfy it, a proof that nothing can, or why it
// has neither.
//
// Execution is the judge. Inputs an engine finds are proposals: the
// driver runs each on the original and the mutants and keeps it only if
// a run satisfies an open requirement. Only an Infeasible answer from a
// Sound engine removes a requirement; the other engines' Infeasible is
// read as Unknown.
//
// Engines import this package, never the drivers; the registry of
// engines (which name builds which engine) is internal/engines.
package engine

import (
	"context"
	"fmt"

	"github.com/gozilla/gozilla/internal/analysis"
	"github.com/gozilla/gozilla/internal/unit"
	"github.com/gozilla/gozilla/internal/value"
)

// Kind is a kind of requirement. Values are stable: append, never
// renumber.
type Kind uint8

const (
	KillMutant  Kind = iota + 1 // a run's outcome differs between the original and mutant ID
	CoverStmt                   // statement ID of the package's coverage plan runs
	CoverBranch                 // outcome ID of a decision (if/for condition, case, default) is taken
	CoverPair                   // def-use pair ID: a use reads the value of that definition
)

var kindNames = [...]string{KillMutant: "mutant", CoverStmt: "statement", CoverBranch: "branch", CoverPair: "def-use pair"}

func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Requirement is one thing a test suite should do. The zero value is
// not a requirement.
type Requirement struct {
	Kind Kind
	// ID is the mutant's ID (KillMutant, 1-based as in mutate.Set) or the
	// requirement's index in the package's coverage plan.
	ID int
	// Unit is the unit whose inputs may satisfy it: the function the
	// mutant or the statement is in. Nil when no unit holds it; such a
	// requirement can still be proven infeasible.
	Unit *unit.Unit
}

func (r Requirement) String() string { return fmt.Sprintf("%s %d", r.Kind, r.ID) }

// Verdict is the gist of an answer. Values are stable.
type Verdict uint8

const (
	Unknown    Verdict = iota // neither inputs nor a proof
	Found                     // inputs that may satisfy the requirement (to be run)
	Infeasible                // no input satisfies it: a mutant equivalent, a statement unreachable, a branch or pair infeasible
)

var verdictNames = [...]string{Unknown: "unknown", Found: "found", Infeasible: "infeasible"}

func (v Verdict) String() string {
	if int(v) < len(verdictNames) {
		return verdictNames[v]
	}
	return fmt.Sprintf("Verdict(%d)", int(v))
}

// Answer is an engine's answer about one requirement.
type Answer struct {
	Verdict Verdict
	// Inputs are, for Found, candidate inputs of the requirement's unit
	// (receiver first), most promising first. Never trusted: each is run.
	Inputs [][]value.Value
	// Reason is one line: for Infeasible the proof's gist, for Unknown
	// why the engine has nothing (an unsupported expression, a budget
	// spent, no explored path reaching it).
	Reason string
	// Detail, when not nil, returns what the engine built for the
	// requirement, several lines (a constraint system, a proof's steps):
	// shown on request (-explain), so computed only then.
	Detail func() string
}

// Engine finds inputs for requirements, or proves them infeasible.
// An engine is used for one package and may cache what it computes
// about it; its methods are called from one goroutine at a time.
type Engine interface {
	// Name is the engine's name in -engine lists and in reports.
	Name() string
	// Solve answers about r. Its error is operational (the run cannot go
	// on); a requirement the engine cannot handle is an Unknown answer.
	Solve(ctx context.Context, p *Problem, r Requirement) (Answer, error)
}

// A Sound engine's Infeasible answers are proofs over a sound
// over-approximation of the program: only they remove requirements.
type Sound interface {
	Engine
	Sound() bool
}

// IsSound reports whether e's Infeasible answers are proofs.
func IsSound(e Engine) bool {
	s, ok := e.(Sound)
	return ok && s.Sound()
}

// A Preparer has work it can do before the driver asks it anything
// (exploring the units): the driver calls Prepare once, early, and the
// engine may do the work in the background, as long as its answers do
// not depend on when that work finishes.
type Preparer interface {
	Engine
	Prepare(p *Problem)
}

// A Sampler proposes inputs of a unit without a target requirement
// (random testing): the driver runs them in order and keeps those that
// satisfy an open requirement. Its Solve may answer Unknown always.
type Sampler interface {
	Engine
	// Sample returns the unit's input stream for a seed: the same unit,
	// pool and seed give the same stream.
	Sample(u *unit.Unit, seed uint64) Stream
}

// Stream is a sequence of inputs, each once.
type Stream interface {
	// Next returns up to n next inputs; fewer (or none) when the input
	// space is exhausted.
	Next(n int) [][]value.Value
}

// Tamer is a Stream told that an input it gave was too costly to run
// (its original's run outgrew a limit: memory, allocation, time): its
// later inputs keep their integers small, more so each time.
type Tamer interface {
	Tame()
}

// Problem is what engines see of the package under work.
type Problem struct {
	// Pkg is the package's analysis context, shared by every engine.
	Pkg *analysis.Package
	// Open reports whether a requirement is still open: not satisfied by
	// a kept test, not proven infeasible. Nil: every requirement is.
	Open func(Requirement) bool
	// Done is closed when the run is stopped (its deadline): work an
	// engine does in the background stops too.
	Done <-chan struct{}
}

// IsOpen reports whether r is open (Problem.Open).
func (p *Problem) IsOpen(r Requirement) bool { return p.Open == nil || p.Open(r) }

// Stopped reports whether the run is stopped.
func (p *Problem) Stopped() bool {
	if p.Done == nil {
		return false
	}
	select {
	case <-p.Done:
		return true
	default:
		return false
	}
}
