package fn

import (
	"reflect"
	"strconv"
	"testing"
)

func TestMap(t *testing.T) {
	got := Map([]int{1, 2, 3}, strconv.Itoa)
	want := []string{"1", "2", "3"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Map = %v, want %v", got, want)
	}
}

func TestFilter(t *testing.T) {
	even := func(n int) bool { return n%2 == 0 }
	got := Filter([]int{1, 2, 3, 4}, even)
	if !reflect.DeepEqual(got, []int{2, 4}) {
		t.Errorf("Filter = %v", got)
	}
}

func TestMax(t *testing.T) {
	tests := []struct {
		in   []int
		want int
		ok   bool
	}{
		{[]int{3, 9, 2}, 9, true},
		{nil, 0, false},
	}
	for _, tt := range tests {
		got, ok := Max(tt.in...)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Max(%v) = %d, %v; want %d, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestContains(t *testing.T) {
	if !Contains([]string{"a", "b"}, "b") {
		t.Error("expected to find b")
	}
}
