package misc

import "testing"

func TestRangeFunc(t *testing.T) {
	if got := RangeFunc(10); got != 5 {
		t.Errorf("RangeFunc(10) = %d", got)
	}
	if got := RangeFunc(2); got != 0 {
		t.Errorf("RangeFunc(2) = %d", got)
	}
}

func TestFallbacks(t *testing.T) {
	next := func(a int) (int, bool) { return a + 1, a < 3 }
	if got := Fallbacks(8, 1, next); got != 11 {
		t.Errorf("Fallbacks = %d", got)
	}
}

func TestSend(t *testing.T) {
	in, out := make(chan int), make(chan int)
	done := make(chan int)
	go func() { done <- Send(in, out) }()
	in <- 3
	in <- 4
	if got := <-out; got != 7 {
		t.Errorf("out = %d", got)
	}
	in <- 5
	close(in)
	if got := <-done; got != 5 {
		t.Errorf("Send = %d", got)
	}
}

func TestEmpty(t *testing.T) {
	if Empty(3) != 2 || Empty(-1) != -1 {
		t.Error("Empty")
	}
	Nop()
}

func TestLabels(t *testing.T) {
	if got := Labels(3); got != 3 {
		t.Errorf("Labels(3) = %d", got)
	}
}

func TestOnlyDefault(t *testing.T) {
	if got := OnlyDefault(4); got != 8 {
		t.Errorf("OnlyDefault(4) = %d", got)
	}
}

func TestStack(t *testing.T) {
	var s Stack[string]
	s.Push("a")
	if s.Len() != 1 {
		t.Error("Len")
	}
}

type yes bool

func TestEither(t *testing.T) {
	if Either(yes(true), 1, 2) != 1 || Either(false, 1, 2) != 2 {
		t.Error("Either")
	}
}

func TestFields(t *testing.T) {
	if got := Fields(1); got != 12 {
		t.Errorf("Fields(1) = %d", got)
	}
}

func TestNested(t *testing.T) {
	if got := Nested(21); got != 42 {
		t.Errorf("Nested(21) = %d", got)
	}
	if Handler(-2) != 2 {
		t.Error("Handler")
	}
}
