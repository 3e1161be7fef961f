package gen

import (
	"go/token"
	"go/types"
	"math/bits"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/gozilla/gozilla/internal/engine"
	"github.com/gozilla/gozilla/internal/harness"
	"github.com/gozilla/gozilla/internal/unit"
)

// TestMinCover: covers the greedy choice misses, and the size of every
// cover checked against brute force on random families.
func TestMinCover(t *testing.T) {
	tests := []struct {
		name string
		sets [][]int
		want []int
	}{
		{"empty", nil, nil},
		{"one", [][]int{{1, 2}}, []int{0}},
		// Greedy takes the largest set (2, eight goals), then 3 and 4:
		// three sets where 0 and 1 are two.
		{"greedy misses", [][]int{
			{1, 2, 3, 4, 5, 6, 7},
			{8, 9, 10, 11, 12, 13, 14},
			{1, 2, 3, 4, 8, 9, 10, 11},
			{5, 6, 12, 13},
			{7, 14},
		}, []int{0, 1}},
		{"a set that achieves nothing", [][]int{{}, {1}, {1, 2}}, []int{2}},
		{"ties go to the earlier set", [][]int{{1, 2}, {1, 2}, {3}}, []int{0, 2}},
	}
	for _, tt := range tests {
		got, exact := minCover(tt.sets, minCoverNodes)
		if !reflect.DeepEqual(got, tt.want) || !exact {
			t.Errorf("%s: %v (exact %v), want %v", tt.name, got, exact, tt.want)
		}
	}

	r := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 300; n++ {
		nS, nG := 1+r.IntN(10), 1+r.IntN(12)
		sets := make([][]int, nS)
		for i := range sets {
			for g := 0; g < nG; g++ {
				if r.IntN(4) == 0 {
					sets[i] = append(sets[i], g)
				}
			}
		}
		masks := make([]uint, nS)
		all := uint(0)
		for i, s := range sets {
			for _, g := range s {
				masks[i] |= 1 << g
			}
			all |= masks[i]
		}
		smallest := nS
		for sub := uint(0); sub < 1<<nS; sub++ {
			u := uint(0)
			for i := 0; i < nS; i++ {
				if sub&(1<<i) != 0 {
					u |= masks[i]
				}
			}
			if u == all && bits.OnesCount(sub) < smallest {
				smallest = bits.OnesCount(sub)
			}
		}
		got, _ := minCover(sets, minCoverNodes)
		u := uint(0)
		for _, i := range got {
			u |= masks[i]
		}
		if u != all || len(got) != smallest {
			t.Fatalf("%v: %v covers %b of %b with %d sets, the smallest cover has %d", sets, got, u, all, len(got), smallest)
		}
	}
}

// TestSmallestSuite checks compaction's tiers: tests built through the
// API first; a test that builds a state directly (Test.Direct) only for
// the mutants no API-built test kills, never for coverage alone; a
// crashing test only for what no working one achieves.
func TestSmallestSuite(t *testing.T) {
	branch := func(id int) Goal { return Goal{engine.CoverBranch, id} }
	crash := harness.Outcome{Panic: &harness.Panic{Kind: harness.PanicRuntime, Msg: "boom"}}
	api := &Test{Kills: []int{1, 2}, Covers: []Goal{branch(1)}, seq: 0}
	directSame := &Test{Kills: []int{1}, seq: 1}                              // nothing new
	directBranch := &Test{Kills: []int{2}, Covers: []Goal{branch(2)}, seq: 2} // a branch only
	directKill := &Test{Kills: []int{3}, seq: 3}                              // a mutant only it kills
	apiCrash := &Test{Kills: []int{4}, Covers: []Goal{branch(3)}, Out: crash, seq: 4}
	apiCrashSame := &Test{Kills: []int{1}, Out: crash, seq: 5}
	// A helper's row (an unexported function's) that kills what an
	// exported unit's kills too is left out, though it alone kills as
	// much as the two exported rows that cover it; one that kills a
	// mutant no exported row kills comes in.
	helper := &unit.Unit{Func: types.NewFunc(token.NoPos, nil, "helper", nil)}
	exported := &unit.Unit{Func: types.NewFunc(token.NoPos, nil, "Exported", nil)}
	helperBoth := &Test{Unit: helper, Kills: []int{5, 6}, seq: 6}
	exported5 := &Test{Unit: exported, Kills: []int{5}, seq: 7}
	exported6 := &Test{Unit: exported, Kills: []int{6}, seq: 8}
	helperNew := &Test{Unit: helper, Kills: []int{7}, seq: 9}
	tests := []*Test{api, directSame, directBranch, directKill, apiCrash, apiCrashSame, helperBoth, exported5, exported6, helperNew}
	direct := []bool{false, true, true, true, false, false, false, false, false, false}
	got := smallestSuite(tests, direct)
	want := []*Test{api, exported5, exported6, helperNew, directKill, apiCrash}
	if !reflect.DeepEqual(got, want) {
		var seqs []int
		for _, t := range got {
			seqs = append(seqs, t.seq)
		}
		t.Errorf("kept tests %v, want 0, 7, 8, 9, 3, 4", seqs)
	}
}
