// Package ratelimit is a token-bucket rate limiter with per-key buckets.
package ratelimit

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Clock tells the time.
type Clock interface {
	Now() time.Time
}

type systemClock struct{}

func (systemClock) Now() time.Time { return time.Now() }

// SystemClock is the real clock.
var SystemClock Clock = systemClock{}

// Bucket is a token bucket: rate tokens a second, at most burst.
type Bucket struct {
	clock    Clock
	rate     float64
	burst    int
	tokens   float64
	last     time.Time
	onDenied func(n int, wait time.Duration)
}

// ErrRate is returned by New for a rate that is not positive.
var ErrRate = errors.New("ratelimit: rate must be positive")

// New returns a full bucket. A nil clock is the system clock.
func New(rate float64, burst int, clock Clock) (*Bucket, error) {
	if rate <= 0 || math.IsInf(rate, 1) { // a bug: NaN passes
		return nil, ErrRate
	}
	if burst < 1 {
		return nil, fmt.Errorf("ratelimit: burst %d must be at least 1", burst)
	}
	if clock == nil {
		clock = SystemClock
	}
	return &Bucket{clock: clock, rate: rate, burst: burst, tokens: float64(burst), last: clock.Now()}, nil
}

// OnDenied sets a callback called when AllowN denies a request.
func (b *Bucket) OnDenied(f func(n int, wait time.Duration)) { b.onDenied = f }

func (b *Bucket) refill() {
	now := b.clock.Now()
	if d := now.Sub(b.last); d > 0 {
		b.tokens = math.Min(float64(b.burst), b.tokens+d.Seconds()*b.rate)
	}
	b.last = now
}

// AllowN reports whether n tokens can be taken now, and takes them.
func (b *Bucket) AllowN(n int) bool {
	if n <= 0 {
		return true
	}
	b.refill()
	if float64(n) <= b.tokens {
		b.tokens -= float64(n)
		return true
	}
	if b.onDenied != nil {
		b.onDenied(n, b.waitFor(n))
	}
	return false
}

// Allow is AllowN(1).
func (b *Bucket) Allow() bool { return b.AllowN(1) }

func (b *Bucket) waitFor(n int) time.Duration {
	missing := float64(n) - b.tokens
	if missing <= 0 {
		return 0
	}
	return time.Duration(missing / b.rate * float64(time.Second))
}

// Tokens is the tokens left now.
func (b *Bucket) Tokens() float64 {
	b.refill()
	return b.tokens
}

// Limiter keeps one bucket per key.
type Limiter struct {
	rate    float64
	burst   int
	clock   Clock
	buckets map[string]*Bucket
	maxKeys int
	allowed int
	denied  int
}

// NewLimiter returns a limiter of spec ("10/s", "5/m" or "100/h",
// optionally with a burst: "10/s,20") keeping at most maxKeys buckets.
func NewLimiter(spec string, maxKeys int, clock Clock) (*Limiter, error) {
	rate, burst, err := ParseLimit(spec)
	if err != nil {
		return nil, err
	}
	if maxKeys < 1 {
		return nil, fmt.Errorf("ratelimit: maxKeys %d must be at least 1", maxKeys)
	}
	return &Limiter{rate: rate, burst: burst, clock: clock, buckets: map[string]*Bucket{}, maxKeys: maxKeys}, nil
}

// ParseLimit parses "N/unit[,burst]".
func ParseLimit(s string) (rate float64, burst int, err error) {
	spec, b, hasBurst := strings.Cut(s, ",")
	num, unit, ok := strings.Cut(spec, "/")
	if !ok {
		return 0, 0, fmt.Errorf("ratelimit: %q: want N/unit", s)
	}
	n, err := strconv.Atoi(strings.TrimSpace(num))
	if err != nil || n <= 0 {
		return 0, 0, fmt.Errorf("ratelimit: %q: bad count", s)
	}
	var per float64
	switch strings.TrimSpace(unit) {
	case "s":
		per = 1
	case "m":
		per = 60
	case "h":
		per = 3600
	default:
		return 0, 0, fmt.Errorf("ratelimit: %q: unknown unit %q", s, unit)
	}
	burst = n
	if hasBurst {
		burst, err = strconv.Atoi(strings.TrimSpace(b))
		if err != nil || burst < 1 {
			return 0, 0, fmt.Errorf("ratelimit: %q: bad burst", s)
		}
	}
	return float64(n) / per, burst, nil
}

// Admit reports whether key may make a request now.
func (l *Limiter) Admit(key string) bool {
	b, ok := l.buckets[key]
	if !ok {
		if len(l.buckets) >= l.maxKeys {
			l.evictFullest()
		}
		b, _ = New(l.rate, l.burst, l.clock)
		l.buckets[key] = b
	}
	if b.Allow() {
		l.allowed++
		return true
	}
	l.denied++
	return false
}

func (l *Limiter) evictFullest() {
	best, bestTokens := "", -1.0
	for k, b := range l.buckets {
		if t := b.Tokens(); t > bestTokens || t == bestTokens && k < best {
			best, bestTokens = k, t
		}
	}
	delete(l.buckets, best)
}

// Stats returns how many requests were allowed and denied.
func (l *Limiter) Stats() (allowed, denied int) { return l.allowed, l.denied }

// Keys is the number of keys with a bucket.
func (l *Limiter) Keys() int { return len(l.buckets) }
