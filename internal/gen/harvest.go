package gen

// This file seeds the parsers of a package with what its own formatters
// write (issue 52): a decoder's input built as the package builds it —
// a value's String, MarshalText or encoder output — is one its reader
// accepts, where random bytes stop at the first check. The random pass
// then draws those texts as they are and mutated by a byte, as a fuzzer
// mutates its seed corpus (value.Pool.Encoded).

import (
	"context"
	"go/types"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gozilla/gozilla/internal/harness"
	"github.com/gozilla/gozilla/internal/unit"
	"github.com/gozilla/gozilla/internal/value"
)

const (
	harvestDraws   = 24  // inputs each formatter is run on
	harvestPerUnit = 12  // texts a unit's pool keeps
	harvestLen     = 160 // longest text kept (a row stays readable)
)

// harvest fills the Encoded pool of the units that parse into the
// package's types (and of those that take such a value, whose
// constructors may parse: semver's NewVersion behind a *Version) with
// the texts the package's formatters write from values of those types.
// What it writes depends only on the code and Config.Seed: each
// formatter runs on the same draws, twice, and a text the two runs do not
// agree on (a map's order, the clock) is left out.
func (p *genRun) harvest(ctx context.Context) error {
	g := p.g
	if p.halted != nil || len(p.supported) == 0 {
		return nil
	}
	pkg := p.pkg.Types
	// The package's formatters, by the types they format.
	byType := map[string][]*unit.Unit{}
	var formatters []*unit.Unit
	for _, u := range p.units {
		if _, ok := g.index[u]; !ok || u.Machine {
			continue
		}
		if src := formats(pkg, u); len(src) > 0 {
			formatters = append(formatters, u)
			for _, t := range src {
				byType[t] = append(byType[t], u)
			}
		}
	}
	if len(formatters) == 0 {
		return nil
	}
	// The units that want texts, and the formatters that write theirs.
	want := map[*unit.Unit][]*unit.Unit{}
	need := map[*unit.Unit]bool{}
	for _, u := range p.supported {
		var fs []*unit.Unit
		add := func(t string) {
			for _, f := range byType[t] {
				if !slices.Contains(fs, f) {
					fs = append(fs, f)
				}
			}
		}
		parses := takesText(u)
		for _, t := range products(pkg, u) {
			if parses {
				add(t)
			}
		}
		if parses && len(fs) == 0 && validator(u) {
			// A validator (Validate(s) error, IsValid(s) bool) checks
			// the texts of every formatter of the package.
			for _, f := range formatters {
				if !slices.Contains(fs, f) {
					fs = append(fs, f)
				}
			}
		}
		// A value of a type the package parses into, taken as an input,
		// may be built by that parser (its alternative).
		for _, t := range inputsOwn(pkg, u) {
			if strings.HasPrefix(t, "type ") && parsedInto(pkg, p.units, t) {
				add(t)
			}
		}
		if len(fs) > 0 {
			want[u] = fs
			for _, f := range fs {
				need[f] = true
			}
		}
	}
	if len(want) == 0 {
		return nil
	}
	defer g.enter("harvest")()
	texts := map[*unit.Unit][]string{}
	for _, f := range formatters {
		if !need[f] {
			continue
		}
		out, err := g.formatted(ctx, f)
		if err != nil {
			if stop, err := p.halt(ctx, err); stop {
				return nil
			} else if err != nil {
				return err
			}
		}
		texts[f] = out
	}
	for _, u := range p.supported {
		fs := want[u]
		if len(fs) == 0 {
			continue
		}
		// Round robin over the formatters, each one's texts shortest
		// first: every formatter is represented, and the rows read short.
		// A unit that takes no []byte gets the printable texts only: a
		// string of raw bytes (MarshalBinary's) reads as noise in a row.
		raw := takesBytes(u)
		var enc []string
		for k := 0; len(enc) < harvestPerUnit; k++ {
			more := false
			for _, f := range fs {
				if k < len(texts[f]) {
					more = true
					if s := texts[f][k]; (raw || printable(s)) && !slices.Contains(enc, s) && len(enc) < harvestPerUnit {
						enc = append(enc, s)
					}
				}
			}
			if !more {
				break
			}
		}
		u.Pool.Encoded = enc
	}
	return nil
}

