package worker

import (
	"reflect"
	"testing"
)

func TestCollect(t *testing.T) {
	ch := make(chan int, 5)
	for i := 1; i <= 5; i++ {
		ch <- i
	}
	close(ch)
	got := Collect(ch, 3)
	if want := []int{1, 2, 3}; !reflect.DeepEqual(got, want) {
		t.Errorf("Collect = %v, want %v", got, want)
	}
}

func TestFanout(t *testing.T) {
	tests := []struct {
		in      []int
		workers int
		want    int
	}{
		{[]int{1, 2, 3}, 2, 14},
		{[]int{4}, 4, 16},
	}
	for _, tt := range tests {
		if got := Fanout(tt.in, tt.workers); got != tt.want {
			t.Errorf("Fanout(%v, %d) = %d, want %d", tt.in, tt.workers, got, tt.want)
		}
	}
}
