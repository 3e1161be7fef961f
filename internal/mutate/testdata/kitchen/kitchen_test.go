package kitchen

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestDump evaluates every function on fixed inputs and writes the results
// (and panics) to $KITCHEN_DUMP, so that two builds can be compared.
func TestDump(t *testing.T) {
	var b strings.Builder
	call := func(name string, f func() any) {
		defer func() {
			if r := recover(); r != nil {
				fmt.Fprintf(&b, "%s: panic %v\n", name, r)
			}
		}()
		fmt.Fprintf(&b, "%s: %v\n", name, f())
	}
	p := Point{3, -4}
	call("Manhattan", func() any { return p.Manhattan() })
	call("Move", func() any { q := p; q.Move(1, 2); return q })
	call("Stack", func() any { var s Stack[string]; s.Push("a"); s.Push("b"); return s.Len() })
	call("Sum", func() any { return Sum([]int{1, 2, 3, -4}) })
	call("Clamp", func() any { return [3]int{Clamp(-5, 0, 10), Clamp(5, 0, 10), Clamp(50, 0, 10)} })
	call("Bits", func() any { return Bits(0xDEAD, 0xBEEF) })
	call("Div", func() any {
		a, e1 := Div(7, 2)
		b, e2 := Div(-1, 2)
		c, e3 := Div(1, 0)
		return fmt.Sprint(a, e1, b, e2, c, e3)
	})
	call("Floats", func() any { return [2]float64{Floats(3, 2), Floats(1, 2)} })
	call("Words", func() any { return Words(" hello  big\tworld ") })
	call("Label", func() any {
		return [2]int{Label([3][3]int{{1, 2, 0}, {3, -1, 5}}), Label([3][3]int{{1, 1, 1}, {1, 1, 1}, {1, 1, 1}})}
	})
	call("Name", func() any { return Name(Red) + Name(Green) + Name(Blue) })
	call("Closure", func() any { return Closure(2) })
	call("Runes", func() any { l, o := Runes("Go, gö!"); return [2]int{l, o} })
	call("Safe", func() any { v, ok := Safe(func() int { return 4 }); return fmt.Sprint(v, ok) })
	call("Max8", func() any { return Max8(-3, 7) })
	call("Counts", func() any { return Counts([]string{"a", "b", "a", ""}) })
	call("Big", func() any { return [2]int64{Big(5), Big(1 << 41)} })
	if path := os.Getenv("KITCHEN_DUMP"); path != "" {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
