// Package sandbox owns the scratch copy in which gozilla runs a user's
// code: every process that runs a package's code (the schemata test
// binary listing and running its tests, gen's harness workers, the
// survivors' search, the go test check of a generated file) runs with
// its working directory in a Box, never in the user's tree.
//
// A Box holds a copy of what a package's tests can read through relative
// paths, laid out as in the module:
//
//   - the package directory: its files, and every subdirectory that is not
//     another package or module (testdata/, fixtures, data), whole;
//   - each directory above it up to the module root (the directory of the
//     nearest go.mod): its files (go.mod, go.sum, a LICENSE a test reads),
//     and its testdata/, whole.
//
// Its environment points HOME, TMPDIR, the XDG base directories (and
// their Windows counterparts) into the Box, and PWD at the copy of the
// package directory; the go command's own locations (GOCACHE, GOMODCACHE,
// GOPATH, GOENV) stay the user's, so that a test which runs go still
// shares the build cache. Code under test that writes files in its
// working directory, its home or its temporary directory writes them in
// the Box, which is removed with the command's scratch directory.
//
// What a Box does not stop: writes through absolute paths (or a path
// built from one, such as a symbolic link to a directory, which is copied
// as a link), the network, and other processes. Files are copied, never
// hard-linked (a write through a link would reach the user's file); on
// Linux the copy is copy_file_range, which shares extents where the file
// system allows.
//
// The package imports only internal/scratch, for its temporary directory.
package sandbox

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/gozilla/gozilla/internal/scratch"
)

// Box is a scratch copy of a package's directory and what its tests can
// read, with a home and a temporary directory of its own. Its zero value
// is not usable; New makes one. A Box is safe for concurrent use: its
// fields do not change once New returns.
type Box struct {
	// Root is the Box's directory: Remove removes it whole.
	Root string
	// Dir is the copy of the package directory: the working directory of
	// every process that runs the package's code, as go test gives it.
	Dir string
	// Home and Tmp are the processes' HOME and TMPDIR, inside Root.
	Home, Tmp string
	// Src is the package directory it copies (read, never written).
	Src string
	// Files and Bytes count what was copied.
	Files int
	Bytes int64

	env []string
}

