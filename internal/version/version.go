// Package version says which gozilla is running: for `gozilla version`,
// and for the keys of cached results (a result is reused only by the
// build that computed it).
package version

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"sync"
)

// String is the version line: the module version when the binary was
// built by go install …@version, else "devel" with the commit it was
// built from (and "+dirty" when its tree had changes); then the Go
// version and platform.
//
// A build with neither a version nor a revision (go run, or go build
// with -buildvcs=false) says "devel" and the hash of its executable,
// which tells two such builds apart.
func String() string {
	m := Module()
	if m == "devel" {
		if h := exeHash(); h != "" {
			m += " build " + h[:12]
		}
	}
	return m + " " + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH
}

// Module is the module version, or "devel [commit[+dirty]]".
func Module() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	rev, dirty := "", false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	switch {
	case rev == "":
		return "devel"
	case dirty:
		return "devel " + rev + "+dirty"
	}
	return "devel " + rev
}

var (
	keyOnce sync.Once
	key     string
)

// Key identifies this build for caches: the module version of a
// release; otherwise a hash of the executable itself, since a
// development build (go run, a modified tree) may differ from any
// commit.
func Key() string {
	keyOnce.Do(func() {
		key = Module()
		if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" && info.Main.Version != "(devel)" {
			key += " " + runtime.Version()
			return
		}
		if h := exeHash(); h != "" {
			key += " exe:" + h[:16]
		}
	})
	return key
}

var (
	hashOnce sync.Once
	hash     string
)

// exeHash is the hex SHA-256 of the running executable, or "".
func exeHash() string {
	hashOnce.Do(func() {
		exe, err := os.Executable()
		if err != nil {
			return
		}
		f, err := os.Open(exe)
		if err != nil {
			return
		}
		defer f.Close()
		h := sha256.New()
		if _, err := io.Copy(h, f); err == nil {
			hash = hex.EncodeToString(h.Sum(nil))
		}
	})
	return hash
}
