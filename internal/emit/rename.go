package emit

// This file renames the helpers of an emitted file that the package
// declares already: a second file gozilla generates into the package
// (gen -name) finds the first one's gozillaEqual, gozillaPanic, … taken.

import (
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"sort"
	"strings"
)

// renameTaken gives each top-level name src declares (function, variable,
// constant or type) that taken reports declared elsewhere in the package a
// fresh name (helper → helper2, as fresh numbers it), at its declaration,
// in its doc comment and at every use. The helpers are emitted under fixed
// names (by the emitter and by value.Printer); the test functions and
// per-type helpers have fresh names already, so in practice only fixed
// helpers are renamed.
func renameTaken(src []byte, taken func(string) bool) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	// The file's top-level names that clash, with their doc comments.
	type decl struct {
		name *ast.Ident
		doc  *ast.CommentGroup
	}
	var clash []decl
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil && taken(d.Name.Name) {
				clash = append(clash, decl{d.Name, d.Doc})
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				var names []*ast.Ident
				doc := d.Doc
				switch s := s.(type) {
				case *ast.ValueSpec:
					names = s.Names
					if s.Doc != nil {
						doc = s.Doc
					}
				case *ast.TypeSpec:
					names = []*ast.Ident{s.Name}
					if s.Doc != nil {
						doc = s.Doc
					}
				}
				for _, n := range names {
					if n.Name != "_" && taken(n.Name) {
						clash = append(clash, decl{n, doc})
					}
				}
			}
		}
	}
	if len(clash) == 0 {
		return src, nil
	}
	// The new names avoid the package's names and every identifier of
	// the file.
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			used[id.Name] = true
		}
		return true
	})
	rename := map[string]string{}
	for _, d := range clash {
		n := d.name.Name
		if rename[n] != "" {
			continue
		}
		for i := 2; ; i++ {
			if m := fmt.Sprintf("%s%d", n, i); !used[m] && !taken(m) {
				used[m], rename[n] = true, m
				break
			}
		}
	}

	// Edits, by offset: identifiers that name a function of the file
	// (not a field, a selected name or a composite literal's key), and
	// the renamed functions' doc comments.
	type edit struct {
		off     int
		old, nw string
	}
	var edits []edit
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			ast.Inspect(n.X, visit)
			return false
		case *ast.KeyValueExpr:
			if _, ok := n.Key.(*ast.Ident); !ok {
				ast.Inspect(n.Key, visit)
			}
			ast.Inspect(n.Value, visit)
			return false
		case *ast.Field:
			ast.Inspect(n.Type, visit)
			return false
		case *ast.Ident:
			if nw, ok := rename[n.Name]; ok {
				edits = append(edits, edit{fset.Position(n.Pos()).Offset, n.Name, nw})
			}
		}
		return true
	}
	for _, d := range f.Decls {
		ast.Inspect(d, visit)
	}
	docs := map[*ast.CommentGroup]bool{}
	for _, d := range clash {
		if d.doc == nil || docs[d.doc] {
			continue
		}
		docs[d.doc] = true
		for _, c := range d.doc.List {
			for old, nw := range rename {
				for i := 0; ; {
					j := strings.Index(c.Text[i:], old)
					if j < 0 {
						break
					}
					i += j
					end := i + len(old)
					if !identByte(c.Text, i-1) && !identByte(c.Text, end) {
						edits = append(edits, edit{fset.Position(c.Pos()).Offset + i, old, nw})
					}
					i = end
				}
			}
		}
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].off < edits[j].off })
	var b strings.Builder
	last := 0
	for _, e := range edits {
		if e.off < last || string(src[e.off:e.off+len(e.old)]) != e.old {
			return nil, fmt.Errorf("internal error: renaming %s at offset %d", e.old, e.off)
		}
		b.Write(src[last:e.off])
		b.WriteString(e.nw)
		last = e.off + len(e.old)
	}
	b.Write(src[last:])
	return format.Source([]byte(b.String()))
}

// identByte reports whether s[i] exists and may be part of an identifier.
func identByte(s string, i int) bool {
	if i < 0 || i >= len(s) {
		return false
	}
	c := s[i]
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}
