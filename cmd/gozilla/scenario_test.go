package main

// TestScenarios runs the end-to-end scenarios in testdata/scenarios: each
// *.txtar file is a small module (its files) and a script (its comment)
// that runs the gozilla binary on it and checks what a user sees.
//
// The files are written to a fresh directory, $WORK, which is also the
// script's first working directory. Nothing else is added: a scenario
// brings its own go.mod. "$WORK" (or "${WORK}") in a file's contents or
// in a command's arguments expands to that directory; in a regular
// expression it expands to the directory quoted.
//
// The script has one command per line; blank lines and lines starting
// with # are ignored. Arguments are separated by spaces; a single-quoted
// argument keeps its spaces, and '' inside quotes is one quote. A command
// prefixed by ! expects the opposite outcome.
//
//	gozilla ARGS...     run the binary (with a private, checked TMPDIR); ! expects a non-zero exit
//	go ARGS...          run the go command (with a private, checked TMPDIR); ! expects a non-zero exit
//	exit N              the last command exited with exactly N
//	stdout REGEXP       the last command's standard output matches (multi-line mode: ^ and $ match at lines)
//	stderr REGEXP       the same for its standard error
//	exists FILE...      the files exist
//	grep REGEXP FILE    the file's contents match (multi-line mode)
//	cmp FILE1 FILE2     the files are byte-identical (an archive file can serve as the expected one)
//	cp SRC DST          copy a file (DST may be a directory)
//	cd DIR              change the working directory
//	env KEY=VALUE       set an environment variable for the gozilla commands after it
//	snapshot            record every file below $WORK (its contents)
//	unchanged [PATH...] no file below $WORK was added, changed or removed since the snapshot, but these (files, or directories whole)
//	readonly DIR        no file can be created in DIR (chmod, or chattr +i for root) until the scenario ends; skips the scenario where neither works
//	long                the rest of the script runs only with GOZILLA_LONG=1 (testmod.Long): without it the scenario ends there, skipped
//
// Files are relative to the working directory. Expected files in the
// archive should not end in .go (they would be built with the package).
// The first failed command ends the scenario; the failure names the
// archive, the line, the command and the last command's output. There is
// no -update mode: the expectations are written in the scripts, checked by
// hand. Each archive is a subtest named after its file:
//
//	go test ./cmd/gozilla -run 'TestScenarios/gen_basic'

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/gozilla/gozilla/internal/testmod"
)