// formatted runs formatter f on harvestDraws inputs drawn as the random
// pass draws them, twice, and returns the texts of its first result both
// runs agree on, without duplicates, shortest first.
func (g *generator) formatted(ctx context.Context, f *unit.Unit) ([]string, error) {
	h := fnv.New64a()
	h.Write([]byte("harvest " + f.Name + f.TypeArgs))
	gen := &value.Gen{R: rand.New(rand.NewPCG(g.cfg.Seed, h.Sum64())), Pool: f.Pool}
	ins := f.Inputs()
	batch := make([][]value.Value, harvestDraws)
	for n := range batch {
		gen.Reset()
		in := make([]value.Value, len(ins))
		for k, t := range ins {
			in[k] = gen.Random(t)
		}
		batch[n] = in
	}
	run := func() ([]harness.Response, error) {
		r, err := g.pool.Do(ctx, &harness.Request{Unit: g.index[f], In: batch[0], More: batch[1:], Budget: origBudget})
		if err != nil {
			return nil, err
		}
		return append([]harness.Response{*r}, r.More...), nil
	}
	a, err := run()
	if err != nil {
		return nil, err
	}
	b, err := run()
	if err != nil {
		return nil, err
	}
	var out []string
	for i := range a {
		if i >= len(b) {
			break
		}
		s, ok := text(f, a[i])
		if t, ok2 := text(f, b[i]); !ok || !ok2 || s != t {
			continue
		}
		if len(s) > harvestLen || slices.Contains(out, s) {
			continue
		}
		out = append(out, s)
	}
	slices.SortStableFunc(out, func(x, y string) int {
		if len(x) != len(y) {
			return len(x) - len(y)
		}
		return strings.Compare(x, y)
	})
	return out, nil
}

// text is the first result of a formatter's run as text: the call
// returned, without an error.
func text(f *unit.Unit, r harness.Response) (string, bool) {
	if r.Reject || r.Varies || r.Err != "" || r.Orig.Panic != nil || len(r.Orig.Results) == 0 {
		return "", false
	}
	if len(r.Orig.Results) > 1 {
		if last := r.Orig.Results[len(r.Orig.Results)-1]; f.Results[len(f.Results)-1].Type.Kind == value.Error && !last.Nil {
			return "", false
		}
	}
	v := r.Orig.Results[0]
	switch t := f.Results[0].Type; {
	case t.Kind == value.String:
		return string(v.S), true
	case isBytesType(t) && !v.Nil:
		b := make([]byte, len(v.E))
		for i, e := range v.E {
			b[i] = byte(e.U)
		}
		return string(b), true
	}
	return "", false
}

func isBytesType(t *value.Type) bool {
	return t.Kind == value.Slice && t.Elem.Kind == value.Uint && t.Elem.Bits == 8
}

// formats returns the package's types a formatter writes as text: u's
// first result is a string or a []byte (and any other is an error), and
// it takes a value of those types (receiver or parameter) and no plain
// text (a function of text to text transforms, it does not format).
func formats(pkg *types.Package, u *unit.Unit) []string {
	sig, ok := u.Func.Type().(*types.Signature)
	if !ok || sig.Results().Len() == 0 || sig.Results().Len() > 2 || len(u.Results) != sig.Results().Len() {
		return nil
	}
	if !plainText(sig.Results().At(0).Type()) && !isTextType(sig.Results().At(0).Type()) {
		return nil
	}
	if sig.Results().Len() == 2 && !isError(sig.Results().At(1).Type()) {
		return nil
	}
	for i := 0; i < sig.Params().Len(); i++ {
		if t := sig.Params().At(i).Type(); plainText(t) || isReader(t) {
			return nil
		}
	}
	return inputsOwn(pkg, u)
}

