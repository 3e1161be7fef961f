package value

// This file builds strings out of what the code under test looks for
// (Pool): a decoder that switches on letters gets strings of those
// letters, a parser that cuts a suffix gets numbers with that suffix, a
// lookup in a table gets its words in every case, a splitter gets items
// between its separators. Random bytes almost never hold any of that.

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxComposed bounds a composed string, in bytes.
const maxComposed = 128

// hasText reports whether the pool has anything to build strings from.
func (p *Pool) hasText() bool {
	return len(p.Strings) > 0 || len(p.Chars) > 0 || len(p.Prefixes) > 0 || len(p.Suffixes) > 0 || len(p.Seps) > 0
}

// The kinds of composed strings.
const (
	composeAffix  = iota // prefix + middle + suffix
	composeJoin          // items between separators: "a=1,b=2"
	composeChars         // the code's characters only: "ABZA"
	composeCase          // a word in another case: "MIN", "Hour"
	composeNumber        // a number as text, then a suffix or a word: "10KB"
	composeConcat        // words, characters and numbers run together
	composeKinds
)

// composed draws a string built from the pool (which must have text),
// of a kind chosen by weight among those the pool can make.
func (g *Gen) composed() string {
	p := &g.Pool
	var w [composeKinds]int
	if len(p.Prefixes)+len(p.Suffixes) > 0 {
		w[composeAffix] = 4
	}
	if len(p.Seps) > 0 {
		w[composeJoin] = 4
	}
	if len(p.Chars) > 0 {
		w[composeChars] = 3
	}
	if words := len(p.plainStrings()) + len(p.Prefixes) + len(p.Suffixes); words > 0 {
		w[composeCase] = 1
		if p.Fold {
			w[composeCase] = 3
		}
	}
	w[composeNumber] = 2
	w[composeConcat] = 2
	var s string
	switch g.textWeighted(w[:]) {
	case composeAffix:
		s = g.textAffix()
	case composeJoin:
		s = g.textJoined()
		if len(p.Prefixes)+len(p.Suffixes) > 0 && g.R.IntN(2) == 0 {
			s = g.textWrap(s)
		}
	case composeChars:
		s = g.textChars()
	case composeCase:
		s = caseVariant(g.textWord(), g.R.IntN(5))
	case composeNumber:
		s = g.textNumber() + g.textTail()
	default:
		var b strings.Builder
		for n := 1 + g.R.IntN(4); n > 0; n-- {
			b.WriteString(g.textAtom())
		}
		s = b.String()
	}
	if len(s) > maxComposed {
		s = s[:maxComposed]
	}
	return s
}

// textWeighted picks an index with probability proportional to its weight
// (some weight must be positive).
func (g *Gen) textWeighted(w []int) int {
	total := 0
	for _, x := range w {
		total += x
	}
	k := g.R.IntN(total)
	for i, x := range w {
		if k < x {
			return i
		}
		k -= x
	}
	panic("unreachable")
}

// textPick returns one of xs at random; "" when there is none.
func (g *Gen) textPick(xs []string) string {
	if len(xs) == 0 {
		return ""
	}
	return xs[g.R.IntN(len(xs))]
}

// textAffix draws a well-formed prefix and suffix (either may be missing,
// not both when the pool has them) around a middle: a number, items
// between separators, an atom, a run of characters or nothing.
func (g *Gen) textAffix() string {
	r := g.R
	p := &g.Pool
	usePre := len(p.Prefixes) > 0 && r.IntN(6) != 0
	useSuf := len(p.Suffixes) > 0 && r.IntN(6) != 0
	if !usePre && !useSuf {
		usePre = len(p.Prefixes) > 0 && (len(p.Suffixes) == 0 || r.IntN(2) == 0)
		useSuf = !usePre
	}
	var pre, suf string
	if usePre {
		pre = g.textPick(p.Prefixes)
	}
	if useSuf {
		suf = g.textPick(p.Suffixes)
	}
	// The middle: a number, items between separators, an atom, a random
	// word, a run of characters, nothing.
	w := []int{6, 0, 4, 2, 0, 1}
	if len(p.Seps) > 0 {
		w[1] = 6
	}
	if len(p.Chars) > 0 {
		w[4] = 1
	}
	var mid string
	switch g.textWeighted(w) {
	case 0:
		mid = g.textNumber()
	case 1:
		mid = g.textJoined()
	case 2:
		mid = g.textAtom()
	case 3:
		mid = g.textRandomWord()
	case 4:
		mid = g.textChars()
	}
	return pre + mid + suf
}

