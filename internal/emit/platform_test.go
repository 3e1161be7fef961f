package emit

import (
	"context"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/testmod"
	"github.com/gozilla/gozilla/internal/value"
)

// sizesSrc has units over platform-sized integers (int, uint, uintptr and
// defined types over them), whose values beyond 32 bits do not compile for
// 32-bit targets, and over fixed-size ones, whose values always do.
const sizesSrc = `package lib

type Count int

type Big int64

type Addr uintptr

type Pair struct {
	N Count
	U uint
}

func Id(x int) int { return x }

func Scale(x int32) int { return int(x) * 1024 }

func Wide(b Big) Big { return b }

func Ids(xs []uint) int { return len(xs) }

func Next(c Count) Count { return c + 1 }

func NonZero(a Addr) bool { return a != 0 }

func Narrow(x int32, y uint32) uint32 { return uint32(x) + y }

func (p *Pair) Grow() { p.N *= 2 }
`

func pair(n int64, u uint64) value.Value {
	return value.Value{E: []value.Value{{E: []value.Value{{I: n}, {U: u}}}}}
}

// TestFile64Bit: a column of int, uint or uintptr holding a value outside
// the 32-bit range is of type int64 or uint64, and its rows skip
// themselves where the type is narrower: the file builds and passes on
// every target. Only a wide value inside a composite one (a slice's
// element, a field: the driver leaves such rows out, NestedWide) still
// needs the build constraint that leaves out the 32-bit targets. Either
// way the file passes go vet for GOARCH=386 (and go test here), and
// without the constraint the second kind would not.
var shortCases64 = map[string]bool{"int in range": true, "int above": true, "uint in a slice": true, "struct field after the call": true}

func TestFile64Bit(t *testing.T) {
	for _, tt := range []struct {
		name string
		rows []row
		want bool // the constraint
		skip bool // rows skip themselves on 32-bit targets
	}{
		{"int in range", []row{{unit: "Id", in: []value.Value{{I: 5}}, results: []value.Value{{I: 5}}}}, false, false},
		{"int at the 32-bit bounds", []row{
			{unit: "Id", in: []value.Value{{I: math.MaxInt32}}, results: []value.Value{{I: math.MaxInt32}}},
			{unit: "Id", in: []value.Value{{I: math.MinInt32}}, results: []value.Value{{I: math.MinInt32}}},
		}, false, false},
		{"int above", []row{{unit: "Id", in: []value.Value{{I: math.MaxInt32 + 1}}, results: []value.Value{{I: math.MaxInt32 + 1}}}}, false, true},
		{"int at its 64-bit minimum", []row{{unit: "Id", in: []value.Value{{I: math.MinInt64}}, results: []value.Value{{I: math.MinInt64}}}}, false, true},
		{"int result only", []row{{unit: "Scale", in: []value.Value{{I: math.MaxInt32}}, results: []value.Value{{I: math.MaxInt32 * 1024}}}}, false, true},
		{"int64 type", []row{{unit: "Wide", in: []value.Value{{I: math.MaxInt64}}, results: []value.Value{{I: math.MaxInt64}}}}, false, false},
		{"fixed 32-bit types", []row{{unit: "Narrow", in: []value.Value{{I: math.MinInt32}, {U: math.MaxUint32}}, results: []value.Value{{U: math.MaxUint32 - math.MaxInt32 - 1}}}}, false, false},
		{"uint in a slice", []row{{unit: "Ids", in: []value.Value{{E: []value.Value{{U: 1}, {U: math.MaxUint32 + 1}}}}, results: []value.Value{{I: 2}}}}, true, false},
		{"uint at its 32-bit maximum", []row{{unit: "Ids", in: []value.Value{{E: []value.Value{{U: math.MaxUint32}}}}, results: []value.Value{{I: 1}}}}, false, false},
		{"defined type over int", []row{{unit: "Next", in: []value.Value{{I: 1 << 40}}, results: []value.Value{{I: 1<<40 + 1}}}}, false, true},
		{"uintptr", []row{{unit: "NonZero", in: []value.Value{{U: 1 << 33}}, results: []value.Value{{I: 1}}}}, false, true},
		{"struct field after the call", []row{{unit: "(*Pair).Grow", in: []value.Value{pair(1<<30, 7)}, post: []value.Value{pair(1<<31, 7)}}}, true, false},
		{"struct field in range", []row{{unit: "(*Pair).Grow", in: []value.Value{pair(1<<29, math.MaxUint32)}, post: []value.Value{pair(1<<30, math.MaxUint32)}}}, false, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			// Each case is a go vet and a go test: four kinds always (a
			// value that fits, one that skips its row on 32-bit targets,
			// one in a slice that needs the constraint, a field), every
			// case in the long run.
			if !shortCases64[tt.name] {
				testmod.Long(t)
			}
			dir := testmod.Write(t, map[string]string{"lib/lib.go": sizesSrc})
			out, err := File(result(t, dir, tt.rows), Options{Command: "gozilla gen ./lib", NewExpr: true})
			if err != nil {
				t.Fatal(err)
			}
			src := string(out)
			if got := strings.Contains(src, "\n\n"+build64+"\n\npackage lib\n"); got != tt.want {
				t.Fatalf("constraint %q before the package clause: %v, want %v:\n%s", build64, got, tt.want, src)
			}
			if tt.want && !strings.HasPrefix(src, Header+"\n") {
				t.Errorf("the file no longer starts with the header:\n%s", src)
			}
			file := filepath.Join(dir, "lib", "lib_gozilla_test.go")
			if err := os.WriteFile(file, out, 0o644); err != nil {
				t.Fatal(err)
			}
			if msg, err := goTest(dir); err != nil {
				t.Fatalf("the emitted file fails on the code it was made from:\n%s\n%s", msg, src)
			}
			if msg, err := goVet386(dir); err != nil {
				t.Fatalf("GOARCH=386 go vet: %v\n%s\n%s", err, msg, src)
			}
			if got := strings.Contains(src, "Skip(\"this row's values need 64-bit ints\")"); got != tt.skip {
				t.Errorf("rows skipped on 32-bit targets: %v, want %v:\n%s", got, tt.skip, src)
			}
			if tt.skip {
				// Where 386 binaries run here, the rows skip themselves.
				msg, err := goTest386(dir)
				switch {
				case err != nil && strings.Contains(msg, "exec format error"):
				case err != nil:
					t.Errorf("GOARCH=386 go test: %v\n%s\n%s", err, msg, src)
				case !strings.Contains(msg, "SKIP"):
					t.Errorf("GOARCH=386 go test skips no row:\n%s", msg)
				}
			}
			if !tt.want {
				return
			}
			// The constraint is what keeps 386 out.
			if err := os.WriteFile(file, []byte(strings.Replace(src, build64+"\n", "", 1)), 0o644); err != nil {
				t.Fatal(err)
			}
			if msg, err := goVet386(dir); err == nil {
				t.Errorf("GOARCH=386 go vet passes without the constraint: the rows fit 32 bits\n%s", msg)
			}
		})
	}
}

