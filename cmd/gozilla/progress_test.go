package main

import (
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
