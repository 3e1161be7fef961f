// Package run executes a package's tests against its mutants. It owns the
// schemata build (one `go test -c` per package with the mutated sources in
// an -overlay), the worker processes, per-mutant timeouts, and the
// isolation of panics, os.Exit and endless loops: every run is a separate
// process of the test binary, killed with its process group on timeout.
//
// In: the overlay from package mutate and the test names. Out: per-test
// baseline facts (pass/fail, duration, the mutation sites each test
// reaches) and per-mutant Results. The binary selects the active mutant
// from the GOZILLA_MUTANT environment variable, so building once serves
// every mutant.
package run

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// BuildConfig says what to build.
type BuildConfig struct {
	Dir     string            // directory to run `go` in (inside the user's module)
	Pkg     string            // import path of the package
	Overlay map[string][]byte // absolute file path -> contents (new or replaced files)
	Tags    string            // build tags
	WorkDir string            // scratch directory owned by the caller; the binary goes here
	Env     []string          // extra environment
}

// BuildError is a failed build; Output holds the compiler's messages.
type BuildError struct {
	Pkg    string
	Output string
}

func (e *BuildError) Error() string {
	first := strings.TrimSpace(e.Output)
	for _, line := range strings.Split(first, "\n") {
		// Skip the "# pkg" header lines the go command prints.
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			first = line
			break
		}
	}
	return fmt.Sprintf("build %s: %s", e.Pkg, first)
}

// ErrNoTests is returned by Build when the package has no test files.
var ErrNoTests = errors.New("package has no test files")

// Build compiles the package's test binary with the overlay applied and
// returns the binary's path inside cfg.WorkDir.
func Build(ctx context.Context, cfg BuildConfig) (string, error) {
	args := []string{"test", "-c", "-vet=off"}
	if tags := strings.TrimSpace(cfg.Tags); tags != "" {
		args = append(args, "-tags="+tags)
	}
	if len(cfg.Overlay) > 0 {
		ov, err := WriteOverlay(cfg.WorkDir, cfg.Overlay)
		if err != nil {
			return "", err
		}
		args = append(args, "-overlay="+ov)
	}
	bin := filepath.Join(cfg.WorkDir, "pkg.test")
	if isWindows {
		bin += ".exe"
	}
	args = append(args, "-o", bin, cfg.Pkg)
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = cfg.Dir
	cmd.Env = append(os.Environ(), cfg.Env...)
	// Stopped (SIGINT, SIGTERM), the go command is killed with the
	// compilers it started, not alone.
	Isolate(cmd)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		return "", &BuildError{Pkg: cfg.Pkg, Output: out.String()}
	}
	if _, err := os.Stat(bin); err != nil {
		// `go test -c` writes nothing for a package without test files.
		if strings.Contains(out.String(), "no test files") {
			return "", ErrNoTests
		}
		return "", fmt.Errorf("build %s: no test binary produced: %s", cfg.Pkg, strings.TrimSpace(out.String()))
	}
	return bin, nil
}

// WriteOverlay writes the overlay sources (absolute path → contents)
// under dir and the JSON file that maps them, as `go build -overlay`
// expects, and returns that file's path.
func WriteOverlay(dir string, files map[string][]byte) (string, error) {
	srcDir := filepath.Join(dir, "overlay")
	if err := os.MkdirAll(srcDir, 0o755); err != nil {
		return "", err
	}
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	replace := map[string]string{}
	for i, p := range paths {
		// The go command takes build constraints from the original path;
		// the base name only keeps the scratch copy readable.
		dst := filepath.Join(srcDir, strconv.Itoa(i)+"_"+filepath.Base(p))
		if err := os.WriteFile(dst, files[p], 0o644); err != nil {
			return "", err
		}
		replace[p] = dst
	}
	data, err := json.Marshal(struct{ Replace map[string]string }{replace})
	if err != nil {
		return "", err
	}
	ov := filepath.Join(dir, "overlay.json")
	return ov, os.WriteFile(ov, data, 0o644)
}

// ListTests lists the tests, examples and fuzz targets of a test binary
// (benchmarks are not tests and are left out), in the binary's order.
// The binary runs in dir with env appended to gozilla's environment (a
// sandbox's: listing runs the package's init functions). A binary that
// fails there is a *StartError.
func ListTests(ctx context.Context, bin, dir string, env []string) ([]string, error) {
	cmd := exec.CommandContext(ctx, bin, "-test.list", ".")
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), env...), "GOZILLA_MUTANT=0")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var ee *exec.ExitError
	if errors.As(err, &ee) && ctx.Err() == nil {
		// Listing runs nothing of the package but its initialization
		// (and TestMain).
		return nil, NewStartError(ee.ProcessState.String(), stderr.Bytes())
	}
	if err != nil {
		return nil, fmt.Errorf("list tests: %v: %s", err, strings.TrimSpace(stderr.String()))
	}
	var names []string
	for _, line := range strings.Split(string(out), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "Test"), strings.HasPrefix(line, "Example"), strings.HasPrefix(line, "Fuzz"):
			names = append(names, line)
		}
	}
	return names, nil
}
