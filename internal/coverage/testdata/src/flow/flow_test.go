package flow

import "testing"

func TestDivmod(t *testing.T) {
	if q, r, err := Divmod(7, 2); q != 3 || r != 1 || err != nil {
		t.Errorf("Divmod(7, 2) = %d, %d, %v", q, r, err)
	}
	if _, _, err := Divmod(1, 0); err == nil {
		t.Error("Divmod(1, 0): no error")
	}
}

func TestShadow(t *testing.T) {
	if got := Shadow(1); got != 104 {
		t.Errorf("Shadow(1) = %d", got)
	}
}

func TestSwap(t *testing.T) {
	if a, b := Swap(1, 2); a != 2 || b != 1 {
		t.Errorf("Swap = %d, %d", a, b)
	}
}

func TestCounter(t *testing.T) {
	if got := UseCounter(3); got != 7 {
		t.Errorf("UseCounter(3) = %d", got)
	}
}

func TestClosure(t *testing.T) {
	if got := Closure(3); got != 6 {
		t.Errorf("Closure(3) = %d", got)
	}
}

func TestRecover(t *testing.T) {
	if res, err := Recover(1, 0); err == nil || res != 100 {
		t.Errorf("Recover(1, 0) = %d, %v", res, err)
	}
	if res, err := Recover(1, 4); err != nil || res != 26 {
		t.Errorf("Recover(1, 4) = %d, %v", res, err)
	}
}

func TestCheck(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Check(-1) did not panic")
		}
	}()
	if Check(2) != 2 {
		t.Error("Check(2)")
	}
	Check(-1)
}

func TestUntracked(t *testing.T) {
	if got := Untracked(); got != 18 {
		t.Errorf("Untracked() = %d", got)
	}
}

func TestInits(t *testing.T) {
	if got := Inits(5); got != 6 {
		t.Errorf("Inits(5) = %d", got)
	}
	if got := Inits(2); got != 3 {
		t.Errorf("Inits(2) = %d", got)
	}
}

func TestDecl(t *testing.T) {
	if Decl(true) != "tu" || Decl(false) != "u" {
		t.Error("Decl")
	}
}

func TestDeferred(t *testing.T) {
	if got := Deferred(4); got != 13 {
		t.Errorf("Deferred(4) = %d", got)
	}
}
