// Package cachedir is the store under gozilla's -cache directory that
// score's verdicts and gen's replayed tests share: JSON entries named by
// a key, written whole or not at all, each carrying a checksum of its key
// and content so that an entry edited, damaged or moved is a miss, never
// a wrong result; what the store holds and how to empty it (gozilla
// cache); and the way both name a function and its mutants independently
// of where the function sits in its file.
package cachedir

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/gozilla/gozilla/internal/mutate"
)

// Kinds are the kinds of entries, one directory each under the cache
// directory: score's verdicts and gen's replayed tests.
var Kinds = []string{"score", "gen"}

// Path is where the entry of kind ("score", "gen") and hex key lives.
func Path(dir, kind, key string) string {
	return filepath.Join(dir, kind, key[:2], key+".json")
}

// An entry on disk is an envelope around the caller's JSON:
//
//	{"sum":"<hex SHA-256>","key":"score/<hex key>","data":{...}}
//
// key is the entry's kind and key as its path names them, and sum is
// checksum(key, data) of data's exact bytes. An entry of the format
// before the envelope decodes with neither, and is a miss.
type envelope struct {
	Sum  string          `json:"sum"`
	Key  string          `json:"key"`
	Data json.RawMessage `json:"data"`
}

// entryKey is the key an entry at path must carry: "kind/key", from the
// path Path gives.
func entryKey(path string) string {
	kind := filepath.Base(filepath.Dir(filepath.Dir(path)))
	return kind + "/" + strings.TrimSuffix(filepath.Base(path), ".json")
}

// checksum is an entry's sum: SHA-256 over its key and its data. It
// catches hand edits, damage and entries copied to another key; it is
// no signature (whoever can write the cache can write a matching sum).
func checksum(key string, data []byte) string {
	h := sha256.New()
	fmt.Fprintf(h, "gozilla cache entry\n%d:%s\n", len(key), key)
	h.Write(data)
	return hex.EncodeToString(h.Sum(nil))
}

// Read decodes the entry at path into v; false when there is none, it
// does not decode, or its checksum or its key is not the one its path
// asks for: a miss, whatever its content says.
func Read(path string, v any) bool {
	raw, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	var e envelope
	key := entryKey(path)
	if json.Unmarshal(raw, &e) != nil || e.Key != key || e.Sum != checksum(key, e.Data) {
		return false
	}
	return json.Unmarshal(e.Data, v) == nil
}

// Write stores v at path, whole or not at all: a reader (another
// gozilla run) never sees half of it. A cache that cannot be written is
// no error: the next run computes again.
func Write(path string, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		return
	}
	write(path, encode(entryKey(path), data))
}

// encode is the envelope of data under key, data's bytes as they are
// (the sum is of them).
func encode(key string, data []byte) []byte {
	k, _ := json.Marshal(key)
	var b bytes.Buffer
	fmt.Fprintf(&b, `{"sum":"%s","key":%s,"data":`, checksum(key, data), k)
	b.Write(data)
	b.WriteString("}\n")
	return b.Bytes()
}

// write puts data at path through a temporary file and a rename.
func write(path string, data []byte) {
	if os.MkdirAll(filepath.Dir(path), 0o755) != nil {
		return
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), tmpPrefix+"*")
	if err != nil {
		return
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if werr != nil || cerr != nil || os.Rename(tmp.Name(), path) != nil {
		os.Remove(tmp.Name())
	}
}

// tmpPrefix starts the name of a file Write has not renamed yet (one a
// killed run can leave behind).
const tmpPrefix = ".tmp-"

// Usage is what the cache holds of one kind: its entries, and the bytes
// of its files (entries, and temporary files of unfinished writes).
type Usage struct {
	Kind    string
	Entries int
	Bytes   int64
}

// Size is what dir holds of each kind, in Kinds' order; a directory
// that does not exist holds nothing.
func Size(dir string) ([]Usage, error) {
	return walk(dir, false)
}

// Clean removes the entries under dir, the temporary files of unfinished
// writes, and the directories that leaves empty, dir included; it
// reports what it removed. Nothing else is removed: a file that is not
// gozilla's (a -cache pointed at the wrong directory) stays, and so do
// the directories that hold one.
func Clean(dir string) ([]Usage, error) {
	us, err := walk(dir, true)
	os.Remove(dir) // only if empty
	return us, err
}

// walk counts, and removes if remove, the files of each kind's entry
// directories (dir/kind/xx/, as Path names them): entries (xx*.json) and
// temporary files.
func walk(dir string, remove bool) ([]Usage, error) {
	var us []Usage
	var first error
	for _, kind := range Kinds {
		u := Usage{Kind: kind}
		root := filepath.Join(dir, kind)
		subs, err := os.ReadDir(root)
		if err != nil && !errors.Is(err, fs.ErrNotExist) && first == nil {
			first = err
		}
		for _, sub := range subs {
			if !sub.IsDir() || len(sub.Name()) != 2 {
				continue
			}
			subdir := filepath.Join(root, sub.Name())
			files, err := os.ReadDir(subdir)
			if err != nil && first == nil {
				first = err
			}
			for _, f := range files {
				entry := strings.HasPrefix(f.Name(), sub.Name()) && strings.HasSuffix(f.Name(), ".json")
				if !f.Type().IsRegular() || !entry && !strings.HasPrefix(f.Name(), tmpPrefix) {
					continue
				}
				info, err := f.Info()
				if err != nil {
					continue // removed meanwhile
				}
				if remove {
					if err := os.Remove(filepath.Join(subdir, f.Name())); err != nil {
						if first == nil && !errors.Is(err, fs.ErrNotExist) {
							first = err
						}
						continue
					}
				}
				if entry {
					u.Entries++
				}
				u.Bytes += info.Size()
			}
			if remove {
				os.Remove(subdir) // only if empty
			}
		}
		if remove {
			os.Remove(root)
		}
		us = append(us, u)
	}
	return us, first
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
