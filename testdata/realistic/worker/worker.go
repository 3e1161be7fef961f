// Package worker contains helpers for draining channels and spreading
// simple work across a pool of goroutines.
package worker

import "sync"

// Collect receives from ch until it is closed or limit values have been
// read, and returns what it received. A limit of zero or less means no limit.
func Collect(ch <-chan int, limit int) []int {
	var out []int
	for v := range ch {
		out = append(out, v)
		if limit > 0 && len(out) >= limit {
			break
		}
	}
	return out
}

// Batch groups the values received from ch into slices of at most size
// elements until ch is closed. The last batch may be shorter.
// It panics if size is less than one.
func Batch(ch <-chan int, size int) [][]int {
	if size < 1 {
		panic("worker: batch size must be positive")
	}
	var batches [][]int
	cur := make([]int, 0, size)
	for v := range ch {
		cur = append(cur, v)
		if len(cur) == size {
			batches = append(batches, cur)
			cur = make([]int, 0, size)
		}
	}
	if len(cur) > 0 {
		batches = append(batches, cur)
	}
	return batches
}

// Fanout squares every value in `in` using the given number of worker
// goroutines and returns the sum of the squares. If workers is less than
// one, a single worker is used.
func Fanout(in []int, workers int) int {
	if workers < 1 {
		workers = 1
	}
	if workers > len(in) && len(in) > 0 {
		workers = len(in)
	}

	jobs := make(chan int)
	results := make(chan int, len(in))

	var wg sync.WaitGroup
	for i := 0; i < workers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for v := range jobs {
				results <- v * v
			}
		}()
	}

	for _, v := range in {
		jobs <- v
	}
	close(jobs)
	wg.Wait()
	close(results)

	sum := 0
	for r := range results {
		sum += r
	}
	return sum
}

// Generate returns a channel that yields the integers from 0 to n-1 and
// is then closed.
func Generate(n int) <-chan int {
	ch := make(chan int)
	go func() {
		defer close(ch)
		for i := 0; i < n; i++ {
			ch <- i
		}
	}()
	return ch
}
