package emit

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/testmod"
	"github.com/gozilla/gozilla/internal/value"
)

// bumpSrc adds a unit with a pointer to a non-composite value, in and
// out: its rows need the pointer and clone helpers.
const bumpSrc = `
// Bump adds by to *p.
func Bump(p *int, by int) { *p += by }
`

func intPtr(x int64) value.Value { return value.Value{E: []value.Value{{I: x}}} }

var bumpRows = []row{
	{unit: "Bump", in: []value.Value{intPtr(1), {I: 2}}, post: []value.Value{intPtr(3), {I: 2}}},
	{unit: "Bump", in: []value.Value{intPtr(5), {I: 0}}, post: []value.Value{intPtr(5), {I: 0}}},
}

// TestFileOldGo emits the hand-made tests for a module that says go 1.16:
// the file must use no generics, no any and nothing newer from the
// standard library (go vet's stdversion check says so), pass on the code
// it was made from and still catch a change; new(expr), asked for, must
// not be used either. The same rows at go 1.26 use the generic helpers.
func TestFileOldGo(t *testing.T) {
	allRows := append(append([]row(nil), rows...), bumpRows...)
	for _, tt := range []struct {
		goVersion string
		want      []string // in the file
		notWant   []string
	}{
		{
			goVersion: "1.16",
			want: []string{"func gozillaPtrInt(v int) *int", "func gozillaCloneInt(p *int) *int", "gozillaPtrInt(3)",
				"append(tt.xs[:0:0], tt.xs...)", "got, want interface{}", "reflect.Ptr:"},
			notWant: []string{"[T any]", "any)", "slices.", "reflect.Pointer", "new(int("},
		},
		{
			goVersion: "1.26",
			want:      []string{"func gozillaClone[T any]", "new(int(3))", "slices.Clone(tt.xs)", "got, want any", "reflect.Pointer:"},
			notWant:   []string{"gozillaPtrInt", "gozillaCloneInt", "[:0:0]"},
		},
	} {
		t.Run("go"+tt.goVersion, func(t *testing.T) {
			dir := testmod.Write(t, map[string]string{
				"go.mod":     "module example.com/m\n\ngo " + tt.goVersion + "\n",
				"lib/lib.go": libSrc + bumpSrc,
			})
			out, err := File(result(t, dir, allRows), Options{Command: "gozilla gen ./lib", NewExpr: true})
			if err != nil {
				t.Fatal(err)
			}
			assertHas(t, out, tt.want, tt.notWant)
			if err := os.WriteFile(filepath.Join(dir, "lib", "lib_gozilla_test.go"), out, 0o644); err != nil {
				t.Fatal(err)
			}
			vet := exec.Command("go", "vet", "./lib")
			vet.Dir = dir
			if msg, err := vet.CombinedOutput(); err != nil {
				t.Fatalf("go vet at go %s: %v\n%s\n%s", tt.goVersion, err, msg, out)
			}
			if msg, err := goTest(dir); err != nil {
				t.Fatalf("the emitted file fails on the code it was made from:\n%s\n%s", msg, out)
			}
			// The clone helper's check catches a change of an argument
			// the rows say is left alone.
			mutated := testmod.Write(t, map[string]string{
				"go.mod":                  "module example.com/m\n\ngo " + tt.goVersion + "\n",
				"lib/lib.go":              libSrc + strings.Replace(bumpSrc, "*p += by", "*p += by + 1", 1),
				"lib/lib_gozilla_test.go": string(out),
			})
			msg, err := goTest(mutated)
			if err == nil || !strings.Contains(msg, "--- FAIL: TestGozillaBump") {
				t.Errorf("the emitted file does not catch a changed Bump:\n%s", msg)
			}
		})
	}
}

func TestTypeWord(t *testing.T) {
	for in, want := range map[string]string{
		"int": "Int", "*pkg.T": "PtrPkgT", "[]byte": "SliceByte", "map[string]int": "MapStringInt",
		"[4]uint8": "4Uint8", "Celsius": "Celsius", "été": "Été",
	} {
		if got := typeWord(in); got != want {
			t.Errorf("typeWord(%q) = %q, want %q", in, got, want)
		}
	}
}

// assertHas fails t unless the emitted file out holds every string of
// want and none of notWant.
func assertHas(t *testing.T, out []byte, want, notWant []string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(string(out), w) {
			t.Errorf("the file has no %q:\n%s", w, out)
		}
	}
	for _, w := range notWant {
		if strings.Contains(string(out), w) {
			t.Errorf("the file has %q:\n%s", w, out)
		}
	}
}
