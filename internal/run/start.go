package run

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// StartError is a package's test binary that fails before any test
// runs, whatever it is asked: its initialization (an init function or a
// package variable's initializer, of the package or of one it imports)
// or its TestMain panics or exits. Nothing of the package can run; Msg
// is one line saying where and why, the panic's own message included.
type StartError struct{ Msg string }

func (e *StartError) Error() string { return e.Msg }

// frameFunc matches a traceback's function line ("example.com/m.init.0()",
// "panic({0x4b2f60, 0xc000012345})") and frameFile the file line after it
// ("\t/src/m/m.go:6 +0x25").
var (
	frameFunc = regexp.MustCompile(`^(\S+)\(.*\)$`)
	frameFile = regexp.MustCompile(`^\t(\S+\.go):(\d+)`)
	initFunc  = regexp.MustCompile(`\.init(\.\d+)?(\.func\d+)*$`)
)

// NewStartError describes a test binary that ended (how: "exit status
// 2") before its tests, from what it wrote on standard error: a panic's
// message with the place of the first frame outside the runtime ("init
// panics: m/m.go:6: no config file"), else the last line it wrote.
func NewStartError(how string, stderr []byte) *StartError {
	lines := strings.Split(strings.ReplaceAll(string(stderr), "\r\n", "\n"), "\n")
	for i, l := range lines {
		if !strings.HasPrefix(l, "panic: ") {
			continue
		}
		msg := strings.TrimSuffix(strings.TrimPrefix(l, "panic: "), " [recovered]")
		what := "panics before any test runs"
		for j := i + 1; j+1 < len(lines); j++ {
			fn := frameFunc.FindStringSubmatch(lines[j])
			file := frameFile.FindStringSubmatch(lines[j+1])
			if fn == nil || file == nil || fn[1] == "panic" || strings.HasPrefix(fn[1], "runtime.") {
				continue
			}
			if initFunc.MatchString(fn[1]) {
				what = "init panics"
			}
			msg = relFile(file[1]) + ":" + file[2] + ": " + msg
			break
		}
		return &StartError{Msg: what + ": " + msg}
	}
	last := ""
	for _, l := range lines {
		if l = strings.TrimSpace(l); l != "" {
			last = l
		}
	}
	msg := "exits before any test runs (" + how + ")"
	if last != "" {
		msg += ": " + last
	}
	return &StartError{Msg: msg}
}

// relFile shortens a file to the working directory, when it is below it.
func relFile(path string) string {
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	if rel, err := filepath.Rel(wd, path); err == nil && filepath.IsLocal(rel) {
		return filepath.ToSlash(rel)
	}
	return path
}
