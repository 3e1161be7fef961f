// Package diff finds the lines a change touched, for pull-request runs
// (-diff): those changed since a git ref, or those a unified diff file
// adds or modifies.
package diff

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// Lines is the set of changed lines by absolute file path.
type Lines map[string]map[int]bool

// Has reports whether line n of file (absolute) changed.
func (l Lines) Has(file string, n int) bool { return l[file][n] }

// Mutable reports whether file is one whose lines gozilla mutates: a Go
// file that is not a test.
func Mutable(file string) bool {
	return strings.HasSuffix(file, ".go") && !strings.HasSuffix(file, "_test.go")
}

// Count is the changed lines and files.
func (l Lines) Count() (lines, files int) {
	for _, ls := range l {
		lines += len(ls)
	}
	return lines, len(l)
}

// Changed returns the lines changed in the work tree (committed or not)
// since ref, a git revision, read with git in dir; or, when ref names a
// file, the lines the unified diff in it adds (its paths relative to
// dir, a/ and b/ prefixes allowed).
func Changed(ref, dir string) (Lines, error) {
	if st, err := os.Stat(ref); err == nil && !st.IsDir() {
		data, err := os.ReadFile(ref)
		if err != nil {
			return nil, err
		}
		abs, err := filepath.Abs(dir)
		if err != nil {
			return nil, err
		}
		return Parse(data, abs)
	}
	if strings.HasPrefix(ref, "-") {
		return nil, fmt.Errorf("bad -diff %q: not a git revision or a diff file", ref)
	}
	root, err := git(dir, "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, fmt.Errorf("-diff %s: %v", ref, err)
	}
	if _, err := git(dir, "rev-parse", "--verify", "--quiet", ref+"^{commit}"); err != nil {
		return nil, fmt.Errorf("-diff %s: not a git revision of %s", ref, strings.TrimSpace(root))
	}
	out, err := git(dir, "diff", "--no-color", "--no-ext-diff", "--unified=0", ref, "--")
	if err != nil {
		return nil, fmt.Errorf("-diff %s: %v", ref, err)
	}
	return Parse([]byte(out), strings.TrimSpace(root))
}

// git runs git in dir: its standard output, or its first line of error.
func git(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			msg, _, _ := strings.Cut(strings.TrimSpace(stderr.String()), "\n")
			if msg == "" {
				msg = err.Error()
			}
			return "", errors.New(msg)
		}
		return "", err
	}
	return string(out), nil
}

// Parse reads a unified diff: for each Go file that is not a test
// (Mutable), the lines of the new version that its hunks add ("+"
// lines), by absolute path (root joined with the diff's path).
func Parse(data []byte, root string) (Lines, error) {
	out := Lines{}
	var file string
	var next int // the new version's line the next hunk line has
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "+++ "):
			name := strings.TrimPrefix(line, "+++ ")
			if i := strings.IndexByte(name, '\t'); i >= 0 {
				name = name[:i]
			}
			if name == "/dev/null" {
				file = ""
				continue
			}
			if unq, err := strconv.Unquote(name); err == nil {
				name = unq
			}
			name = strings.TrimPrefix(name, "b/")
			file = filepath.Join(root, filepath.FromSlash(name))
			if !Mutable(file) {
				// Tests (the generated file among them), docs, data:
				// no mutant lives there, and the count says mutated
				// lines.
				file = ""
			}
		case strings.HasPrefix(line, "--- "), strings.HasPrefix(line, "diff "), strings.HasPrefix(line, "index "):
		case strings.HasPrefix(line, "@@ "):
			// @@ -a[,b] +c[,d] @@
			f := strings.Fields(line)
			if len(f) < 3 || !strings.HasPrefix(f[2], "+") {
				return nil, fmt.Errorf("diff line %d: bad hunk header %q", n, line)
			}
			c, _, _ := strings.Cut(strings.TrimPrefix(f[2], "+"), ",")
			start, err := strconv.Atoi(c)
			if err != nil {
				return nil, fmt.Errorf("diff line %d: bad hunk header %q", n, line)
			}
			next = start
		case strings.HasPrefix(line, "+"):
			if file != "" && next > 0 {
				if out[file] == nil {
					out[file] = map[int]bool{}
				}
				out[file][next] = true
			}
			next++
		case strings.HasPrefix(line, " "):
			next++
		}
	}
	return out, sc.Err()
}
