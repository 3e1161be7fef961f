package unit

import (
	"go/ast"
	"go/token"
	"go/types"
	"sync"

	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/value"
)

// rangeCache caches rangesOf per package.
var rangeCache sync.Map // *load.Package → map[types.Object]*value.Range

// rangesOf reads the ranges the package's documentation gives its types'
// values (value.DocRange): of its named types, from their doc comments,
// and of their struct fields, from the field's doc or line comment.
func rangesOf(pkg *load.Package) map[types.Object]*value.Range {
	if r, ok := rangeCache.Load(pkg); ok {
		return r.(map[types.Object]*value.Range)
	}
	out := map[types.Object]*value.Range{}
	for _, f := range pkg.Files {
		for _, d := range f.Syntax.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, sp := range gd.Specs {
				ts := sp.(*ast.TypeSpec)
				doc := ts.Doc
				if doc == nil && len(gd.Specs) == 1 {
					doc = gd.Doc
				}
				obj := pkg.Info.Defs[ts.Name]
				if obj == nil {
					continue
				}
				if r := value.DocRange(doc.Text()); r != nil {
					out[obj] = r
				}
				st, ok := ts.Type.(*ast.StructType)
				if !ok {
					continue
				}
				for _, fl := range st.Fields.List {
					text := fl.Doc.Text() + " " + fl.Comment.Text()
					r := value.DocRange(text)
					if r == nil {
						continue
					}
					for _, name := range fl.Names {
						if v := pkg.Info.Defs[name]; v != nil {
							out[v] = r
						}
					}
				}
			}
		}
	}
	got, _ := rangeCache.LoadOrStore(pkg, out)
	return got.(map[types.Object]*value.Range)
}
