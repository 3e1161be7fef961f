package table

import (
	"errors"
	"testing"
	"time"
)

func TestCode(t *testing.T) {
	tests := []struct {
		in      string
		want    int
		wantErr bool
	}{
		{"USD", 840, false},
		{"eur", 978, false},
		{"XYZ", 0, true},
	}
	for _, tt := range tests {
		got, err := Code(tt.in)
		if (err != nil) != tt.wantErr {
			t.Errorf("Code(%q) error = %v, wantErr %v", tt.in, err, tt.wantErr)
		}
		if err != nil && !errors.Is(err, ErrUnknown) {
			t.Errorf("Code(%q) error = %v, want ErrUnknown", tt.in, err)
		}
		if got != tt.want {
			t.Errorf("Code(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

func TestMonth(t *testing.T) {
	if m, ok := Month("jan"); !ok || m != time.January {
		t.Errorf("Month(jan) = %v, %v", m, ok)
	}
	if m, ok := Month("September"); !ok || m != time.September {
		t.Errorf("Month(September) = %v, %v", m, ok)
	}
	if _, ok := Month("foo"); ok {
		t.Error("Month(foo) should fail")
	}
}

func TestWeekend(t *testing.T) {
	sat := time.Date(2024, 6, 1, 12, 0, 0, 0, time.UTC)
	if !Weekend(sat) {
		t.Errorf("%v should be a weekend", sat)
	}
}
