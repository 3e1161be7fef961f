// Package solve is gozilla's one solver interface and its one solver
// chain. Every question any part of gozilla asks of a constraint solver
// — a test generator's "find an input for this clause", the explorers'
// "can this path be taken", the prover's "is this necessity condition
// (or this miter) unsatisfiable" — is a Query: a conjunction of
// constraints of the IR (internal/constraint), with checks a model must
// pass besides. A Solver answers it within a Budget with a Result: Sat
// with a model, Unsat with the proof's gist, or Unknown with why.
//
// # Backends
//
// Three backends sit behind the interface, adapted here from their own
// packages:
//
//   - Rules: Offutt & Pan's strategies (internal/solve/infeasible, seed
//     003): Unsat with the conflicts, or Unknown. Never a model.
//   - DomRed: Godzilla's domain reduction (internal/solve/domred, seed
//     000): Sat with a model found by search, Unsat when reduction alone
//     empties a domain (detectably unsolvable: a proof, see domred), or
//     Unknown when its tries run out. With no tries it only reduces.
//   - SAT: bit-blasting and the gini SAT solver (internal/solve/sat):
//     exact, Sat, Unsat or Unknown within a count of propagations.
//
// Every Unsat of these is a proof over the IR's semantics (Go's), and
// every Sat model satisfies the query under constraint.Eval and passes
// its checks: a backend that cannot check a model does not report it.
//
// # The chain
//
// Chain assembles, from a Config, the backends in the one order "rules,
// then domain reduction, then SAT" — each asked only when those before
// it answered Unknown — with their budgets, and the wrappers, as KLEE
// assembles its solver chain:
//
//   - Cache: the same clause gets the same answer, keyed by a structural
//     hash of the clause (Shapes); a cached answer reports what it cost.
//   - Split: independence splitting, the clause's constraints
//     partitioned by shared symbols, each part solved on its own and the
//     models merged (Unsat when a part is).
//   - CrossCheck: a second solver checks the answers of a first; they
//     must never disagree Sat against Unsat, and a Sat model must
//     satisfy the clause under constraint.Eval. The chain uses it to
//     confirm the refutations of the cheap backends by SAT (Confirm);
//     the tests, to catch a wrong answer.
//
// Each caller's policy is a configuration of Chain: the test generator
// (internal/engines/cbt) domain reduction then SAT, or SAT alone for the
// "sat" engine; the prover (internal/equiv) rules alone, SAT alone, and
// for its path refutations domain reduction's, confirmed by SAT, then
// SAT; the test generator's explorer (internal/symbolic) domain
// reduction alone.
//
// # Budgets
//
// Budgets are counts — SAT propagations (a circuit node costing
// sat.NodeCost), domain-reduction tries — never the clock, so that an
// answer is the same on every machine and every run. A backend's own
// cap is part of the chain's Config; what a caller still has (a
// mutant's, an exploration's budget) is the allowance it passes to
// Solve, and the answer says what it spent of it.
package solve
