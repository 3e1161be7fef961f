package dalg

// TestProofsSound checks dalg's proofs of no excitation (Search.prove)
// against execution (internal/oracle), as the prover's are checked
// (internal/equiv's TestSoundness): on subjects of testdata/subjects,
// every mutant dalg answers Infeasible for survives every input of its
// unit where the domain is small, else random, boundary and small
// inputs. It also needs some proofs on saturate, whose Abs and Narrow
// have equivalent mutants a region decides alone, so that a change that
// proves nothing does not pass.

import (
	"context"
	"os"
	"testing"

	"github.com/gozilla/gozilla/internal/analysis"
	"github.com/gozilla/gozilla/internal/engine"
	"github.com/gozilla/gozilla/internal/equiv"
	"github.com/gozilla/gozilla/internal/equiv/check"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/oracle"
	"github.com/gozilla/gozilla/internal/testmod"
	"github.com/gozilla/gozilla/internal/unit"
	"github.com/gozilla/gozilla/internal/value"
)

func TestProofsSound(t *testing.T) {
	subjects := []string{"saturate", "tritype", "mid", "quad", "calendar", "bits", "euclid", "minval", "fig1", "value"}
	if os.Getenv(testmod.LongEnv) != "1" {
		subjects = subjects[:1] // the rest with the long tests
	}
	ctx := context.Background()
	for _, name := range subjects {
		t.Run(name, func(t *testing.T) {
			pkg, set := loadSubject(t, name)
			o, err := oracle.New(ctx, pkg, set, 2)
			if err != nil {
				t.Fatal(err)
			}
			defer o.Close()
			pb := &engine.Problem{Pkg: analysis.New(pkg, set, o.Units())}
			e := New()
			proofs := 0
			for _, u := range o.Units() {
				verdicts := map[int]*equiv.Verdict{}
				for _, id := range o.Mutants(u) {
					a, err := e.Solve(ctx, pb, engine.Requirement{Kind: engine.KillMutant, ID: id, Unit: u})
					if err != nil {
						t.Fatal(err)
					}
					if a.Verdict == engine.Infeasible {
						verdicts[id] = &equiv.Verdict{Status: mutate.Equivalent, Reason: a.Reason}
					}
				}
				if len(verdicts) == 0 {
					continue
				}
				proofs += len(verdicts)
				r, err := check.Unit(ctx, o, u, verdicts, exhaustive(ctx, t, o, u), check.Options{Random: 2000, Box: 1 << 12, Grid: 1 << 14})
				if err != nil {
					t.Fatal(err)
				}
				for _, f := range r.False {
					m := set.Mutants[f.ID-1]
					t.Errorf("false proof: %s #%d %s line %d: %q → %q, killed by %s (%s) [%s]", name, f.ID, m.Func, m.Line, m.Orig, m.Repl, check.Call(u, f.In), f.How, verdicts[f.ID].Reason)
				}
			}
			t.Logf("%s: %d mutants proven equivalent by no excitation", name, proofs)
			if name == "saturate" && proofs < 5 {
				t.Errorf("saturate: %d proofs, want at least 5 (Narrow's and Abs's boundary mutants)", proofs)
			}
		})
	}
}

// exhaustive returns the truth of u's mutants when its domain is small
// enough to enumerate (oracle.Exhaustive: each mutant some input kills,
// with it), else nil.
func exhaustive(ctx context.Context, t *testing.T, o *oracle.Oracle, u *unit.Unit) map[int][]value.Value {
	if d := oracle.Domain(u); d == 0 || d > 1<<16 {
		return nil
	}
	truth, err := o.Exhaustive(ctx, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	if truth == nil {
		truth = map[int][]value.Value{}
	}
	return truth
}

// loadSubject loads testdata/subjects/name and makes its mutants.
func loadSubject(t *testing.T, name string) (*load.Package, *mutate.Set) {
	t.Helper()
	pkgs, err := load.Load(load.Config{Dir: "../../..", NoTests: true}, "./testdata/subjects/"+name)
	if err != nil {
		t.Fatal(err)
	}
	set, err := mutate.Generate(pkgs[0], mutate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs[0], set
}