// textWrap puts s between a prefix and a suffix of the pool (either may be
// missing).
func (g *Gen) textWrap(s string) string {
	r := g.R
	if len(g.Pool.Prefixes) > 0 && r.IntN(3) != 0 {
		s = g.textPick(g.Pool.Prefixes) + s
	}
	if len(g.Pool.Suffixes) > 0 && r.IntN(3) != 0 {
		s += g.textPick(g.Pool.Suffixes)
	}
	return s
}

// textJoined draws 1 to 4 items between separators of the pool: the same
// separator throughout, one per gap, or, with two separators or more,
// pairs ("a=1,b=2": an inner separator within each item, an outer one
// between them). Items are all numbers, all words, or mixed atoms.
func (g *Gen) textJoined() string {
	r := g.R
	seps := g.Pool.Seps
	if len(seps) == 0 {
		seps = []string{""}
	}
	item := g.textAtom
	switch r.IntN(5) {
	case 0, 1:
		item = g.textNumber
	case 2:
		item = g.textContentWord
	}
	n := 1 + g.textWeighted([]int{2, 3, 3, 2})
	outer := g.textPick(seps)
	var inner string
	pairs := len(seps) > 1 && r.IntN(2) == 0
	if pairs {
		for inner = g.textPick(seps); inner == outer; {
			inner = g.textPick(seps)
		}
	}
	perGap := !pairs && r.IntN(4) == 0
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			if perGap {
				outer = g.textPick(seps)
			}
			b.WriteString(outer)
		}
		if pairs {
			b.WriteString(g.textAtom())
			b.WriteString(inner)
			b.WriteString(item())
		} else {
			b.WriteString(item())
		}
	}
	return b.String()
}

// textChars draws a run of the pool's characters, now and then with one
// character that is not among them.
func (g *Gen) textChars() string {
	r := g.R
	n := 1 + r.IntN(g.maxLen()+2)
	var b []byte
	for i := 0; i < n; i++ {
		if len(g.Pool.Chars) == 0 || r.IntN(12) == 0 {
			b = append(b, alphabet[r.IntN(len(alphabet))])
			continue
		}
		b = utf8.AppendRune(b, g.Pool.Chars[r.IntN(len(g.Pool.Chars))])
	}
	return string(b)
}

// textNumber draws a number as decimal text: a digit, a constant of the pool
// or one of its neighbours, a few digits, now and then a large one or
// one with a leading zero (which parsers that take a base prefix read
// differently), now and then negative.
func (g *Gen) textNumber() string {
	r := g.R
	var x int64
	switch k := r.IntN(20); {
	case k < 8:
		x = int64(r.IntN(10))
	case k < 14 && len(g.Pool.Ints) > 0:
		x = g.Pool.Ints[r.IntN(len(g.Pool.Ints))]
		if r.IntN(3) == 0 {
			x += int64(r.IntN(3)) - 1
		}
	case k < 18:
		x = int64(r.IntN(1000))
	case k == 18:
		x = r.Int64()
	default:
		return "0" + strconv.Itoa(r.IntN(100))
	}
	if x > 0 && r.IntN(10) == 0 {
		x = -x
	}
	return strconv.FormatInt(x, 10)
}

