package drive

// This file implements the check of a package's file before it is
// written: rendered, run under go test and go vet (emit.CheckCases), and
// whatever the check finds is dropped, as small as it can be located —
// the row (test case) it is in, else its unit's whole test function —
// with the kills only it made, and the file rendered and checked again.
// One bad row never costs the file; a finding nothing in the file
// explains costs the package, never the run.

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/gozilla/gozilla/internal/emit"
	"github.com/gozilla/gozilla/internal/gen"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/sandbox"
)

// render renders a package's file (a variable for tests, which spoil
// rows of it).
var render = emit.File

// maxRounds bounds the renderings of one file: each round drops at least
// one row.
const maxRounds = 10

// packageFailure is a package's check that nothing in the file explains:
// the package gets no file, the run goes on.
type packageFailure struct{ msg string }

func (e *packageFailure) Error() string { return e.msg }

// checked is a checked file: its source (nil when no test is left), the
// package's own tests that fail, and what was dropped (the report's
// notes).
type checked struct {
	src    []byte
	own    []string
	ownVet string // go test's vet finding in the package's own files
	notes  []string
}

// checkedFile renders res's test file and checks it (emit.CheckCases, in
// the package's sandbox box) before anything is written: the rows and test functions the check
// blames are dropped from res with the kills only they made (their
// mutants lived, with why), and the file is rendered and checked again.
// The first check includes the package's own tests: those that fail are
// returned (the user's go test fails on them, whatever gozilla writes).
// Its error is a *packageFailure when the check finds something no row or
// test function explains.
func checkedFile(ctx context.Context, pkg *load.Package, res *gen.Result, file string, box *sandbox.Box, tags string, opt emit.Options, own bool) (*checked, error) {
	out := &checked{}
	// A row whose int, uint or uintptr values beyond 32 bits sit inside
	// a composite value compiles on 64-bit targets only: left out, so
	// that the file builds everywhere (a scalar column of them is int64
	// and its rows skip themselves on 32-bit targets instead).
	if n := res.Drop(emit.NestedWide, "its values need 64-bit ints inside a composite value, which 32-bit targets cannot compile"); n > 0 {
		out.notes = append(out.notes, fmt.Sprintf("dropped %d case(s) whose composite values need 64-bit ints (a file builds on every target)", n))
	}
	for round := 0; len(res.Tests) > 0; round++ {
		src, err := render(res, opt)
		if err != nil {
			return out, &packageFailure{firstLine(err.Error())}
		}
		var funcs []string
		for _, t := range res.Tests {
			if !slices.Contains(funcs, t.Func) {
				funcs = append(funcs, t.Func)
			}
		}
		c, err := emit.CheckCases(ctx, pkg.Dir, file, src, tags, funcs, own && round == 0, box)
		if err != nil {
			if ctx.Err() != nil {
				return out, ctx.Err()
			}
			return out, &packageFailure{"checking the generated file: " + firstLine(err.Error())}
		}
		if round == 0 {
			out.own, out.ownVet = c.Own, c.OwnVet
		}
		if len(c.Findings) == 0 {
			out.src = src
			return out, nil
		}
		drops, loose := blame(res.Tests, c.Findings)
		if len(drops) == 0 || round == maxRounds {
			what := "the generated file fails its check and no case or test function of it explains why"
			if len(drops) > 0 {
				what = fmt.Sprintf("the generated file still fails its check after %d rounds of dropping cases", round+1)
			}
			f := c.Findings[0]
			if len(loose) > 0 {
				f = loose[0]
			}
			return out, &packageFailure{what + ": " + firstLine(f.Why)}
		}
		for _, d := range drops {
			res.Drop(d.has, d.mutantWhy())
			out.notes = append(out.notes, d.note())
		}
	}
	return out, nil
}

// EvidenceFile is the name under which score's search checks the rows
// it would cite, beside the package's own test files.
const EvidenceFile = "zz_gozilla_evidence_test.go"

