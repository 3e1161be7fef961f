// Package branches is a coverage subject: decisions.
package branches

//coverage:check SBPU

import "fmt"

// Flag is a named boolean type.
type Flag bool

// Sign returns -1, 0 or 1.
func Sign(x int) int { // want S+"1"
	if x < 0 { // want S+"1" B+"x < 0 true" B+"x < 0 false" P+"x:12"
		return -1
	} else if x == 0 { // want S+"1" S-"1" B-"x == 0 true" B+"x == 0 false" P+"x:12"
		return 0
	}
	return 1 // want S+"1"
}

// Classify is an if/else-if chain with init statements.
func Classify(s string) string { // want S+"1"
	if n := len(s); n == 0 { // want S+"1" B+"n == 0 true" B+"n == 0 false" P+"s:22" P+"n:23"
		return "empty"
	} else if c := s[0]; c >= '0' && c <= '9' { // want S+"1" S+"1" B+"c >= '0' && c <= '9' true" B+"c >= '0' && c <= '9' false" P+"s:22" P+"c:25,25"
		return fmt.Sprint("digit", n) // want P+"n:23"
	} else if n > 3 { // want S+"1" S+"1" B+"n > 3 true" B+"n > 3 false" P+"n:23"
		return "long"
	} else { // want S+"1"
		return "short:" + string(c) // want P+"c:25"
	}
}

// Grade is a tagless switch with a default and a fallthrough.
func Grade(score int) string { // want S+"2"
	var g string
	switch {
	case score >= 90: // want S+"1" B+"case score >= 90" P+"score:35"
		g = "A"
	case score >= 80: // want S+"2" B+"case score >= 80" P+"score:35"
		g = "B"
		fallthrough
	case score >= 70: // want S+"1" B-"case score >= 70" P+"score:35"
		g += "C" // want P-"g:36" P+"g:41"
	default: // want S+"1" B+"default"
		g = "F"
	}
	return g // want S+"1" P+"g:39,44,46"
}

// Weekday is a switch without default and a named result.
func Weekday(d int) (name string) { // want S+"1"
	switch d { // want B+"default (implicit)" P+"d:52"
	case 0, 6: // want S+"1" B+"case 0, 6"
		name = "weekend"
	case 1, 2, 3, 4, 5: // want S+"1" B+"case 1, 2, 3, 4, 5"
		name = "weekday"
	}
	return // want S+"1" P+"name:52,55,57"
}

// Describe is a type switch.
func Describe(v any) string { // want S+"1"
	switch x := v.(type) { // want B+"default (implicit)" P+"v:63"
	case nil: // want S+"1" B+"case nil"
		return "nil"
	case int, int64: // want S+"1" B+"case int, int64"
		return fmt.Sprint("integer ", x) // want P+"x:64"
	case string: // want S+"1" B+"case string"
		return "string " + x // want P+"x:64"
	case error: // want S-"1" B-"case error"
		return "error " + x.Error() // want P-"x:64"
	}
	return "other" // want S+"1"
}

// Pick is two selects.
func Pick(a, b <-chan int, block bool) (int, bool) { // want S+"1"
	if block { // want S+"1" B+"block true" B+"block false" P+"block:78"
		select {
		case v := <-a: // want S+"1" B+"case v := <-a" P+"a:78"
			return v, true // want P+"v:81"
		case v, ok := <-b: // want S-"1" B-"case v, ok := <-b" P+"b:78"
			return v, ok // want P-"v:83" P-"ok:83"
		}
	}
	select { // want S+"1"
	case v := <-a: // want S-"1" B-"case v := <-a" P+"a:78"
		return v, true // want P-"v:88"
	default: // want S+"1" B+"default"
		return 0, false
	}
}

// Enabled loops on a named boolean.
func Enabled(f Flag, n int) int { // want S+"2"
	count := 0
	for f { // want S+"2" B+"f true" B+"f false" P+"f:96,101"
		count++         // want P+"count:97,99"
		if count >= n { // want S+"1" B+"count >= n true" B+"count >= n false" P+"count:99" P+"n:96"
			f = false
		}
	}
	return count // want S+"1" P+"count:97,99"
}

// Max is generic.
func Max[T int | float64 | string](xs ...T) (m T, ok bool) { // want S+"1"
	for i, x := range xs { // want S+"1" P+"xs:108"
		if i == 0 || x > m { // want S+"1" B+"i == 0 || x > m true" B+"i == 0 || x > m false" P+"i:109" P+"x:109" P-"m:108" P+"m:111"
			m = x // want P+"x:109"
		}
		ok = true // want S+"1"
	}
	return // want S+"1" P+"m:108,111" P+"ok:108,113"
}

// Inits has init statements in switches.
func Inits(s string, x any) string { // want S+"1"
	switch n := len(s); n { // want B+"default (implicit)" P+"s:119" P+"n:120"
	case 0: // want S+"1" B+"case 0"
		return "none"
	}
	switch r := len(s) % 3; { // want S+"1" B-"default (implicit)" P+"s:119"
	case r == 0: // want S+"1" B+"case r == 0" P+"r:124"
		s += "0" // want P+"s:119"
	case r == 1: // want S+"1" B+"case r == 1" P+"r:124"
		s += "1" // want P+"s:119"
	}
	switch y := x; t := y.(type) { // want S+"1" B+"default (implicit)" P+"x:119" P+"y:130"
	case int: // want S+"1" B+"case int"
		return fmt.Sprint(s, t+1) // want P-"s:119" P+"s:126" P-"s:128" P+"t:130"
	}
	return s // want S+"1" P-"s:119,126" P+"s:128"
}
