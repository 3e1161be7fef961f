package loops

import (
	"reflect"
	"sort"
	"testing"
)

func TestSum(t *testing.T) {
	for _, c := range []struct {
		xs   []int
		want int
	}{{[]int{1, 0, 2, -1, 5}, 3}, {nil, 0}} {
		if got := SumUntilNegative(c.xs); got != c.want {
			t.Errorf("SumUntilNegative(%v) = %d, want %d", c.xs, got, c.want)
		}
	}
}

func TestCountBelow(t *testing.T) {
	if got := CountBelow(3); got != 6 {
		t.Errorf("CountBelow(3) = %d", got)
	}
}

func TestFind(t *testing.T) {
	grid := [][]int{{1, 9, 2}, {3, 4}}
	if r, c := Find(grid, 4); r != 1 || c != 1 {
		t.Errorf("Find = %d, %d", r, c)
	}
	if r, c := Find(grid, 0); r != -1 || c != -1 {
		t.Errorf("Find = %d, %d", r, c)
	}
}

func TestCollatz(t *testing.T) {
	if got := Collatz(6); got != 8 {
		t.Errorf("Collatz(6) = %d", got)
	}
}

func TestRanges(t *testing.T) {
	keys, total := Ranges(map[string]int{"a": 1, "b": 2})
	sort.Strings(keys)
	if !reflect.DeepEqual(keys, []string{"a", "b"}) || total != 12 {
		t.Errorf("Ranges = %v, %d", keys, total)
	}
}

func TestFirstPow(t *testing.T) {
	if got := FirstPow(5); got != 8 {
		t.Errorf("FirstPow(5) = %d", got)
	}
}

func TestStep(t *testing.T) {
	got := Step(5, 2)
	if !reflect.DeepEqual(got, []int{0, 2, 4, 1, 2, 3, 4, 5}) {
		t.Errorf("Step = %v", got)
	}
	t.Log(Step(0, 1))
}
