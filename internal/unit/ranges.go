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

// comparedRanges returns the ranges of the parameters of method fd that
// its body compares with a field of a value of its receiver's type whose
// range the documentation gives (the field's own, or its struct type's
// when every numeric field has the field's type): the parameter is a
// value of the same space. s1.Interval's endpoints are in [-π, π], and
// InteriorContains(p) compares p with them: p = -Inf is no point.
func comparedRanges(pkg *load.Package, fd *ast.FuncDecl) map[*types.Var]*value.Range {
	if fd.Recv == nil || fd.Body == nil {
		return nil
	}
	ranges := rangesOf(pkg)
	if len(ranges) == 0 {
		return nil
	}
	params := map[types.Object]*types.Var{}
	for _, fl := range fd.Type.Params.List {
		for _, n := range fl.Names {
			if v, ok := pkg.Info.Defs[n].(*types.Var); ok {
				params[v] = v
			}
		}
	}
	// fieldRange is the range of the field sel selects, when it is one
	// of a struct of the package with a documented range.
	fieldRange := func(e ast.Expr) (*value.Range, types.Type) {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok {
			return nil, nil
		}
		s := pkg.Info.Selections[sel]
		if s == nil || s.Kind() != types.FieldVal {
			return nil, nil
		}
		f := s.Obj().(*types.Var)
		if r := ranges[f]; r != nil {
			return r, f.Type()
		}
		recv := s.Recv()
		if p, ok := recv.(*types.Pointer); ok {
			recv = p.Elem()
		}
		n, ok := types.Unalias(recv).(*types.Named)
		if !ok || ranges[n.Obj()] == nil {
			return nil, nil
		}
		st, ok := n.Underlying().(*types.Struct)
		if !ok {
			return nil, nil
		}
		for i := 0; i < st.NumFields(); i++ {
			g := st.Field(i)
			if b, ok := g.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsNumeric != 0 && !types.Identical(g.Type(), f.Type()) {
				return nil, nil
			}
		}
		return ranges[n.Obj()], f.Type()
	}
	out := map[*types.Var]*value.Range{}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		be, ok := n.(*ast.BinaryExpr)
		if !ok {
			return true
		}
		switch be.Op {
		case token.LSS, token.LEQ, token.GTR, token.GEQ, token.EQL, token.NEQ:
		default:
			return true
		}
		for _, pair := range [2][2]ast.Expr{{be.X, be.Y}, {be.Y, be.X}} {
			id, ok := ast.Unparen(pair[0]).(*ast.Ident)
			if !ok {
				continue
			}
			p := params[pkg.Info.Uses[id]]
			if p == nil || out[p] != nil {
				continue
			}
			if r, ft := fieldRange(pair[1]); r != nil && types.Identical(ft, p.Type()) {
				c := *r
				c.Source = "of the fields it is compared with"
				out[p] = &c
			}
		}
		return true
	})
	return out
}
