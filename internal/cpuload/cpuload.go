// Package cpuload keeps every CPU of the machine busy, for the tests and
// benchmarks that check that gozilla's verdicts do not depend on load:
// under load its solver, workers and timers are descheduled at arbitrary
// points, which is where a verdict that depends on the clock would show.
package cpuload

import (
	"runtime"
	"sync"
)

// Start starts one busy goroutine per CPU and returns the function that
// stops them and waits until they have stopped.
func Start() (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	for range runtime.NumCPU() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			x := 1
			for {
				select {
				case <-done:
					return
				default:
				}
				for i := range 100000 {
					x = x*31 + i
				}
				_ = x
			}
		}()
	}
	var once sync.Once
	return func() {
		once.Do(func() { close(done); wg.Wait() })
	}
}
