package mutate

import (
	"go/ast"
	"sort"
	"strings"

	"github.com/gozilla/gozilla/internal/load"
)

// siteKind says how a site is encoded in the schemata.
type siteKind int

const (
	exprSite siteKind = iota + 1 // an rvalue expression: wrapped in a func literal returning typ
	stmtSite                     // a statement in a statement list: wrapped in an if-else chain
	postSite                     // `x op= e` / `x++` where only a simple statement fits: x = func() T {…}()
)

// site is one mutated node with its variants.
type site struct {
	id       int // 1-based after numbering; 0 = not encoded
	kind     siteKind
	node     ast.Node
	pos, end int    // byte offsets of the node's span
	fn       string // enclosing function name
	typ      string // exprSite/postSite: Go spelling of the value's type
	lhs      string // postSite: the assigned identifier
	origVal  []seg  // postSite: the value the original statement assigns
	variants []*variant
	children []*site
	dropped  bool
	// weak: the schemata check the site's infection (see weak.go), and
	// weakIn that of every site inside it; noWeak: that check did not
	// type-check, the site goes without.
	weak, weakIn, noWeak bool
	weakCmp              string // the check's test that a value (%s) differs from the original's (_gzo)
	weakPanics           bool   // the expression or a variant may panic: the check recovers
}

// variant is one replacement of a site's span.
type variant struct {
	op      Op
	segs    []seg // the replacement text of [pos,end); ranges refer to the original file
	val     []seg // postSite only: the value assigned instead
	id      int   // mutant ID after numbering
	dropped bool
	zpush   bool // ABS's panic when the expression is zero: it differs exactly there
}

// seg is a piece of replacement text: a literal, or the original source
// range [a,b) (rendered with inner sites' schemata when encoding).
type seg struct {
	lit  string
	a, b int
	src  bool
}

func lit(s string) seg { return seg{lit: s} }
func rng(a, b int) seg { return seg{a: a, b: b, src: true} }

// plain renders a variant as source text, without schemata.
func (v *variant) plain(src []byte) string {
	var b strings.Builder
	for _, s := range v.segs {
		if s.src {
			b.Write(src[s.a:s.b])
		} else {
			b.WriteString(s.lit)
		}
	}
	return b.String()
}

// live counts the site's variants still in play.
func (s *site) live() int {
	if s.dropped {
		return 0
	}
	n := 0
	for _, v := range s.variants {
		if !v.dropped {
			n++
		}
	}
	return n
}

// drop removes the site and returns how many live mutants it had.
func (s *site) drop() int {
	n := s.live()
	s.dropped = true
	return n
}

// fileSites holds the sites of one file, as a forest by span nesting.
type fileSites struct {
	file  *load.File
	roots []*site
	all   []*site // every site in pre-order (outer before inner, by position)
}

// add inserts sites (in any order) and builds the nesting forest.
func (fs *fileSites) build(sites []*site) {
	sort.SliceStable(sites, func(i, j int) bool {
		if sites[i].pos != sites[j].pos {
			return sites[i].pos < sites[j].pos
		}
		return sites[i].end > sites[j].end // outer first
	})
	fs.all = sites
	var stack []*site
	for _, s := range sites {
		for len(stack) > 0 && stack[len(stack)-1].end <= s.pos {
			stack = stack[:len(stack)-1]
		}
		if len(stack) > 0 {
			p := stack[len(stack)-1]
			p.children = append(p.children, s)
		} else {
			fs.roots = append(fs.roots, s)
		}
		stack = append(stack, s)
	}
}

// ordered returns the sites in canonical order.
func (fs *fileSites) ordered() []*site { return fs.all }

// dropAll drops the site and its live variants (not its children, which
// may be kept on their own) and returns how many variants it dropped.
func (s *site) dropAll() int {
	n := 0
	for _, v := range s.variants {
		if !v.dropped {
			v.dropped = true
			n++
		}
	}
	s.dropped = true
	return n
}
