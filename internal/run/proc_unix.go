//go:build unix

package run

import (
	"os/exec"
	"syscall"
)

const isWindows = false

// Isolate puts a test process in its own process group so that a
// timeout (or KillGroup) kills it together with any process it started.
func Isolate(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return KillGroup(cmd) }
}

// KillGroup kills a started process and its group.
func KillGroup(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return nil
	}
	// Negative pid: the whole group. Fall back to the process alone.
	if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); err != nil {
		return cmd.Process.Kill()
	}
	return nil
}
