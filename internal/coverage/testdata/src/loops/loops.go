// Package loops is a coverage subject: loops, labels and goto.
package loops

//coverage:check SBPU

// SumUntilNegative adds xs up to the first negative element.
func SumUntilNegative(xs []int) int { // want S+"2"
	total := 0
	for i := 0; i < len(xs); i++ { // want S+"1" B+"i < len(xs) true" B+"i < len(xs) false" P+"xs:7" P+"i:9,9,9,9"
		if xs[i] == 0 { // want S+"1" B+"xs[i] == 0 true" B+"xs[i] == 0 false" P+"xs:7" P+"i:9,9"
			continue
		}
		if xs[i] < 0 { // want S+"1" S+"1" B+"xs[i] < 0 true" B+"xs[i] < 0 false" P+"xs:7" P+"i:9,9"
			break
		}
		total += xs[i] // want S+"1" P+"xs:7" P+"i:9,9" P+"total:8,16"
	}
	return total // want S+"1" P+"total:8,16"
}

// CountBelow counts the pairs j <= i < n.
func CountBelow(n int) (count int) { // want S+"1"
loop:
	for i := 0; i < n; i++ { // want S+"1" B+"i < n true" B+"i < n false" P+"n:22" P+"i:24,24,24,24"
		for j := 0; j < n; j++ { // want S+"1" B+"j < n true" B+"j < n false" P+"n:22" P+"j:25,25,25,25"
			if j > i { // want S+"1" B+"j > i true" B+"j > i false" P+"i:24,24" P+"j:25,25"
				continue loop
			}
			count++ // want S+"1" P+"count:22,29"
		}
	}
	return // want S+"1" P-"count:22" P+"count:29"
}

// Find returns the position of target in grid.
func Find(grid [][]int, target int) (int, int) { // want S+"1"
outer:
	for r, row := range grid { // want S+"1" P+"grid:36"
		for c := 0; c < len(row); c++ { // want S+"1" B+"c < len(row) true" B-"c < len(row) false" P+"row:38" P+"c:39,39,39" P-"c:39"
			if row[c] == target { // want S+"1" B+"row[c] == target true" B+"row[c] == target false" P+"row:38" P+"target:36" P+"c:39,39"
				return r, c // want P+"r:38" P-"c:39" P+"c:39"
			}
			if row[c] > target { // want S+"1" S+"1" B+"row[c] > target true" B+"row[c] > target false" P+"row:38" P+"target:36" P+"c:39,39"
				continue outer
			}
		}
	}
	return -1, -1 // want S+"1"
}

// Collatz counts steps with goto.
func Collatz(n int) (steps int) { // want S+"1"
again:
	if n == 1 { // want S+"1" S+"1" B+"n == 1 true" B+"n == 1 false" P+"n:52,58,60"
		return // want P-"steps:52" P+"steps:62"
	}
	if n%2 == 0 { // want S+"1" S+"1" B+"n%2 == 0 true" B+"n%2 == 0 false" P+"n:52,58,60"
		n /= 2 // want P+"n:52,58,60"
	} else { // want S+"1"
		n = 3*n + 1 // want P-"n:52" P+"n:58" P-"n:60"
	}
	steps++ // want S+"2" P+"steps:52,62"
	goto again
}

// Ranges ranges over a map, an integer and an array.
func Ranges(m map[string]int) (keys []string, total int) { // want S+"1"
	for k, v := range m { // want S+"2" P+"m:67"
		keys = append(keys, k) // want P+"k:68" P+"keys:67,69"
		total += v             // want P+"v:68" P+"total:67,70"
	}
	for range 3 { // want S+"1" S+"1"
		total++ // want P-"total:67" P+"total:70,73"
	}
	var arr [4]int       // want S+"2"
	for i := range arr { // want S+"1"
		total += i // want P+"i:76" P-"total:67,70" P+"total:73,77"
	}
	return // want S+"1" P-"keys:67" P+"keys:69" P-"total:67,70,73" P+"total:77"
}

// FirstPow is a for without condition.
func FirstPow(limit int) int { // want S+"2"
	p := 1
	for { // want S+"1"
		if p > limit { // want S+"1" B+"p > limit true" B+"p > limit false" P+"limit:83" P+"p:84,89"
			break
		}
		p *= 2 // want S+"1" P+"p:84,89"
	}
	return p // want S+"1" P-"p:84" P+"p:89"
}

// Step has a post statement with a non-constant op= and a
// multi-value init and post.
func Step(n, step int) (out []int) { // want S+"1"
	for i := 0; i < n; i += step { // want S+"1" B+"i < n true" B+"i < n false" P+"n:96" P+"step:96" P+"i:97,97,97,97"
		out = append(out, i) // want P+"i:97,97" P+"out:96,98"
	}
	next := iter(n)                           // want S+"2" P+"n:96"
	for v, ok := next(); ok; v, ok = next() { // want S+"1" B+"ok true" B+"ok false" P+"next:100,100" P+"ok:101,101"
		out = append(out, v) // want P+"v:101,101" P-"out:96" P+"out:98,102"
	}
	return // want S+"1" P+"out:96" P-"out:98" P+"out:102"
}

func iter(n int) func() (int, bool) { // want S+"2" U"n"
	i := 0                      // want U"i"
	return func() (int, bool) { // want S+"1"
		if i >= n { // want S+"1" B+"i >= n true" B+"i >= n false"
			return 0, false
		}
		i++ // want S+"2"
		return i, true
	}
}
