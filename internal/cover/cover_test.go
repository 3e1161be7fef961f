package cover

import (
	"context"
	"github.com/gozilla/gozilla/internal/testmod"
	"path/filepath"
	"strings"
	"testing"
)

// TestPairProofsSound: on subjects whose own tests cover most of their
// def-use pairs, no pair the prover calls infeasible is covered by a
// test (measure would report the contradiction as a gozilla bug), and
// the prover does prove some (stats' Mean reads its sum := 0 only after
// a loop that runs at least once; Variance likewise).
func TestPairProofsSound(t *testing.T) {
	testmod.Long(t)
	if testing.Short() {
		t.Skip("runs the subjects' tests")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	var pats []string
	for _, s := range []string{"stats", "warshall", "tritype", "digits", "runlength", "search", "find", "bits"} {
		pats = append(pats, "./testdata/subjects/"+s)
	}
	doc, err := Run(context.Background(), Config{Dir: root}, pats...)
	if err != nil {
		t.Fatal(err)
	}
	proven := 0
	for _, p := range doc.Packages {
		for _, n := range p.Notes {
			if strings.Contains(n, "gozilla bug") {
				t.Errorf("%s: %s", p.Path, n)
			}
		}
		proven += p.Pairs.Infeasible
		if strings.HasSuffix(p.Path, "/stats") && p.Pairs.Infeasible < 4 {
			t.Errorf("stats: %d pairs proven infeasible, want at least 4 (Mean's sum, Variance's sum and sumSq)", p.Pairs.Infeasible)
		}
	}
	t.Logf("%d pairs proven infeasible", proven)
}
