// Package testmod writes throw-away Go modules for tests: the packages
// gozilla loads, mutates and runs in its tests live in a temporary
// module example.com/m built from a map of file names to contents.
package testmod

import (
	"os"
	"path/filepath"
	"testing"
)

// Write creates the module in a temporary directory that t removes and
// returns its root. files maps slash-separated paths to contents; a go.mod
// for module example.com/m is added.
func Write(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	all := map[string]string{"go.mod": "module example.com/m\n\ngo 1.26\n"}
	for name, src := range files {
		all[name] = src
	}
	for name, src := range all {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// LongEnv, set to 1, runs the long tests too: end-to-end runs of gozilla
// on whole packages, each tens of seconds. `go test ./...` leaves them out
// so that the suite stays within minutes on two loaded cores; CI
// (.ci/run) runs them.
const LongEnv = "GOZILLA_LONG"

// Long skips t unless LongEnv is 1.
func Long(t testing.TB) {
	t.Helper()
	if os.Getenv(LongEnv) != "1" {
		t.Skip("a long test: " + LongEnv + "=1 runs it")
	}
}