func goTest386(dir string) (string, error) {
	cmd := exec.Command("go", "test", "-count=1", "-v", "./lib")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOARCH=386")
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func goVet386(dir string) (string, error) {
	cmd := exec.Command("go", "vet", "./lib")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOARCH=386")
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// TestCheckVets386: Check builds the file for GOARCH=386 too (go vet), and
// reports a file that does not compile there as one that does not build.
func TestCheckVets386(t *testing.T) {
	rows := []row{{unit: "Ids", in: []value.Value{{E: []value.Value{{U: 1}, {U: math.MaxUint32 + 1}}}}, results: []value.Value{{I: 2}}}}
	dir := testmod.Write(t, map[string]string{"lib/lib.go": sizesSrc})
	out, err := File(result(t, dir, rows), Options{Command: "gozilla gen ./lib", NewExpr: true})
	if err != nil {
		t.Fatal(err)
	}
	without := []byte(strings.Replace(string(out), build64+"\n", "", 1))
	if string(without) == string(out) {
		t.Fatalf("the file has no constraint:\n%s", out)
	}
	path := filepath.Join(dir, "lib", "lib_gozilla_test.go")
	for _, tt := range []struct {
		name    string
		src     []byte
		wantErr string
	}{
		{"with the constraint", out, ""},
		{"without it", without, "GOARCH=386"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			fails, _, err := Check(context.Background(), filepath.Join(dir, "lib"), path, tt.src, "", []string{"TestGozillaIds"}, false)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("Check: %v", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr) || !strings.Contains(err.Error(), "lib_gozilla_test.go")):
				t.Fatalf("Check: error %v, want one naming %s and the file", err, tt.wantErr)
			}
			if len(fails) != 0 {
				t.Errorf("Check: failures %v, want none (the rows pass here)", fails)
			}
		})
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("Check wrote %s (it must go through an overlay)", path)
	}
}
