package main

import (
	"cmp"
	"flag"
	"fmt"
	"io"
	"os"
	"text/tabwriter"

	"github.com/gozilla/gozilla/internal/cachedir"
)

// cacheDoc is gozilla cache's paragraph in its usage.
const cacheDoc = `Cache shows where the cache of score's verdicts and gen's replayed tests is
(the directory score's and gen's -cache default to: $GOZILLA_CACHE, else
gozilla/ in the user cache directory) and what it holds of each kind: its
entries and their bytes. -clean removes the entries, and the directory
when that leaves it empty; files that are not gozilla's stay. -dir prints
the directory alone (off when there is no cache). Each entry carries a
SHA-256 checksum of its key and content: one edited or damaged is a miss,
computed again, never a wrong result.`

// cmdCache is gozilla cache: show the cache (the default), -dir, or
// -clean.
func cmdCache(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("cache", flag.ContinueOnError)
	var (
		cacheDir = fs.String("cache", defaultCache(), "the cache directory, as score's and gen's -cache ($GOZILLA_CACHE sets the default)")
		onlyDir  = fs.Bool("dir", false, "print the cache directory alone (off: no cache)")
		clean    = fs.Bool("clean", false, "remove the cache's entries, and its directory if that leaves it empty")
	)
	if err := parseFlags(fs, args, stdout, stderr); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		msg := fmt.Sprintf("cache: unexpected argument %q (see gozilla help cache)", fs.Arg(0))
		if fs.Arg(0) == "clean" || fs.Arg(0) == "dir" {
			msg = fmt.Sprintf("cache: unexpected argument %q; did you mean -%s?", fs.Arg(0), fs.Arg(0))
		}
		return &exitError{code: 2, msg: msg}
	}
	if *onlyDir && *clean {
		return &exitError{code: 2, msg: "cache: -dir and -clean: give one"}
	}
	dir := cachePath(*cacheDir)
	switch {
	case *onlyDir:
		fmt.Fprintln(stdout, cmp.Or(dir, "off"))
		return nil
	case dir == "":
		fmt.Fprintln(stdout, "the cache is off: score and gen keep nothing between runs (-cache DIR or $GOZILLA_CACHE names a directory)")
		return nil
	case *clean:
		us, err := cachedir.Clean(dir)
		n, bytes := cacheTotal(us)
		fmt.Fprintf(stdout, "removed %d entries (%d bytes) from %s\n", n, bytes, dir)
		if err != nil {
			return &exitError{code: 2, msg: "cache: " + err.Error()}
		}
		if _, err := os.Stat(dir); err == nil {
			fmt.Fprintf(stdout, "%s stays: it holds files that are not gozilla's\n", dir)
		}
		return nil
	}
	us, err := cachedir.Size(dir)
	if err != nil {
		return &exitError{code: 2, msg: "cache: " + err.Error()}
	}
	where := dir
	if _, err := os.Stat(dir); os.IsNotExist(err) {
		where += " (not created yet)"
	}
	fmt.Fprintf(stdout, "cache directory: %s\n", where)
	tw := tabwriter.NewWriter(stdout, 0, 0, 1, ' ', 0)
	fmt.Fprintln(tw, "KIND\tENTRIES\tBYTES")
	for _, u := range us {
		fmt.Fprintf(tw, "%s\t%d\t%d\n", u.Kind, u.Entries, u.Bytes)
	}
	n, bytes := cacheTotal(us)
	fmt.Fprintf(tw, "total\t%d\t%d\n", n, bytes)
	return tw.Flush()
}

// cacheTotal adds up the kinds' entries and bytes.
func cacheTotal(us []cachedir.Usage) (entries int, bytes int64) {
	for _, u := range us {
		entries += u.Entries
		bytes += u.Bytes
	}
	return entries, bytes
}
