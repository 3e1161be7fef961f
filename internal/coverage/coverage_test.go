package coverage

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/cover"

	"github.com/gozilla/gozilla/internal/testmod"
)

// subjects are the modules under testdata/src, each one package with
// its own tests and // want annotations.
var subjects = []string{"branches", "loops", "flow", "misc", "edge"}

// TestStatic compares Build's requirements with the annotations.
func TestStatic(t *testing.T) {
	for _, name := range subjects {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join("testdata", "src", name)
			pkg := loadOne(t, dir)
			plan, err := Build(pkg)
			if err != nil {
				t.Fatal(err)
			}
			dump(t, plan, nil)
			for _, d := range staticDiffs(plan, readWants(t, dir)) {
				t.Error(d)
			}

			// Same package, same plan.
			again, err := Build(loadOne(t, dir))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(plan, again) {
				t.Error("two builds of the same package differ")
			}
		})
	}
}

// TestEndToEnd instruments a copy of each subject, runs its tests in
// coverage mode and checks what the probes recorded: statements against
// go test -coverprofile on the unmodified copy, branches and pairs
// against the annotations, and the tests' results against the
// unmodified run (in coverage mode and with GOZILLA_MUTANT unset).
func TestEndToEnd(t *testing.T) {
	for _, name := range subjects {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			src := filepath.Join("testdata", "src", name)
			wants := readWants(t, src)
			endToEnd(t, src, wants, nil, func(p *Plan, c *Covered, prof map[profKey]cover.ProfileBlock) {
				checksCanFail(t, p, c, prof, wants)
			})
		})
	}
}

