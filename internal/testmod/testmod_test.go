package testmod

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWrite(t *testing.T) {
	files := map[string]string{"a/a.go": "package a\n"}
	dir := Write(t, files)
	for name, want := range map[string]string{"go.mod": "module example.com/m\n\ngo 1.26\n", "a/a.go": "package a\n"} {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
	if _, ok := files["go.mod"]; ok {
		t.Error("Write changed the caller's map")
	}
}