// products returns the package's types a unit makes: its results', and
// its receiver's when that is a pointer (UnmarshalText, Scan, Set).
func products(pkg *types.Package, u *unit.Unit) []string {
	sig, ok := u.Func.Type().(*types.Signature)
	if !ok {
		return nil
	}
	var out []string
	for i := 0; i < sig.Results().Len(); i++ {
		if tn := own(pkg, sig.Results().At(i).Type()); tn != "" && !slices.Contains(out, tn) {
			out = append(out, tn)
		}
	}
	if r := sig.Recv(); r != nil {
		if _, ptr := types.Unalias(r.Type()).(*types.Pointer); ptr {
			if tn := own(pkg, r.Type()); tn != "" && !slices.Contains(out, tn) {
				out = append(out, tn)
			}
		}
	}
	return out
}

// inputsOwn returns the package's types u takes, receiver first.
func inputsOwn(pkg *types.Package, u *unit.Unit) []string {
	sig, ok := u.Func.Type().(*types.Signature)
	if !ok {
		return nil
	}
	var out []string
	addT := func(t types.Type) {
		if tn := own(pkg, t); tn != "" && !slices.Contains(out, tn) {
			out = append(out, tn)
		}
	}
	if r := sig.Recv(); r != nil {
		addT(r.Type())
	}
	for i := 0; i < sig.Params().Len(); i++ {
		addT(sig.Params().At(i).Type())
	}
	return out
}

// parsedInto reports whether some unit of the package takes text and
// makes a t.
func parsedInto(pkg *types.Package, units []*unit.Unit, t string) bool {
	for _, u := range units {
		if u.Skip == "" && takesText(u) && slices.Contains(products(pkg, u), t) {
			return true
		}
	}
	return false
}

// takesText reports whether a parameter of u (not its receiver) is a
// string or a []byte.
func takesText(u *unit.Unit) bool {
	sig, ok := u.Func.Type().(*types.Signature)
	if !ok {
		return false
	}
	for i := 0; i < sig.Params().Len(); i++ {
		if isTextType(sig.Params().At(i).Type()) {
			return true
		}
	}
	return false
}

// takesBytes reports whether a parameter of u is a []byte.
func takesBytes(u *unit.Unit) bool {
	sig, ok := u.Func.Type().(*types.Signature)
	if !ok {
		return false
	}
	for i := 0; i < sig.Params().Len(); i++ {
		if s, ok := sig.Params().At(i).Type().Underlying().(*types.Slice); ok && isTextType(s) {
			return true
		}
	}
	return false
}

// printable reports whether s is UTF-8 text of printable runes and
// spaces.
func printable(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if !unicode.IsPrint(r) && !unicode.IsSpace(r) {
			return false
		}
	}
	return true
}

// validator reports whether u's results are a verdict only: an error, a
// bool, or both.
func validator(u *unit.Unit) bool {
	sig, ok := u.Func.Type().(*types.Signature)
	if !ok || sig.Results().Len() == 0 || sig.Results().Len() > 2 {
		return false
	}
	for i := 0; i < sig.Results().Len(); i++ {
		t := sig.Results().At(i).Type()
		if b, ok := t.Underlying().(*types.Basic); !(ok && b.Kind() == types.Bool) && !isError(t) {
			return false
		}
	}
	return true
}

// own returns the key of the type t is, or points to, that texts are
// written from and parsed into: the package's named types (by their
// generic origin), and the numbers (humanize's Bytes(uint64) string,
// ParseBytes(string) (uint64, error)); "" for others.
func own(pkg *types.Package, t types.Type) string {
	t = types.Unalias(t)
	if b, ok := t.(*types.Basic); ok {
		if b.Info()&types.IsNumeric != 0 && b.Info()&types.IsUntyped == 0 {
			return "basic " + b.Name()
		}
		return ""
	}
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	if !ok {
		return ""
	}
	tn := n.Origin().Obj()
	if tn.Pkg() != pkg {
		return ""
	}
	return "type " + tn.Name()
}

// plainText: string or []byte as such (not a named type of the package).
func plainText(t types.Type) bool {
	t = types.Unalias(t)
	if _, named := t.(*types.Named); named {
		return false
	}
	return isTextType(t)
}

// isTextType: a string or a []byte, by its underlying type.
func isTextType(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	}
	return false
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// isReader: an io.Reader or anything with a Read method.
func isReader(t types.Type) bool {
	ms := types.NewMethodSet(t)
	for i := 0; i < ms.Len(); i++ {
		if ms.At(i).Obj().Name() == "Read" {
			return true
		}
	}
	return false
}
