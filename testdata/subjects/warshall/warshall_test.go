package warshall

import (
	"reflect"
	"testing"
)

func TestWarshall(t *testing.T) {
	const T, F = true, false
	tests := []struct {
		name string
		a    [][]bool
		want [][]bool
	}{
		{
			"chain", // 0 -> 1 -> 2
			[][]bool{{F, T, F}, {F, F, T}, {F, F, F}},
			[][]bool{{F, T, T}, {F, F, T}, {F, F, F}},
		},
		{
			"cycle", // 0 -> 1 -> 0
			[][]bool{{F, T}, {T, F}},
			[][]bool{{T, T}, {T, T}},
		},
		{
			"no edges",
			[][]bool{{F, F}, {F, F}},
			[][]bool{{F, F}, {F, F}},
		},
		{
			"ragged",
			[][]bool{{F, T}, {T}},
			nil,
		},
	}
	for _, tt := range tests {
		if got := Warshall(tt.a); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: Warshall(%v) = %v, want %v", tt.name, tt.a, got, tt.want)
		}
	}
}
