package main

import (
	"strings"
	"testing"
	"time"

	"github.com/gozilla/gozilla/internal/score"
)

func TestHuman(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{300 * time.Millisecond, "under a second"},
		{42*time.Second + 400*time.Millisecond, "42s"},
		{12*time.Minute + 40*time.Second, "13 min"},
		{2*time.Hour + 5*time.Minute, "2 h 05 min"},
	} {
		if got := human(c.d); got != c.want {
			t.Errorf("human(%v) = %q, want %q", c.d, got, c.want)
		}
	}
	e := score.Estimate{Mutants: 900, Jobs: 2, Least: 3 * time.Minute, Most: 25 * time.Minute}
	if got, want := estimateText(e), "900 mutants to run, from 3 min (if the first test kills each) to 25 min (if they all survive) on 2 processes"; got != want {
		t.Errorf("estimateText = %q, want %q", got, want)
	}
}

// TestProgressFinalCount: a log that showed a count shows the final one
// even within the interval; a quick command prints nothing.
func TestProgressFinalCount(t *testing.T) {
	var buf strings.Builder
	p := &progress{w: &buf, every: time.Hour, last: time.Now()}
	p.count("pkg", 3, 3, "mutants decided", "")
	if buf.Len() != 0 {
		t.Errorf("a quick command printed %q", buf.String())
	}
	p = &progress{w: &buf, every: 0, last: time.Now()}
	p.count("pkg", 1, 3, "mutants decided", "")
	p.every = time.Hour
	p.count("pkg", 2, 3, "mutants decided", "")
	p.count("pkg", 3, 3, "mutants decided", "")
	if want := "gozilla: pkg: 1/3 mutants decided\ngozilla: pkg: 3/3 mutants decided\n"; buf.String() != want {
		t.Errorf("log = %q, want %q", buf.String(), want)
	}
}
