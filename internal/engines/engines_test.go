package engines_test

import (
	"context"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/engine"
	"github.com/gozilla/gozilla/internal/engines"
	"github.com/gozilla/gozilla/internal/gen"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/testmod"
)

// clamp has killable mutants every engine can find inputs for, and an
// equivalent one the prover proves: x > 100 → x >= 100 (at 100 both
// return 100).
const clamp = `package clamp

func Clamp(x int) int {
	if x > 100 {
		return 100
	}
	if x < 0 {
		return 0
	}
	return x
}
`

// TestReachedThroughRegistry runs gen with each registered engine alone,
// built from its registry line only, and checks that the engine did its
// work: a kept test credited to it, or (a sound engine) a mutant it
// proved equivalent.
func TestReachedThroughRegistry(t *testing.T) {
	dir := testmod.Write(t, map[string]string{"clamp/clamp.go": clamp})
	for _, info := range engines.All {
		t.Run(info.Name, func(t *testing.T) {
			pkgs, err := load.Load(load.Config{Dir: dir, NoTests: true}, "./clamp")
			if err != nil {
				t.Fatal(err)
			}
			infos, err := engines.Parse(info.Name)
			if err != nil {
				t.Fatal(err)
			}
			es := engines.New(infos)
			if len(es) != 1 || es[0].Name() != info.Name {
				t.Fatalf("Parse(%q) built %v", info.Name, es)
			}
			res, err := gen.Generate(context.Background(), pkgs[0], gen.Config{Engines: es, Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			credited := 0
			for _, tc := range res.Tests {
				if tc.Pass != info.Name {
					t.Errorf("test %v credited to %q, want %q (the only engine)", tc.In, tc.Pass, info.Name)
				}
				credited++
			}
			proved := 0
			for _, why := range res.Equivalent {
				if !strings.HasPrefix(why, info.Name+": ") {
					t.Errorf("equivalence %q not credited to %s", why, info.Name)
				}
				proved++
			}
			if credited == 0 && proved == 0 {
				t.Errorf("%s kept no test and proved nothing", info.Name)
			}
			if proved > 0 && !engine.IsSound(es[0]) {
				t.Errorf("%s is not sound but made %d mutant(s) equivalent", info.Name, proved)
			}
			if info.Name == "equiv" && proved == 0 {
				t.Errorf("equiv proved nothing; x > 100 → x >= 100 is equivalent")
			}
		})
	}
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		list, want, err string
	}{
		{list: "random,cbt", want: "random cbt"},
		{list: " sat , equiv ,", want: "sat equiv"},
		{list: "cbt,cbt", want: "cbt"},
		{list: "", want: ""},
		{list: "random,bogus", err: `unknown engine "bogus": want a list of random, cbt, sat, ddr, milp, dalg, equiv`},
	} {
		infos, err := engines.Parse(tc.list)
		if tc.err != "" {
			if err == nil || !strings.HasPrefix(err.Error(), tc.err) {
				t.Errorf("Parse(%q) error %v, want %q", tc.list, err, tc.err)
			}
			continue
		}
		var names []string
		for _, i := range infos {
			names = append(names, i.Name)
		}
		if got := strings.Join(names, " "); err != nil || got != tc.want {
			t.Errorf("Parse(%q) = %q, %v; want %q", tc.list, got, err, tc.want)
		}
	}
	for _, info := range engines.All {
		if !strings.Contains(engines.Usage(), "\t"+info.Name+": ") {
			t.Errorf("-engine help does not list %s", info.Name)
		}
	}
}
