package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/testmod"
)

// kindsSrc has a unit for every kind of input and result Go APIs use that
// a literal alone cannot give: maps, readers and writers, errors, any
// with a type switch, callbacks, channels (in and out), complex numbers,
// times, a struct holding a mutex, a receiver built by its constructor
// and methods, and a doubly linked list (cyclic).
const kindsSrc = `package kinds

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/cmplx"
	"sort"
	"strings"
	"sync"
	"time"
)

var ErrNeg = errors.New("negative")

// Sum adds the values of keys with the prefix.
func Sum(m map[string]int, prefix string) int {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys) // mutants must not depend on the map's order
	n := 0
	for _, k := range keys {
		if v := m[k]; strings.HasPrefix(k, prefix) {
			n += v
		}
	}
	return n
}

// Invert swaps keys and values; nil for nil.
func Invert(m map[string]int) map[int]string {
	if m == nil {
		return nil
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys) // mutants must not depend on the map's order
	out := map[int]string{}
	for _, k := range keys {
		v := m[k]
		if old, ok := out[v]; !ok || k < old {
			out[v] = k
		}
	}
	return out
}

// Lines counts the lines of r.
func Lines(r io.Reader) (int, error) {
	s := bufio.NewScanner(r)
	n := 0
	for s.Scan() {
		n++
	}
	return n, s.Err()
}

// Report writes name=n.
func Report(w io.Writer, name string, n int) error {
	if n < 0 {
		return ErrNeg
	}
	_, err := fmt.Fprintf(w, "%s=%d\n", name, n)
	return err
}

// Retry says whether err is worth retrying.
func Retry(err error) bool {
	if err == nil {
		return false
	}
	return !errors.Is(err, ErrNeg)
}

// Describe names x's kind.
func Describe(x any) string {
	switch v := x.(type) {
	case nil:
		return "nil"
	case int:
		if v > 10 {
			return "big int"
		}
		return "int"
	case string:
		return "string " + v
	case []int:
		return fmt.Sprint("ints ", len(v))
	}
	return "other"
}

// Count counts the elements f keeps.
func Count(xs []int, f func(int) bool) int {
	n := 0
	for _, x := range xs {
		if f(x) {
			n++
		}
	}
	return n
}

// Drain sums what ch holds, at most limit values.
func Drain(ch <-chan int, limit int) int {
	s := 0
	for i := 0; i < limit; i++ {
		v, ok := <-ch
		if !ok {
			break
		}
		s += v
	}
	return s
}

// Evens sends the even numbers below n, then closes the channel.
func Evens(n int) <-chan int {
	ch := make(chan int)
	go func() {
		defer close(ch)
		for i := 0; i < n; i += 2 {
			ch <- i
		}
	}()
	return ch
}

// Mag is |c| rounded down.
func Mag(c complex128) int {
	m := int(cmplx.Abs(c))
	if m > 3 {
		return 3
	}
	return m
}

// Weekend reports whether t falls on a weekend.
func Weekend(t time.Time) bool {
	d := t.Weekday()
	return d == time.Saturday || d == time.Sunday
}

// Later is the later of a and b.
func Later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// Wait says whether ctx is still live.
func Wait(ctx context.Context) error { return ctx.Err() }

// Counter counts under a lock.
type Counter struct {
	mu sync.Mutex
	n  map[string]int
}

// Inc counts key.
func (c *Counter) Inc(key string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n == nil {
		c.n = map[string]int{}
	}
	c.n[key]++
	return c.n[key]
}

// Stack is a bounded stack.
type Stack struct {
	items []int
	max   int
}

// NewStack makes a stack of at most max items.
func NewStack(max int) (*Stack, error) {
	if max < 0 {
		return nil, ErrNeg
	}
	return &Stack{max: max}, nil
}

// Push adds x if there is room.
func (s *Stack) Push(x int) bool {
	if len(s.items) >= s.max {
		return false
	}
	s.items = append(s.items, x)
	return true
}

// Top is the last item.
func (s *Stack) Top() (int, bool) {
	if len(s.items) == 0 {
		return 0, false
	}
	return s.items[len(s.items)-1], true
}

type node struct {
	v          int
	prev, next *node
}

// List is a doubly linked list.
type List struct{ head, tail *node }

// NewList makes an empty list.
func NewList() *List { return &List{} }

// Add appends v.
func (l *List) Add(v int) {
	n := &node{v: v, prev: l.tail}
	if l.tail != nil {
		l.tail.next = n
	} else {
		l.head = n
	}
	l.tail = n
}

// Values lists the values, sorted.
func (l *List) Values() []int {
	var out []int
	for n := l.head; n != nil; n = n.next {
		out = append(out, n.v)
	}
	sort.Ints(out)
	return out
}
`

// TestGenEveryKind: units of every kind are tested, the generated file
// passes go test, and every mutant gen calls killed is detected by the
// file (score agrees).
func TestGenEveryKind(t *testing.T) {
	testmod.Long(t)
	dir := testmod.Write(t, map[string]string{"kinds/kinds.go": kindsSrc})
	doc := genJSON(t, dir, "./kinds")
	p := doc.Packages[0]
	lived, killedIn := map[string]int{}, map[string]int{}
	for _, m := range doc.Mutants {
		switch m.Status {
		case "killed":
			killedIn[m.Func]++
		case "equivalent":
		default:
			lived[m.Func]++
		}
	}
	for _, u := range p.Units {
		switch {
		case u.Skipped != "":
			t.Errorf("unit %s skipped: %s", u.Name, u.Skipped)
		case u.Tests == 0 && lived[u.Name] > 0 && killedIn[u.Name] == 0:
			// (Tests of other units may kill a unit's mutants: List.Values
			// observes List.Add's receiver, Stack.Top Stack.Push's, and
			// leave it no test of its own.)
			t.Errorf("unit %s: no test, %d mutants alive, none killed", u.Name, lived[u.Name])
		}
	}
	src, err := os.ReadFile(filepath.Join(dir, "kinds", "kinds_gozilla_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	// How the inputs are built, in the rows.
	for _, want := range []string{"map[string]int{", "strings.NewReader(", "bytes.NewBufferString(", "time.Date(", "complex(",
		"func(x int) bool {", "close(c)", "context.", "NewStack(", "for v := range got {"} {
		if !strings.Contains(string(src), want) {
			t.Errorf("generated file lacks %q", want)
		}
	}
	// Rows that expect a crash are kept only for mutants no working row
	// kills: a receiver built by NewStack is there for Push and Top.
	if n := strings.Count(string(src), "nil pointer dereference"); n > 1 {
		t.Errorf("%d rows expect a nil dereference, want at most 1 (Wait(nil))", n)
	}
	killed := map[int]string{}
	for _, m := range doc.Mutants {
		killed[m.ID] = m.Status
	}
	genPromise(t, dir, "./kinds", killed)
	// Every kind of expected value can fail its row.
	kinds := expectationsFail(t, dir, "kinds", "kinds_gozilla_test.go")
	for _, k := range []string{"int", "string", "bool", "elements"} {
		if kinds[k] == 0 {
			t.Errorf("no expected %s altered (altered: %s)", k, kindList(kinds))
		}
	}
}
