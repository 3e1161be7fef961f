package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestScenariosCgo runs the scenarios of testdata/scenarios/cgo, which
// build packages with files that import "C": they need cgo and a C
// compiler, and are skipped without them.
func TestScenariosCgo(t *testing.T) {
	if out, err := exec.Command("go", "env", "CGO_ENABLED", "CC").Output(); err != nil {
		t.Skipf("go env: %v", err)
	} else if f := strings.Fields(string(out)); len(f) != 2 || f[0] != "1" {
		t.Skip("cgo is disabled (CGO_ENABLED=0)")
	} else if _, err := exec.LookPath(f[1]); err != nil {
		t.Skipf("no C compiler: %v", err)
	}
	files, err := filepath.Glob(filepath.Join("testdata", "scenarios", "cgo", "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata/scenarios/cgo/*.txtar: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			t.Parallel()
			runScenario(t, file)
		})
	}
}
