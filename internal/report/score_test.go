package report

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"
)

func TestCountsScore(t *testing.T) {
	tests := []struct {
		statuses []Status
		want     float64 // NaN for undefined
	}{
		{[]Status{Killed, Lived}, 0.5},
		{[]Status{Killed, TimedOut, Lived, NotCovered}, 0.5},
		{[]Status{Killed, Equivalent, Lived, Equivalent}, 0.5}, // E leaves the denominator
		{[]Status{Equivalent}, math.NaN()},
		{nil, math.NaN()},
	}
	for _, tt := range tests {
		var c Counts
		for _, s := range tt.statuses {
			c.Add(s)
		}
		got := c.Score()
		if math.IsNaN(tt.want) != math.IsNaN(got) || (!math.IsNaN(got) && got != tt.want) {
			t.Errorf("Score of %v = %v, want %v", tt.statuses, got, tt.want)
		}
	}
}

func TestNewScore(t *testing.T) {
	ms := []Mutant{
		{ID: 2, Package: "b", Op: "ROR", Status: Lived},
		{ID: 1, Package: "b", Op: "SDL", Orig: "x++", Repl: "", Status: Killed},
		{ID: 1, Package: "a", Op: "AOR", Status: NotCovered},
	}
	s := NewScore([]Package{{Path: "a"}, {Path: "b"}}, ms, 1.5)
	if s.Mutants[0].Package != "a" || s.Mutants[1].ID != 1 || s.Mutants[2].ID != 2 {
		t.Errorf("mutants not sorted by package and ID: %+v", s.Mutants)
	}
	if s.Summary.Mutants != 3 || s.Summary.Killed != 1 || s.Summary.Lived != 1 || s.Summary.NotCovered != 1 {
		t.Errorf("summary %+v", s.Summary)
	}
	if s.Packages[0].Score == nil || *s.Packages[0].Score != 0 || s.Packages[1].Score == nil || *s.Packages[1].Score != 0.5 {
		t.Errorf("package scores %v %v, want 0 and 0.5", s.Packages[0].Score, s.Packages[1].Score)
	}
	var buf bytes.Buffer
	if err := s.JSON(&buf); err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil || doc["schema"] != ScoreSchema {
		t.Errorf("JSON %s: %v", buf.String(), err)
	}
	buf.Reset()
	s.Text(&buf, false)
	text := buf.String()
	if strings.Contains(text, "SDL") {
		t.Errorf("killed mutants listed without -v:\n%s", text)
	}
	buf.Reset()
	s.Text(&buf, true)
	if !strings.Contains(buf.String(), "x++  →  (deleted)") {
		t.Errorf("verbose listing lacks the deleted statement:\n%s", buf.String())
	}
}
