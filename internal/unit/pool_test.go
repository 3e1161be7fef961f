package unit

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/testmod"
	"github.com/gozilla/gozilla/internal/value"
)

const poolSrc = `package p

import (
	"bytes"
	"strconv"
	"strings"
)

// Decode switches on letters.
func Decode(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case 'A':
			n += 1
		case 'B', 'Z':
			n += 2
		default:
			return -1
		}
	}
	return n
}

// Digits compares runes with a range.
func Digits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// Size cuts suffixes.
func Size(s string) int {
	if n, ok := strings.CutSuffix(s, "KB"); ok {
		x, _ := strconv.Atoi(n)
		return x * 1024
	}
	if strings.HasSuffix(s, "MB") {
		return 1
	}
	return 0
}

const vee = "v"

// Version cuts a prefix (a named constant) and a separator.
func Version(s string) bool {
	rest, ok := strings.CutPrefix(s, vee)
	if !ok {
		return false
	}
	_, _, ok = strings.Cut(rest, ".")
	return ok && strings.Count(rest, ".") == 1
}

var comma = ","

// Pairs splits by a separator held in a variable, and by a byte.
func Pairs(s string) int {
	n := 0
	for _, kv := range strings.Split(s, comma) {
		if strings.IndexByte(kv, '=') > 0 {
			n++
		}
	}
	return n
}

// Bytes tests []byte content.
func Bytes(b []byte) bool {
	return bytes.HasPrefix(b, []byte("#!")) && bytes.Contains(b, []byte{'x'})
}

// Slices compares slices of the input with constants.
func Slices(s string) bool {
	return len(s) > 3 && (s[:2] == "0x" || s[len(s)-1:] == "h")
}

var units = map[string]int{"sec": 1, "min": 60, "hour": 3600}

type op struct {
	name string
	prec int
}

var ops = []op{{"plus", 1}, {name: "times", prec: 2}}

var ignored = map[string]int{"never": 1}

// Lookup reads tables and folds case.
func Lookup(s string) int {
	if u, ok := units[strings.ToLower(s)]; ok {
		return u
	}
	for _, o := range ops {
		if strings.EqualFold(o.name, s) {
			return o.prec
		}
	}
	return 0
}

// Validate calls a helper of its package: the helper's constants count.
func Validate(s string) bool { return s != "" && valid(s) }

func valid(s string) bool {
	return strings.HasPrefix(s, "id:") && s[len(s)-1] != '!' && ignored != nil
}

// Words has more strings than the pool holds.
func Words(s string) int {
	switch s {
	` + "{{words}}" + `
	}
	return 0
}
`

func poolUnits(t *testing.T) map[string]*Unit {
	t.Helper()
	var words strings.Builder
	for i := range 80 {
		fmt.Fprintf(&words, "case %q: return %d\n", fmt.Sprintf("w%02d", i), i)
	}
	return unitsOf(t, strings.Replace(poolSrc, "{{words}}", words.String(), 1))
}

// unitsOf finds the units of package p, of source src, by name.
func unitsOf(t *testing.T, src string) map[string]*Unit {
	t.Helper()
	dir := testmod.Write(t, map[string]string{"p/p.go": src})
	pkgs, err := load.Load(load.Config{Dir: dir}, "./p")
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*Unit{}
	for _, u := range Find(pkgs[0], nil) {
		byName[u.Name] = u
	}
	return byName
}

