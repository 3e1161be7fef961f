// Package equiv proves mutants equivalent, statements unreachable and
// branches infeasible (seed 003, Offutt & Pan), and finds inputs on
// which a mutant's outputs differ. It is `gozilla equiv`, and `score`
// and `gen` ask it about the mutants their tests leave alive.
//
// # Pipeline
//
// Per function (unit), the SSA form is explored once over symbols for
// its inputs (explore.go, mode widen), recording at every mutation site
// each arrival: the path condition there (the reachability condition
// C_R) and the source variables' values. Per mutant, then:
//
//  1. Unreachable (Theorem 1): the instructions of its statement lie in
//     blocks no explored path reaches.
//  2. Rules (§2.4): at each arrival, C_R ∧ C_n (∧ the unit's
//     //gozilla:assume directives, §3.1.1), where C_n says the mutated
//     value differs from the original (at the mutated expression, or at
//     an expression around it; Table 1's templates for abs), is shown
//     infeasible by negation, constants comparison or splitting
//     (internal/solve/infeasible).
//  3. Exact (Theorem 3): the same, decided by bit-blasting and SAT
//     (internal/solve/sat) over all arrivals at once; a model is an
//     input that infects the state.
//  4. Sufficiency (§4.2): for units whose every path the prover models
//     (scalar inputs and results, no memory, calls only into the
//     package's own functions, which are inlined, loops that end within
//     32 iterations or, in callees, pure loops summarised as
//     uninterpreted functions of their entry state: summary.go), the
//     original and the mutant — its source
//     type-checked and built again — are explored to the end of every
//     path (mode bounded) and put side by side in one SAT query asking
//     for different outcomes (results, or panics). Unsat proves the
//     mutant equivalent even when its infection is masked; a model is an
//     input that kills it. Small and boundary inputs are tried on both
//     sides' paths first, which settles most killable mutants.
//
// # Soundness
//
// "Equivalent", "unreachable" and "infeasible" must never be wrong, so
// every step over-approximates what the program can do:
//
//   - The recorded arrivals cover every execution of the mutated code.
//     Exploration follows both sides of every branch unless the path
//     condition is proven unsatisfiable (domain reduction's refutation,
//     confirmed by SAT, or SAT alone). Loops are widened: at a loop's
//     header every φ-node becomes a fresh unknown and every source
//     variable the loop mentions is forgotten, the body runs once from
//     there, and a path that comes back to the header ends, the widened
//     state covering it; the widened state keeps only invariants SAT
//     proves hold on entry and are preserved by every path of the body
//     (invariants.go). Values the prover does not model — calls,
//     loads through pointers, elements, maps, globals — are fresh
//     unknowns, which widen. Lengths are only known not to be negative.
//     Exploration that stops early (the path, step or time limits,
//     irreducible control flow) marks the unit incomplete, and no proof
//     is drawn from it; so does a site with more arrivals than recorded,
//     or with none.
//   - Triggers fire on every evaluation of the mutated code, with the
//     values it sees (sites.go). Variables are read from the last
//     DebugRef on the path; variables that live in memory (address
//     taken, captured) are never read, since stores through pointers
//     change them silently.
//   - Only pure expressions are evaluated (eval.go); a value whose
//     evaluation may panic counts as different (sat.Query.AssertDiffer),
//     and the rules are not applied to such values.
//   - The rules are sound for Go's integers: wraparound, truncated
//     division and NaN are accounted for (internal/solve/infeasible).
//   - In the miter, implicit panics end paths of their own, and an input
//     that no path of either side covers counts as a difference, so a
//     path dropped in error cannot hide one.
//   - The //gozilla:assume directives are used only when the proof
//     fails without them, and such verdicts say so (Verdict.Assumed).
//
// Soundness is also tested by execution (soundness_test.go): no mutant
// declared equivalent is killed by heavy random testing on any subject,
// and exhaustive enumeration of the small-domain subjects gives the
// exact truth to compare with.
//
// # Not modelled
//
// Floating-point values are not bit-blasted (their clauses stay
// undecided unless the rules refute them); pointers, slices' elements,
// maps, calls outside the package and recursive calls are unknowns;
// invariants are guessed from a fixed family (signs, order between the
// loop's values, their entry values, the bounds the loop's conditions
// compare them with), so an equivalence that rests on another invariant
// (a counter bounded by the number of turns, under wraparound) stays
// unknown. Time limits (on exploration and on SAT, which gini bounds by
// the clock only) can leave a verdict unknown on a slower run: they
// never make one wrong.
package equiv
