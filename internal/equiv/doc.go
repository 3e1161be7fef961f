// Package equiv proves mutants equivalent, statements unreachable and
// branches infeasible (seed 003, Offutt & Pan), and finds inputs on
// which a mutant's outputs differ. It is `gozilla equiv`, and `score`
// and `gen` ask it about the mutants their tests leave alive.
//
// # Pipeline
//
// Per function (unit), the SSA form is explored once over symbols for
// its inputs (the core explorer, internal/explore, under its sound
// policy: explore.go, mode widen), recording at every mutation site
// each arrival: the path condition there (the reachability condition
// C_R) and the source variables' values. Per mutant, then:
//
//  1. Unreachable (Theorem 1): the instructions of its statement lie in
//     blocks no explored path reaches.
//  2. Rules (§2.4): at each arrival, C_R ∧ C_n (∧ the unit's
//     //gozilla:assume directives, §3.1.1), where C_n says the mutated
//     value differs from the original (at the mutated expression, or at
//     an expression around it; for abs, Table 1's templates — wider for
//     floats: x <= 0 for max(x, -x), since max(-0, +0) is +0 — and the
//     expressions around it too), is shown
//     infeasible by negation, constants comparison or splitting
//     (internal/solve/infeasible).
//  3. Exact (Theorem 3): the same, decided by bit-blasting and SAT
//     (internal/solve/sat) over all arrivals at once; a model is an
//     input that infects the state.
//
// Every solver is asked through the solver chain (internal/solve), in
// the configurations newSolvers (the verdicts: rules alone, SAT alone,
// domain reduction for quick models) and newRefuter (the explorations'
// path refutations) assemble.
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
//     When the whole unit has no miter (a loop runs too long, too many
//     paths) but the mutated code runs at most once per call and what
//     infects it is a condition P on the inputs alone (the arrivals'
//     path conditions and necessity conditions), both sides are
//     explored from P only and the miter asks under P (infected.go): on
//     an input outside P the mutant runs as the original does.
//  5. Compiled (trivial compiler equivalence, Papadakis et al. 2015;
//     compiled.go): for the mutants still unknown, each one's function
//     is copied, mutated and renamed beside the original, the package
//     is compiled once with -S, and a mutant whose code (and the data
//     it reads) is the original's is equivalent. The compiler's own
//     analyses decide what the prover's model does not: a store of the
//     value a variable already holds, two counters that move in step,
//     abs of a length. Analyze runs it when it analyses the whole
//     package (Config.Func empty); callers that analyse one unit at a
//     time run ByCompiler on the merged report.
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
//     (invariants.go: Houdini, each φ's own facts first, then the order
//     between φs, the candidates of a path checked in one SAT query;
//     the paths are the body's, walked by a probe of at most probeSteps
//     blocks, and first a sketch of them that needs no walk: per back
//     edge, the values it gives the φs as expressions of the φs and of
//     what the loop does not change, under the branch conditions and
//     the access bounds every path to it passes — its own dominators —
//     which covers every path along the edge and proves the counters'
//     facts of bodies too large to walk). Values the prover does not
//     model — calls, loads through pointers, elements, maps, globals —
//     are fresh unknowns, which widen; an element of a constant string
//     is one of its bytes. Lengths are not negative, and below 2^60
//     where the elements take memory (explore.MaxMemLen: no platform
//     addresses more), and a path goes on past an element access only
//     with its index in range. Exploration that stops early (the path
//     or step limits, the safety net, irreducible control flow)
//     proves nothing of the code its abandoned paths could still reach
//     (explore.Explorer.CompleteAt: from the blocks they were left in,
//     not through a back edge, which the widened state covers): a
//     site none of them can reach has every arrival recorded. A site
//     with more arrivals than recorded, or with none, is not decided.
//     The exact stage leaves queries of more than maxExact nodes
//     unknown (bit-blasting costs what their size does).
//   - Triggers fire on every evaluation of the mutated code, with the
//     values it sees (sites.go). Variables are read from the last
//     DebugRef on the path; variables that live in memory (address
//     taken, captured) are never read, since stores through pointers
//     change them silently.
//   - Only pure expressions are evaluated (eval.go); a value whose
//     evaluation may panic counts as different (constraint.Distinct),
//     and the rules are not applied to such values.
//   - "Differs" means different bits, not !=: float == is not identity
//     (-0 == 0, NaN != NaN), so the necessity condition of a float value
//     is constraint.Differ, x != y || x == 0 && y == 0, which holds
//     whenever the bits differ; the outcomes of the miter compare as the
//     harness does (floats by bits, all NaNs equal). Float comparisons
//     are IEEE's everywhere (a NaN operand makes all but != false, so
//     !(x < y) is not x >= y), and no rule reasons about float
//     arithmetic (x - x, x * 0, x + 0 are not simplified).
//   - The rules are sound for Go's integers and floats: wraparound,
//     truncated division, NaN and signed zeros are accounted for
//     (internal/solve/infeasible); domain reduction, which refutes paths,
//     never pins a float to +0 when -0 also satisfies x == 0.
//   - In the miter, implicit panics end paths of their own, and an input
//     that no path of either side covers counts as a difference, so a
//     path dropped in error cannot hide one.
//   - A Compiled verdict compares the code the compiler emits for this
//     GOOS/GOARCH and these build tags, on which the harness runs the
//     mutants too; the comparison leaves out only program counters,
//     source positions and the copy's name, and reads every local data
//     symbol the code refers to by its contents (a mutated table shows).
//   - The //gozilla:assume directives are used only when the proof
//     fails without them, and such verdicts say so (Verdict.Assumed).
//
// Soundness is also tested by execution (soundness_test.go): no mutant
// declared equivalent is killed by heavy random testing on any subject,
// and exhaustive enumeration of the small-domain subjects gives the
// exact truth to compare with; the float subject's units run every
// input of a float grid (±0, NaNs, infinities, subnormals, extremes and
// their constants: oracle.Grid).
//
// # Not modelled
//
// Floating-point values are not bit-blasted (their clauses stay
// undecided unless the rules or domain reduction refute them, so a float
// proof comes from the rules, reachability or constants alone), and
// evaluation assumes Go does not fuse x*y + z into one rounding, which
// the spec allows and amd64 (GOAMD64=v1, the default) never does;
// pointers, slices' elements,
// maps, calls outside the package and recursive calls are unknowns;
// invariants are guessed from a fixed family (signs, order between the
// loop's values, their entry values, the bounds the loop's conditions
// and accesses compare them with), so an equivalence that rests on another invariant
// (a counter bounded by the number of turns, under wraparound) stays
// unknown.
//
// # Determinism
//
// Limits leave verdicts unknown, never wrong, and they are counts, not
// the clock: blocks visited per exploration, SAT propagations per
// decision (solve.Budget) and per exploration, each mutant's and each
// exploration's own (a cached refutation is charged what it cost). So a
// mutant's verdict is the same on every run, whatever the load, -j, or
// the other mutants analysed with it (score asks only about its
// survivors, gen about the mutants still alive). Wall-clock safety nets
// stay behind the counts, far beyond them; ClockStops counts the times
// they fired, when verdicts may differ between runs.
package equiv
