package emit

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/testmod"
	"github.com/gozilla/gozilla/internal/value"
)

// checkSrc has a unit whose error result is a sentinel (wrapped), an
// error with only a message, or nil, depending on its input.
const checkSrc = `package lib

import (
	"errors"
	"fmt"
)

var ErrNeg = errors.New("negative")

// Check fails with a sentinel, with a message, or not at all.
func Check(x int) (int, error) {
	switch {
	case x < 0:
		return 0, fmt.Errorf("check %d: %w", x, ErrNeg)
	case x == 0:
		return 0, fmt.Errorf("zero")
	}
	return x, nil
}
`

// TestFileMixedErrors renders Check's rows in every mix of sentinel,
// message-only and nil errors: the file must pass on Check as written
// (a row that wants a message-only error has no sentinel, and must not be
// checked with errors.Is(err, nil)), and fail once an outcome changes.
func TestFileMixedErrors(t *testing.T) {
	var (
		sentinel = row{unit: "Check", in: []value.Value{{I: -1}}, results: []value.Value{{}, {X: "ErrNeg"}}}
		message  = row{unit: "Check", in: []value.Value{{I: 0}}, results: []value.Value{{}, {S: "zero"}}}
		none     = row{unit: "Check", in: []value.Value{{I: 3}}, results: []value.Value{{I: 3}, {Nil: true}}}
	)
	type change struct{ from, to string }
	var (
		noSentinel = change{`fmt.Errorf("check %d: %w", x, ErrNeg)`, `fmt.Errorf("check %d: %v", x, ErrNeg)`}
		otherText  = change{`fmt.Errorf("zero")`, `fmt.Errorf("zero!")`}
		zeroIsNeg  = change{`fmt.Errorf("zero")`, `ErrNeg`}
		zeroIsNil  = change{`fmt.Errorf("zero")`, `nil`}
		failsToo   = change{`return x, nil`, `return x, fmt.Errorf("zero")`}
	)
	for _, tt := range []struct {
		name    string
		rows    []row
		want    []string // in the file
		changes []change // each must make the file fail
	}{
		{
			name:    "sentinel, message and nil",
			rows:    []row{sentinel, message, none},
			want:    []string{"wantErr    error", "wantErrMsg string", `tt.wantErrMsg == "" && !errors.Is(err, tt.wantErr)`, "tt.wantErr == nil && gozillaErrText(err) != tt.wantErrMsg"},
			changes: []change{noSentinel, otherText, zeroIsNeg, zeroIsNil, failsToo},
		},
		{
			name:    "sentinel and message",
			rows:    []row{sentinel, message},
			want:    []string{`tt.wantErrMsg == "" && !errors.Is(err, tt.wantErr)`},
			changes: []change{noSentinel, otherText, zeroIsNeg, zeroIsNil},
		},
		{
			name:    "message and nil",
			rows:    []row{message, none},
			want:    []string{"gozillaErrText(err) != tt.wantErr"},
			changes: []change{otherText, zeroIsNil, failsToo},
		},
		{
			name:    "sentinel and nil",
			rows:    []row{sentinel, none},
			want:    []string{"!errors.Is(err, tt.wantErr)"},
			changes: []change{noSentinel, failsToo},
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.name != "sentinel, message and nil" {
				testmod.Long(t) // the first case has all three kinds
			}
			dir := testmod.Write(t, map[string]string{"lib/lib.go": checkSrc})
			out, err := File(result(t, dir, tt.rows), Options{Command: "gozilla gen ./lib", NewExpr: true})
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(string(out), w) {
					t.Errorf("the file has no %q:\n%s", w, out)
				}
			}
			// gen's own check of the file (emit.Check) and a plain go test.
			fails, _, err := Check(context.Background(), filepath.Join(dir, "lib"), filepath.Join(dir, "lib", "lib_gozilla_test.go"), out, "", []string{"TestGozillaCheck"}, false)
			if err != nil || len(fails) != 0 {
				t.Fatalf("Check: failures %v, error %v; want none\n%s", fails, err, out)
			}
			run := testmod.Write(t, map[string]string{"lib/lib.go": checkSrc, "lib/lib_gozilla_test.go": string(out)})
			if msg, err := goTest(run); err != nil {
				t.Fatalf("the emitted file fails on the code it was made from:\n%s\n%s", msg, out)
			}
			for _, c := range tt.changes {
				if !strings.Contains(checkSrc, c.from) {
					t.Fatalf("checkSrc has no %q", c.from)
				}
				mutated := testmod.Write(t, map[string]string{
					"lib/lib.go":              strings.Replace(checkSrc, c.from, c.to, 1),
					"lib/lib_gozilla_test.go": string(out),
				})
				if msg, err := goTest(mutated); err == nil || !strings.Contains(msg, "--- FAIL: TestGozillaCheck") {
					t.Errorf("the emitted file does not catch %q → %q:\n%s", c.from, c.to, msg)
				}
			}
		})
	}
}
