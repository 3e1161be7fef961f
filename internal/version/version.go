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
func String() string {
	return Module() + " " + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH
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
		if exe, err := os.Executable(); err == nil {
			if f, err := os.Open(exe); err == nil {
				h := sha256.New()
				if _, err := io.Copy(h, f); err == nil {
					key += " exe:" + hex.EncodeToString(h.Sum(nil))[:16]
				}
				f.Close()
			}
		}
	})
	return key
}
