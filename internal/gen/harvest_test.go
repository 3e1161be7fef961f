package gen

import (
	"context"
	"regexp"
	"testing"
)

// harvestSrc is a parser whose valid inputs random text almost never
// is (eleven bytes, dashes at three places, hex digits read through a
// table of another function), and the formatter that writes them.
const harvestSrc = `package id

import "errors"

// ID is four bytes, written "0a-1b-2c-3d".
type ID [4]byte

func (id ID) String() string {
	const digits = "0123456789abcdef"
	b := make([]byte, 0, 11)
	for i, x := range id {
		if i > 0 {
			b = append(b, '-')
		}
		b = append(b, digits[x>>4], digits[x&15])
	}
	return string(b)
}

var errSyntax = errors.New("id: bad syntax")

// Parse reads what String writes.
func Parse(s string) (ID, error) {
	var id ID
	if len(s) != 11 {
		return id, errSyntax
	}
	for i := range id {
		if i > 0 && s[3*i-1] != 45 {
			return id, errSyntax
		}
		hi, lo := nibble(s[3*i]), nibble(s[3*i+1])
		if hi < 0 || lo < 0 {
			return id, errSyntax
		}
		id[i] = byte(hi<<4 | lo)
	}
	return id, nil
}

func nibble(c byte) int {
	for i := 0; i < 16; i++ {
		if "0123456789abcdef"[i] == c {
			return i
		}
	}
	return -1
}
`

// TestHarvest: a parser's inputs are also what the package's formatter
// writes (encode, then decode), so that rows reach past its first check:
// Parse's pool holds String's texts, and a kept row parses one.
func TestHarvest(t *testing.T) {
	pkg := loadPkg(t, map[string]string{"id/id.go": harvestSrc}, "./id")
	res, err := Generate(context.Background(), pkg, Config{Engines: randomOnly(), Seed: 1, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	valid := regexp.MustCompile(`^[0-9a-f]{2}(-[0-9a-f]{2}){3}$`)
	parsed := false
	for _, tt := range res.Tests {
		if tt.Unit.Name != "Parse" {
			continue
		}
		if enc := tt.Unit.Pool.Encoded; len(enc) == 0 || !valid.MatchString(enc[0]) {
			t.Errorf("Parse's pool has the encoded texts %q, want String's", enc)
		}
		if s := string(tt.In[0].S); valid.MatchString(s) && tt.Out.Panic == nil && len(tt.Out.Results) == 2 && tt.Out.Results[1].Nil {
			parsed = true
		}
	}
	if !parsed {
		t.Errorf("no row of Parse parses a valid ID")
	}
}

// TestSortedRows: a set whose only observer lists its keys in a map's
// order still gets rows, its keys compared sorted: without that, every
// row of more than one key varies from run to run and is dropped.
func TestSortedRows(t *testing.T) {
	const src = `package set

type Set struct{ m map[int]bool }

func New() *Set { return &Set{m: map[int]bool{}} }

// Add adds x unless it is negative.
func (s *Set) Add(x int) {
	if x < 0 {
		return
	}
	s.m[x] = true
}

func (s *Set) Keys() []int {
	out := []int{}
	for k := range s.m {
		out = append(out, k)
	}
	return out
}
`
	pkg := loadPkg(t, map[string]string{"set/set.go": src}, "./set")
	res, err := Generate(context.Background(), pkg, Config{Engines: randomOnly(), Seed: 1, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	many := 0
	for _, tt := range res.Tests {
		if tt.Unit.Name == "(*Set).Add" && len(tt.Out.Post) > 0 && len(tt.Out.Post[0].E) > 0 && len(tt.Out.Post[0].E[0].E) > 1 {
			many++ // a row whose set holds two keys or more after Add
		}
	}
	if many == 0 {
		t.Errorf("no row of Add with two keys or more; tests: %d", len(res.Tests))
	}
}
