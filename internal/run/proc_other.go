//go:build !unix

package run

import (
	"os/exec"
	"runtime"
)

var isWindows = runtime.GOOS == "windows"

// Isolate kills only the process itself on timeout: process groups are a
// unix notion.
func Isolate(cmd *exec.Cmd) {
	cmd.Cancel = func() error { return KillGroup(cmd) }
}

// KillGroup kills a started process.
func KillGroup(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return nil
	}
	return cmd.Process.Kill()
}