func TestScenarios(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "scenarios", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no testdata/scenarios/*.txtar")
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txtar")
		t.Run(name, func(t *testing.T) {
			// Each scenario has its own directories and TMPDIRs, and the
			// binary is built once by TestMain: they can run together.
			t.Parallel()
			runScenario(t, file)
		})
	}
}

// scenario is the state of one script's run.
type scenario struct {
	t    *testing.T
	file string // the archive, for messages
	work string // $WORK
	cwd  string // the working directory (cd)
	last *scenarioRun
	env  []string // env commands' variables
	snap map[string][32]byte
}

// scenarioRun is the outcome of the last gozilla or go command.
type scenarioRun struct {
	cmd            string
	code           int
	stdout, stderr string
}

func runScenario(t *testing.T, file string) {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	for _, f := range ar.Files {
		if !filepath.IsLocal(filepath.FromSlash(f.Name)) {
			t.Fatalf("%s: archive file %q is not a local path", file, f.Name)
		}
		path := filepath.Join(work, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(scenarioExpand(string(f.Data), work, false)), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	s := &scenario{t: t, file: file, work: work, cwd: work}
	commands := 0
	// The comment is at the top of the archive: its line i is the file's.
	for i, line := range strings.Split(string(ar.Comment), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		commands++
		t.Logf("%s:%d: > %s", file, i+1, line)
		if err := s.exec(line); err != nil {
			t.Fatalf("%s:%d: %s\nFAIL: %v%s", file, i+1, line, err, s.output())
		}
	}
	if commands == 0 {
		t.Fatalf("%s: the script has no commands", file)
	}
}

// output is the last command's output, for a failure message.
func (s *scenario) output() string {
	if s.last == nil {
		return ""
	}
	return fmt.Sprintf("\nlast command: %s (exit %d)\n--- stdout ---\n%s--- stderr ---\n%s", s.last.cmd, s.last.code, scenarioClip(s.last.stdout), scenarioClip(s.last.stderr))
}

// scenarioClip shortens long output for a failure message.
func scenarioClip(s string) string {
	const max = 16 << 10
	if len(s) > max {
		s = s[:max] + fmt.Sprintf("\n... (%d more bytes)", len(s)-max)
	}
	if s != "" && !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	return s
}

// exec runs one script line.
func (s *scenario) exec(line string) error {
	args, err := splitScriptArgs(line)
	if err != nil {
		return err
	}
	neg := false
	if len(args) > 0 && args[0] == "!" {
		neg, args = true, args[1:]
	}
	if len(args) == 0 {
		return errors.New("no command")
	}
	name, args := args[0], args[1:]
	c, ok := scenarioCommands[name]
	if !ok {
		return fmt.Errorf("unknown command %q", name)
	}
	if neg && !c.neg {
		return fmt.Errorf("%s does not take !", name)
	}
	if len(args) < c.min || (c.max >= 0 && len(args) > c.max) {
		return fmt.Errorf("usage: %s", c.usage)
	}
	// Arguments that are regular expressions get $WORK quoted.
	for i := range args {
		args[i] = scenarioExpand(args[i], s.work, c.regexpArg == i+1)
	}
	return c.run(s, neg, args)
}

type scenarioCommand struct {
	usage     string
	min, max  int  // argument counts; max -1: no limit
	neg       bool // takes !
	regexpArg int  // 1-based position of a regular expression argument, or 0
	run       func(s *scenario, neg bool, args []string) error
}

var scenarioCommands = map[string]scenarioCommand{
	"gozilla":   {"gozilla ARGS...", 0, -1, true, 0, (*scenario).cmdGozilla},
	"go":        {"go ARGS...", 1, -1, true, 0, (*scenario).cmdGo},
	"exit":      {"exit N", 1, 1, false, 0, (*scenario).cmdExit},
	"stdout":    {"stdout REGEXP", 1, 1, true, 1, func(s *scenario, neg bool, args []string) error { return s.match(neg, "stdout", args[0]) }},
	"stderr":    {"stderr REGEXP", 1, 1, true, 1, func(s *scenario, neg bool, args []string) error { return s.match(neg, "stderr", args[0]) }},
	"exists":    {"exists FILE...", 1, -1, true, 0, (*scenario).cmdExists},
	"grep":      {"grep REGEXP FILE", 2, 2, true, 1, (*scenario).cmdGrep},
	"cmp":       {"cmp FILE1 FILE2", 2, 2, true, 0, (*scenario).cmdCmp},
	"cp":        {"cp SRC DST", 2, 2, false, 0, (*scenario).cmdCp},
	"cd":        {"cd DIR", 1, 1, false, 0, (*scenario).cmdCd},
	"env":       {"env KEY=VALUE", 1, 1, false, 0, func(s *scenario, _ bool, args []string) error { s.env = append(s.env, args[0]); return nil }},
	"snapshot":  {"snapshot", 0, 0, false, 0, func(s *scenario, _ bool, _ []string) error { s.snap = snapshot(s.t, s.work); return nil }},
	"unchanged": {"unchanged [FILE...]", 0, -1, false, 0, (*scenario).cmdUnchanged},
	"readonly":  {"readonly DIR", 1, 1, false, 0, (*scenario).cmdReadonly},
	"long":      {"long", 0, 0, false, 0, func(s *scenario, _ bool, _ []string) error { testmod.Long(s.t); return nil }},
}

// cmdUnchanged compares the files below $WORK with the snapshot; the
// files named, and the files below the directories named, may differ (a
// file gozilla owns, the go command's cache under a $HOME there).
func (s *scenario) cmdUnchanged(_ bool, args []string) error {
	if s.snap == nil {
		return errors.New("unchanged: no snapshot taken")
	}
	skip := func(p string) bool {
		for _, a := range args {
			if a := s.path(a); p == a || strings.HasPrefix(p, a+string(filepath.Separator)) {
				return true
			}
		}
		return false
	}
	now := snapshot(s.t, s.work)
	var diffs []string
	for p, sum := range now {
		if old, ok := s.snap[p]; !skip(p) && (!ok || old != sum) {
			what := "changed"
			if !ok {
				what = "added"
			}
			diffs = append(diffs, what+" "+p)
		}
	}
	for p := range s.snap {
		if _, ok := now[p]; !ok && !skip(p) {
			diffs = append(diffs, "removed "+p)
		}
	}
	if len(diffs) > 0 {
		sort.Strings(diffs)
		return fmt.Errorf("the tree changed: %s", strings.Join(diffs, ", "))
	}
	return nil
}

// cmdReadonly makes a directory unwritable: its mode for a user, its
// immutable flag for root (whom modes do not stop), undone when the
// scenario ends. Where neither stops a write, the scenario is skipped.
func (s *scenario) cmdReadonly(_ bool, args []string) error {
	dir := s.path(args[0])
	st, err := os.Stat(dir)
	if err != nil {
		return err
	}
	if err := os.Chmod(dir, st.Mode().Perm()&^0o222); err != nil {
		return err
	}
	s.t.Cleanup(func() { os.Chmod(dir, st.Mode().Perm()) })
	blocked := func() bool {
		f, err := os.CreateTemp(dir, "probe")
		if err == nil {
			f.Close()
			os.Remove(f.Name())
		}
		return err != nil
	}
	if !blocked() && exec.Command("chattr", "+i", dir).Run() == nil {
		s.t.Cleanup(func() { exec.Command("chattr", "-i", dir).Run() })
	}
	if !blocked() {
		s.t.Skipf("%s: cannot make %s read-only here (root, without chattr)", s.file, args[0])
	}
	return nil
}

// path resolves a file argument against the working directory.
func (s *scenario) path(name string) string {
	name = filepath.FromSlash(name)
	if filepath.IsAbs(name) {
		return name
	}
	return filepath.Join(s.cwd, name)
}

// status checks a command's exit code against ! and records the run.
func (s *scenario) status(neg bool, run *scenarioRun) error {
	s.last = run
	switch {
	case run.code < 0:
		return errors.New("killed by a signal")
	case neg && run.code == 0:
		return errors.New("unexpected success (exit 0)")
	case !neg && run.code != 0:
		return fmt.Errorf("exit %d", run.code)
	}
	return nil
}

func (s *scenario) cmdGozilla(neg bool, args []string) error {
	t := s.t
	r := gzEnv(t, s.cwd, s.env, args...)
	run := &scenarioRun{cmd: "gozilla " + strings.Join(args, " "), code: r.code, stdout: r.stdout, stderr: r.stderr}
	if err := s.noTempLeft(r.tmp); err != nil {
		s.last = run
		return err
	}
	return s.status(neg, run)
}

func (s *scenario) cmdGo(neg bool, args []string) error {
	tmp := s.t.TempDir()
	cmd := exec.Command("go", args...)
	cmd.Dir = s.cwd
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	run := &scenarioRun{cmd: "go " + strings.Join(args, " "), stdout: stdout.String(), stderr: stderr.String()}
	if ee, ok := err.(*exec.ExitError); ok {
		run.code = ee.ExitCode()
	} else if err != nil {
		return err
	}
	if err := s.noTempLeft(tmp); err != nil {
		s.last = run
		return err
	}
	return s.status(neg, run)
}

// noTempLeft runs assertNoTempLeft on a command's TMPDIR and turns what it
// reports into the line's failure.
func (s *scenario) noTempLeft(tmp string) error {
	failed := s.t.Failed()
	assertNoTempLeft(s.t, tmp)
	if !failed && s.t.Failed() {
		return errors.New("the command left files in its TMPDIR")
	}
	return nil
}

func (s *scenario) cmdExit(neg bool, args []string) error {
	want, err := strconv.Atoi(args[0])
	if err != nil {
		return fmt.Errorf("exit %q: not a number", args[0])
	}
	if s.last == nil {
		return errors.New("exit: no command has run")
	}
	if s.last.code != want {
		return fmt.Errorf("exit code %d, want %d", s.last.code, want)
	}
	return nil
}

func (s *scenario) match(neg bool, which, pattern string) error {
	if s.last == nil {
		return fmt.Errorf("%s: no command has run", which)
	}
	text := s.last.stdout
	if which == "stderr" {
		text = s.last.stderr
	}
	return scenarioMatch(neg, which, pattern, text)
}

// scenarioMatch checks a multi-line regular expression against text.
func scenarioMatch(neg bool, what, pattern, text string) error {
	re, err := regexp.Compile("(?m)" + pattern)
	if err != nil {
		return err
	}
	loc := re.FindStringIndex(text)
	switch {
	case loc == nil && !neg:
		return fmt.Errorf("no match for `%s` in %s", pattern, what)
	case loc != nil && neg:
		return fmt.Errorf("unexpected match for `%s` in %s: %q", pattern, what, text[loc[0]:loc[1]])
	}
	return nil
}

func (s *scenario) cmdExists(neg bool, args []string) error {
	for _, name := range args {
		_, err := os.Stat(s.path(name))
		switch {
		case err == nil && neg:
			return fmt.Errorf("%s exists", name)
		case errors.Is(err, os.ErrNotExist) && !neg:
			return fmt.Errorf("%s does not exist", name)
		case err != nil && !errors.Is(err, os.ErrNotExist):
			return err
		}
	}
	return nil
}

func (s *scenario) cmdGrep(neg bool, args []string) error {
	data, err := os.ReadFile(s.path(args[1]))
	if err != nil {
		return err
	}
	return scenarioMatch(neg, args[1], args[0], string(data))
}

func (s *scenario) cmdCmp(neg bool, args []string) error {
	a, err := os.ReadFile(s.path(args[0]))
	if err != nil {
		return err
	}
	b, err := os.ReadFile(s.path(args[1]))
	if err != nil {
		return err
	}
	same := bytes.Equal(a, b)
	switch {
	case same && neg:
		return fmt.Errorf("%s and %s are identical", args[0], args[1])
	case !same && !neg:
		return fmt.Errorf("%s and %s differ: %s", args[0], args[1], scenarioFirstDiff(string(a), string(b)))
	}
	return nil
}

// scenarioFirstDiff describes the first line at which a and b differ.
func scenarioFirstDiff(a, b string) string {
	al, bl := strings.SplitAfter(a, "\n"), strings.SplitAfter(b, "\n")
	for i := 0; ; i++ {
		switch {
		case i >= len(al) || i >= len(bl):
			return fmt.Sprintf("lengths %d and %d bytes", len(a), len(b))
		case al[i] != bl[i]:
			return fmt.Sprintf("line %d:\n\t%q\n\t%q", i+1, al[i], bl[i])
		}
	}
}

func (s *scenario) cmdCp(neg bool, args []string) error {
	data, err := os.ReadFile(s.path(args[0]))
	if err != nil {
		return err
	}
	dst := s.path(args[1])
	if st, err := os.Stat(dst); err == nil && st.IsDir() {
		dst = filepath.Join(dst, filepath.Base(args[0]))
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return os.WriteFile(dst, data, 0o644)
}

func (s *scenario) cmdCd(neg bool, args []string) error {
	dir := s.path(args[0])
	st, err := os.Stat(dir)
	if err != nil {
		return err
	}
	if !st.IsDir() {
		return fmt.Errorf("%s is not a directory", args[0])
	}
	s.cwd = dir
	return nil
}

// scenarioExpand replaces $WORK and ${WORK} in s by dir, quoted for a
// regular expression if re.
func scenarioExpand(s, dir string, re bool) string {
	if re {
		dir = regexp.QuoteMeta(dir)
	}
	return strings.NewReplacer("${WORK}", dir, "$WORK", dir).Replace(s)
}

// splitScriptArgs splits a script line into words at spaces and tabs. A
// single-quoted span is taken literally, spaces included; ” inside quotes
// is one quote, and ” alone an empty word.
func splitScriptArgs(line string) ([]string, error) {
	var (
		args   []string
		word   strings.Builder
		inWord bool // word holds a word, perhaps empty ('')
		quoted bool
	)
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quoted && c == '\'' && i+1 < len(line) && line[i+1] == '\'':
			word.WriteByte('\'')
			i++
		case c == '\'':
			quoted = !quoted
			inWord = true
		case !quoted && (c == ' ' || c == '\t'):
			if inWord {
				args = append(args, word.String())
				word.Reset()
				inWord = false
			}
		default:
			word.WriteByte(c)
			inWord = true
		}
	}
	if quoted {
		return nil, errors.New("unterminated quote")
	}
	if inWord {
		args = append(args, word.String())
	}
	return args, nil
}

func TestSplitScriptArgs(t *testing.T) {
	tests := []struct {
		line string
		want []string // nil: an error
	}{
		{"gozilla score .", []string{"gozilla", "score", "."}},
		{"  stdout   'a  b'  ", []string{"stdout", "a  b"}},
		{"stderr 'it''s'", []string{"stderr", "it's"}},
		{"gozilla gen -run '' .", []string{"gozilla", "gen", "-run", "", "."}},
		{"grep x'y z'w f", []string{"grep", "xy zw", "f"}},
		{"! stdout '^x$'", []string{"!", "stdout", "^x$"}},
		{"stdout 'open", nil},
	}
	for _, tt := range tests {
		got, err := splitScriptArgs(tt.line)
		if tt.want == nil {
			if err == nil {
				t.Errorf("%q: %q, want an error", tt.line, got)
			}
			continue
		}
		if err != nil || strings.Join(got, "|") != strings.Join(tt.want, "|") || len(got) != len(tt.want) {
			t.Errorf("%q: %q, %v; want %q", tt.line, got, err, tt.want)
		}
	}
}