// textTail draws what follows a number: a suffix of the pool, a word, or
// nothing.
func (g *Gen) textTail() string {
	r := g.R
	switch k := r.IntN(10); {
	case k < 6 && len(g.Pool.Suffixes) > 0:
		return g.textPick(g.Pool.Suffixes)
	case k < 9 && len(g.Pool.content()) > 0:
		s := g.textPick(g.Pool.content())
		if g.Pool.Fold && r.IntN(3) == 0 {
			s = caseVariant(s, r.IntN(5))
		}
		return s
	}
	return ""
}

// textWord draws a word of the pool: a string constant that is plain
// text, a prefix or suffix; a random word when it has none.
func (g *Gen) textWord() string {
	p := &g.Pool
	strs := p.plainStrings()
	n := len(strs) + len(p.Prefixes) + len(p.Suffixes)
	if n == 0 {
		return g.textRandomWord()
	}
	k := g.R.IntN(n)
	switch {
	case k < len(strs):
		return strs[k]
	case k < len(strs)+len(p.Prefixes):
		return p.Prefixes[k-len(strs)]
	}
	return p.Suffixes[k-len(strs)-len(p.Prefixes)]
}

// content returns the pool's words that are not prefixes, suffixes or
// separators: what goes between those. Format strings and messages
// (strings that are not PlainText) are no words to compose with.
func (p *Pool) content() []string {
	var out []string
	for _, s := range p.Strings {
		if s != "" && PlainText(s) && !hasString(p.Prefixes, s) && !hasString(p.Suffixes, s) && !hasString(p.Seps, s) {
			out = append(out, s)
		}
	}
	return out
}

// plainStrings returns the pool's strings that are plain text
// (PlainText).
func (p *Pool) plainStrings() []string {
	var out []string
	for _, s := range p.Strings {
		if PlainText(s) {
			out = append(out, s)
		}
	}
	return out
}

func hasString(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// textAtom draws one part of a composed string: a number, a word of the
// pool's content, a character of the pool, or a short random word.
func (g *Gen) textAtom() string {
	p := &g.Pool
	words := p.content()
	w := []int{3, 0, 0, 1}
	if len(words) > 0 {
		w[1] = 3
	}
	if len(p.Chars) > 0 {
		w[2] = 2
	}
	switch g.textWeighted(w) {
	case 0:
		return g.textNumber()
	case 1:
		return g.textPick(words)
	case 2:
		return string(p.Chars[g.R.IntN(len(p.Chars))])
	}
	return g.textRandomWord()
}

// textContentWord draws a word of the pool's content; a random word when it
// has none.
func (g *Gen) textContentWord() string {
	if words := g.Pool.content(); len(words) > 0 {
		return g.textPick(words)
	}
	return g.textRandomWord()
}

// textRandomWord draws one to three letters.
func (g *Gen) textRandomWord() string {
	const letters = "abcxyzAZ"
	b := make([]byte, 1+g.R.IntN(3))
	for i := range b {
		b[i] = letters[g.R.IntN(len(letters))]
	}
	return string(b)
}

// caseVariant returns s in upper case (how 0), lower case (1), title case
// (2), with its letters' cases swapped (3), or with its first letter's
// case swapped (4).
func caseVariant(s string, how int) string {
	switch how {
	case 0:
		return strings.ToUpper(s)
	case 1:
		return strings.ToLower(s)
	case 2:
		if s == "" {
			return s
		}
		c, n := utf8.DecodeRuneInString(s)
		return string(unicode.ToUpper(c)) + strings.ToLower(s[n:])
	case 3:
		return strings.Map(swapLetterCase, s)
	}
	if s == "" {
		return s
	}
	c, n := utf8.DecodeRuneInString(s)
	return string(swapLetterCase(c)) + s[n:]
}

func swapLetterCase(c rune) rune {
	switch {
	case unicode.IsUpper(c):
		return unicode.ToLower(c)
	case unicode.IsLower(c):
		return unicode.ToUpper(c)
	}
	return c
}
