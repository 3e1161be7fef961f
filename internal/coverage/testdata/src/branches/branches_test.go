package branches

import "testing"

func TestSign(t *testing.T) {
	for _, c := range []struct{ x, want int }{{-5, -1}, {3, 1}} {
		if got := Sign(c.x); got != c.want {
			t.Errorf("Sign(%d) = %d, want %d", c.x, got, c.want)
		}
	}
}

func TestClassify(t *testing.T) {
	for in, want := range map[string]string{"": "empty", "7": "digit1", "abcd": "long", "ab": "short:a"} {
		if got := Classify(in); got != want {
			t.Errorf("Classify(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestGrade(t *testing.T) {
	for in, want := range map[int]string{95: "A", 85: "BC", 50: "F"} {
		if got := Grade(in); got != want {
			t.Errorf("Grade(%d) = %q, want %q", in, got, want)
		}
	}
}

func TestWeekday(t *testing.T) {
	for in, want := range map[int]string{6: "weekend", 3: "weekday", 9: ""} {
		if got := Weekday(in); got != want {
			t.Errorf("Weekday(%d) = %q, want %q", in, got, want)
		}
	}
}

func TestDescribe(t *testing.T) {
	for _, c := range []struct {
		in   any
		want string
	}{{nil, "nil"}, {3, "integer 3"}, {"s", "string s"}, {1.5, "other"}} {
		if got := Describe(c.in); got != c.want {
			t.Errorf("Describe(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestPick(t *testing.T) {
	a := make(chan int, 1)
	a <- 7
	if v, ok := Pick(a, nil, true); v != 7 || !ok {
		t.Errorf("Pick = %d, %v", v, ok)
	}
	if v, ok := Pick(make(chan int), nil, false); v != 0 || ok {
		t.Errorf("Pick = %d, %v", v, ok)
	}
}

func TestEnabled(t *testing.T) {
	if got := Enabled(true, 3); got != 3 {
		t.Errorf("Enabled = %d", got)
	}
	t.Log("enabled", Enabled(false, 3))
}

func TestMax(t *testing.T) {
	if m, ok := Max(3, 9, 2); m != 9 || !ok {
		t.Errorf("Max = %v, %v", m, ok)
	}
	if m, ok := Max[string](); m != "" || ok {
		t.Errorf("Max() = %v, %v", m, ok)
	}
}

func TestInits(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		s    string
		x    any
		want string
	}{{"", nil, "none"}, {"abc", 1, "abc02"}, {"a", "x", "a1"}} {
		if got := Inits(c.s, c.x); got != c.want {
			t.Errorf("Inits(%q, %v) = %q, want %q", c.s, c.x, got, c.want)
		}
	}
}
