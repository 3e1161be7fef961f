package edge

import (
	"strings"
	"testing"
)

func TestEdge(t *testing.T) {
	if CondClosure(1) != "pos" || CondClosure(-1) != "neg" {
		t.Error("CondClosure")
	}
	ch := make(chan int, 1)
	ch <- 4
	if last, _ := Receive(ch, nil); last != 4 {
		t.Errorf("Receive = %d", last)
	}
	close(ch)
	if last, key := Receive(ch, map[string]int{"k": 2}); last != 2 || key != "k" {
		t.Errorf("Receive = %d, %q", last, key)
	}
	if r, err := Shifts(3, 2, 4); r != 3 || err != nil {
		t.Errorf("Shifts = %d, %v", r, err)
	}
	if _, err := Shifts(3, 2, 0); err == nil {
		t.Error("Shifts: no panic")
	}
	if _, err := Shifts(3, -1, 1); err == nil {
		t.Error("Shifts: no panic for a negative shift")
	}
	if got := Loop([]int{3, -1, 0, 4}); got != 10 {
		t.Errorf("Loop = %d", got)
	}
	if got := NilArray(nil); got != 6 {
		t.Errorf("NilArray = %d", got)
	}
	if MultiVar("a=bc") != 3 || MultiVar("abc") != -1 {
		t.Error("MultiVar")
	}
	if Zero([]string{"a"}) != "a" || Zero[int](nil) != 0 {
		t.Error("Zero")
	}
	if got := MethodExpr(1); got != "x"+strings.Repeat("y", 12) {
		t.Errorf("MethodExpr = %q", got)
	}
	if Labeled(-1) != 0 || Labeled(2) != 20 || Labeled(5) != 5 {
		t.Error("Labeled", Labeled(-1), Labeled(2), Labeled(5))
	}
	for _, c := range []struct{ a, b, want int }{{6, 6, 12}, {3, 3, 18}, {2, 3, 8}, {1, -1, 2}} {
		if got := ElseChain(c.a, c.b); got != c.want {
			t.Errorf("ElseChain(%d, %d) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
	for x, want := range map[int]string{0: "zerod", 1: "one", 2: "d"} {
		if got := Fallthrough(x); got != want {
			t.Errorf("Fallthrough(%d) = %q, want %q", x, got, want)
		}
	}
}
