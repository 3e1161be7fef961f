package emit

// This file implements the check of an emitted file before it is written:
// the file runs under go test on the current code, through an overlay (the
// user's tree is not touched), and the cases that fail are named, so that
// they can be dropped: the generated file is a promise that it passes.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// Failures is what running an emitted file found: the failing cases, by
// test function and case name as emit.File named them ("TestGozillaF" →
// case names; a function whose failure no case explains maps to nil).
type Failures map[string]map[string]bool

// Fails reports whether the case name of test function fn failed.
func (f Failures) Fails(fn, name string) bool {
	cases, ok := f[fn]
	return ok && (cases == nil || cases[name])
}

// Check runs the test functions funcs of src, to be written at path in
// the package directory dir, with go test on the current code and returns
// the cases that fail. A file that does not build, here or for GOARCH=386
// (go vet), is an error. With own, the package's other tests run too,
// and those that fail are returned apart (they are not the generated
// file's, but the user's go test will fail on them).
func Check(ctx context.Context, dir, path string, src []byte, tags string, funcs []string, own bool) (Failures, []string, error) {
	tmp, err := os.MkdirTemp("", "gozilla-check-")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(tmp)
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, nil, err
	}
	file := filepath.Join(tmp, filepath.Base(path))
	if err := os.WriteFile(file, src, 0o644); err != nil {
		return nil, nil, err
	}
	overlay, _ := json.Marshal(map[string]map[string]string{"Replace": {abs: file}})
	ov := filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(ov, overlay, 0o644); err != nil {
		return nil, nil, err
	}
	gen := map[string]bool{}
	var pats []string
	for _, f := range funcs {
		gen[f] = true
		pats = append(pats, "^"+f+"$")
	}
	// Without vet: the package's own files may not pass go test's vet
	// checks (a module whose go directive enables newer ones), which is
	// not the generated file's failure; vet386 below vets the file, and
	// reports only what it finds in it.
	args := []string{"test", "-vet=off", "-overlay", ov, "-count=1", "-json"}
	if !own {
		args = append(args, "-run", strings.Join(pats, "|"))
	}
	if tags != "" {
		args = append(args, "-tags", tags)
	}
	cmd := exec.CommandContext(ctx, "go", append(args, ".")...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, runErr := cmd.Output()
	fails := Failures{}
	var others []string // the package's own tests that fail
	decided := map[string]bool{}
	sawTest := false
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		var ev struct{ Action, Test string }
		if json.Unmarshal(sc.Bytes(), &ev) != nil || ev.Test == "" {
			continue
		}
		sawTest = true
		if ev.Action == "pass" || ev.Action == "fail" || ev.Action == "skip" {
			decided[ev.Test] = true
		}
		if ev.Action != "fail" {
			continue
		}
		fn, name, sub := strings.Cut(ev.Test, "/")
		if !gen[fn] {
			if !sub && !slices.Contains(others, fn) {
				others = append(others, fn)
			}
			continue
		}
		if sub {
			if fails[fn] == nil {
				fails[fn] = map[string]bool{}
			}
			fails[fn][name] = true
		} else if _, ok := fails[fn]; !ok {
			fails[fn] = nil // the function failed outside any case
		}
	}
	if runErr != nil && !sawTest {
		if ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		return nil, nil, fmt.Errorf("internal error: the generated file does not build: %v: %s%s", runErr, lastLines(stderr.String()), lastLines(string(out)))
	}
	if own {
		for _, f := range funcs {
			if !decided[f] {
				// The run ended before f did (an own test exited or
				// crashed the binary): the generated tests alone.
				fails, _, err := Check(ctx, dir, path, src, tags, funcs, false)
				return fails, others, err
			}
		}
	}
	if len(fails) == 0 {
		// It must build for every target, 32-bit ones included (int
		// has 32 bits there): go vet builds it for 386. A file with
		// failing cases is rendered again and checked then.
		if err := vet386(ctx, dir, ov, filepath.Base(path), tags); err != nil {
			return nil, nil, err
		}
	}
	return fails, others, nil
}

// vet386 runs go vet for GOARCH=386 on the package in dir with the
// overlay ov, and reports what it says about the file base as a file that
// does not build. What it says about the package's other files (which may
// not build for 386 at all, or have vet findings of their own) is not the
// generated file's concern. vet type-checks the package; its analyzers
// are those go test runs (the file passed them already, for the host), so
// that what fails is what is different on 386.
func vet386(ctx context.Context, dir, ov, base, tags string) error {
	args := []string{"vet", "-overlay", ov, "-atomic", "-bools", "-buildtag", "-directive", "-errorsas", "-ifaceassert", "-nilfunc", "-printf", "-stringintconv", "-tests"}
	if tags != "" {
		args = append(args, "-tags", tags)
	}
	cmd := exec.CommandContext(ctx, "go", append(args, ".")...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOARCH=386")
	out, err := cmd.CombinedOutput()
	if err == nil {
		return nil
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	var bad []string
	for _, line := range strings.Split(string(out), "\n") {
		// The overlay's copy is named by its temporary path.
		if i := strings.Index(line, base+":"); i >= 0 {
			j := strings.LastIndexAny(line[:i], " \t") + 1
			bad = append(bad, line[:j]+line[i:])
		}
	}
	if len(bad) == 0 {
		return nil
	}
	return fmt.Errorf("internal error: the generated file does not build for GOARCH=386 (go vet): %v: %s", err, lastLines(strings.Join(bad, "\n")))
}

// SubtestName is the name go test gives a subtest called name (testing's
// rewrite: spaces become underscores, unprintable runes are escaped).
func SubtestName(name string) string {
	var b strings.Builder
	for _, r := range name {
		switch {
		case unicode.IsSpace(r):
			b.WriteByte('_')
		case !strconv.IsPrint(r):
			s := strconv.QuoteRune(r)
			b.WriteString(s[1 : len(s)-1])
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func lastLines(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > 5 {
		lines = lines[len(lines)-5:]
	}
	return strings.Join(lines, "\n")
}
