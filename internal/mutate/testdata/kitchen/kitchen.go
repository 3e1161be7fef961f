// Package kitchen exercises every Go construct the mutation operators
// meet, so that the tests can check the operators' guarantees on it.
package kitchen

import (
	"errors"
	"strings"
)

const (
	small = 3
	big   = small * 1000
)

type Color int

const (
	Red Color = iota
	Green
	Blue
)

var ErrNeg = errors.New("negative")

type Point struct{ X, Y int }

func (p Point) Manhattan() int {
	dx, dy := p.X, p.Y
	if dx < 0 {
		dx = -dx
	}
	if dy < 0 {
		dy = -dy
	}
	return dx + dy
}

func (p *Point) Move(dx, dy int) {
	p.X += dx
	p.Y += dy
}

type Stack[T any] struct{ items []T }

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }

func (s *Stack[T]) Len() int { return len(s.items) }

func Sum(xs []int) (total int) {
	for _, x := range xs {
		total += x
	}
	return
}

func Clamp(x, lo, hi int) int {
	switch {
	case x < lo:
		return lo
	case x > hi:
		return hi
	}
	return x
}

func Bits(a, b uint32) uint32 {
	c := a&b | a ^ b
	c &^= 0xF0
	return c<<2 | c>>(b%5)
}

func Div(a, b int) (int, error) {
	if a < 0 {
		return 0, ErrNeg
	}
	if b == 0 {
		return 0, errors.New("zero")
	}
	return a / b, nil
}

func Floats(x, y float64) float64 {
	if x > y && y != 0 {
		return x / y
	}
	return x*2.5 - y
}

func Words(s string) int {
	n := 0
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ' ' || c == '\t' {
			inWord = false
		} else if !inWord {
			inWord = true
			n++
		}
	}
	return n
}

func Label(grid [3][3]int) int {
	count := 0
outer:
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			if grid[i][j] < 0 {
				break outer
			}
			if grid[i][j] == 0 {
				continue
			}
			count += grid[i][j]
		}
	}
	return count
}

func Name(c Color) string {
	switch c {
	case Red:
		return "red"
	case Green:
		return "green"
	default:
		return strings.Repeat("?", int(c))
	}
}

func Closure(n int) int {
	add := func(a int) int { return a + n }
	acc := 0
	for i := range small {
		acc = add(acc) + i
	}
	defer func() { acc++ }()
	return acc
}

func Runes(s string) (letters, others int) {
	for _, r := range s {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			letters++
		} else {
			others++
		}
	}
	return letters, others
}

func Safe(f func() int) (v int, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return f(), true
}

func Max8(a, b int8) int8 {
	if a > b {
		return a
	}
	return b
}

func Counts(words []string) map[string]int {
	m := make(map[string]int)
	for _, w := range words {
		m[w]++
	}
	if v, ok := m[""]; ok && v > 0 {
		delete(m, "")
	}
	return m
}

func Big(x int64) int64 {
	const limit = 1 << 40
	if x > limit {
		return limit
	}
	return x * big
}
