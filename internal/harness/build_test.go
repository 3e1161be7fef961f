package harness

import (
	"context"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/testmod"
	"github.com/gozilla/gozilla/internal/unit"
	"github.com/gozilla/gozilla/internal/value"
)

const halfSrc = `package p

import "unsafe"

// Half halves an even number.
//
//gozilla:assume x%2 == 0
func Half(x int) int { return x / 2 }

// Keys is not a unit: unsafe pointers are not modelled.
func Keys(m unsafe.Pointer) int { return 0 }

// Twice doubles x.
func Twice(x int) int { return x * 2 }
`

// TestBuild checks that Build gives every supported unit a harness index,
// with its assumptions: an odd input of Half is rejected.
func TestBuild(t *testing.T) {
	dir := testmod.Write(t, map[string]string{"p/p.go": halfSrc})
	pkgs, err := load.Load(load.Config{Dir: dir, NoTests: true}, "./p")
	if err != nil {
		t.Fatal(err)
	}
	pkg := pkgs[0]
	set, err := mutate.Generate(pkg, mutate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	units := unit.Find(pkg, nil)
	bin, err := Build(context.Background(), BuildConfig{Pkg: pkg, Set: set, Units: units, WorkDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if len(bin.Index) != 2 || bin.Index[units[0]] != 0 || bin.Index[units[2]] != 1 {
		t.Fatalf("index %v, want Half 0 and Twice 1", bin.Index)
	}
	p, err := NewPool(Config{Bin: bin.Path, Dir: bin.Dir})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	for _, tt := range []struct {
		unit   int
		x      int64
		reject bool
		want   int64
	}{{0, 3, true, 0}, {0, 4, false, 2}, {1, 3, false, 6}} {
		r, err := p.Do(context.Background(), &Request{Unit: tt.unit, In: []value.Value{{I: tt.x}}, Budget: 1 << 20})
		if err != nil {
			t.Fatal(err)
		}
		if r.Reject != tt.reject || !tt.reject && (len(r.Orig.Results) != 1 || r.Orig.Results[0].I != tt.want) {
			t.Errorf("unit %d on %d: rejected %v, outcome %+v; want rejected %v, result %d", tt.unit, tt.x, r.Reject, r.Orig, tt.reject, tt.want)
		}
	}

	units[0].AssumeErr = "p.go:4: gozilla:assume: broken"
	if _, err := Build(context.Background(), BuildConfig{Pkg: pkg, Set: set, Units: units, WorkDir: t.TempDir()}); err == nil || !strings.Contains(err.Error(), "broken") {
		t.Errorf("a malformed directive: error %v", err)
	}
}

// TestBuildBesideOwnNames: the harness builds beside a test file of the
// package that declares the names of its fakes (gozilla's own generated
// file, committed, declares gozillaShape too; so may a user's test).
func TestBuildBesideOwnNames(t *testing.T) {
	const src = `package p

// Shape has an area.
type Shape interface{ Area() float64 }

// Big reports whether s is big.
func Big(s Shape) bool { return s != nil && s.Area() > 10 }
`
	const committed = `package p

// gozillaShape is the fake an earlier gen wrote.
type gozillaShape struct{ area float64 }

func (s *gozillaShape) Area() float64 { return s.area }
`
	dir := testmod.Write(t, map[string]string{"p/p.go": src, "p/p_gozilla_test.go": committed})
	pkgs, err := load.Load(load.Config{Dir: dir}, "./p")
	if err != nil {
		t.Fatal(err)
	}
	pkg := pkgs[0]
	set, err := mutate.Generate(pkg, mutate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	units := unit.Find(pkg, nil)
	fake := false
	for _, a := range units[0].Inputs()[0].Alts {
		fake = fake || a.DeclName == "gozillaShape"
	}
	if !fake {
		t.Fatal("Shape has no fake gozillaShape: the test no longer tests what it should")
	}
	if _, err := Build(context.Background(), BuildConfig{Pkg: pkg, Set: set, Units: units, WorkDir: t.TempDir()}); err != nil {
		t.Fatalf("the harness does not build beside the committed file: %v", err)
	}
}
