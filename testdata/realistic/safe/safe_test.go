package safe

import (
	"sync"
	"testing"
)

func TestCounterConcurrent(t *testing.T) {
	c := NewCounter()
	var wg sync.WaitGroup
	for i := 0; i < 10; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.Inc("go")
		}()
	}
	wg.Wait()
	if got := c.Get("go"); got != 10 {
		t.Errorf("Get(go) = %d, want 10", got)
	}
}

func TestTop(t *testing.T) {
	c := NewCounter()
	c.Inc("b")
	c.Inc("a")
	c.Inc("b")
	if k, n := c.Top(); k != "b" || n != 2 {
		t.Errorf("Top() = %q, %d; want b, 2", k, n)
	}
	c.Reset()
	if k, n := c.Top(); k != "" || n != 0 {
		t.Errorf("Top() after Reset = %q, %d", k, n)
	}
}
