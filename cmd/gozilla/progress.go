package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
)

// progress shows how far a long command is, on standard error: on a
// terminal, one line rewritten in place (a bar where there is a count);
// elsewhere (a CI log), a plain line every few seconds, the first after
// the same interval, so that a quick command prints nothing.
type progress struct {
	w     io.Writer
	tty   bool
	every time.Duration
	mu    sync.Mutex
	last  time.Time
	shown bool
}

// progressEvery is how often a log gets a progress line;
// GOZILLA_PROGRESS_EVERY (a duration) overrides it.
const progressEvery = 5 * time.Second

// newProgress returns the command's progress, or nil with -q.
func newProgress(w io.Writer, quiet bool) *progress {
	if quiet {
		return nil
	}
	every := progressEvery
	if d, err := time.ParseDuration(os.Getenv("GOZILLA_PROGRESS_EVERY")); err == nil && d >= 0 {
		every = d
	}
	return &progress{w: w, tty: isTerminal(w), every: every, last: time.Now()}
}

// count shows what of a total is done: "pkg: [=====     ] 52/220 what".
func (p *progress) count(pkg string, done, total int, what, tail string) {
	if p == nil {
		return
	}
	line := fmt.Sprintf("%s: %d/%d %s", pkg, done, total, what)
	if p.tty {
		const width = 20
		filled := 0
		if total > 0 {
			filled = min(done*width/total, width)
		}
		line = fmt.Sprintf("%s [%s%s] %d/%d %s", pkg, strings.Repeat("=", filled), strings.Repeat(" ", width-filled), done, total, what)
	}
	if tail != "" {
		line += " · " + tail
	}
	p.show(line)
}

// show shows one line.
func (p *progress) show(line string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.tty {
		fmt.Fprintf(p.w, "\r\033[K%s", line)
		p.shown = true
		return
	}
	if now := time.Now(); now.Sub(p.last) >= p.every {
		p.last = now
		fmt.Fprintf(p.w, "gozilla: %s\n", line)
	}
}

// clear removes the terminal's line before the report.
func (p *progress) clear() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.tty && p.shown {
		fmt.Fprint(p.w, "\r\033[K")
		p.shown = false
	}
}
