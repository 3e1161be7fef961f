//go:build unix

package drive

import (
	"os"
	"syscall"
)

// canWrite reports whether path can be written to, as access(2) sees it:
// its mode bits, a read-only file system, an immutable flag (which even
// root's writes fail on).
func canWrite(path string) error {
	const wOK = 2 // W_OK
	if err := syscall.Access(path, wOK); err != nil {
		return &os.PathError{Op: "access", Path: path, Err: err}
	}
	return nil
}
