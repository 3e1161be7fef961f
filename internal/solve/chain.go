package solve

// This file implements the chain: the one place where backends and
// wrappers are assembled, in the one order, with their budgets.

// Config is a chain: which backends it asks, with their caps, and which
// wrappers it has. Backends are asked in the fixed order rules, domain
// reduction, SAT, each only when those before it answered Unknown; the
// zero Config asks none (every answer Unknown).
type Config struct {
	// Rules asks the Offutt–Pan strategies (Rules).
	Rules bool
	// DomRed asks domain reduction (DomRed) with Tries tries per clause
	// (0 = reduction alone: refutations only), on the first DNF
	// clauses of the query's disjunctive normal form when DNF > 0,
	// skipping clauses larger than MaxTree nodes as trees when
	// MaxTree > 0.
	DomRed  bool
	Tries   int
	DNF     int
	MaxTree int64
	// SAT asks the exact backend (SAT), with at most Props
	// propagations a query (0 = the allowance alone).
	SAT   bool
	Props int64
	// Confirm > 0 cross-checks the decisions of the rules and of domain
	// reduction by SAT within Confirm propagations (not drawn from the
	// allowance): a model SAT finds for a clause they refuted is the
	// answer (the backend erred), and the refutation stands otherwise.
	Confirm int64
	// Split solves the independent parts of a query separately
	// (Split).
	Split bool
	// Cache remembers answers (Cache).
	Cache bool
	// Shapes is the memo of expression measures the backends and
	// wrappers share (tree sizes, symbols, cache keys); nil = one of
	// the chain's own. Callers that measure expressions too (the
	// prover) pass theirs.
	Shapes *Shapes
}

// Chain assembles the chain cfg describes: the backends in order, each
// with its cap, the cheap ones cross-checked by SAT when cfg.Confirm is
// set, inside independence splitting and then the cache when asked for.
// It returns a *Cache when cfg.Cache is set. A chain with a cache,
// splitting or MaxTree keeps a memo (Shapes) and is for one goroutine;
// one without is safe for concurrent use.
func Chain(cfg Config) Solver {
	sh := cfg.Shapes
	if sh == nil {
		sh = NewShapes()
	}
	confirm := func(s Solver) Solver {
		if cfg.Confirm <= 0 {
			return s
		}
		return &CrossCheck{A: s, B: SAT{Props: cfg.Confirm}}
	}
	ch := &sequence{}
	if cfg.Rules {
		ch.solvers = append(ch.solvers, confirm(Rules{}))
	}
	if cfg.DomRed {
		ch.solvers = append(ch.solvers, confirm(DomRed{Tries: cfg.Tries, DNF: cfg.DNF, MaxTree: cfg.MaxTree, Shapes: sh}))
	}
	if cfg.SAT {
		ch.solvers = append(ch.solvers, SAT{Props: cfg.Props})
	}
	var s Solver = ch
	if len(ch.solvers) == 1 {
		s = ch.solvers[0]
	}
	if cfg.Split {
		s = &Split{Inner: s, Shapes: sh}
	}
	if cfg.Cache {
		s = NewCache(s, sh)
	}
	return s
}

// Sequence returns the solver that asks solvers in order until one
// decides (the chain's backends).
func Sequence(solvers ...Solver) Solver { return &sequence{solvers: solvers} }

// sequence asks its solvers in order until one decides.
type sequence struct {
	solvers []Solver
}

// Name implements Solver: the solvers' names, joined by "+".
func (ch *sequence) Name() string {
	n := ""
	for i, s := range ch.solvers {
		if i > 0 {
			n += "+"
		}
		n += s.Name()
	}
	return n
}

// Solve implements Solver: the first decision, or the last Unknown of
// a solver that ran; each solver's allowance is what those before it
// left, and Spent is what they all spent.
func (ch *sequence) Solve(q *Query, b Budget) Result {
	var spent Budget
	var last *Result
	limited := false
	for _, s := range ch.solvers {
		r := s.Solve(q, b.minus(spent))
		spent = spent.plus(r.Spent)
		limited = limited || r.Limited
		if r.skipped {
			continue
		}
		if r.Status != Unknown {
			r.Spent, r.Limited = spent, false
			return r
		}
		last = &r
	}
	if last == nil {
		return Result{Why: "no solver could run within the allowance", By: ch.Name(), Limited: limited, Spent: spent, skipped: len(ch.solvers) > 0}
	}
	last.Spent, last.Limited = spent, limited
	return *last
}
