package main

import (
	"bufio"
	"encoding/json"
	"github.com/gozilla/gozilla/internal/testmod"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestCoverAgreesWithGoTest checks gozilla cover's statement coverage
// against go test -coverprofile on the subjects, with their own tests:
// per package, the same number of statements and of covered statements.
func TestCoverAgreesWithGoTest(t *testing.T) {
	testmod.Long(t)
	if testing.Short() {
		t.Skip("builds every subject twice")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	r := gz(t, root, "cover", "-json", "-equiv=false", "./testdata/subjects/...")
	if r.code != 0 {
		t.Fatalf("gozilla cover: exit %d\n%s", r.code, r.stderr)
	}
	var doc struct {
		Packages []struct {
			Path       string
			Statements struct{ Total, Covered int }
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
		t.Fatal(err)
	}
	profile := filepath.Join(t.TempDir(), "cover.out")
	cmd := exec.Command("go", "test", "-count=1", "-coverprofile="+profile, "./testdata/subjects/...")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test -coverprofile: %v\n%s", err, out)
	}
	type tally struct{ total, covered int }
	want := map[string]*tally{}
	f, err := os.Open(profile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	seen := map[string]bool{}
	for sc.Scan() {
		// file:l.c,l.c numstmt count
		line := sc.Text()
		if strings.HasPrefix(line, "mode:") || seen[line] {
			continue
		}
		seen[line] = true
		fields := strings.Fields(line)
		file, _, _ := strings.Cut(fields[0], ":")
		n, _ := strconv.Atoi(fields[1])
		c, _ := strconv.Atoi(fields[2])
		pkg := path.Dir(file)
		if want[pkg] == nil {
			want[pkg] = &tally{}
		}
		want[pkg].total += n
		if c > 0 {
			want[pkg].covered += n
		}
	}
	if len(doc.Packages) < 10 {
		t.Fatalf("gozilla cover measured %d packages", len(doc.Packages))
	}
	for _, p := range doc.Packages {
		w := want[p.Path]
		if w == nil {
			t.Errorf("%s: not in the go test profile", p.Path)
			continue
		}
		if p.Statements.Total != w.total || p.Statements.Covered != w.covered {
			t.Errorf("%s: gozilla cover %d/%d statements, go test -cover %d/%d", p.Path, p.Statements.Covered, p.Statements.Total, w.covered, w.total)
		}
	}
}
