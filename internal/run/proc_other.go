//go:build !unix

package run

import (
	"os/exec"
	"runtime"
)

var isWindows = runtime.GOOS == "windows"

// isolate kills only the process itself on timeout: process groups are a
// unix notion.
func isolate(cmd *exec.Cmd) {
	cmd.Cancel = func() error { return cmd.Process.Kill() }
}
