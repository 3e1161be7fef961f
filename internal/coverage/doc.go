// Package coverage owns the coverage requirements of a package and the
// source probes that measure them while the package's tests run:
// statements (exactly as go test -cover counts them), branch outcomes and
// def-use pairs (all-uses, Rapps & Weyuker), and the decoding of what
// the probes recorded.
//
// In: a type-checked *load.Package. Out: a *Plan holding the
// requirements (Funcs, Blocks, Stmts, Branches, Pairs), the Inserts that
// instrument each file (text inserted into the original bytes, never a
// newline, so line numbers stay) and Runtime, the source of one more
// file for the package with the probe functions and their tables. The
// caller writes them out together with the schemata helper file (package
// mutate), which declares the two variables the probes read: _gzActive
// (int: -1 is coverage mode) and _gzOut (*os.File: where records go, set
// from GOZILLA_COVER). The rewritten package compiles for any GOOS and
// GOARCH and behaves as the original in every mode. Identifiers starting
// with _gz are reserved; each instrumented function body may declare a
// local _gzA.
//
// Records. In coverage mode (_gzActive == -1 and _gzOut != nil) each
// requirement covered is appended once per process to _gzOut as a line:
// "s<block>" (a basic block ran: its statements are covered),
// "b<branch>" and "p<pair>", with IDs indexing Plan.Blocks, Plan.Branches
// and Plan.Pairs. A line "!…" reports an event the plan did not predict
// (an internal error). Plan.Decode reads a file of such lines, ignoring
// everything else (the schemata's site IDs, "t<ticks>"); Covered.Merge
// unites several; Plan.Summary counts per function. The "seen" flags are
// atomic: tests may run in parallel and start goroutines. Outside
// coverage mode a probe costs an inlined comparison. In coverage mode the
// probes allocate only to write a record (once per requirement and
// process): activation records live on the stack, so tests that count
// the allocations of repeated calls still pass. Plan.Stub declares the
// probe functions for a type check without the runtime file.
//
// Statements. Blocks and their statements are cmd/cover's, so per
// function covered/total statement counts equal go tool cover -func's on
// a -coverprofile of the same tests, quirks included (see cover.go). A
// block is covered when its probe, placed where cmd/cover puts its
// counter, runs. Func literals count with the declaration containing
// them; package-level func literals (var f = func…) and functions named _
// belong to no function and are not measured; cgo files are skipped.
//
// Branches. Both outcomes of every if and for condition; a for without a
// condition and range loops have no decision. Every case clause of an
// expression switch, type switch and select; the default of each
// (expression or type) switch, and an implicit default ("default
// (implicit)": no case matched) when it has none; a select's default
// clause is one of its clauses. A clause is covered when the statement
// selects it; entering it by fallthrough does not count. The operands of
// && and || are not separate decisions.
//
// Def-use pairs. Per function (declaration or func literal: each call
// is an activation), for its tracked variables: parameters (receiver
// included), named results, and locals declared in it, that are
//
//   - never address-taken: &x, a pointer-receiver method called on (or
//     method value of) an addressable x or field of x, an array x sliced;
//   - never partially assigned: x.f = …, x[i] = … with x an array (also
//     ++, op=, range and select assignments to such parts);
//   - never referenced from a func literal other than their own
//     function.
//
// Those are the variables go/ssa lifts to registers, whose definitions
// and uses are all visible in the syntax; aliased, partially updated or
// shared variables are not tracked. Two differences with go/ssa's
// lifting: a struct or array variable whose fields or elements are read
// (x.f, x[i]) is tracked, such a read being a use of x; named results are
// tracked in functions with deferred calls, and the implicit read of the
// results when a deferred call recovers from a panic is not a use. A
// tracked variable that is never read has no pairs. Plan.Untracked lists
// the others with the reason, including the few constructs the probes
// cannot record exactly, whose variables are left out rather than
// approximated: x op= e where e has an untyped operand of a non-constant
// shift; a for statement's init or post statement that reads a variable
// it defines from a multi-value expression (x, ok = f(x)), or whose for
// statement is a goto target; a var group whose later spec reads an
// earlier spec's variable.
//
// Definitions: parameters and named results on entry, :=, =, op=, ++ and
// --, var declarations (with or without values), range key and value,
// the type switch binding of each clause (each clause's variable is its
// own) and select receive assignments. Uses: every evaluated read,
// conditions and case expressions included; x++ and x op= e read x (after
// e); a bare return reads the named results. Operands that are not
// evaluated are not uses: in constant expressions (len of an array,
// unsafe.Sizeof) and a range over an array with at most one iteration
// variable. A pair is (a definition d of v, a use u of v) such that some
// path of the function's control-flow graph goes from d to u with no
// other definition of v (reaching definitions); it is covered when u
// executes while d is the last definition of v executed in the same
// call. Reads within one expression happen in the order of its function
// calls (lexical order): reading a tracked variable is itself a probe
// call.
package coverage
