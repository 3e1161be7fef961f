package run

import (
	"os"
	"path/filepath"
	"testing"
)

func TestNewStartError(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	here := filepath.Join(wd, "m", "m.go")
	tests := []struct {
		name, stderr, want string
	}{
		{"init", "panic: no config file\n\ngoroutine 1 [running]:\nexample.com/m.init.0()\n\t" + here + ":6 +0x25\n",
			"init panics: m/m.go:6: no config file"},
		{"variable", "panic: runtime error: index out of range [3] with length 0\n\ngoroutine 1 [running]:\nexample.com/m.init()\n\t" + here + ":3 +0x1d\n",
			"init panics: m/m.go:3: runtime error: index out of range [3] with length 0"},
		{"error value, runtime frames first", "panic: no such file [recovered]\n\ngoroutine 1 [running]:\npanic({0x4b2f60?, 0xc000012345?})\n\t/usr/lib/go/src/runtime/panic.go:785 +0x132\nruntime.doInit1(0x5d0e40)\n\t/usr/lib/go/src/runtime/proc.go:7350 +0xd4\nexample.com/m.init.0.func1()\n\t/elsewhere/m.go:9 +0x25\n",
			"init panics: /elsewhere/m.go:9: no such file"},
		{"TestMain", "panic: no database\n\ngoroutine 1 [running]:\nexample.com/m.TestMain(0xc000104000)\n\t" + here + ":12 +0x25\nmain.main()\n\t_testmain.go:45 +0x1c5\n",
			"panics before any test runs: m/m.go:12: no database"},
		{"exit", "2026/01/02 03:04:05 config: missing\n", "exits before any test runs (exit status 1): 2026/01/02 03:04:05 config: missing"},
		{"silent", "", "exits before any test runs (exit status 1)"},
	}
	for _, tt := range tests {
		if got := NewStartError("exit status 1", []byte(tt.stderr)).Error(); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}
