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
