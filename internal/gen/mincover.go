package gen

// This file implements the smallest cover: the fewest tests that
// achieve every goal some test achieves (minimum set cover), by branch
// and bound from the greedy cover, within a node budget.

import (
	"math/bits"
	"sort"
)

// bitset is a set of small integers.
type bitset []uint64

func newBitset(n int) bitset { return make(bitset, (n+63)/64) }

func (b bitset) set(i int)      { b[i/64] |= 1 << (i % 64) }
func (b bitset) has(i int) bool { return b[i/64]&(1<<(i%64)) != 0 }

func (b bitset) count() int {
	n := 0
	for _, w := range b {
		n += bits.OnesCount64(w)
	}
	return n
}

// subset reports whether b ⊆ o.
func (b bitset) subset(o bitset) bool {
	for i, w := range b {
		if w&^o[i] != 0 {
			return false
		}
	}
	return true
}

// disjoint reports whether b ∩ o = ∅.
func (b bitset) disjoint(o bitset) bool {
	for i, w := range b {
		if w&o[i] != 0 {
			return false
		}
	}
	return true
}

// minCoverNodes bounds the branch and bound's search nodes: past it the
// best cover found so far is kept (never worse than the greedy one).
const minCoverNodes = 200_000

// minCover returns the indices of a smallest subfamily of sets whose
// union is the union of all, in increasing order, and whether it is
// proven smallest (the search finished within its budget). Among covers
// of one size the search finds first the one that prefers the sets that
// achieve the most, then the earlier sets.
func minCover(sets [][]int, budget int) ([]int, bool) {
	// Goals renumbered densely; each goal's sets as a bitset.
	id := map[int]int{}
	for _, s := range sets {
		for _, g := range s {
			if _, ok := id[g]; !ok {
				id[g] = len(id)
			}
		}
	}
	nG, nS := len(id), len(sets)
	if nG == 0 {
		return nil, true
	}
	goals := make([]bitset, nS) // the goals of each set
	by := make([]bitset, nG)    // the sets of each goal
	for g := range by {
		by[g] = newBitset(nS)
	}
	for i, s := range sets {
		goals[i] = newBitset(nG)
		for _, g := range s {
			goals[i].set(id[g])
			by[id[g]].set(i)
		}
	}
	// A goal whose sets include another goal's sets is achieved with
	// it: only the goals no other goal implies constrain the cover.
	var core []int
	for g := 0; g < nG; g++ {
		implied := false
		for h := 0; h < nG && !implied; h++ {
			if h != g && by[h].subset(by[g]) && (!by[g].subset(by[h]) || h < g) {
				implied = true
			}
		}
		if !implied {
			core = append(core, g)
		}
	}
	// Each set restricted to the core goals, as indices into core.
	of := make([][]int, nS)
	for k, g := range core {
		for i := 0; i < nS; i++ {
			if by[g].has(i) {
				of[i] = append(of[i], k)
			}
		}
	}
	killers := make([][]int, len(core))
	for k, g := range core {
		for i := 0; i < nS; i++ {
			if by[g].has(i) {
				killers[k] = append(killers[k], i)
			}
		}
	}

	// The greedy cover bounds the search.
	covered := make([]int, len(core)) // how many chosen sets achieve each core goal
	left := len(core)
	choose := func(i int, d int) {
		for _, k := range of[i] {
			if covered[k] == 0 && d > 0 {
				left--
			}
			if covered[k] == 1 && d < 0 {
				left++
			}
			covered[k] += d
		}
	}
	fresh := func(i int) int {
		n := 0
		for _, k := range of[i] {
			if covered[k] == 0 {
				n++
			}
		}
		return n
	}
	var best []int
	for left > 0 {
		b, bn := -1, 0
		for i := 0; i < nS; i++ {
			if n := fresh(i); n > bn {
				b, bn = i, n
			}
		}
		best = append(best, b)
		choose(b, 1)
	}
	for _, i := range best {
		choose(i, -1)
	}

	// Branch and bound: the uncovered goal with fewest sets, each of
	// its sets in turn; the bound is a packing of uncovered goals no two
	// of which share a set (each needs a set of its own).
	nodes := 0
	var chosen []int
	lower := func() int {
		var used bitset = newBitset(nS)
		n := 0
		order := make([]int, 0, left)
		for k := range core {
			if covered[k] == 0 {
				order = append(order, k)
			}
		}
		sort.SliceStable(order, func(a, b int) bool { return len(killers[order[a]]) < len(killers[order[b]]) })
		for _, k := range order {
			if by[core[k]].disjoint(used) {
				n++
				for _, i := range killers[k] {
					used.set(i)
				}
			}
		}
		return n
	}
	var search func()
	search = func() {
		nodes++
		if left == 0 {
			if len(chosen) < len(best) {
				best = append([]int(nil), chosen...)
			}
			return
		}
		if nodes > budget || len(chosen)+lower() >= len(best) {
			return
		}
		pick := -1
		for k := range core {
			if covered[k] == 0 && (pick < 0 || len(killers[k]) < len(killers[pick])) {
				pick = k
			}
		}
		cands := append([]int(nil), killers[pick]...)
		gain := make(map[int]int, len(cands))
		for _, i := range cands {
			gain[i] = fresh(i)
		}
		sort.SliceStable(cands, func(a, b int) bool { return gain[cands[a]] > gain[cands[b]] })
		for _, i := range cands {
			chosen = append(chosen, i)
			choose(i, 1)
			search()
			choose(i, -1)
			chosen = chosen[:len(chosen)-1]
			if nodes > budget {
				return
			}
		}
	}
	search()
	sort.Ints(best)
	return best, nodes <= budget
}
