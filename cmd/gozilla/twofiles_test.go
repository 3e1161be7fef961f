package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/testmod"
)

// helpersSrc has units whose rows need every helper a generated file may
// declare: gozillaFloat (a float), gozillaEqual (floats in a slice), gozillaPanic, gozillaErrText (an error
// with only a message), gozillaPtr (a pointer to an int) and gozillaClone
// (an argument some rows leave alone).
const helpersSrc = `package p

import "fmt"

// Half halves x.
func Half(x float64) float64 { return x / 2 }

// Halves halves each of xs.
func Halves(xs []float64) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = x / 2
	}
	return out
}

// At indexes xs, panicking out of range.
func At(xs []int, i int) int { return xs[i] }

// Parse fails with a message for the empty string.
func Parse(s string) (int, error) {
	if s == "" {
		return 0, fmt.Errorf("empty %q", s)
	}
	return len(s), nil
}

// Bump adds by to *p when by is positive.
func Bump(p *int, by int) {
	if by > 0 {
		*p += by
	}
}
`

// TestGenTwoFiles: two files generated with -name into one package each
// avoid what the other declares (test functions, helpers), so that the
// package's tests still build and pass; regenerating either with the
// other present gives the same file again.
func TestGenTwoFiles(t *testing.T) {
	testmod.Long(t)
	dir := testmod.Write(t, map[string]string{"p/p.go": helpersSrc})
	written := map[string]string{}
	for _, tt := range []struct {
		name string
		want []string // in the file
	}{
		{"a_test.go", []string{"func TestGozillaHalf(", "func gozillaFloat(", "func gozillaEqual(", "func gozillaSame(", "func gozillaPanic(", "func gozillaErrText(", "func gozillaPtr[", "func gozillaClone["}},
		{"b_test.go", []string{"func TestGozillaHalf2(", "func gozillaFloat2(", "func gozillaEqual2(", "func gozillaSame2(", "func gozillaPanic2(", "func gozillaErrText2(", "func gozillaPtr2[", "func gozillaClone2[",
			"!gozillaFloat2(got, tt.want)", "!gozillaEqual2(got, tt.want)", ":= gozillaPanic2(func()", "gozillaErrText2(err) != tt.wantErr", "gozillaPtr2[int](", ":= gozillaClone2(tt.p)"}},
		{"a_test.go", nil}, // with b present
		{"b_test.go", nil}, // with a present
	} {
		r := gz(t, dir, "gen", "-q", "-j", "2", "-name", tt.name, "./p")
		if r.code != 0 {
			t.Fatalf("gen -name %s: exit %d\n%s", tt.name, r.code, r.stderr)
		}
		src, err := os.ReadFile(filepath.Join(dir, "p", tt.name))
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range tt.want {
			if !strings.Contains(string(src), w) {
				t.Errorf("%s has no %q:\n%s", tt.name, w, src)
			}
		}
		if prev, ok := written[tt.name]; ok && prev != string(src) {
			t.Errorf("%s regenerated differs:\n%s\n---\n%s", tt.name, prev, src)
		}
		written[tt.name] = string(src)
		cmd := exec.Command("go", "test", "-count=1", "./p")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go test after gen -name %s: %v\n%s", tt.name, err, out)
		}
	}
}
