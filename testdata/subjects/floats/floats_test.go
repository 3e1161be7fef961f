package floats

import (
	"math"
	"testing"
)

func TestScale(t *testing.T) {
	tests := []struct {
		v    float64
		want float64
		unit string
	}{
		{0, 0, ""},
		{2500, 2.5, "k"},
		{-2000, -2, "k"},
		{0.5, 500, "m"},
		{5, 5, ""},
	}
	for _, tt := range tests {
		got, unit := Scale(tt.v)
		if got != tt.want || unit != tt.unit {
			t.Errorf("Scale(%v) = %v, %q, want %v, %q", tt.v, got, unit, tt.want, tt.unit)
		}
	}
}

func TestAbs(t *testing.T) {
	for _, tt := range []struct{ x, want float64 }{{3, 3}, {-3, 3}, {0, 0}} {
		if got := Abs(tt.x); got != tt.want {
			t.Errorf("Abs(%v) = %v, want %v", tt.x, got, tt.want)
		}
	}
}

func TestClamp01(t *testing.T) {
	for _, tt := range []struct{ x, want float64 }{{-1, 0}, {0.25, 0.25}, {7, 1}} {
		if got := Clamp01(tt.x); got != tt.want {
			t.Errorf("Clamp01(%v) = %v, want %v", tt.x, got, tt.want)
		}
	}
}

func TestSign(t *testing.T) {
	for _, tt := range []struct {
		x    float64
		want int
	}{{2, 1}, {-2, -1}, {0, 0}, {math.NaN(), 0}} {
		if got := Sign(tt.x); got != tt.want {
			t.Errorf("Sign(%v) = %v, want %v", tt.x, got, tt.want)
		}
	}
}

func TestCompare(t *testing.T) {
	nan := math.NaN()
	for _, tt := range []struct {
		a, b float64
		want int
	}{{1, 2, -1}, {2, 1, 1}, {1, 1, 0}, {nan, 1, -1}, {1, nan, 1}, {nan, nan, 0}} {
		if got := Compare(tt.a, tt.b); got != tt.want {
			t.Errorf("Compare(%v, %v) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestMax(t *testing.T) {
	if got := Max(1, 2); got != 2 {
		t.Errorf("Max(1, 2) = %v", got)
	}
	if got := Max(3, 2); got != 3 {
		t.Errorf("Max(3, 2) = %v", got)
	}
}

func TestQuantize(t *testing.T) {
	for _, tt := range []struct {
		x    float32
		want int16
	}{{0, 0}, {0.5, 16383}, {1, 32767}, {-2, -32768}, {float32(math.NaN()), 0}} {
		if got := Quantize(tt.x); got != tt.want {
			t.Errorf("Quantize(%v) = %v, want %v", tt.x, got, tt.want)
		}
	}
}

func TestMix(t *testing.T) {
	if got := Mix(1, 1); got != 1 {
		t.Errorf("Mix(1, 1) = %v", got)
	}
	if got := Mix(0, 1); got != 0.5 {
		t.Errorf("Mix(0, 1) = %v", got)
	}
}

func TestBucket(t *testing.T) {
	for _, tt := range []struct {
		x    float64
		n    uint8
		want int
	}{{-0.5, 4, -1}, {0.3, 4, 1}, {1.5, 4, 4}, {0.3, 0, 0}} {
		if got := Bucket(tt.x, tt.n); got != tt.want {
			t.Errorf("Bucket(%v, %v) = %v, want %v", tt.x, tt.n, got, tt.want)
		}
	}
}

func TestRatio(t *testing.T) {
	if got := Ratio(6, 3); got != 2 {
		t.Errorf("Ratio(6, 3) = %v", got)
	}
	if got := Ratio(6, 0); got != 0 {
		t.Errorf("Ratio(6, 0) = %v", got)
	}
}

func TestPercent(t *testing.T) {
	tests := []struct {
		r     float64
		want  float64
		label string
	}{{1, 100, "all"}, {0, 0, "none"}, {1.5, 150, "over"}, {0.25, 25, ""}}
	for _, tt := range tests {
		got, label := Percent(tt.r)
		if got != tt.want || label != tt.label {
			t.Errorf("Percent(%v) = %v, %q, want %v, %q", tt.r, got, label, tt.want, tt.label)
		}
	}
}
