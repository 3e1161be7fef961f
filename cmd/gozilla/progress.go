package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/gozilla/gozilla/internal/score"
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
	// logged: a log line was printed (not a terminal).
	logged bool
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
	p.mu.Lock()
	logged := p.logged
	p.mu.Unlock()
	if done >= total && !p.tty && logged {
		// A log that showed a count shows the final one, whatever the
		// interval; a quick command still prints nothing.
		p.note(line)
		return
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
		p.last, p.logged = now, true
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

// note shows a line that stays: on a terminal it replaces the progress
// line and the next one is drawn below it; in a log it is printed at
// once, whatever the interval.
func (p *progress) note(line string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.tty {
		fmt.Fprintf(p.w, "\r\033[K%s\n", line)
		p.shown = false
		return
	}
	fmt.Fprintf(p.w, "gozilla: %s\n", line)
}

// estimateText says how long a package's mutant runs will take.
func estimateText(e score.Estimate) string {
	procs := "processes"
	if e.Jobs == 1 {
		procs = "process"
	}
	least, most := human(e.Least), human(e.Most)
	if least == most {
		return fmt.Sprintf("%d mutants to run, %s on %d %s", e.Mutants, least, e.Jobs, procs)
	}
	return fmt.Sprintf("%d mutants to run, from %s (if the first test kills each) to %s (if they all survive) on %d %s", e.Mutants, least, most, e.Jobs, procs)
}

// eta tells how much of a count is left from the rate since the first
// call: "about 3 min left". It only informs; nothing is decided by it.
type eta struct {
	mu    sync.Mutex
	start time.Time
	from  int
}

func (e *eta) left(done, total int) string {
	e.mu.Lock()
	defer e.mu.Unlock()
	now := time.Now()
	if e.start.IsZero() {
		e.start, e.from = now, done
		return ""
	}
	el := now.Sub(e.start)
	if done <= e.from || done >= total || el < 10*time.Second {
		return ""
	}
	rest := time.Duration(float64(el) / float64(done-e.from) * float64(total-done))
	if rest < time.Minute {
		return "under a minute left"
	}
	return "about " + human(rest) + " left"
}

// human spells a duration as a person would: "40s", "12 min", "2 h 05 min".
func human(d time.Duration) string {
	switch {
	case d < time.Second:
		return "under a second"
	case d < 2*time.Minute:
		return fmt.Sprintf("%ds", int(d.Round(time.Second).Seconds()))
	case d < 2*time.Hour:
		return fmt.Sprintf("%d min", int(d.Round(time.Minute).Minutes()))
	default:
		m := int(d.Round(time.Minute).Minutes())
		return fmt.Sprintf("%d h %02d min", m/60, m%60)
	}
}
