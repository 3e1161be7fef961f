package drive

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/gozilla/gozilla/internal/report"
)

// writable checks, before any work on a package, that gen will be able
// to write its file: the directory takes a new file, and the file, when
// one is there (gozilla's, to be replaced), opens for writing. Nothing
// is written to find out (access(2) where there is one). Its error is
// the package's line.
func writable(file string) error {
	dir := filepath.Dir(file)
	if err := canWrite(dir); err != nil {
		return fmt.Errorf("cannot write %s: its directory is not writable (%s)", report.RelPath(file), why(err))
	}
	if _, err := os.Stat(file); err == nil {
		if err := canWrite(file); err != nil {
			return fmt.Errorf("cannot write %s: the file is not writable (%s)", report.RelPath(file), why(err))
		}
	}
	return nil
}

// writeError is the package's line for a file gen could not write.
func writeError(file string, err error) error {
	return fmt.Errorf("cannot write %s: %s", report.RelPath(file), why(err))
}

// why is an error without the path its *fs.PathError repeats.
func why(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
