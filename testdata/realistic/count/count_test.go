package count

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

func TestCountLines(t *testing.T) {
	tests := []struct {
		in                  string
		lines, words, bytes int
	}{
		{"hello world\n", 1, 2, 12},
		{"one\ntwo three", 2, 3, 13},
		{"", 0, 0, 0},
	}
	for _, tt := range tests {
		l, w, b, err := CountLines(strings.NewReader(tt.in))
		if err != nil {
			t.Fatalf("CountLines(%q): %v", tt.in, err)
		}
		if l != tt.lines || w != tt.words || b != tt.bytes {
			t.Errorf("CountLines(%q) = %d, %d, %d; want %d, %d, %d",
				tt.in, l, w, b, tt.lines, tt.words, tt.bytes)
		}
	}
}

func TestWriteReport(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteReport(&buf, "lines", 3); err != nil {
		t.Fatal(err)
	}
	if got := buf.String(); got != "lines: 3\n" {
		t.Errorf("got %q", got)
	}
}

func TestSum(t *testing.T) {
	got, err := Sum(context.Background(), []int{1, 2, 3})
	if err != nil || got != 6 {
		t.Errorf("Sum = %d, %v; want 6, nil", got, err)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Sum(ctx, []int{1}); !errors.Is(err, context.Canceled) {
		t.Errorf("Sum with canceled ctx: err = %v", err)
	}
}
