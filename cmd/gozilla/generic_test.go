package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/testmod"
)

// genericSrc has a generic function, a generic type with methods, and a
// generic function whose type parameter is only in its result (the
// generated call must spell its type argument).
const genericSrc = `package gs

import "cmp"

// Max returns the larger of a and b.
func Max[T cmp.Ordered](a, b T) T {
	if a > b {
		return a
	}
	return b
}

// Stack is a last-in first-out stack.
type Stack[T any] struct {
	items []T
}

// Push adds x on top.
func (s *Stack[T]) Push(x T) {
	s.items = append(s.items, x)
}

// Pop removes the top and reports whether there was one.
func (s *Stack[T]) Pop() (T, bool) {
	var zero T
	if len(s.items) == 0 {
		return zero, false
	}
	x := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return x, true
}

// Len is the number of items.
func (s *Stack[T]) Len() int { return len(s.items) }

// Sign is -1, 0 or 1 as x is negative, zero or positive.
func Sign[T ~int | ~int64](x int) T {
	if x < 0 {
		return -1
	}
	if x > 0 {
		return 1
	}
	return 0
}
`

func TestGenGeneric(t *testing.T) {
	testmod.Long(t)
	dir := testmod.Write(t, map[string]string{"gs/gs.go": genericSrc})
	doc := genJSON(t, dir, "./gs")
	if len(doc.Packages) != 1 {
		t.Fatalf("%d packages", len(doc.Packages))
	}
	generic := []string{"Max", "(*Stack).Push", "(*Stack).Pop", "(*Stack).Len", "Sign"}
	skipped := map[string]string{}
	for _, u := range doc.Packages[0].Units {
		skipped[u.Name] = u.Skipped
	}
	killed := map[string]int{}
	for _, m := range doc.Mutants {
		if m.Status == "killed" {
			killed[m.Func]++
		}
	}
	for _, name := range generic {
		if s, ok := skipped[name]; !ok || s != "" {
			t.Errorf("unit %s: skipped %q (listed %v), want tests", name, s, ok)
		}
		if killed[name] == 0 {
			t.Errorf("no mutant of %s killed", name)
		}
	}

	file := filepath.Join(dir, "gs", "gs_gozilla_test.go")
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"*Stack[int]", "Max(tt.a, tt.b)", "Sign[int](tt.x)"} {
		if !strings.Contains(string(src), want) {
			t.Errorf("generated file lacks %q\n%s", want, src)
		}
	}
	// The file passes, and every mutant gen calls killed is detected,
	// those of the generic units included.
	status := map[int]string{}
	for _, m := range doc.Mutants {
		status[m.ID] = m.Status
	}
	scored := genPromise(t, dir, "./gs", status)
	for _, name := range generic {
		if scored[name] == 0 {
			t.Errorf("score: no mutant of %s detected", name)
		}
	}
	expectationsFail(t, dir, "gs", "gs_gozilla_test.go")
}