// New makes a Box for the package in directory pkgDir under parent (a
// scratch directory the caller owns and removes; "" = a new temporary
// directory, which Remove removes). The module root is the nearest
// directory at or above pkgDir holding a go.mod (pkgDir when none does).
func New(parent, pkgDir string) (*Box, error) {
	src, err := filepath.Abs(pkgDir)
	if err != nil {
		return nil, err
	}
	var root string
	if parent == "" {
		root, err = scratch.Dir("sandbox") // swept when its owner dies
	} else {
		root, err = os.MkdirTemp(parent, "sandbox-")
	}
	if err != nil {
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	b := &Box{Root: root, Src: src, Home: filepath.Join(root, "home"), Tmp: filepath.Join(root, "tmp")}
	if err := b.fill(); err != nil {
		b.Remove()
		return nil, fmt.Errorf("sandbox of %s: %w", src, err)
	}
	b.env = b.environ()
	return b, nil
}

// fill copies the package directory and what is above it, and makes the
// home and temporary directories.
func (b *Box) fill() error {
	mod := moduleRoot(b.Src)
	rel, err := filepath.Rel(mod, b.Src)
	if err != nil {
		return err
	}
	tree := filepath.Join(b.Root, "src")
	b.Dir = filepath.Join(tree, rel)
	for _, d := range []string{b.Dir, b.Tmp, b.Home,
		filepath.Join(b.Home, ".config"), filepath.Join(b.Home, ".cache"),
		filepath.Join(b.Home, ".local", "share"), filepath.Join(b.Home, ".local", "state"),
		filepath.Join(b.Root, "run")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	if err := os.Chmod(filepath.Join(b.Root, "run"), 0o700); err != nil { // XDG_RUNTIME_DIR's mode
		return err
	}
	// The package directory, then each directory above it to the root.
	if err := b.copyDir(b.Src, b.Dir, true); err != nil {
		return err
	}
	for up, dst := filepath.Dir(b.Src), filepath.Dir(b.Dir); rel != "." && strings.HasPrefix(up, mod); up, dst = filepath.Dir(up), filepath.Dir(dst) {
		if err := b.copyDir(up, dst, false); err != nil {
			return err
		}
		td := filepath.Join(up, "testdata")
		if fi, err := os.Stat(td); err == nil && fi.IsDir() && td != b.Src {
			if err := b.copyDir(td, filepath.Join(dst, "testdata"), true); err != nil {
				return err
			}
		}
		if up == mod {
			break
		}
	}
	return nil
}

// moduleRoot is the directory of the nearest go.mod at or above dir, or
// dir itself when there is none.
func moduleRoot(dir string) string {
	for d := dir; ; {
		if fi, err := os.Stat(filepath.Join(d, "go.mod")); err == nil && !fi.IsDir() {
			return d
		}
		up := filepath.Dir(d)
		if up == d {
			return dir
		}
		d = up
	}
}

// copyDir copies the regular files of src into dst (made if need be)
// and, with deep, the subdirectories that are data rather than code
// (skipSubdir), recursively. The package directory's own subdirectories
// are entered with deep; a data directory's are all copied.
func (b *Box) copyDir(src, dst string, deep bool) error {
	ents, err := os.ReadDir(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	for _, e := range ents {
		s, d := filepath.Join(src, e.Name()), filepath.Join(dst, e.Name())
		switch {
		case e.Type()&fs.ModeSymlink != 0:
			if err := b.copyLink(s, d, deep); err != nil {
				return err
			}
		case e.IsDir():
			if !deep || skipSubdir(s, e.Name()) {
				continue
			}
			if err := b.copyTree(s, d); err != nil {
				return err
			}
		case e.Type().IsRegular():
			if err := b.copyFile(s, d); err != nil {
				return err
			}
		}
	}
	return nil
}

// skipSubdir reports whether the package directory's subdirectory dir
// (named name) is left out of the copy: a hidden one (.git), another
// module (a go.mod), or another package (Go files of its own) — the
// package's tests read data directories, not code. testdata is always
// copied, whatever it holds.
func skipSubdir(dir, name string) bool {
	if name == "testdata" {
		return false
	}
	if strings.HasPrefix(name, ".") || name == "vendor" {
		return true
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return true
	}
	for _, e := range ents {
		if !e.IsDir() && (e.Name() == "go.mod" || strings.HasSuffix(e.Name(), ".go")) {
			return true
		}
	}
	return false
}

// copyTree copies the directory src to dst whole, but for nested modules
// and hidden version-control directories.
func (b *Box) copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		d := filepath.Join(dst, rel)
		switch {
		case e.IsDir():
			if p != src && (e.Name() == ".git" || e.Name() == ".hg" || e.Name() == ".svn") {
				return filepath.SkipDir
			}
			if p != src {
				if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil && filepath.Base(src) != "testdata" {
					return filepath.SkipDir
				}
			}
			return os.MkdirAll(d, 0o755)
		case e.Type()&fs.ModeSymlink != 0:
			return b.copyLink(p, d, true)
		case e.Type().IsRegular():
			return b.copyFile(p, d)
		}
		return nil // sockets, devices, pipes: nothing a test reads
	})
}

// copyLink copies a symbolic link: one to a file as the file's content
// (a write then changes the copy, never the target); one to a directory
// as a link to the target's absolute path (with deep; the directory is
// not copied, see the package doc); a dangling one as it is.
func (b *Box) copyLink(src, dst string, deep bool) error {
	fi, err := os.Stat(src)
	if err != nil {
		target, rerr := os.Readlink(src)
		if rerr != nil {
			return nil
		}
		return symlink(target, dst)
	}
	if fi.Mode().IsRegular() {
		return b.copyFile(src, dst)
	}
	if fi.IsDir() && deep {
		target, err := filepath.EvalSymlinks(src)
		if err != nil {
			return nil
		}
		return symlink(target, dst)
	}
	return nil
}

// symlink makes the link dst to target, unless dst is there already.
func symlink(target, dst string) error {
	if err := os.Symlink(target, dst); err != nil && !errors.Is(err, fs.ErrExist) {
		return err
	}
	return nil
}

// copyFile copies a regular file with its permission bits.
func (b *Box) copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		if errors.Is(err, fs.ErrPermission) {
			return nil // unreadable to us: unreadable to the tests too
		}
		return err
	}
	defer in.Close()
	fi, err := in.Stat()
	if err != nil {
		return err
	}
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, fi.Mode().Perm()|0o200)
	if errors.Is(err, fs.ErrExist) {
		return nil // copied already: a package inside an ancestor's testdata
	}
	if err != nil {
		return err
	}
	n, err := io.Copy(out, in) // copy_file_range on Linux
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	b.Files++
	b.Bytes += n
	// The copy is writable by its owner (so that Remove can remove it);
	// the other bits are the original's.
	return os.Chmod(dst, fi.Mode().Perm())
}

// Env is the environment the Box's processes run with, to append to
// os.Environ() (later entries win): HOME, TMPDIR and the XDG base
// directories inside the Box, PWD its copy of the package directory,
// and the go command's locations pinned to the user's.
func (b *Box) Env() []string { return b.env }

