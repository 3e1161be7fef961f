// Package cachedir is the store under gozilla's -cache directory that
// score's verdicts and gen's replayed tests share: JSON entries named by
// a key, written whole or not at all, and the way both name a function
// and its mutants independently of where the function sits in its file.
package cachedir

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/token"
	"os"
	"path/filepath"

	"github.com/gozilla/gozilla/internal/mutate"
)

// Path is where the entry of kind ("score", "gen") and hex key lives.
func Path(dir, kind, key string) string {
	return filepath.Join(dir, kind, key[:2], key+".json")
}

// Read decodes the entry at path into v; false when there is none or it
// does not decode.
func Read(path string, v any) bool {
	data, err := os.ReadFile(path)
	return err == nil && json.Unmarshal(data, v) == nil
}

// Write stores v at path, whole or not at all: a reader (another
// gozilla run) never sees half of it. A cache that cannot be written is
// no error: the next run computes again.
func Write(path string, v any) {
	data, err := json.Marshal(v)
	if err != nil || os.MkdirAll(filepath.Dir(path), 0o755) != nil {
		return
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if werr != nil || cerr != nil || os.Rename(tmp.Name(), path) != nil {
		os.Remove(tmp.Name())
	}
}

// DeclSpan is the byte span of a function's declaration in its file, its
// doc comment included (a //gozilla:skip there changes the mutants).
func DeclSpan(tf *token.File, fd *ast.FuncDecl) (start, end int) {
	start, end = tf.Offset(fd.Pos()), tf.Offset(fd.End())
	if fd.Doc != nil {
		start = tf.Offset(fd.Doc.Pos())
	}
	return start, end
}

// MutantKey names a mutant by its place in the declaration starting at
// start, its operator and its replacement.
func MutantKey(m *mutate.Mutant, start int) string {
	return fmt.Sprintf("%d:%d:%s:%s", m.Offset-start, m.End-start, m.Op, m.Repl)
}
