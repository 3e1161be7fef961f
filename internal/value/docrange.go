package value

import (
	"math"
	"regexp"
	"strconv"
	"strings"
)

// Range is the closed interval a type's documentation allows its
// values in (s1.Interval's endpoints: "in the range [-π, π]";
// ChordAngle: "which can range from 0 to 4"), with the documentation's
// own spelling for messages.
type Range struct {
	Lo, Hi float64
	Doc    string // "[-π, π]"
	// Inf: the documentation names infinite values as special ones
	// ("Infinity uses an infinite squared length"): ±Inf are allowed too.
	Inf bool
}

// Holds reports whether f is a value r allows.
func (r *Range) Holds(f float64) bool {
	if math.IsInf(f, 0) {
		return r.Inf
	}
	return f >= r.Lo && f <= r.Hi // NaN: false
}

const numRE = `(-?\s*(?:\d+(?:\.\d+)?|π|pi|Pi|math\.Pi)(?:\s*/\s*\d+)?)`

var (
	// "in the range [-π, π]", "in [0, 1)", "range (-π, π]"
	bracketRange = regexp.MustCompile(`(?:\brange|\bin|\bwithin)\s+(?:of\s+)?[\[(]\s*` + numRE + `\s*,\s*` + numRE + `\s*[\])]`)
	// "can range from 0 to 4", "ranges from -1 to 1"
	fromToRange = regexp.MustCompile(`\brange[sd]?\s+from\s+` + numRE + `\s+to\s+` + numRE + `\b`)
	// "between 0 and 4 (inclusive)"
	betweenRange = regexp.MustCompile(`\b(?:is|are|be|must be|always)\s+between\s+` + numRE + `\s+and\s+` + numRE + `\b`)
	infinite     = regexp.MustCompile(`(?i)\binfinit(?:y|e)\b`)
)

// DocRange reads the range a type's or a field's documentation gives
// its values: the widest of the intervals it names after "range", "in"
// or "within", "range from a to b" or "is between a and b", whose bounds
// are numbers or multiples of π; nil when it names none.
func DocRange(doc string) *Range {
	doc = strings.Join(strings.Fields(doc), " ")
	var r *Range
	for _, re := range []*regexp.Regexp{bracketRange, fromToRange, betweenRange} {
		for _, m := range re.FindAllStringSubmatch(doc, -1) {
			lo, ok1 := docNumber(m[1])
			hi, ok2 := docNumber(m[2])
			if !ok1 || !ok2 || lo >= hi {
				continue // [π, -π]: an inverted interval, not a range
			}
			if r == nil {
				r = &Range{Lo: lo, Hi: hi, Doc: strings.TrimSpace(m[0][strings.IndexAny(m[0], "[(0123456789-πpm"):])}
				continue
			}
			if lo <= r.Lo && hi >= r.Hi {
				r.Doc = strings.TrimSpace(m[0][strings.IndexAny(m[0], "[(0123456789-πpm"):])
			}
			r.Lo, r.Hi = math.Min(r.Lo, lo), math.Max(r.Hi, hi)
		}
	}
	if r != nil {
		r.Inf = infinite.MatchString(doc)
	}
	return r
}

// docNumber reads a bound: 4, -1.5, π, -π, π/2, math.Pi.
func docNumber(s string) (float64, bool) {
	s = strings.ReplaceAll(s, " ", "")
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	div := 1.0
	if i := strings.IndexByte(s, '/'); i >= 0 {
		d, err := strconv.ParseFloat(s[i+1:], 64)
		if err != nil || d == 0 {
			return 0, false
		}
		s, div = s[:i], d
	}
	var f float64
	switch s {
	case "π", "pi", "Pi", "math.Pi":
		f = math.Pi
	default:
		var err error
		if f, err = strconv.ParseFloat(s, 64); err != nil {
			return 0, false
		}
	}
	f /= div
	if neg {
		f = -f
	}
	return f, true
}
