package htmlreport

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/report"
)

// sample writes a source file and returns a score report over it: a
// line with a lived and a killed mutant, one with an uncovered one, one
// with an equivalent one.
func sample(t *testing.T) (*report.Mutation, string) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f.go")
	src := "package p\n\n// Max returns a if a > b, else b.\nfunc Max(a, b int) int {\n\tif a > b && b < 1<<10 {\n\t\treturn a\n\t}\n\treturn b\n}\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	at := strings.Index(src, "a > b &&")
	ms := []report.Mutant{
		{ID: 1, Package: "p", Func: "Max", Op: "ROR", File: file, Line: 5, Col: 5, Offset: at, End: at + 5, Orig: "a > b", Repl: "true", Status: mutate.Lived},
		{ID: 2, Package: "p", Func: "Max", Op: "ROR", File: file, Line: 5, Col: 5, Offset: at, End: at + 5, Orig: "a > b", Repl: "a < b", Status: mutate.Killed, KilledBy: "TestMax"},
		{ID: 3, Package: "p", Func: "Max", Op: "RSR", File: file, Line: 8, Col: 2, Orig: "return b", Repl: "return 0", Status: mutate.NotCovered},
		{ID: 4, Package: "p", Func: "Max", Op: "UOI", File: file, Line: 6, Col: 10, Orig: "a", Repl: "(a + 0)", Status: mutate.Equivalent, Reason: "sufficiency: the outputs never differ"},
	}
	return report.NewScore([]report.Package{{Path: "p"}}, ms, 1).Mutation(), file
}

// TestPage checks the page as written: self-contained (nothing loaded
// from elsewhere), every source line once and escaped, each mutant with
// its status, change and reason.
func TestPage(t *testing.T) {
	m, file := sample(t)
	var buf bytes.Buffer
	if err := Write(&buf, m); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	for _, want := range []string{
		"<title>gozilla score: mutation score 0.333</title>",
		"<h2><a href=\"#f1\">" + file + "</a> <small>1 lived, 1 not covered, 1 killed, 1 equivalent</small></h2>",
		`<td class="code">	if a &gt; b &amp;&amp; b &lt; 1&lt;&lt;10 {</td>`,
		`data-status="lived" data-op="ROR"`,
		`<code class="change">a &gt; b  →  true</code>`,
		"killed by TestMax",
		"equivalent: the function returns the same as the original for every input",
		"no test runs this code",
		`<td class="ln">9</td>`,
		// The per-function summary: counts, and a link to each
		// survivor's line.
		`<tr><td><a href="#f1-L5">Max</a></td><td>4</td><td>1</td><td>1</td><td>1</td><td>1</td><td>0.333</td><td class="links"><a href="#f1-L5">#1</a> <a href="#f1-L8">#3</a> </td></tr>`,
		`id="f1-L8"`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if strings.Contains(page, `<td class="ln">10</td>`) {
		t.Error("a line past the file's end")
	}
	if strings.Contains(page, `class="cov`) {
		t.Error("a coverage column without coverage")
	}

	// With coverage (gozilla cover's requirements): a mark left of each
	// line that has some, the worst status, every requirement in its title.
	m.Coverage = []report.CoverRequirement{
		{Kind: "statement", File: file, Line: 8, Text: "return b", Status: "uncovered"},
		{Kind: "branch", File: file, Line: 5, Text: "if a > b: true", Status: "covered"},
		{Kind: "branch", File: file, Line: 5, Text: "if a > b: false", Status: "infeasible", Proof: "a > b always"},
		{Kind: "pair", File: file, Line: 5, Text: "a: 4:10 → 5:5", Status: "uncovered"},
	}
	buf.Reset()
	if err := Write(&buf, m); err != nil {
		t.Fatal(err)
	}
	page = buf.String()
	for _, want := range []string{
		`<td class="ln">8</td><td class="cov cov-uncovered" title="statement return b: uncovered"></td>`,
		`<td class="ln">5</td><td class="cov cov-infeasible" title="branch if a &gt; b: true: covered
branch if a &gt; b: false: infeasible (a &gt; b always)"></td>`,
		`<td class="ln">1</td><td class="cov" title=""></td>`,
		`id="covlegend"`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page with coverage lacks %q", want)
		}
	}
	if regexp.MustCompile(`(src|href)="(https?:)?//`).MatchString(page) || strings.Contains(page, "@import") {
		t.Error("the page loads something from elsewhere")
	}
}

// browser finds a Chromium to run the page in.
func browser() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// TestInBrowser renders the page in headless Chromium (Debian's
// chromium package) and checks what a person sees once the script ran:
// the filters set from the address, the mutants shown and hidden, the
// count of those shown. It is skipped where no browser is installed.
func TestInBrowser(t *testing.T) {
	bin := browser()
	if bin == "" {
		t.Skip("no Chromium: install Debian's chromium package to run this test")
	}
	m, _ := sample(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "index.html")
	var buf bytes.Buffer
	if err := Write(&buf, m); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	visible := regexp.MustCompile(`<li class="mutant st-(\w+)" data-status="\w+" data-op="\w+">`)
	line5 := regexp.MustCompile(`<tr class="line has-mutants ([\w -]*)" id="f1-L5">`)
	for _, tt := range []struct {
		hash  string
		shown string
		want  []string // statuses of the visible mutants
		line5 string   // the classes of line 5 (a lived and a killed mutant)
	}{
		{"", "4 mutants shown", []string{"lived", "killed", "equivalent", "not_covered"}, "st-lived"},
		{"#status=lived,not_covered", "2 mutants shown", []string{"lived", "not_covered"}, "st-lived"},
		{"#status=lived,killed&op=ROR&open", "2 mutants shown", []string{"lived", "killed"}, "st-lived"},
		{"#status=equivalent&op=ROR", "0 mutants shown", nil, "filtered"},
		// The line's colour follows the filters: its killed mutant alone.
		{"#status=killed", "1 mutants shown", []string{"killed"}, "st-killed"},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		out, err := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir="+filepath.Join(dir, "profile"),
			"--dump-dom", "file://"+path+tt.hash).Output()
		cancel()
		if err != nil {
			t.Fatalf("%s: %v", bin, err)
		}
		dom := string(out)
		if !strings.Contains(dom, `<p id="shown">`+tt.shown+`</p>`) {
			t.Errorf("%q: the page does not say %q", tt.hash, tt.shown)
		}
		var got []string
		for _, mm := range visible.FindAllStringSubmatch(dom, -1) {
			got = append(got, mm[1])
		}
		if strings.Join(got, " ") != strings.Join(tt.want, " ") {
			t.Errorf("%q: visible mutants %v, want %v", tt.hash, got, tt.want)
		}
		if m := line5.FindStringSubmatch(dom); m == nil || m[1] != tt.line5 {
			t.Errorf("%q: line 5's classes %v, want %q", tt.hash, m, tt.line5)
		}
		if strings.Contains(tt.hash, "open") && strings.Count(dom, `aria-expanded="true"`) != 1 {
			t.Errorf("%q: %d lines open, want the one with mutants shown", tt.hash, strings.Count(dom, `aria-expanded="true"`))
		}
	}
}
