package cachedir

import (
	"bytes"
	"cmp"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// verdict stands for a caller's entry (score's cacheEntry, gen's genEntry).
type verdict struct {
	Version int    `json:"version"`
	Func    string `json:"func"`
	Status  string `json:"status"`
	Note    string `json:"note,omitempty"`
}

const (
	keyA = "ab0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcd"
	keyB = "cd0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcd"
)

// TestReadChecksum: an entry is a hit only as Write wrote it, at the path
// it was written to; a tampered, damaged, moved or old-format entry is a
// miss.
func TestReadChecksum(t *testing.T) {
	good := verdict{Version: 4, Func: "Max", Status: "killed"}
	tests := []struct {
		name  string
		v     verdict
		kind  string // where Read looks: kind and key ("" = where it was written)
		key   string
		edit  func(raw []byte) []byte  // the file's bytes as the test leaves them
		write func(path string) []byte // instead of Write, these bytes
		hit   bool
	}{
		{name: "good entry", v: good, hit: true},
		{name: "HTML and line separators survive", v: verdict{Version: 4, Func: "F", Status: "killed", Note: "a < b && c > d \u2028 é"}, hit: true},
		{name: "tampered well-formed entry", v: good, edit: func(raw []byte) []byte {
			return bytes.Replace(raw, []byte(`"killed"`), []byte(`"equivalent"`), 1)
		}},
		{name: "reindented entry", v: good, edit: func(raw []byte) []byte {
			var b bytes.Buffer
			if err := json.Indent(&b, raw, "", "  "); err != nil {
				t.Fatal(err)
			}
			return b.Bytes()
		}},
		{name: "truncated entry", v: good, edit: func(raw []byte) []byte { return raw[:len(raw)/2] }},
		{name: "garbled entry", v: good, edit: func(raw []byte) []byte {
			raw = bytes.Clone(raw)
			raw[len(raw)-5] ^= 0x20
			return raw
		}},
		{name: "empty file", v: good, edit: func([]byte) []byte { return nil }},
		{name: "trailing bytes", v: good, edit: func(raw []byte) []byte { return append(bytes.Clone(raw), `{}`...) }},
		{name: "entry of another key", v: good, key: keyB},
		{name: "entry of another kind", v: good, kind: "gen"},
		{name: "key field edited", v: good, edit: func(raw []byte) []byte {
			return bytes.Replace(raw, []byte("score/"+keyA), []byte("score/"+keyB), 1)
		}},
		{name: "old format: the bare JSON", v: good, write: func(string) []byte {
			data, _ := json.Marshal(good)
			return data
		}},
		{name: "old format that decodes as an envelope", v: good, write: func(string) []byte {
			return []byte(`{"key":"score/` + keyA + `","data":{"version":4,"func":"Max","status":"killed"}}`)
		}},
		{name: "sum of other data", v: good, write: func(path string) []byte {
			data, _ := json.Marshal(verdict{Version: 4, Func: "Max", Status: "lived"})
			return bytes.Replace(encode(entryKey(path), data), []byte(`"lived"`), []byte(`"killed"`), 1)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := Path(dir, "score", keyA)
			if tt.write != nil {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, tt.write(path), 0o644); err != nil {
					t.Fatal(err)
				}
			} else {
				Write(path, tt.v)
			}
			if tt.edit != nil {
				raw, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, tt.edit(raw), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			read := path
			if tt.kind != "" || tt.key != "" {
				kind, key := cmp.Or(tt.kind, "score"), cmp.Or(tt.key, keyA)
				read = Path(dir, kind, key)
				raw, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				os.MkdirAll(filepath.Dir(read), 0o755)
				if err := os.WriteFile(read, raw, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			var got verdict
			hit := Read(read, &got)
			if hit != tt.hit {
				raw, _ := os.ReadFile(read)
				t.Fatalf("Read: hit %v, want %v; the entry:\n%s", hit, tt.hit, raw)
			}
			if hit && !reflect.DeepEqual(got, tt.v) {
				t.Errorf("Read: %+v, want %+v", got, tt.v)
			}
		})
	}
}

// TestReadMissing: no entry is a miss, and Write leaves no temporary
// file behind.
func TestReadMissing(t *testing.T) {
	dir := t.TempDir()
	path := Path(dir, "gen", keyA)
	var v verdict
	if Read(path, &v) {
		t.Fatal("Read of no entry: a hit")
	}
	Write(path, verdict{Func: "F"})
	files, _ := os.ReadDir(filepath.Dir(path))
	if len(files) != 1 || files[0].Name() != keyA+".json" {
		t.Errorf("after Write: %v, want the entry alone", files)
	}
	raw, _ := os.ReadFile(path)
	if !strings.HasPrefix(string(raw), `{"sum":"`) || !strings.Contains(string(raw), `"key":"gen/`+keyA+`"`) {
		t.Errorf("the entry is not in its envelope:\n%s", raw)
	}
}

// TestSizeClean: Size counts each kind's entries and bytes; Clean removes
// them, the temporary files and the empty directories, and nothing that
// is not gozilla's.
func TestSizeClean(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cache")
	us, err := Size(dir)
	if err != nil || !reflect.DeepEqual(us, []Usage{{Kind: "score"}, {Kind: "gen"}}) {
		t.Fatalf("Size of no directory: %v, %v", us, err)
	}
	Write(Path(dir, "score", keyA), verdict{Func: "A"})
	Write(Path(dir, "score", keyB), verdict{Func: "B"})
	Write(Path(dir, "gen", keyA), verdict{Func: "C"})
	tmp := filepath.Join(filepath.Dir(Path(dir, "gen", keyA)), tmpPrefix+"123")
	if err := os.WriteFile(tmp, []byte("half"), 0o644); err != nil {
		t.Fatal(err)
	}
	size := func(kind, key string) int64 {
		st, err := os.Stat(Path(dir, kind, key))
		if err != nil {
			t.Fatal(err)
		}
		return st.Size()
	}
	want := []Usage{
		{Kind: "score", Entries: 2, Bytes: size("score", keyA) + size("score", keyB)},
		{Kind: "gen", Entries: 1, Bytes: size("gen", keyA) + 4},
	}
	if us, err := Size(dir); err != nil || !reflect.DeepEqual(us, want) {
		t.Errorf("Size: %v, %v; want %v", us, err, want)
	}

	// A file that is not gozilla's stays, and so does its directory.
	other := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(other, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if us, err := Clean(dir); err != nil || !reflect.DeepEqual(us, want) {
		t.Errorf("Clean: %v, %v; want %v", us, err, want)
	}
	if us, err := Size(dir); err != nil || !reflect.DeepEqual(us, []Usage{{Kind: "score"}, {Kind: "gen"}}) {
		t.Errorf("Size after Clean: %v, %v", us, err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 || entries[0].Name() != "notes.txt" {
		t.Errorf("after Clean the directory holds %v, want notes.txt alone", entries)
	}
	os.Remove(other)
	if _, err := Clean(dir); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("Clean of an empty cache leaves its directory: %v", err)
	}
}