// endToEnd runs the check on a module directory; rewrite, if not nil,
// edits the copies (both) before anything runs.
// selfCheck, if not nil, is called with the results.
func endToEnd(t *testing.T, src string, wants map[string]*fileWants, rewrite func(dir string), selfCheck func(*Plan, *Covered, map[profKey]cover.ProfileBlock)) *Plan {
	t.Helper()
	tmp := t.TempDir()
	orig, inst := filepath.Join(tmp, "orig"), filepath.Join(tmp, "inst")
	copyDir(t, src, orig)
	copyDir(t, src, inst)
	if rewrite != nil {
		rewrite(orig)
		rewrite(inst)
	}
	profile := filepath.Join(tmp, "c.out")
	origOut, err := goTest(t, orig, nil, "-v", "-coverprofile="+profile, ".")
	if err != nil {
		t.Fatalf("unmodified tests: %v\n%s", err, origOut)
	}
	pkg, plan := instrument(t, inst)
	// The inserts compile against plan.Stub in place of the runtime file.
	stubbed := filepath.Join(tmp, "stubbed")
	copyDir(t, inst, stubbed)
	if err := os.WriteFile(filepath.Join(stubbed, RuntimeFile), append([]byte("package "+pkg.Name+"\n"), plan.Stub...), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := goCmd(stubbed, []string{"build", "-o", os.DevNull, "."}); err != nil {
		t.Errorf("instrumented package with plan.Stub for the runtime: %v\n%s", err, out)
	}
	covFile := filepath.Join(tmp, "cover.txt")
	instOut, err := goTest(t, inst, []string{"GOZILLA_MUTANT=-1", "GOZILLA_COVER=" + covFile}, "-v", ".")
	if err != nil {
		t.Fatalf("instrumented tests in coverage mode: %v\n%s", err, instOut)
	}
	plainCov := filepath.Join(tmp, "plain.txt")
	plainOut, err := goTest(t, inst, []string{"GOZILLA_COVER=" + plainCov}, "-v", ".")
	if err != nil {
		t.Fatalf("instrumented tests: %v\n%s", err, plainOut)
	}
	if a, b := results(origOut), results(instOut); a != b {
		t.Errorf("results differ in coverage mode:\n--- unmodified\n%s\n--- instrumented\n%s", a, b)
	}
	if a, b := results(origOut), results(plainOut); a != b {
		t.Errorf("results differ with GOZILLA_MUTANT unset:\n--- unmodified\n%s\n--- instrumented\n%s", a, b)
	}
	if b, err := os.ReadFile(plainCov); err == nil && len(b) > 0 {
		t.Errorf("GOZILLA_MUTANT unset, yet records were written:\n%s", b)
	}
	data, err := os.ReadFile(covFile)
	if err != nil {
		t.Fatal(err)
	}
	c := plan.Decode(data)
	dump(t, plan, c)
	if len(c.Errors) > 0 {
		t.Errorf("probes reported errors: %s", strings.Join(c.Errors, "; "))
	}
	prof := profileBlocks(t, profile)
	for _, d := range profileDiffs(plan, c, prof) {
		t.Error(d)
	}
	for _, d := range dynamicDiffs(plan, c, wants) {
		t.Error(d)
	}
	if selfCheck != nil {
		selfCheck(plan, c, prof)
	}
	return plan
}

// checksCanFail makes sure each check reports a wrong expectation: a
// missing, an extra and a changed requirement; a requirement covered or
// not against its annotation; a block against the profile.
func checksCanFail(t *testing.T, p *Plan, c *Covered, prof map[profKey]cover.ProfileBlock, wants map[string]*fileWants) {
	t.Helper()
	// Pick an annotated line with a pair.
	var file string
	var line int
	for f, fw := range wants {
		for l, ws := range fw.lines {
			for _, w := range ws {
				if w.kind == 'P' && w.cover == '+' && (file == "" || f+fmt.Sprint(l) < file+fmt.Sprint(line)) {
					file, line = f, l
				}
			}
		}
	}
	if file == "" {
		t.Fatal("no annotated pair")
	}
	edit := func(f func(ws []want) []want) map[string]*fileWants {
		out := map[string]*fileWants{}
		for name, fw := range wants {
			cp := &fileWants{check: fw.check, lines: map[int][]want{}}
			for l, ws := range fw.lines {
				cp.lines[l] = append([]want(nil), ws...)
			}
			out[name] = cp
		}
		out[file].lines[line] = f(out[file].lines[line])
		return out
	}
	firstPair := func(ws []want) int {
		for i, w := range ws {
			if w.kind == 'P' {
				return i
			}
		}
		return -1
	}
	flipped := edit(func(ws []want) []want { i := firstPair(ws); ws[i].cover = '-'; return ws })
	if len(dynamicDiffs(p, c, flipped)) == 0 {
		t.Error("dynamic check misses a covered pair annotated as not covered")
	}
	c2 := *c
	c2.Blocks = append([]bool(nil), c.Blocks...)
	c2.Blocks[0] = !c2.Blocks[0]
	if len(profileDiffs(p, &c2, prof)) == 0 {
		t.Error("profile check misses a block covered differently")
	}
	if !strings.Contains(wants[file].check, "P") {
		return // the annotations are not exhaustive: only the dynamic check applies
	}
	for name, ws := range map[string]map[string]*fileWants{
		"missing": edit(func(ws []want) []want { i := firstPair(ws); return append(ws[:i:i], ws[i+1:]...) }),
		"extra":   edit(func(ws []want) []want { return append(ws, want{kind: 'B', text: "nonexistent true"}) }),
		"changed": edit(func(ws []want) []want { i := firstPair(ws); ws[i].text += "0"; return ws }),
	} {
		if len(staticDiffs(p, ws)) == 0 {
			t.Errorf("static check misses a %s requirement", name)
		}
	}
}

// TestCrossCompile builds the instrumented subjects and their tests for
// other platforms: the probes are portable (32-bit, Windows, wasm).
func TestCrossCompile(t *testing.T) {
	if testing.Short() {
		t.Skip("slow with a cold build cache: compiles the standard library for other platforms")
	}
	// Long only: each subject is three platforms' builds, and with a
	// cold build cache (a newcomer's first run) one subject compiled the
	// standard library three times, a minute on two cores.
	testmod.Long(t)
	for _, name := range subjects {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			copyDir(t, filepath.Join("testdata", "src", name), dir)
			instrument(t, dir)
			for _, platform := range []string{"windows/386", "js/wasm", "linux/arm64"} {
				goos, goarch, _ := strings.Cut(platform, "/")
				if out, err := goCmd(dir, []string{"test", "-c", "-o", os.DevNull, "."}, "GOOS="+goos, "GOARCH="+goarch); err != nil {
					t.Errorf("%s: %v\n%s", platform, err, out)
				}
			}
		})
	}
}

// TestBuildStopped: BuildContext with its context done stops with
// ErrStopped, and builds the plan Build does otherwise.
func TestBuildStopped(t *testing.T) {
	pkg := loadOne(t, filepath.Join("testdata", "src", subjects[0]))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := BuildContext(ctx, pkg); !errors.Is(err, ErrStopped) {
		t.Errorf("BuildContext with its context done: %v, want ErrStopped", err)
	}
	plan, err := BuildContext(context.Background(), pkg)
	if err != nil {
		t.Fatal(err)
	}
	if want, _ := Build(pkg); !reflect.DeepEqual(plan, want) {
		t.Error("BuildContext's plan is not Build's")
	}
}
