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
// the cases that fail. A file that does not build is an error.
func Check(ctx context.Context, dir, path string, src []byte, tags string, funcs []string) (Failures, error) {
	tmp, err := os.MkdirTemp("", "gozilla-check-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	file := filepath.Join(tmp, filepath.Base(path))
	if err := os.WriteFile(file, src, 0o644); err != nil {
		return nil, err
	}
	overlay, _ := json.Marshal(map[string]map[string]string{"Replace": {abs: file}})
	ov := filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(ov, overlay, 0o644); err != nil {
		return nil, err
	}
	for i, f := range funcs {
		funcs[i] = "^" + f + "$"
	}
	args := []string{"test", "-overlay", ov, "-count=1", "-json", "-run", strings.Join(funcs, "|")}
	if tags != "" {
		args = append(args, "-tags", tags)
	}
	cmd := exec.CommandContext(ctx, "go", append(args, ".")...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, runErr := cmd.Output()
	fails := Failures{}
	sawTest := false
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		var ev struct{ Action, Test string }
		if json.Unmarshal(sc.Bytes(), &ev) != nil || ev.Test == "" {
			continue
		}
		sawTest = true
		if ev.Action != "fail" {
			continue
		}
		fn, name, sub := strings.Cut(ev.Test, "/")
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
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("internal error: the generated file does not build: %v: %s%s", runErr, lastLines(stderr.String()), lastLines(string(out)))
	}
	return fails, nil
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
