package mutate

// This file implements the per-mutant check: each mutant's source is
// type-checked on its own, with go/types, exactly as the user would see it
// if they applied it. This rejects what the operators cannot see locally:
// a variable, import or label left unused, a constant that overflows, a
// lost terminating statement, an operand form of the wrong type.

import (
	"runtime"
	"sync"

	"github.com/gozilla/gozilla/internal/load"
)

// dropIdentical removes variants whose text equals the original span.
func dropIdentical(files []*fileSites) {
	for _, fs := range files {
		for _, s := range fs.all {
			orig := string(fs.file.Src[s.pos:s.end])
			for _, v := range s.variants {
				if v.plain(fs.file.Src) == orig {
					v.dropped = true
				}
			}
		}
	}
}

// checkMutants type-checks every live variant in parallel and drops those
// that do not type-check.
func checkMutants(pkg *load.Package, files []*fileSites, d *Dropped) {
	type job struct {
		fs *fileSites
		s  *site
		v  *variant
	}
	var jobs []job
	for _, fs := range files {
		for _, s := range fs.all {
			for _, v := range s.variants {
				if !v.dropped {
					jobs = append(jobs, job{fs, s, v})
				}
			}
		}
	}
	reasons := make([]string, len(jobs))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				j := jobs[i]
				src := j.fs.file.Src
				mutated := make([]byte, 0, len(src)+64)
				mutated = append(mutated, src[:j.s.pos]...)
				mutated = append(mutated, j.v.plain(src)...)
				mutated = append(mutated, src[j.s.end:]...)
				errs := checkFiles(pkg, func(path string) []byte {
					if path == j.fs.file.Path {
						return mutated
					}
					return nil
				})
				if len(errs) > 0 {
					reasons[i] = errs[0].msg
				}
			}
		}()
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, j := range jobs {
		if reasons[i] != "" {
			j.v.dropped = true
			d.IllTyped++
			if d.FirstReason == "" {
				d.FirstReason = j.v.op.String() + ": " + reasons[i]
			}
		}
	}
}
