// Package explore is the symbolic explorer of a function's SSA form
// (golang.org/x/tools/go/ssa): it walks the paths of the control flow
// graph over symbols standing for the function's inputs, keeping for
// each path the conjunction of its branch conditions (the path
// condition) and the value of every SSA register and source variable as
// a constraint expression (internal/constraint) over the inputs, and
// records what its callers ask about: arrivals at mutation sites, whole
// paths, the blocks and edges reached, the paths' outcomes.
//
// Test generation (internal/symbolic, for the cbt and sat engines) and
// the equivalence prover (internal/equiv) explore with the same core and
// differ in policy: generation may narrow (what it records describes
// some executions, from which it builds inputs), a proof must not (what
// it records must describe every execution).
//
// # The core
//
// The core owns the mechanism, the same for every policy:
//
//   - Frames (Frame): the registers (Vals), the source variables (Env),
//     the expressions' values (Exprs) and the memory written (Mem) — the
//     last three persistent maps (internal/pmap), so that forks and
//     events share them —, the path condition (Cond), loop counters
//     (Visits, Iters, Widened), the inlined calls (Stack) and a policy's
//     own state (Ext). Explorer.Fork copies a frame, counting the copy.
//   - The block walk (Explorer.Run): a block is entered through the
//     limits and the policy (Policy.Admit, Policy.Loop), its φ-nodes
//     read the values of the edge taken (Explorer.PhiValues) or are
//     widened (Policy.Widen), its instructions run in order.
//   - Branching on an If: the condition is folded (Fold); a constant
//     selects its side, else both sides are followed, each unless the
//     policy refutes its path condition (Policy.Refuted, a solve.Solver
//     underneath). Policy.Branch may take a branch over.
//   - Evaluation of SSA instructions into constraint.Expr (eval.go), and
//     havoc: what it does not model is a fresh unknown (Explorer.Havoc),
//     which widens and never narrows, and is noted (Explorer.Opaque).
//     Precision says how far evaluation goes: MaxLen > 0 narrows
//     (elements at constant indexes, forks on symbolic indexes, length
//     caps, slices as views, memory through pointers it can follow),
//     MaxLen = 0 is sound (lengths only not negative); Strings, MinMax,
//     NamedResults and Guards (panicking division and shifts ignored,
//     assumed away or forked into paths of their own) refine it.
//   - Calls: builtins len (and min, max with MinMax), static calls into
//     the function's package inlined (Config.Inline deep), others havoc.
//   - Site triggers and event recording: a Triggers rule says which
//     sites an instruction announces, before or after it runs; the core
//     records each arrival (Event: the path condition and snapshots of
//     the frame's persistent maps) once per block visit, within
//     Recording's bounds, and, at a path's end, the whole path through
//     each site (Full) and its outcome (Ends).
//   - Budgets: Limits are counts — block entries over the exploration
//     and per path, paths, copying (work) — never the clock, so that an
//     exploration stops at the same place on every machine; Limits.Stop
//     is a caller's hook. A limit makes the exploration incomplete
//     (Explorer.Incomplete, with why) and stops it; the unrolling bound
//     (Limits.Bound) abandons one path and lets the others go on.
//   - The evaluation of source expressions — a mutant's original and
//     mutated syntax, an assumption — at an event (Evaluator), under the
//     precision the exploration had.
//
// # Policies
//
// A Policy decides where the explorers differ:
//
//   - Loop back edges: Narrowing unrolls (Limits.Bound visits of a block
//     per path); Sound widens at the loop's header (φ-nodes become fresh
//     unknowns, the loop's variables are forgotten, the body runs once,
//     a path back to the header ends) keeping the invariants its
//     Invariants hook proves, or, Bounded (the miter), unrolls up to
//     Unroll turns and is incomplete beyond, unless its Summarise hook
//     takes the loop over.
//   - Symbolic index reads: forks over the first MaxLen indexes
//     (Narrowing's precision) or unknowns (Sound's).
//   - Length caps: lengths at most MaxLen where they are read (narrowing)
//     or only not negative (sound: Explorer.Facts).
//   - Calls: havoc (Narrowing), inlined (Sound, Config.Inline), or a
//     summary (Sound's Summarise, for the loops of inlined callees).
//   - Incompleteness: Narrowing's cut explorations still serve (Cut
//     only says not every path was seen); for Sound, an incomplete
//     exploration — irreducible control flow, a branch on an
//     unmodelled condition, a limit, a bounded loop run too long —
//     proves nothing about the code its abandoned paths could still
//     reach: Frontier holds the blocks where they were left, and
//     CompleteAt says whether some blocks' executions were all recorded
//     (none of them reachable from the frontier; under widening, not
//     through a loop's back edge, since the widened state covers the
//     paths that come back to a header).
//   - Accesses: a sound exploration under AssumeGuard goes on past an
//     element access only where its index is in range (indexGuard adds
//     0 <= i < len to the path), and an element of a constant string is
//     one of its bytes (constElem). Lengths of strings and of slices
//     whose elements take memory are below MaxMemLen.
//
// The prover keeps its invariants (Houdini over the probes of
// Sound.ProbeLoop, each within Sound.ProbeSteps, and over a sketch of
// the body that needs no walk), loop summaries and miter as hooks of
// Sound and as a consumer of what the core records.
//
// # The input model
//
// One input model serves every policy (Arg): a scalar argument is a
// symbol, a string or slice a length symbol and one symbol per element
// read at a constant index, a struct its fields, an array its elements,
// a pointer its pointee. Symbols are made lazily, when the code reads
// them; a sound exploration reads no elements and no pointees, so its
// arguments are their scalars, lengths and fields. Arguments are built
// from the unit's value types (internal/value), or from any Go type by
// Shape. One model-to-input converter (Arg.Input, Inputs) turns a
// solver's model into the unit's inputs: what the model leaves out takes
// its zero value, and lengths beyond a caller's cap are refused.
//
// # At a glance
//
//	x := explore.New(fn, args, rule, policy, explore.Config{Limits: …, Precision: …, Recording: …, Inline: …, Initial: …})
//	x.Explore()
//	x.Events[site], x.Full[site], x.Blocks[b], x.Reached[b], x.Edges[e], x.Ends, x.Entry, x.Incomplete, x.Opaque
//
//	type Policy interface {
//		Start(x *Explorer) bool
//		Admit(x *Explorer, f *Frame, b, from *ssa.BasicBlock) bool
//		Loop(x *Explorer, f *Frame, b, from *ssa.BasicBlock) Step // Go, Drop, Widen
//		Widen(x *Explorer, f *Frame, h, from *ssa.BasicBlock)
//		Branch(x *Explorer, f *Frame, b *ssa.BasicBlock, cond c.Expr) bool
//		Refuted(x *Explorer, cl c.Clause) bool
//	}
//	type Triggers interface{ Sites(ins ssa.Instruction) (before, after []ast.Node) }
//
//	&Narrowing{Refute: solver}                                  // test generation
//	&Sound{Refute: …, Invariants: …}                            // proofs: widening
//	&Sound{Bounded: true, Unroll: 32, Summarise: …, Exit: …}    // the miter
//
// A policy (or its hooks) walks with the core's mechanisms: Fork and
// Clone, Enter and Run, Value, Scalar, PhiValues, Havoc, Fresh,
// Unknown, End, Stop and Cut, Quiet, Loops. Source expressions are
// evaluated at events with (&Evaluator{Info, Precision, Err}).Eval or
// Scalar; models become inputs with Arg.Input or Inputs(args, types,
// model, maxLen).
//
// The two trigger rules stay the callers': generation announces an
// expression site before the DebugRef of an expression around it and
// after its own, statements at every instruction inside them, literals
// at their simple statement (internal/symbolic); the prover announces an
// expression after its own DebugRefs (or those inside it), constants and
// statements before every instruction of their innermost simple
// statement or condition (internal/equiv). The core records for both.
//
// In: an SSA function, its arguments, a trigger rule, a policy, a
// configuration. Out: the Explorer's records.
package explore
