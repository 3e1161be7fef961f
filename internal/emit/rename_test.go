package emit

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/gozilla/gozilla/internal/testmod"
)

// TestFileTakenHelpers: helpers whose names the package's other test
// files declare (another generated file's) are declared and used under
// fresh names, and the package's tests build and pass with both files.
func TestFileTakenHelpers(t *testing.T) {
	allRows := append(append([]row(nil), rows...), bumpRows...)
	for _, tt := range []struct {
		name    string
		taken   []string // declared by other_test.go
		want    []string // in the file
		notWant []string
	}{
		{
			name:    "none taken",
			want:    []string{"func gozillaEqual(", "func gozillaSame(", "func gozillaPanic(", "func gozillaErrText(", "func gozillaClone[", "func gozillaPtr["},
			notWant: []string{"gozillaEqual2", "gozillaPanic2"},
		},
		{
			name:  "all taken",
			taken: []string{"gozillaEqual", "gozillaSame", "gozillaPanic", "gozillaErrText", "gozillaClone", "gozillaPtr"},
			want: []string{"// gozillaEqual2 reports", "func gozillaEqual2(got, want any) bool", "func gozillaSame2(", "!gozillaSame2(a.Index(i)",
				"func gozillaPanic2(", ":= gozillaPanic2(func()", "func gozillaErrText2(", "gozillaErrText2(err) != tt.wantErr",
				"func gozillaClone2[", ":= gozillaClone2(tt.p)", "func gozillaPtr2[", "gozillaPtr2[int](", "!gozillaEqual2(got, tt.want)"},
			notWant: []string{"func gozillaEqual(", "gozillaSame(", "gozillaPanic(", "gozillaErrText(", "gozillaClone(", "p: gozillaPtr["},
		},
		{
			name:    "some taken, and their first fresh names",
			taken:   []string{"gozillaEqual", "gozillaEqual2", "gozillaPanic", "TestGozillaSum"},
			want:    []string{"func gozillaEqual3(", "!gozillaEqual3(got, tt.want)", "func gozillaSame(", "func gozillaPanic2(", "func TestGozillaSum2(", "func gozillaErrText("},
			notWant: []string{"gozillaEqual(", "gozillaPanic("},
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := testmod.Write(t, map[string]string{"lib/lib.go": libSrc + bumpSrc})
			taken := map[string]bool{}
			other := "package lib\n"
			for _, n := range tt.taken {
				taken[n] = true
				other += "\nvar " + n + " = 0\n"
			}
			out, err := File(result(t, dir, allRows), Options{Command: "gozilla gen ./lib", Taken: taken})
			if err != nil {
				t.Fatal(err)
			}
			assertHas(t, out, tt.want, tt.notWant)
			for name, src := range map[string]string{"lib_gozilla_test.go": string(out), "other_test.go": other} {
				if err := os.WriteFile(filepath.Join(dir, "lib", name), []byte(src), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if msg, err := goTest(dir); err != nil {
				t.Fatalf("the emitted file fails beside other_test.go:\n%s\n%s", msg, out)
			}
		})
	}
}

func TestRenameTaken(t *testing.T) {
	const src = `package p

// helper reports x; see also table.
func helper(x int) int { return x }

// table is looked up by helper.
var table = map[string]int{"helper": helper(1)}

type kind int

func TestX(t *testing.T) {
	type row struct{ helper, table int }
	r := row{helper: helper(2), table: table["helper"]}
	_ = r.helper + int(kind(r.table))
	_ = strings.helper
}
`
	for _, tt := range []struct {
		name  string
		taken []string
		want  string // "": src unchanged
	}{
		{"nothing taken", []string{"other"}, ""},
		{"a function, a variable and a type", []string{"helper", "table", "kind", "helper2"}, `package p

// helper3 reports x; see also table2.
func helper3(x int) int { return x }

// table2 is looked up by helper3.
var table2 = map[string]int{"helper": helper3(1)}

type kind2 int

func TestX(t *testing.T) {
	type row struct{ helper, table int }
	r := row{helper: helper3(2), table: table2["helper"]}
	_ = r.helper + int(kind2(r.table))
	_ = strings.helper
}
`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			taken := map[string]bool{}
			for _, n := range tt.taken {
				taken[n] = true
			}
			got, err := renameTaken([]byte(src), func(n string) bool { return taken[n] })
			if err != nil {
				t.Fatal(err)
			}
			want := tt.want
			if want == "" {
				want = src
			}
			if string(got) != want {
				t.Errorf("got\n%s\nwant\n%s", got, want)
			}
		})
	}
}
