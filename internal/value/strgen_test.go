package value

import (
	"math/rand/v2"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// TestComposedStrings checks that strings drawn with a pool hold what
// the code looks for, within a few hundred draws.
func TestComposedStrings(t *testing.T) {
	tests := []struct {
		name string
		pool Pool
		want *regexp.Regexp // some draw must match
	}{
		{"version", Pool{Prefixes: []string{"v"}, Seps: []string{"."}}, regexp.MustCompile(`^v\d+\.\d+$`)},
		{"size", Pool{Ints: []int64{10}, Suffixes: []string{"KB", "MB"}}, regexp.MustCompile(`^\d+(KB|MB)$`)},
		{"size of a pool number", Pool{Ints: []int64{1024}, Suffixes: []string{"KB"}}, regexp.MustCompile(`^1024KB$`)},
		{"letters", Pool{Chars: []rune{'A', 'B', 'Z'}}, regexp.MustCompile(`^[ABZ]{3,}$`)},
		{"pairs", Pool{Seps: []string{",", "="}}, regexp.MustCompile(`^\w+=\d+(,\w+=\d+)+$`)},
		{"words in upper case", Pool{Strings: []string{"min", "sec"}, Fold: true}, regexp.MustCompile(`^(MIN|SEC)$`)},
		{"words in title case", Pool{Strings: []string{"min", "sec"}, Fold: true}, regexp.MustCompile(`^(Min|Sec)$`)},
		{"number and word", Pool{Strings: []string{"min", "hour"}, Chars: []rune{'0', '9'}}, regexp.MustCompile(`^\d+(min|hour)$`)},
		{"prefix and suffix", Pool{Prefixes: []string{"["}, Suffixes: []string{"]"}, Seps: []string{","}}, regexp.MustCompile(`^\[\d+(,\d+)+\]$`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			str := &Type{Kind: String}
			for seed := uint64(1); seed <= 5; seed++ {
				g := &Gen{R: rand.New(rand.NewPCG(seed, 1)), Pool: tt.pool}
				found := false
				for range 400 {
					if s := string(g.Random(str).S); tt.want.MatchString(s) {
						found = true
						break
					}
				}
				if !found {
					t.Errorf("seed %d: 400 draws with pool %+v: none matches %v", seed, tt.pool, tt.want)
				}
			}
		})
	}
}

// TestComposedShare checks that with a pool to build on, most strings
// are composed or drawn from it; random bytes stay, less often.
func TestComposedShare(t *testing.T) {
	g := &Gen{R: rand.New(rand.NewPCG(1, 1)), Pool: Pool{Suffixes: []string{"KB"}}}
	str := &Type{Kind: String}
	withKB, other := 0, 0
	for range 1000 {
		s := string(g.Random(str).S)
		switch {
		case strings.Contains(s, "KB"):
			withKB++
		case s != "":
			other++
		}
	}
	if withKB < 300 || other < 100 {
		t.Errorf("of 1000 draws, %d hold the suffix and %d are others non-empty: want at least 300 and 100", withKB, other)
	}
}

// TestStringsWithoutText checks that a pool with nothing to build
// strings from leaves the strings drawn as they were (the same draws from
// the same seed as before composed strings existed).
func TestStringsWithoutText(t *testing.T) {
	g := &Gen{R: rand.New(rand.NewPCG(7, 9)), Pool: Pool{Ints: []int64{3, 10}}}
	var got []string
	for range 12 {
		got = append(got, g.str())
	}
	g.Boundary = true
	for range 4 {
		got = append(got, g.str())
	}
	want := []string{"-", "", ".é世_.世", ",\nz_", "b\xffc", "", "\xdf", "A/--b\xff", "0x世9_", " .", "", "0z/1", "1/ x,", "", "", ""}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("draws:\n%q\nwant\n%q", got, want)
	}
}

func TestCaseVariant(t *testing.T) {
	for _, tt := range []struct {
		s    string
		how  int
		want string
	}{
		{"min", 0, "MIN"},
		{"MiN", 1, "min"},
		{"hOUR", 2, "Hour"},
		{"Sec", 3, "sEC"},
		{"sec", 4, "Sec"},
		{"", 2, ""},
		{"", 4, ""},
	} {
		if got := caseVariant(tt.s, tt.how); got != tt.want {
			t.Errorf("caseVariant(%q, %d) = %q, want %q", tt.s, tt.how, got, tt.want)
		}
	}
}

// TestEncodedDraws: the texts a package's formatters wrote (Pool.Encoded)
// are drawn for strings and byte slices, as they are and as near misses
// (one byte changed, dropped or repeated).
func TestEncodedDraws(t *testing.T) {
	const uuid = "6ba7b810-9dad-11d1-80b4-00c04fd430c8"
	near := func(s string) bool {
		if len(s) < len(uuid)-1 || len(s) > len(uuid)+1 || s == uuid {
			return false
		}
		diff := 0 // bytes of the longer outside the common prefix and suffix
		i := 0
		for i < len(s) && i < len(uuid) && s[i] == uuid[i] {
			i++
		}
		j := 0
		for j < len(s)-i && j < len(uuid)-i && s[len(s)-1-j] == uuid[len(uuid)-1-j] {
			j++
		}
		diff = max(len(s), len(uuid)) - i - j
		return diff <= 1
	}
	for _, typ := range []*Type{{Kind: String}, {Kind: Slice, Elem: &Type{Kind: Uint, Bits: 8}}} {
		g := &Gen{R: rand.New(rand.NewPCG(5, 6)), Pool: Pool{Encoded: []string{uuid}}}
		exact, misses := 0, 0
		for range 400 {
			v := g.Random(typ)
			s := string(v.S)
			if typ.Kind == Slice {
				b := make([]byte, len(v.E))
				for i, e := range v.E {
					b[i] = byte(e.U)
				}
				s = string(b)
			}
			switch {
			case s == uuid:
				exact++
			case near(s):
				misses++
			}
		}
		if exact < 20 || misses < 20 {
			t.Errorf("%s: of 400 draws, %d the encoded text and %d near misses; want at least 20 of each", typ.Kind, exact, misses)
		}
	}
}