func TestPool(t *testing.T) {
	units := poolUnits(t)
	tests := []struct {
		unit string
		want value.Pool // the fields set must equal; nil fields are not checked
		has  []string   // strings Pool.Strings must hold
		not  []string   // strings it must not hold
	}{
		{unit: "Decode", want: value.Pool{Chars: []rune{'A', 'B', 'Z'}}},
		{unit: "Digits", want: value.Pool{Chars: []rune{'0', '9'}}},
		{unit: "Size", want: value.Pool{Suffixes: []string{"KB", "MB"}}, has: []string{"KB", "MB"}},
		{unit: "Version", want: value.Pool{Prefixes: []string{"v"}, Seps: []string{"."}}},
		{unit: "Pairs", want: value.Pool{Chars: []rune{'='}, Seps: []string{",", "="}}, has: []string{","}},
		{unit: "Bytes", want: value.Pool{Chars: []rune{'x'}, Prefixes: []string{"#!"}, Seps: []string{"x"}}},
		{unit: "Slices", want: value.Pool{Prefixes: []string{"0x"}, Suffixes: []string{"h"}}},
		{unit: "Lookup", want: value.Pool{Fold: true}, has: []string{"hour", "min", "sec", "plus", "times"}, not: []string{"never"}},
		{unit: "Validate", want: value.Pool{Chars: []rune{'!'}, Prefixes: []string{"id:"}}, has: []string{"", "id:", "never"}},
	}
	for _, tt := range tests {
		t.Run(tt.unit, func(t *testing.T) {
			u := units[tt.unit]
			if u == nil || u.Skip != "" {
				t.Fatalf("unit %s missing or skipped", tt.unit)
			}
			p := u.Pool
			check := func(field string, got, want any) {
				if !reflect.ValueOf(want).IsNil() && !reflect.DeepEqual(got, want) {
					t.Errorf("%s: %v, want %v", field, got, want)
				}
			}
			check("Chars", p.Chars, tt.want.Chars)
			check("Prefixes", p.Prefixes, tt.want.Prefixes)
			check("Suffixes", p.Suffixes, tt.want.Suffixes)
			check("Seps", p.Seps, tt.want.Seps)
			if tt.want.Fold && !p.Fold {
				t.Errorf("Fold false, want true")
			}
			for _, s := range tt.has {
				if !slices.Contains(p.Strings, s) {
					t.Errorf("Strings %q misses %q", p.Strings, s)
				}
			}
			for _, s := range tt.not {
				if slices.Contains(p.Strings, s) {
					t.Errorf("Strings %q holds %q", p.Strings, s)
				}
			}
		})
	}

	t.Run("table keys", func(t *testing.T) {
		// The integers of the tables Lookup reads are keys too (the
		// values of units, the precedences of ops); not those of a
		// table it does not read.
		p := units["Lookup"].Pool
		for _, n := range []int64{1, 2, 60, 3600} {
			if !slices.Contains(p.Ints, n) {
				t.Errorf("Ints %v misses %d", p.Ints, n)
			}
		}
		if slices.Contains(units["Decode"].Pool.Ints, 3600) {
			t.Errorf("Decode's Ints %v hold 3600, of a table it does not read", units["Decode"].Pool.Ints)
		}
	})

	t.Run("bounded and sorted", func(t *testing.T) {
		p := units["Words"].Pool
		if len(p.Strings) != maxPoolStrings {
			t.Errorf("%d strings, want at most %d", len(p.Strings), maxPoolStrings)
		}
		if !slices.IsSorted(p.Strings) {
			t.Errorf("strings not sorted: %q", p.Strings)
		}
		// Evenly spread: the first and the last word are kept.
		if !slices.Contains(p.Strings, "w00") || !slices.Contains(p.Strings, "w79") && !slices.Contains(p.Strings, "w78") {
			t.Errorf("strings %q are not spread over the words", p.Strings)
		}
		again := poolUnits(t)["Words"].Pool
		if !reflect.DeepEqual(p, again) {
			t.Errorf("pools of two loads differ:\n%+v\n%+v", p, again)
		}
	})
	t.Run("no text", func(t *testing.T) {
		// A unit without strings or characters keeps the pool it had.
		p := units["Validate"].Pool
		if len(p.Ints) == 0 {
			t.Errorf("Validate's ints %v: want the helper's 1 (s[len(s)-1])", p.Ints)
		}
	})
}
