// Package geom provides small 2D geometry value types and numeric helpers.
package geom

import (
	"fmt"
	"math"
	"math/cmplx"
)

// Point is a location in the plane.
type Point struct {
	X, Y float64
}

// Dist returns the Euclidean distance between p and q.
func (p Point) Dist(q Point) float64 {
	return math.Hypot(q.X-p.X, q.Y-p.Y)
}

// Add returns the vector sum p+q.
func (p Point) Add(q Point) Point {
	return Point{p.X + q.X, p.Y + q.Y}
}

// String formats p as "(x, y)".
func (p Point) String() string {
	return fmt.Sprintf("(%g, %g)", p.X, p.Y)
}

// Rect is an axis-aligned rectangle. Min is inclusive and Max is
// exclusive, as with image.Rectangle.
type Rect struct {
	Min, Max Point
}

// Contains reports whether p lies inside r.
func (r Rect) Contains(p Point) bool {
	return p.X >= r.Min.X && p.X < r.Max.X &&
		p.Y >= r.Min.Y && p.Y < r.Max.Y
}

// Area returns the area of r, or 0 if r is empty or inverted.
func (r Rect) Area() float64 {
	w := r.Max.X - r.Min.X
	h := r.Max.Y - r.Min.Y
	if w <= 0 || h <= 0 {
		return 0
	}
	return w * h
}

// Clamp limits x to the range [lo, hi].
func Clamp(x, lo, hi int) int {
	if x < lo {
		return lo
	}
	if x > hi {
		return hi
	}
	return x
}

// Abs returns the magnitude of the complex number c.
func Abs(c complex128) float64 {
	return cmplx.Abs(c)
}

// Polar returns the point at distance r and angle theta (radians)
// from the origin.
func Polar(r, theta float64) Point {
	z := cmplx.Rect(r, theta)
	return Point{real(z), imag(z)}
}
