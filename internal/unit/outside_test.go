package unit

import (
	"go/types"
	"slices"
	"testing"

	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/testmod"
)

const outsideSrc = `package p

import (
	"math/rand"
	"os"
	"strings"
	"time"
)

type systemClock struct{}

func (systemClock) Now() time.Time { return time.Now() }

type fixed struct{ t time.Time }

func (f fixed) Now() time.Time { return f.t }

func stamp() int64 { return time.Now().Unix() }

// Via calls stamp, which reads the clock.
func Via() int64 { return stamp() + 1 }

func Env() string { return os.Getenv("HOME") }

func Roll() int { return rand.Intn(6) }

// Seeded draws from its own source: a value a test makes.
func Seeded(r *rand.Rand) int { return r.Intn(6) }

func Pure(s string) string { return strings.ToUpper(s) }

func IsMissing(err error) bool { return os.IsNotExist(err) }

// Load reads a file: outside its inputs, but the same on any machine
// with the file.
func Load(p string) ([]byte, error) { return os.ReadFile(p) }

// Limiter's constructor parses its spec: a spec the parser accepts
// needs what ParseSpec tests for.
type Limiter struct{ n int }

func NewLimiter(spec string) (*Limiter, error) {
	n, err := ParseSpec(spec)
	return &Limiter{n: n}, err
}

func ParseSpec(s string) (int, error) {
	num, unit, _ := strings.Cut(s, "/")
	if unit != "sec" {
		return 0, os.ErrInvalid
	}
	return len(num), nil
}

func (l *Limiter) Admit(key string) bool { return l.n > len(key) }
`

// TestOutside: a function reads the world outside its inputs when it,
// or a function of the package it calls, calls the clock, the
// environment or the shared random source; not a value's own source, a
// pure library function, or an error predicate of os.
func TestOutside(t *testing.T) {
	dir := testmod.Write(t, map[string]string{"p/p.go": outsideSrc})
	pkgs, err := load.Load(load.Config{Dir: dir, NoTests: true}, "./p")
	if err != nil {
		t.Fatal(err)
	}
	pkg := pkgs[0]
	o := outsideOf(pkg)
	method := func(typ, name string) *types.Func {
		tn := pkg.Types.Scope().Lookup(typ).(*types.TypeName)
		obj, _, _ := types.LookupFieldOrMethod(tn.Type(), true, pkg.Types, name)
		return obj.(*types.Func)
	}
	fn := func(name string) *types.Func { return pkg.Types.Scope().Lookup(name).(*types.Func) }
	for _, tt := range []struct {
		name          string
		f             *types.Func
		want, machine bool
	}{
		{"systemClock.Now", method("systemClock", "Now"), true, true},
		{"fixed.Now", method("fixed", "Now"), false, false},
		{"Via", fn("Via"), true, true},
		{"Env", fn("Env"), true, false}, // the environment: go test's check runs in it
		{"Roll", fn("Roll"), true, true},
		{"Seeded", fn("Seeded"), false, false},
		{"Pure", fn("Pure"), false, false},
		{"IsMissing", fn("IsMissing"), false, false},
		{"Load", fn("Load"), true, false},
	} {
		if got := o.Outside(tt.f); got != tt.want {
			t.Errorf("%s: outside %v, want %v", tt.name, got, tt.want)
		}
		if got := o.Machine(tt.f); got != tt.machine {
			t.Errorf("%s: machine %v, want %v", tt.name, got, tt.machine)
		}
	}

	// A method's pool holds what its receiver's constructor tests for.
	var admit *Unit
	for _, u := range Find(pkg, nil) {
		if u.Name == "(*Limiter).Admit" {
			admit = u
		}
	}
	if admit == nil {
		t.Fatal("no unit (*Limiter).Admit")
	}
	if !slices.Contains(admit.Pool.Seps, "/") || !slices.Contains(admit.Pool.Strings, "sec") {
		t.Errorf("Admit's pool %+v: want the separator / and the word sec of its constructor's parser", admit.Pool)
	}
}
