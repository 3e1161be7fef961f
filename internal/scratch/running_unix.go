//go:build unix

package scratch

import (
	"errors"
	"syscall"
)

// running reports whether o's process still runs: a process has its pid
// (signal 0 reaches it, or is refused), and, where both start times are
// known, started when o's did (the pid was not reused).
func running(o owner) bool {
	if err := syscall.Kill(o.PID, 0); errors.Is(err, syscall.ESRCH) {
		return false
	}
	if o.Start != "" {
		if start := startTime(o.PID); start != "" && start != o.Start {
			return false
		}
	}
	return true
}