// CheckRows puts res's rows through the check gen applies before it
// writes a file (CheckCases: go test on the current code, in fresh
// processes, 20 runs shuffled, with -race where the package starts
// goroutines, and go vet), beside the package's test files (a committed
// generated file among them: its names are avoided), and drops from res
// the rows it blames, with their mutants' reasons: score cites as
// evidence only rows gen would write. It returns the checked file's
// source, and the notes of what it dropped.
func CheckRows(ctx context.Context, pkg *load.Package, res *gen.Result, box *sandbox.Box, tags string) ([]byte, []string, error) {
	file := filepath.Join(pkg.Dir, EvidenceFile)
	chk, err := checkedFile(ctx, pkg, res, file, box, tags, emit.Options{Taken: takenNames(pkg, file)}, false)
	if chk == nil {
		return nil, nil, err
	}
	return chk.src, chk.notes, err
}

// drop is what one finding costs: a row, or a test function's rows.
type drop struct {
	fn, name string // the test function; the case ("" for the whole function)
	unit     string
	why      string
	tests    map[*gen.Test]bool
}

func (d *drop) has(t *gen.Test) bool { return d.tests[t] }

func (d *drop) mutantWhy() string {
	if d.name == "" {
		return fmt.Sprintf("killed only by %s, which was dropped: %s", d.fn, d.why)
	}
	return fmt.Sprintf("killed only by the case %s/%s, which was dropped: %s", d.fn, d.name, d.why)
}

// reason says what a finding means for what it is in: the first line
// of what go test or vet said, cut short (a failing row's message can
// print a whole state, kilobytes of it).
func reason(f emit.Finding) string {
	why := shorten(firstLine(f.Why), maxWhy)
	switch f.Kind {
	case emit.Failed:
		return "it failed when the generated file ran under go test on the current code (it depends on something outside its inputs): " + strings.TrimPrefix(why, "go test: ")
	case emit.Broken:
		return "it does not compile: " + why
	case emit.Varies:
		return "its outcome varies between runs (map order, the scheduler, the clock or the other tests): " + strings.TrimPrefix(why, "go test: ")
	case emit.Wrote:
		return "it writes files where it runs (" + strings.TrimPrefix(why, "go test: it writes ") + "): under go test it would change your tree"
	}
	return "go vet finds fault with it: " + why
}

func (d *drop) note() string {
	if d.name == "" {
		return fmt.Sprintf("dropped %s (unit %s, %d case(s)): %s", d.fn, d.unit, len(d.tests), d.why)
	}
	return fmt.Sprintf("dropped case %q of %s (unit %s): %s", d.name, d.fn, d.unit, d.why)
}

// blame returns the drops the findings ask for, in the order found (a
// row in a function dropped whole is not dropped apart), and the
// findings nothing of tests explains.
func blame(tests []*gen.Test, findings []emit.Finding) ([]*drop, []emit.Finding) {
	var drops []*drop
	whole := map[string]bool{}
	for _, f := range findings {
		if f.Func != "" && f.Case == "" {
			whole[f.Func] = true
		}
	}
	taken := map[*gen.Test]bool{}
	var loose []emit.Finding
	for _, f := range findings {
		if f.Case != "" && whole[f.Func] {
			continue // its function goes whole
		}
		d := &drop{fn: f.Func, name: f.Case, why: reason(f), tests: map[*gen.Test]bool{}}
		explained := false
		for _, t := range tests {
			if f.Func == "" || t.Func != f.Func || f.Case != "" && t.Name != f.Case && emit.SubtestName(t.Name) != f.Case {
				continue
			}
			explained = true
			if !taken[t] { // a second finding in a row dropped already
				d.tests[t], taken[t] = true, true
				d.unit = t.Unit.Name
			}
		}
		switch {
		case !explained:
			loose = append(loose, f)
		case len(d.tests) > 0:
			drops = append(drops, d)
		}
	}
	return drops, loose
}

// maxWhy is the most bytes of a finding's message a note quotes.
const maxWhy = 200

// shorten cuts s to at most n bytes, on a character boundary, marking
// the cut with "…".
func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "…"
}

// firstLine is s's first line.
func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}
