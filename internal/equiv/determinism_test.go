package equiv_test

// Determinism of the prover's verdicts: a mutant's verdict depends on
// the code and the mutant only — not on the other mutants analysed in
// the same run (score asks about its survivors, gen about the mutants
// still alive, equiv -run about a unit's), nor on their order, nor on
// the machine's load, since every limit on the way is a count.

import (
	"context"
	"github.com/gozilla/gozilla/internal/testmod"
	"slices"
	"testing"

	"github.com/gozilla/gozilla/internal/analysis"
	"github.com/gozilla/gozilla/internal/cpuload"
	"github.com/gozilla/gozilla/internal/equiv"
	"github.com/gozilla/gozilla/internal/mutate"
)

// TestVerdictsIndependent analyses every mutant of a subject in one run,
// then the odd and the even ones apart, each in reverse order, with
// every CPU kept busy: each mutant gets the same verdict (status, method)
// both times.
func TestVerdictsIndependent(t *testing.T) {
	testmod.Long(t)
	for _, name := range []string{"tritype", "gcd"} {
		t.Run(name, func(t *testing.T) {
			s := openSubject(t, name)
			stop := cpuload.Start()
			defer stop()
			parts := [2][]*mutate.Mutant{}
			for _, m := range s.set.Mutants {
				parts[m.ID%2] = append(parts[m.ID%2], m)
			}
			apart := map[int]*equiv.Verdict{}
			for _, ms := range parts {
				slices.Reverse(ms)
				rep, err := equiv.Analyze(context.Background(), analysis.New(s.pkg, s.set, nil), &mutate.Set{Pkg: s.set.Pkg, Mutants: ms}, proverConfig())
				if err != nil {
					t.Fatal(err)
				}
				for id, v := range rep.Verdicts {
					apart[id] = v
				}
			}
			stop()
			equivalent := 0
			for _, m := range s.set.Mutants {
				a, b := s.rep.Verdicts[m.ID], apart[m.ID]
				if a == nil || b == nil {
					t.Errorf("mutant %d (%s %s → %s): verdicts %v and %v", m.ID, m.Func, m.Orig, m.Repl, a, b)
					continue
				}
				if a.Status == mutate.Equivalent {
					equivalent++
				}
				if a.Status != b.Status || a.Method != b.Method {
					t.Errorf("mutant %d (%s %s → %s): %v by %v (%s) with all the mutants, %v by %v (%s) with half of them",
						m.ID, m.Func, m.Orig, m.Repl, a.Status, a.Method, a.Reason, b.Status, b.Method, b.Reason)
				}
			}
			t.Logf("%s: %d mutants, %d equivalent, the same verdicts apart", name, len(s.set.Mutants), equivalent)
			if equivalent == 0 {
				t.Errorf("no mutant proven equivalent: nothing compared")
			}
		})
	}
}
