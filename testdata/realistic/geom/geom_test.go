package geom

import (
	"math"
	"testing"
)

func TestDist(t *testing.T) {
	p := Point{0, 0}
	q := Point{3, 4}
	if got := p.Dist(q); got != 5 {
		t.Errorf("Dist = %v, want 5", got)
	}
}

func TestContains(t *testing.T) {
	r := Rect{Min: Point{0, 0}, Max: Point{10, 10}}
	tests := []struct {
		p    Point
		want bool
	}{
		{Point{5, 5}, true},
		{Point{10, 5}, false},
		{Point{-1, 5}, false},
	}
	for _, tt := range tests {
		if got := r.Contains(tt.p); got != tt.want {
			t.Errorf("Contains(%v) = %v, want %v", tt.p, got, tt.want)
		}
	}
}

func TestArea(t *testing.T) {
	r := Rect{Min: Point{1, 1}, Max: Point{4, 3}}
	if got := r.Area(); got != 6 {
		t.Errorf("Area() = %v, want 6", got)
	}
}

func TestClamp(t *testing.T) {
	if got := Clamp(15, 0, 10); got != 10 {
		t.Errorf("Clamp(15, 0, 10) = %d", got)
	}
	if got := Clamp(5, 0, 10); got != 5 {
		t.Errorf("Clamp(5, 0, 10) = %d", got)
	}
}

func TestAbs(t *testing.T) {
	if got := Abs(3 + 4i); math.Abs(got-5) > 1e-9 {
		t.Errorf("Abs(3+4i) = %v", got)
	}
}
