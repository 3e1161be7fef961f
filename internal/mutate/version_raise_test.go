package mutate

import "testing"

// TestRaiseVersion checks the header that raises a probed file's
// language version: combined with the file's constraint, in place when
// it has a //go:build line, and with the original lines' numbers kept.
func TestRaiseVersion(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"none", "package p\n", "//go:build go1.18\n\n//line /x/p.go:1\npackage p\n"},
		{"comment", "// Doc.\npackage p\n", "//go:build go1.18\n\n//line /x/p.go:1\n// Doc.\npackage p\n"},
		{"plus build", "// +build linux\n\npackage p\n", "//go:build linux && go1.18\n\n//line /x/p.go:1\n// +build linux\n\npackage p\n"},
		{"go build", "//go:build a || b\n// +build a b\n\npackage p\n", "//go:build (a || b) && go1.18\n// +build a b\n\npackage p\n"},
		{"after code", "package p\n//go:build x\n", "//go:build go1.18\n\n//line /x/p.go:1\npackage p\n//go:build x\n"},
	} {
		if got := string(raiseVersion([]byte(tc.src), "/x/p.go", "go1.18")); got != tc.want {
			t.Errorf("%s:\ngot  %q\nwant %q", tc.name, got, tc.want)
		}
	}
}
