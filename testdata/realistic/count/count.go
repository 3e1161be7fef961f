// Package count implements wc-style counting helpers and a few small
// utilities for summing and transforming integer data.
package count

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
)

// ErrNoName is returned by WriteReport when name is empty.
var ErrNoName = errors.New("count: empty report name")

// CountLines reads r to the end and returns the number of lines, words and
// bytes it contains, like wc. A final line without a trailing newline still
// counts as a line.
func CountLines(r io.Reader) (lines, words, bytes int, err error) {
	br := bufio.NewReader(r)
	for {
		line, readErr := br.ReadString('\n')
		if len(line) > 0 {
			lines++
			bytes += len(line)
			words += len(strings.Fields(line))
		}
		if readErr == io.EOF {
			break
		}
		if readErr != nil {
			return lines, words, bytes, fmt.Errorf("count: %w", readErr)
		}
	}
	return lines, words, bytes, nil
}

// WriteReport writes a single "name: n" line to w.
func WriteReport(w io.Writer, name string, n int) error {
	if name == "" {
		return ErrNoName
	}
	if _, err := fmt.Fprintf(w, "%s: %d\n", name, n); err != nil {
		return fmt.Errorf("write report %s: %w", name, err)
	}
	return nil
}

// Apply returns a new slice with f applied to every element of xs.
// A nil f leaves the values unchanged.
func Apply(xs []int, f func(int) int) []int {
	out := make([]int, len(xs))
	for i, x := range xs {
		if f == nil {
			out[i] = x
			continue
		}
		out[i] = f(x)
	}
	return out
}

// Sum adds up xs, checking ctx for cancellation every 1000 elements and
// once before starting.
func Sum(ctx context.Context, xs []int) (int, error) {
	total := 0
	for i, x := range xs {
		if i%1000 == 0 {
			if err := ctx.Err(); err != nil {
				return 0, err
			}
		}
		total += x
	}
	return total, nil
}
