// Package safe provides a word counter that is safe for concurrent use.
package safe

import "sync"

// Counter counts occurrences of string keys. Its methods may be called
// from multiple goroutines. Create one with NewCounter.
type Counter struct {
	mu     sync.Mutex
	counts map[string]int
}

// NewCounter returns an empty Counter.
func NewCounter() *Counter {
	return &Counter{counts: make(map[string]int)}
}

// Inc increments the count for key and returns the new count.
func (c *Counter) Inc(key string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.counts[key]++
	return c.counts[key]
}

// Add adds n to the count for key and returns the new count. A count that
// drops to zero or below removes the key.
func (c *Counter) Add(key string, n int) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	v := c.counts[key] + n
	if v <= 0 {
		delete(c.counts, key)
		return 0
	}
	c.counts[key] = v
	return v
}

// Get returns the current count for key.
func (c *Counter) Get(key string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.counts[key]
}

// Len returns the number of distinct keys with a positive count.
func (c *Counter) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.counts)
}

// Top returns the key with the highest count. Ties are broken by choosing
// the alphabetically smallest key. It returns "", 0 if the counter is empty.
func (c *Counter) Top() (string, int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	bestKey, bestN := "", 0
	for k, n := range c.counts {
		if n > bestN || (n == bestN && k < bestKey) {
			bestKey, bestN = k, n
		}
	}
	return bestKey, bestN
}

// Reset removes all counts.
func (c *Counter) Reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.counts = make(map[string]int)
}
