package matrix

import (
	"math"
	"testing"
)

func TestIsIdentity(t *testing.T) {
	tests := []struct {
		name string
		m    [3][3]int
		want bool
	}{
		{"identity", [3][3]int{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, true},
		{"zero", [3][3]int{}, false},
		{"last diagonal 2", [3][3]int{{1, 0, 0}, {0, 1, 0}, {0, 0, 2}}, false},
		{"first diagonal 0", [3][3]int{{0, 0, 0}, {0, 1, 0}, {0, 0, 1}}, false},
		{"corner 5", [3][3]int{{1, 0, 0}, {0, 1, 0}, {5, 0, 1}}, false},
		{"upper -1", [3][3]int{{1, -1, 0}, {0, 1, 0}, {0, 0, 1}}, false},
		{"last off-diagonal", [3][3]int{{1, 0, 0}, {0, 1, 0}, {0, 1, 1}}, false},
		{"diagonal -1", [3][3]int{{-1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, false},
	}
	for _, tt := range tests {
		if got := IsIdentity(tt.m); got != tt.want {
			t.Errorf("%s: IsIdentity(%v) = %v, want %v", tt.name, tt.m, got, tt.want)
		}
	}
}

func TestIsSymmetric(t *testing.T) {
	tests := []struct {
		name string
		m    [4][4]int
		want bool
	}{
		{"zero", [4][4]int{}, true},
		{"symmetric", [4][4]int{{1, 2, 3, 4}, {2, 5, 6, 7}, {3, 6, 8, 9}, {4, 7, 9, 0}}, true},
		{"diagonal only", [4][4]int{{1, 0, 0, 0}, {0, 2, 0, 0}, {0, 0, 3, 0}, {0, 0, 0, 4}}, true},
		{"first pair differs", [4][4]int{{1, 2, 3, 4}, {-2, 5, 6, 7}, {3, 6, 8, 9}, {4, 7, 9, 0}}, false},
		{"last pair differs", [4][4]int{{1, 2, 3, 4}, {2, 5, 6, 7}, {3, 6, 8, 9}, {4, 7, 8, 0}}, false},
		{"middle pair differs", [4][4]int{{0, 0, 0, 0}, {0, 0, 0, 1}, {0, 0, 0, 0}, {0, 0, 0, 0}}, false},
		{"lower element larger", [4][4]int{{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, {1, 0, 0, 0}}, false},
		{"pair of opposites", [4][4]int{{0, 0, 0, -4}, {0, 0, 0, 0}, {0, 0, 0, 0}, {4, 0, 0, 0}}, false},
	}
	for _, tt := range tests {
		if got := IsSymmetric(tt.m); got != tt.want {
			t.Errorf("%s: IsSymmetric(%v) = %v, want %v", tt.name, tt.m, got, tt.want)
		}
	}
}

func TestIsUpperTriangular(t *testing.T) {
	tests := []struct {
		name string
		m    [4][4]int
		want bool
	}{
		{"zero", [4][4]int{}, true},
		{"upper", [4][4]int{{1, 2, 3, 4}, {0, 5, 6, 7}, {0, 0, 8, 9}, {0, 0, 0, 1}}, true},
		{"m[1][0]", [4][4]int{{1, 2, 3, 4}, {7, 5, 6, 7}, {0, 0, 8, 9}, {0, 0, 0, 1}}, false},
		{"m[3][2]", [4][4]int{{1, 2, 3, 4}, {0, 5, 6, 7}, {0, 0, 8, 9}, {0, 0, -1, 1}}, false},
		{"m[3][0]", [4][4]int{{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, {3, 0, 0, 0}}, false},
		{"lower", [4][4]int{{1, 0, 0, 0}, {2, 1, 0, 0}, {3, 4, 1, 0}, {5, 6, 7, 1}}, false},
	}
	for _, tt := range tests {
		if got := IsUpperTriangular(tt.m); got != tt.want {
			t.Errorf("%s: IsUpperTriangular(%v) = %v, want %v", tt.name, tt.m, got, tt.want)
		}
	}
}

func TestIsMagicSquare(t *testing.T) {
	tests := []struct {
		name string
		m    [3][3]int
		want bool
	}{
		{"Lo Shu", [3][3]int{{4, 9, 2}, {3, 5, 7}, {8, 1, 6}}, true}, // every line sums to 15
		{"Lo Shu reflected", [3][3]int{{2, 9, 4}, {7, 5, 3}, {6, 1, 8}}, true},
		{"zero", [3][3]int{}, true},
		{"constant", [3][3]int{{-3, -3, -3}, {-3, -3, -3}, {-3, -3, -3}}, true},
		{"diagonals differ", [3][3]int{{4, 9, 2}, {3, 5, 7}, {8, 1, 7}}, false},          // 16 and 15
		{"Latin square", [3][3]int{{1, 2, 3}, {2, 3, 1}, {3, 1, 2}}, false},              // diagonals 6 and 9
		{"row 0 off", [3][3]int{{1, 0, 1}, {0, 1, 0}, {1, 0, 1}}, false},                 // diagonals 3, row 0 is 2
		{"column 0 off", [3][3]int{{1, 1, 1}, {0, 1, 2}, {1, 1, 1}}, false},              // diagonals and rows 3, column 0 is 2
		{"row 1 off", [3][3]int{{-1, -1, -1}, {-1, -1, 0}, {-1, -1, -1}}, false},         // row 1 is -2, the rest -3 so far
		{"row and column 2 off", [3][3]int{{-1, -1, 0}, {0, -1, -1}, {-1, 0, 0}}, false}, // -2 but row 2 and column 2 are -1
		{"permutation", [3][3]int{{0, 1, 0}, {1, 0, 0}, {0, 0, 1}}, false},               // diagonal 1, anti-diagonal 0
		{"rows 0, 3, 6", [3][3]int{{0, 0, 0}, {1, 1, 1}, {2, 2, 2}}, false},              // columns and diagonals 3
		{"rows 0, 6, 3", [3][3]int{{0, 0, 0}, {2, 2, 2}, {1, 1, 1}}, false},              // columns and diagonals 3
		{"row 0 and column 0 off", [3][3]int{{0, 0, 1}, {1, 1, 0}, {0, 1, 1}}, false},    // diagonals 2, row 0 and column 0 are 1
		{"column 0 off only", [3][3]int{{0, 1, 1}, {1, 1, 0}, {0, 1, 1}}, false},         // diagonals and row 0 are 2, column 0 is 1
		{"column 1 off", [3][3]int{{0, 0, 1}, {1, 0, 0}, {0, 0, 1}}, false},              // 1 but column 1 is 0
		{"row 1 off only", [3][3]int{{0, 1, 0}, {0, 0, 0}, {1, 0, 1}}, false},            // 1 but row 1 is 0
	}
	for _, tt := range tests {
		if got := IsMagicSquare(tt.m); got != tt.want {
			t.Errorf("%s: IsMagicSquare(%v) = %v, want %v", tt.name, tt.m, got, tt.want)
		}
	}
}

func TestTrace(t *testing.T) {
	tests := []struct {
		m    [4][4]int
		want int
	}{
		{[4][4]int{}, 0},
		{[4][4]int{{1, 9, 9, 9}, {9, 2, 9, 9}, {9, 9, 3, 9}, {9, 9, 9, 4}}, 10},
		{[4][4]int{{-5, 0, 0, 0}, {0, 5, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 7}}, 7},
		{[4][4]int{{-5, 1, 1, 1}, {1, 1, 1, 1}, {1, 1, 0, 1}, {1, 1, 1, 0}}, -4},
		{[4][4]int{{math.MaxInt, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}}, math.MinInt}, // wraps
	}
	for _, tt := range tests {
		if got := Trace(tt.m); got != tt.want {
			t.Errorf("Trace(%v) = %d, want %d", tt.m, got, tt.want)
		}
	}
}
