package equiv_test

import (
	"context"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/analysis"
	"github.com/gozilla/gozilla/internal/equiv"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
)

// endedCtx is a context whose Done is closed but whose Err is nil: the
// checks between units and mutants let the prover in, and only its
// explorations' and queries' own watch of Done can stop them.
type endedCtx struct {
	context.Context
	done chan struct{}
}

func (c endedCtx) Done() <-chan struct{} { return c.done }

// TestStoppedExplorations: once the context is done, every exploration
// of the prover stops at its first block (it said so only when its own
// limits or its wall-clock safety net ended it, and a signal waited for
// it: 35 s on a 2,000-line function), and no mutant is proven
// equivalent by a proof it did not finish.
func TestStoppedExplorations(t *testing.T) {
	pkgs, err := load.Load(load.Config{Dir: root, NoTests: true}, "./testdata/subjects/tritype")
	if err != nil {
		t.Fatal(err)
	}
	set, err := mutate.Generate(pkgs[0], mutate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	full, err := equiv.Analyze(context.Background(), analysis.New(pkgs[0], set, nil), set, equiv.Config{})
	if err != nil {
		t.Fatal(err)
	}
	equivalent := 0
	for _, v := range full.Verdicts {
		if v.Status == mutate.Equivalent {
			equivalent++
		}
	}
	if equivalent == 0 {
		t.Fatal("tritype: no mutant proven equivalent: nothing to compare with")
	}
	ctx := endedCtx{context.Background(), make(chan struct{})}
	close(ctx.done)
	rep, err := equiv.Analyze(ctx, analysis.New(pkgs[0], set, nil), set, equiv.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range rep.Units {
		if u.Mutants > 0 && !strings.Contains(u.Incomplete, "stopped") {
			t.Errorf("unit %s: exploration incomplete %q, want stopped", u.Name, u.Incomplete)
		}
	}
	for id, v := range rep.Verdicts {
		if v.Status == mutate.Equivalent {
			t.Errorf("mutant %d proven equivalent (%s) by a stopped exploration", id, v.Reason)
		}
	}
}
