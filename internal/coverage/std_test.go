package coverage

import (
	"github.com/gozilla/gozilla/internal/testmod"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"testing"
)

// TestStd instruments copies of standard library packages whose tests
// need nothing internal to the standard library, as modules named
// example.com/<name> (an external test package's import of the package
// is rewritten), and checks that they compile, that their tests still
// pass in coverage mode and with GOZILLA_MUTANT unset, that block
// coverage agrees with go test -coverprofile, and that the def-use
// probes never see a pair the analysis did not predict.
func TestStd(t *testing.T) {
	testmod.Long(t)
	if testing.Short() {
		t.Skip("slow: runs the tests of standard library packages three times")
	}
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	goroot := strings.TrimSpace(string(out))
	pkgs := []string{"regexp/syntax", "unicode/utf8", "encoding/csv", "text/tabwriter", "container/list", "html", "text/template/parse", "text/scanner", "go/build/constraint", "net/mail", "encoding/base32"}
	if s := os.Getenv("COVERAGE_STD"); s != "" {
		pkgs = strings.Fields(s)
	}
	for _, pkg := range pkgs {
		t.Run(strings.ReplaceAll(pkg, "/", "_"), func(t *testing.T) {
			t.Parallel()
			src := t.TempDir()
			from := filepath.Join(goroot, "src", filepath.FromSlash(pkg))
			ents, err := os.ReadDir(from)
			if err != nil {
				t.Fatal(err)
			}
			mod := "example.com/" + path.Base(pkg)
			for _, e := range ents {
				if e.IsDir() {
					if e.Name() == "testdata" {
						copyDir(t, filepath.Join(from, e.Name()), filepath.Join(src, e.Name()))
					}
					continue
				}
				if !strings.HasSuffix(e.Name(), ".go") {
					continue
				}
				b, err := os.ReadFile(filepath.Join(from, e.Name()))
				if err != nil {
					t.Fatal(err)
				}
				if strings.HasSuffix(e.Name(), "_test.go") {
					b = []byte(strings.ReplaceAll(string(b), `"`+pkg+`"`, `"`+mod+`"`))
				}
				if err := os.WriteFile(filepath.Join(src, e.Name()), b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.WriteFile(filepath.Join(src, "go.mod"), []byte("module "+mod+"\n\ngo 1.26\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			plan := endToEnd(t, src, nil, nil, nil)
			var pairs int
			for _, f := range plan.Funcs {
				pairs += len(f.Pairs)
			}
			t.Logf("%s: %d functions, %d blocks, %d statements, %d branches, %d pairs, %d untracked",
				pkg, len(plan.Funcs), len(plan.Blocks), len(plan.Stmts), len(plan.Branches), pairs, len(plan.Untracked))
		})
	}
}
