package version

import (
	"runtime"
	"strings"
	"testing"
)

func TestString(t *testing.T) {
	s := String()
	if !strings.HasSuffix(s, " "+runtime.Version()+" "+runtime.GOOS+"/"+runtime.GOARCH) {
		t.Errorf("String() = %q: want the Go version and platform last", s)
	}
	if Module() == "devel" && !strings.HasPrefix(s, "devel build ") {
		t.Errorf("String() = %q: a build with no version or revision names its executable's hash", s)
	}
	if m := Module(); m == "" || strings.Contains(m, "(devel)") {
		t.Errorf("Module() = %q", m)
	}
	if k := Key(); k == "" || k != Key() || !strings.HasPrefix(k, Module()) {
		t.Errorf("Key() = %q: want a stable key starting with the module version", k)
	}
}
