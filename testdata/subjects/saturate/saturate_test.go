package saturate

import "testing"

func TestNarrow(t *testing.T) {
	tests := []struct {
		x    int16
		want int8
	}{
		{0, 0},
		{100, 100},
		{-100, -100},
		{300, 127},
		{-300, -128},
	}
	for _, tt := range tests {
		if got := Narrow(tt.x); got != tt.want {
			t.Errorf("Narrow(%d) = %d, want %d", tt.x, got, tt.want)
		}
	}
}

func TestAdd(t *testing.T) {
	tests := []struct {
		name string
		a, b int8
		sub  bool
		want int8
	}{
		{"sum", 20, 22, false, 42},
		{"difference", 20, 22, true, -2},
		{"overflow", 100, 100, false, 127},
		{"underflow", -100, 100, true, -128},
	}
	for _, tt := range tests {
		if got := Add(tt.a, tt.b, tt.sub); got != tt.want {
			t.Errorf("%s: Add(%d, %d, %v) = %d, want %d", tt.name, tt.a, tt.b, tt.sub, got, tt.want)
		}
	}
}

func TestAbs(t *testing.T) {
	for x, want := range map[int8]int8{5: 5, -5: 5, 0: 0, -128: 127} {
		if got := Abs(x); got != want {
			t.Errorf("Abs(%d) = %d, want %d", x, got, want)
		}
	}
}

func TestSign(t *testing.T) {
	for x, want := range map[int8]int8{-40: -1, 0: 0, 12: 1} {
		if got := Sign(x); got != want {
			t.Errorf("Sign(%d) = %d, want %d", x, got, want)
		}
	}
}
