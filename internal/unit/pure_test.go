package unit

import (
	"go/types"
	"testing"

	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/testmod"
)

// pureSrc's methods are named for what they do to their receiver: Q
// (a query) changes nothing, M changes it or may.
const pureSrc = `package p

import "sync"

type Set struct {
	mu    sync.RWMutex
	words []uint64
	n     int
	m     map[int]bool
	kids  []*Set
	f     func()
}

func (s *Set) QLen() int            { return s.n }
func (s *Set) QIsEmpty() bool       { return s.n == 0 }
func (s *Set) QAppendTo(buf []uint64) []uint64 { return append(buf, s.words...) }
func (s *Set) QNext(i int) (int, bool) {
	for j := i; j < len(s.words); j++ {
		if w := s.words[j]; w != 0 {
			return j, true
		}
	}
	return 0, false
}
func (s *Set) QCalls() bool         { return s.QIsEmpty() && s.QLen() == 0 }
func (s *Set) QRecursive(i int) int {
	if i <= 0 {
		return s.n
	}
	return s.QRecursive(i - 1)
}
func (s *Set) QCopyOut(dst []uint64) int { return copy(dst, s.words) }
func (s *Set) QHas(k int) bool { return s.m[k] }
func (s *Set) QPassesToReader() int { return popcount(s.words) }

func (s *Set) QLocked() bool {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.n == 0
}

func (s *Set) MAssign(x uint64)     { s.words[0] = x }
func (s *Set) MLocked(x int)        { s.mu.Lock(); s.n = x; s.mu.Unlock() }
func (s *Set) MInc()                { s.n++ }
func (s *Set) MAppend(x uint64)     { s.words = append(s.words, x) }
func (s *Set) MAlias(x uint64)      { w := s.words; w[0] = x }
func (s *Set) MCopyIn(src []uint64) { copy(s.words, src) }
func (s *Set) MDelete(k int)        { delete(s.m, k) }
func (s *Set) MCallsMutator()       { s.MInc() }
func (s *Set) MPasses()             { grow(s) }
func (s *Set) MKids()               { for _, k := range s.kids { k.n = 0 } }
func (s *Set) MFuncField()          { s.f() }
func (s *Set) MAddr() *int          { return &s.n }
func (s *Set) MStar(o Set)          { *s = o }
func (s *Set) MClosure() func()     { return func() { s.n = 1 } }

func (s *Set) MPassesToWriter()     { zero(s.words) }

func grow(s *Set) { s.n++ }

func popcount(ws []uint64) (n int) {
	for _, w := range ws {
		for ; w != 0; w &= w - 1 {
			n++
		}
	}
	return n
}

func zero(ws []uint64) {
	for i := range ws {
		ws[i] = 0
	}
}
`

func TestPure(t *testing.T) {
	dir := testmod.Write(t, map[string]string{"p/p.go": pureSrc})
	pkgs, err := load.Load(load.Config{Dir: dir}, "./p")
	if err != nil {
		t.Fatal(err)
	}
	pkg := pkgs[0]
	p := purityOf(pkg)
	set := pkg.Types.Scope().Lookup("Set").Type()
	ms := types.NewMethodSet(types.NewPointer(set))
	if ms.Len() < 20 {
		t.Fatalf("%d methods", ms.Len())
	}
	for i := 0; i < ms.Len(); i++ {
		f := ms.At(i).Obj().(*types.Func)
		if want := f.Name()[0] == 'Q'; p.Pure(f) != want {
			t.Errorf("Pure(%s) = %v, want %v", f.Name(), !want, want)
		}
	}
}
