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
	// Source says where the range comes from, for messages: "" for the
	// documentation, else what it is ("its callers in the package pass").
	Source string
}

// From is where r comes from: "its documentation gives", or r.Source.
func (r *Range) From() string {
	if r.Source != "" {
		return r.Source
	}
	return "its documentation gives"
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

var (
	sentenceEnd = regexp.MustCompile(`[.;]\s+`)
	// "Both arguments must be…", "the parameters are…", "all inputs".
	allParams = regexp.MustCompile(`(?i)\b(?:arguments|parameters|inputs|both\s+(?:arguments|parameters|values|endpoints|of\s+them)|each\s+(?:argument|parameter))\b`)
)

// englishWord: parameter names a sentence uses as words.
var englishWord = map[string]bool{"a": true, "an": true, "and": true, "in": true, "is": true, "it": true, "of": true, "or": true, "to": true, "be": true, "by": true, "at": true, "on": true, "as": true, "if": true, "no": true}

// ParamRanges reads the ranges a function's documentation gives its
// parameters, by name: a sentence naming a range applies it to the
// parameters it names ("the given point "p" (an angle in the range
// [-π, π])"), or to all of them when it speaks of the arguments
// ("Both arguments must be in the range [-π,π]").
func ParamRanges(doc string, params []string) map[string]*Range {
	doc = strings.Join(strings.Fields(doc), " ")
	var out map[string]*Range
	set := func(name string, r *Range) {
		if out == nil {
			out = map[string]*Range{}
		}
		if old := out[name]; old != nil {
			r = &Range{Lo: math.Min(old.Lo, r.Lo), Hi: math.Max(old.Hi, r.Hi), Doc: old.Doc, Inf: old.Inf || r.Inf}
		}
		out[name] = r
	}
	// Sentences: split after ". " and "; ", but not inside a bracket
	// ("[-π, π]" has no period; "1.5" has no space after its period).
	for _, s := range sentenceEnd.Split(doc, -1) {
		r := DocRange(s)
		if r == nil {
			continue
		}
		named := false
		for _, p := range params {
			if p == "" || p == "_" || englishWord[p] {
				continue // "a value in the range [0, 1]" does not name a
			}
			if regexp.MustCompile(`(?:^|[^\pL\pN_])` + regexp.QuoteMeta(p) + `(?:[^\pL\pN_]|$)`).MatchString(s) {
				set(p, r)
				named = true
			}
		}
		if !named && allParams.MatchString(s) {
			for _, p := range params {
				if p != "" && p != "_" {
					set(p, r)
				}
			}
		}
	}
	return out
}

// WithRange is t with the range r when t is a number without one of
// its own (a parameter's documented range), else t itself.
func WithRange(t *Type, r *Range) *Type {
	if t == nil || r == nil || !t.numeric() || t.Range != nil {
		return t
	}
	c := *t
	c.Range = r
	return &c
}

// AsChar is t marked as a character (Type.Char) when it is a byte or a
// rune by its representation (uint8, int32), else t itself.
func AsChar(t *Type) *Type {
	if t == nil || t.Char || !(t.Kind == Uint && t.Bits == 8 || t.Kind == Int && t.Bits == 32) {
		return t
	}
	c := *t
	c.Char = true
	return &c
}
