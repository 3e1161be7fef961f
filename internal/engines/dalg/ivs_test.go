package dalg

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
)

// ivsSrc's statements carry what IVS implication must conclude once the
// statement marked "set" is invoked: its block's status (// want).
const ivsSrc = `package p

func Branches(a, b int) int {
	x := a * b // want "invoked"
	if a > 0 {
		x = x + 1 // set
	} else {
		x = x + 2 // want "not invoked"
	}
	if b > 0 {
		x = x * 3 // want "unknown"
	}
	return x // want "invoked"
}

func Loop(n int) int {
	s := n * 2 // want "invoked"
	for i := 0; i < n; i++ {
		if i%2 == 0 {
			s += i // set
		} else {
			s-- // want "unknown"
		}
	}
	return s + 1 // want "invoked"
}

func Early(a int) int {
	if a < 0 {
		return a - 1 // want "not invoked"
	}
	a = a * 2 // set
	return a // want "invoked"
}
`

// TestIVS checks IVS implication (§IV.B.1.b) on small graphs: from one
// invoked statement, its dominators and post-dominators are invoked, a
// branch's other side (outside loops) is not, a merge it flows into
// is; inside a loop both sides stay open; a branch the statement does
// not depend on stays unknown.
func TestIVS(t *testing.T) {
	lines := strings.Split(ivsSrc, "\n")
	for _, name := range []string{"Branches", "Loop", "Early"} {
		fn := build(t, ivsSrc, name)
		blockAt := map[int]*ssa.BasicBlock{} // source line → block
		for _, b := range fn.Blocks {
			for _, ins := range b.Instrs {
				if pos := ins.Pos(); pos.IsValid() {
					line := fn.Prog.Fset.Position(pos).Line
					if _, ok := blockAt[line]; !ok {
						blockAt[line] = b
					}
				}
			}
		}
		start := fn.Prog.Fset.Position(fn.Pos()).Line
		end := start
		for end < len(lines) && lines[end-1] != "}" {
			end++
		}
		s := NewIVS(fn)
		wants := map[int]string{}
		for l := start; l <= end; l++ {
			text := lines[l-1]
			switch {
			case strings.HasSuffix(text, "// set"):
				b := blockAt[l]
				if b == nil {
					t.Fatalf("%s:%d: no block", name, l)
				}
				if err := s.SetNode(b, On); err != nil {
					t.Fatal(err)
				}
			case strings.Contains(text, "// want "):
				w := text[strings.Index(text, "// want ")+len("// want "):]
				wants[l] = strings.Trim(w, `"`)
			}
		}
		if err := s.Imply(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(wants) == 0 {
			t.Fatalf("%s: no expectations", name)
		}
		for l, w := range wants {
			b := blockAt[l]
			if b == nil {
				t.Errorf("%s:%d: no block", name, l)
				continue
			}
			if got := s.Node(b).String(); got != w {
				t.Errorf("%s:%d (block %s): %s, want %s", name, l, b.Comment, got, w)
			}
		}
	}
	// A conflict: the two sides of a branch run once, not both.
	fn := build(t, ivsSrc, "Branches")
	s := NewIVS(fn)
	var then, els *ssa.BasicBlock
	for _, b := range fn.Blocks {
		switch b.Comment {
		case "if.then":
			if then == nil {
				then = b
			}
		case "if.else":
			els = b
		}
	}
	s.SetNode(then, On)
	s.SetNode(els, On)
	if err := s.Imply(); err == nil {
		t.Error("both sides of a branch invoked: no conflict")
	}
}