func (b *Box) environ() []string {
	env := []string{
		"HOME=" + b.Home,
		"USERPROFILE=" + b.Home,
		"TMPDIR=" + b.Tmp,
		"TMP=" + b.Tmp,
		"TEMP=" + b.Tmp,
		"XDG_CONFIG_HOME=" + filepath.Join(b.Home, ".config"),
		"XDG_CACHE_HOME=" + filepath.Join(b.Home, ".cache"),
		"XDG_DATA_HOME=" + filepath.Join(b.Home, ".local", "share"),
		"XDG_STATE_HOME=" + filepath.Join(b.Home, ".local", "state"),
		"XDG_RUNTIME_DIR=" + filepath.Join(b.Root, "run"),
		"APPDATA=" + filepath.Join(b.Home, ".config"),
		"LOCALAPPDATA=" + filepath.Join(b.Home, ".cache"),
		"PWD=" + b.Dir,
	}
	return append(env, GoLocations()...)
}

// Cmd sets cmd to run in the Box: its working directory the copy of the
// package directory, its environment os.Environ(), then extra, then the
// Box's.
func (b *Box) Cmd(cmd *exec.Cmd, extra ...string) {
	cmd.Dir = b.Dir
	cmd.Env = append(append(os.Environ(), extra...), b.env...)
}

// Remove removes the Box, making writable first whatever the code under
// test made read-only.
func (b *Box) Remove() error {
	if b == nil || b.Root == "" {
		return nil
	}
	if os.RemoveAll(b.Root) == nil {
		return nil
	}
	filepath.WalkDir(b.Root, func(p string, e fs.DirEntry, err error) error {
		if err == nil && e.IsDir() {
			os.Chmod(p, 0o700)
		}
		return nil
	})
	return os.RemoveAll(b.Root)
}

var (
	goLocOnce sync.Once
	goLoc     []string
)

// GoLocations are GOCACHE, GOMODCACHE, GOPATH and GOENV as the go
// command resolves them for gozilla's own environment (its defaults
// derive from HOME, which a Box changes), as KEY=VALUE, asked once per
// process.
func GoLocations() []string {
	goLocOnce.Do(func() {
		names := []string{"GOCACHE", "GOMODCACHE", "GOPATH", "GOENV"}
		out, err := exec.Command("go", append([]string{"env", "-json"}, names...)...).Output()
		var vals map[string]string
		if err != nil || json.Unmarshal(out, &vals) != nil {
			return
		}
		for _, n := range names {
			if v := vals[n]; v != "" {
				goLoc = append(goLoc, n+"="+v)
			}
		}
	})
	return goLoc
}

// State is what a Box's copy of the tree and its home hold at one
// moment (Mark): each file's size, modification time and mode.
type State map[string]stamp

type stamp struct {
	size int64
	mod  int64 // nanoseconds
	mode fs.FileMode
}

// Mark records the Box's tree (the copy of the module's directories) and
// its home, for Changed.
func (b *Box) Mark() State {
	st := State{}
	for _, top := range []string{filepath.Join(b.Root, "src"), b.Home} {
		filepath.WalkDir(top, func(p string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() {
				return nil
			}
			fi, err := e.Info()
			if err != nil {
				return nil
			}
			st[p] = stamp{fi.Size(), fi.ModTime().UnixNano(), fi.Mode()}
			return nil
		})
	}
	return st
}

// Changed lists the files of the tree and the home added, changed or
// removed since st, sorted: relative to the copy of the package
// directory ("data.txt", "../testdata/x"), those in the home as
// "$HOME/…". The go command's own files in the home (its caches and
// telemetry, under .cache/go-build and .config/go) are left out.
func (b *Box) Changed(st State) []string {
	now := b.Mark()
	var out []string
	name := func(p string) string {
		if rel, err := filepath.Rel(b.Home, p); err == nil && !strings.HasPrefix(rel, "..") {
			if strings.HasPrefix(rel, filepath.Join(".config", "go")+string(filepath.Separator)) || strings.HasPrefix(rel, filepath.Join(".cache", "go-build")+string(filepath.Separator)) {
				return ""
			}
			return "$HOME/" + filepath.ToSlash(rel)
		}
		rel, _ := filepath.Rel(b.Dir, p)
		return filepath.ToSlash(rel)
	}
	for p, s := range now {
		if old, ok := st[p]; !ok || old != s {
			if n := name(p); n != "" {
				out = append(out, n)
			}
		}
	}
	for p := range st {
		if _, ok := now[p]; !ok {
			if n := name(p); n != "" {
				out = append(out, n)
			}
		}
	}
	slices.Sort(out)
	return out
}
