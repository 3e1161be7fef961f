package random

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/gozilla/gozilla/internal/value"
)

// TestInputsPrefix checks that the random pass's inputs do not depend on
// how they are taken (the batch sizes, which follow the budget and the
// workers), that every input is new, and that a small input space ends.
func TestInputsPrefix(t *testing.T) {
	i64 := &value.Type{Kind: value.Int, Bits: 64}
	str := &value.Type{Kind: value.String}
	boolT := &value.Type{Kind: value.Bool}
	matrix := &value.Type{Kind: value.Slice, Elem: &value.Type{Kind: value.Slice, Elem: boolT}}
	pool := value.Pool{Ints: []int64{10}, Strings: []string{"KB"}, Suffixes: []string{"KB"}}
	for _, tc := range []struct {
		name  string
		types []*value.Type
	}{
		{"three ints", []*value.Type{i64, i64, i64}},
		{"string", []*value.Type{str}},
		{"matrix", []*value.Type{matrix}},
		{"five ints", []*value.Type{i64, i64, i64, i64, i64}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			draw := func(sizes func(i int) int, total int) []string {
				s := NewStream(tc.types, &value.Gen{R: rand.New(rand.NewPCG(1, 2)), Pool: pool})
				var out []string
				for i := 0; len(out) < total; i++ {
					batch := s.Next(min(sizes(i), total-len(out)))
					if len(batch) == 0 {
						break
					}
					for _, in := range batch {
						out = append(out, value.Key(in))
					}
				}
				return out
			}
			a := draw(func(int) int { return 8 }, 600)
			b := draw(func(i int) int { return 1 + i%5 }, 600)
			short := draw(func(int) int { return 3 }, 150)
			if !reflect.DeepEqual(a, b) {
				t.Errorf("batches of 8 and of 1 to 5 draw different inputs")
			}
			if !reflect.DeepEqual(a[:len(short)], short) {
				t.Errorf("150 inputs are not the first 150 of 600")
			}
			seen := map[string]bool{}
			for _, k := range a {
				if seen[k] {
					t.Fatalf("input %s drawn twice", k)
				}
				seen[k] = true
			}
		})
	}
	t.Run("exhausted", func(t *testing.T) {
		s := NewStream([]*value.Type{boolT}, &value.Gen{R: rand.New(rand.NewPCG(1, 2))})
		var n int
		for batch := s.Next(8); len(batch) > 0; batch = s.Next(8) {
			n += len(batch)
		}
		if n != 2 {
			t.Errorf("a bool input: %d inputs, want 2", n)
		}
	})
}

// TestSmallInputsOrder checks that the small inputs come smallest first:
// every input whose leaves are in {0, 1} before any with a -1 or a 2.
func TestSmallInputsOrder(t *testing.T) {
	i64 := &value.Type{Kind: value.Int, Bits: 64}
	small := smallInputs([]*value.Type{i64, i64, i64})
	if len(small) != 64 {
		t.Fatalf("%d small inputs, want 4³", len(small))
	}
	for i, in := range small[:8] {
		for _, v := range in {
			if v.I != 0 && v.I != 1 {
				t.Errorf("input %d %s: want leaves in {0, 1} first", i, value.Key(in))
			}
		}
	}
}
