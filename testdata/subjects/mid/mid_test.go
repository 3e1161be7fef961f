package mid

import "testing"

func TestMid(t *testing.T) {
	tests := []struct {
		name    string
		x, y, z int
		want    int
	}{
		{"ascending", 1, 2, 3, 2},
		{"descending", 3, 2, 1, 2},
		{"first is middle", 5, 1, 9, 5},
		{"last is middle", 1, 9, 4, 4},
		{"all equal", 6, 6, 6, 6},
	}
	for _, tt := range tests {
		if got := Mid(tt.x, tt.y, tt.z); got != tt.want {
			t.Errorf("%s: Mid(%d, %d, %d) = %d, want %d", tt.name, tt.x, tt.y, tt.z, got, tt.want)
		}
	}
}
