// Package stack implements a simple LIFO stack of ints backed by a slice.
package stack

import (
	"errors"
	"fmt"
)

// ErrCapacity is returned by NewStack when the requested capacity is invalid.
var ErrCapacity = errors.New("stack: invalid capacity")

// Stack is a last-in, first-out collection of ints.
// The zero value is an empty stack ready to use.
type Stack struct {
	items []int
}

// NewStack returns an empty stack with room for n items before it
// needs to grow. It returns an error if n is negative.
func NewStack(n int) (*Stack, error) {
	if n < 0 {
		return nil, fmt.Errorf("new stack of %d: %w", n, ErrCapacity)
	}
	return &Stack{items: make([]int, 0, n)}, nil
}

// Push adds v to the top of the stack.
func (s *Stack) Push(v int) {
	s.items = append(s.items, v)
}

// Pop removes and returns the top item. The boolean is false if the
// stack was empty.
func (s *Stack) Pop() (int, bool) {
	if len(s.items) == 0 {
		return 0, false
	}
	last := len(s.items) - 1
	v := s.items[last]
	s.items = s.items[:last]
	return v, true
}

// Peek returns the top item without removing it. The boolean is false
// if the stack is empty.
func (s *Stack) Peek() (int, bool) {
	if len(s.items) == 0 {
		return 0, false
	}
	return s.items[len(s.items)-1], true
}

// Len returns the number of items on the stack.
func (s *Stack) Len() int {
	return len(s.items)
}

// Clear removes all items, keeping the allocated storage.
func (s *Stack) Clear() {
	s.items = s.items[:0]
}
