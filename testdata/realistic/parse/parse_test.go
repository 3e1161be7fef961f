package parse

import (
	"errors"
	"testing"
)

func TestParseSize(t *testing.T) {
	tests := []struct {
		in      string
		want    int64
		wantErr error
	}{
		{"512", 512, nil},
		{"10KB", 10240, nil},
		{"2 mb", 2 << 20, nil},
		{"", 0, ErrEmpty},
		{"abc", 0, ErrSyntax},
	}
	for _, tt := range tests {
		got, err := ParseSize(tt.in)
		if !errors.Is(err, tt.wantErr) {
			t.Errorf("ParseSize(%q) error = %v, want %v", tt.in, err, tt.wantErr)
			continue
		}
		if got != tt.want {
			t.Errorf("ParseSize(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

func TestParseKV(t *testing.T) {
	m, err := ParseKV("a=1, b=2")
	if err != nil {
		t.Fatal(err)
	}
	if m["a"] != "1" || m["b"] != "2" {
		t.Errorf("ParseKV = %v", m)
	}
	if _, err := ParseKV("a"); !errors.Is(err, ErrSyntax) {
		t.Errorf("ParseKV(\"a\") error = %v, want ErrSyntax", err)
	}
}

func TestParseVersion(t *testing.T) {
	v, err := ParseVersion("v1.2.3")
	if err != nil {
		t.Fatal(err)
	}
	if v != (Version{1, 2, 3}) {
		t.Errorf("got %+v", v)
	}
	if v.String() != "v1.2.3" {
		t.Errorf("String() = %q", v.String())
	}
	if !v.Less(Version{1, 3, 0}) {
		t.Errorf("%v should be less than v1.3.0", v)
	}
}
