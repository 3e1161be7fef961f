// Package engines is the registry of gozilla's input engines: the one
// list that -engine reads, its help and its validation. An engine is a
// package implementing internal/engine's contract plus one line here.
package engines

import (
	"fmt"
	"strings"

	"github.com/gozilla/gozilla/internal/engine"
	"github.com/gozilla/gozilla/internal/engines/cbt"
	"github.com/gozilla/gozilla/internal/engines/dalg"
	"github.com/gozilla/gozilla/internal/engines/ddr"
	"github.com/gozilla/gozilla/internal/engines/milp"
	"github.com/gozilla/gozilla/internal/engines/random"
	"github.com/gozilla/gozilla/internal/equiv"
)

// Info describes one registered engine.
type Info struct {
	Name string
	Doc  string // a few words for -engine's help
	// New returns a fresh engine, for one package.
	New func() engine.Engine
}

// All lists the engines, in the order their help shows them.
var All = []Info{
	{"random", "type-aware random inputs: small, boundary, random", func() engine.Engine { return random.New() }},
	{"cbt", "constraint-based: reachability ∧ necessity solved by domain reduction (Godzilla)", func() engine.Engine { return cbt.New() }},
	{"sat", "the cbt systems decided exactly by SAT", func() engine.Engine { return cbt.NewExact() }},
	{"ddr", "dynamic domain reduction: a walk toward each requirement narrowing the inputs' domains at every decision, loops and elements dynamically (Offutt, Jin & Pan)", func() engine.Engine { return ddr.New() }},
	{"milp", "mixed-integer linear programming over execution trees: the paths to an unconstrained edge solved as one 0-1 problem (Lapierre et al., TAO)", func() engine.Engine { return milp.New() }},
	{"dalg", "the SW D-algorithm: each region of the unit analysed once, a mutant's effect excited in its region, propagated region by region to a result and justified back to the inputs, with implication and backtracking (Zhang, Gupta & Halfond)", func() engine.Engine { return dalg.New() }},
	{"equiv", "proofs of equivalence (Offutt & Pan); its inputs are candidates too", func() engine.Engine { return equiv.NewEngine() }},
}

// Default is the engine list when -engine is not given.
const Default = "random,cbt,equiv,ddr"

// Names returns the registered names, comma-separated.
func Names() string {
	names := make([]string, len(All))
	for i, e := range All {
		names[i] = e.Name
	}
	return strings.Join(names, ", ")
}

// Usage is -engine's help text.
func Usage() string {
	var b strings.Builder
	b.WriteString("engines to run, comma-separated; random first, then the others in the order given:")
	for _, e := range All {
		fmt.Fprintf(&b, "\n\t%s: %s", e.Name, e.Doc)
	}
	return b.String()
}

// Lookup returns the engine registered under name.
func Lookup(name string) (Info, bool) {
	for _, e := range All {
		if e.Name == name {
			return e, true
		}
	}
	return Info{}, false
}

// Parse checks a comma-separated list of engine names (empty items are
// ignored; a name given twice counts once) and returns their Infos in
// the order given.
func Parse(list string) ([]Info, error) {
	var out []Info
	seen := map[string]bool{}
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		if name == "" || seen[name] {
			continue
		}
		info, ok := Lookup(name)
		if !ok {
			return nil, fmt.Errorf("unknown engine %q: want a list of %s", name, Names())
		}
		seen[name] = true
		out = append(out, info)
	}
	return out, nil
}

// New builds fresh engines, one per Info, for one package.
func New(infos []Info) []engine.Engine {
	out := make([]engine.Engine, len(infos))
	for i, info := range infos {
		out[i] = info.New()
	}
	return out
}
