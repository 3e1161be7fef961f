package letters

import (
	"errors"
	"testing"
)

func TestDecode(t *testing.T) {
	tests := []struct {
		in   string
		want string
	}{
		{"h3ll0", "hello"},
		{"L337 5p34k", "leet speak"},
		{"", ""},
	}
	for _, tt := range tests {
		got, err := Decode(tt.in)
		if err != nil {
			t.Errorf("Decode(%q) error: %v", tt.in, err)
			continue
		}
		if got != tt.want {
			t.Errorf("Decode(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestDecodeInvalid(t *testing.T) {
	if _, err := Decode("h#llo"); !errors.Is(err, ErrInvalid) {
		t.Errorf("Decode(h#llo) error = %v, want ErrInvalid", err)
	}
}

func TestScore(t *testing.T) {
	tests := map[string]int{
		"cabbage": 14,
		"quiz":    22,
		"":        0,
	}
	for word, want := range tests {
		if got := Score(word); got != want {
			t.Errorf("Score(%q) = %d, want %d", word, got, want)
		}
	}
}
