package mutate_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/coverage"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/testmod"
)

// TestProbesWithSites checks that the coverage probes ride in the
// schemata of every subject and of the kitchen-sink file alongside all
// the mutants: the probes type-check wherever sites nest inside their
// wrappers and wrappers inside sites (a wrapped condition that is itself
// a site, a use inside a site), no site is dropped because of them, and
// the package still builds.
func TestProbesWithSites(t *testing.T) {
	var pkgs []*load.Package
	for _, dir := range []string{"../../testdata", "testdata/kitchen", "testdata/oldgo"} {
		pattern := "./subjects/..."
		if dir != "../../testdata" {
			pattern = "."
		}
		ps, err := load.Load(load.Config{Dir: dir, NoTests: true}, pattern)
		if err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, ps...)
	}
	for i, pkg := range pkgs {
		t.Run(filepath.Base(pkg.Dir), func(t *testing.T) {
			// Every third subject (kitchen and oldgo always), all of
			// them in the long run.
			if i%3 != 0 && strings.Contains(pkg.Dir, "subjects") {
				testmod.Long(t)
			}
			plan, err := coverage.Build(pkg)
			if err != nil {
				t.Fatal(err)
			}
			plain, err := mutate.Generate(pkg, mutate.Options{})
			if err != nil {
				t.Fatal(err)
			}
			set, err := mutate.Generate(pkg, mutate.Options{Probes: plan.Probes()})
			if err != nil {
				t.Fatal(err)
			}
			if set.ProbesErr != "" {
				t.Fatalf("probes left out: %s", set.ProbesErr)
			}
			if len(set.Mutants) != len(plain.Mutants) || set.Dropped != plain.Dropped {
				t.Errorf("with probes: %d mutants, dropped %+v; without: %d, %+v", len(set.Mutants), set.Dropped, len(plain.Mutants), plain.Dropped)
			}
			n := 0
			for path, src := range set.Overlay {
				if strings.HasSuffix(path, ".go") && strings.Contains(string(src), "_gzCond(") {
					n++
				}
			}
			if len(plan.Branches) > 0 && n == 0 {
				t.Errorf("no overlay file holds a probe")
			}
		})
	}
	t.Run("builds", func(t *testing.T) {
		// One build of a subject with probes and mutants (go vet type-checks
		// with the compiler's own checker).
		pkg := pkgs[0]
		for _, p := range pkgs {
			if filepath.Base(p.Dir) == "tritype" {
				pkg = p
			}
		}
		plan, err := coverage.Build(pkg)
		if err != nil {
			t.Fatal(err)
		}
		set, err := mutate.Generate(pkg, mutate.Options{Probes: plan.Probes()})
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		ov := `{"Replace":{`
		i := 0
		for path, src := range set.Overlay {
			f := filepath.Join(dir, filepath.Base(path))
			if err := os.WriteFile(f, src, 0o644); err != nil {
				t.Fatal(err)
			}
			if i > 0 {
				ov += ","
			}
			ov += `"` + path + `":"` + f + `"`
			i++
		}
		ov += "}}"
		if err := os.WriteFile(filepath.Join(dir, "overlay.json"), []byte(ov), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("go", "build", "-overlay="+filepath.Join(dir, "overlay.json"), ".")
		cmd.Dir = pkg.Dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go build with probes and mutants: %v\n%s", err, out)
		}
	})
}
