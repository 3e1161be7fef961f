package stack

import (
	"errors"
	"testing"
)

func TestStack(t *testing.T) {
	s, err := NewStack(4)
	if err != nil {
		t.Fatal(err)
	}
	s.Push(1)
	s.Push(2)
	if s.Len() != 2 {
		t.Fatalf("Len() = %d, want 2", s.Len())
	}
	if v, ok := s.Pop(); !ok || v != 2 {
		t.Errorf("Pop() = %d, %v; want 2, true", v, ok)
	}
	if v, ok := s.Pop(); !ok || v != 1 {
		t.Errorf("Pop() = %d, %v; want 1, true", v, ok)
	}
	if _, ok := s.Pop(); ok {
		t.Error("Pop() on empty stack returned ok")
	}
}

func TestNewStackNegative(t *testing.T) {
	if _, err := NewStack(-1); !errors.Is(err, ErrCapacity) {
		t.Errorf("NewStack(-1) error = %v, want ErrCapacity", err)
	}
}
