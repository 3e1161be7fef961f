package ratelimit

import (
	"testing"
	"time"
)

type fakeClock struct{ t time.Time }

func (f *fakeClock) Now() time.Time { return f.t }

func TestBucket(t *testing.T) {
	c := &fakeClock{t: time.Unix(0, 0)}
	b, err := New(1, 2, c)
	if err != nil {
		t.Fatal(err)
	}
	if !b.Allow() || !b.Allow() || b.Allow() {
		t.Fatal("burst")
	}
	c.t = c.t.Add(time.Second)
	if !b.Allow() {
		t.Fatal("refill")
	}
}

func TestParse(t *testing.T) {
	r, b, err := ParseLimit("10/s")
	if err != nil || r != 10 || b != 10 {
		t.Fatal(r, b, err)
	}
}
