package calendar

import "testing"

func TestIsLeap(t *testing.T) {
	for year, want := range map[uint16]bool{2024: true, 2023: false, 1900: false, 2000: true} {
		if got := IsLeap(year); got != want {
			t.Errorf("IsLeap(%d) = %v, want %v", year, got, want)
		}
	}
}

func TestDaysIn(t *testing.T) {
	tests := []struct {
		month uint8
		leap  bool
		want  int
	}{
		{1, false, 31},
		{2, false, 28},
		{2, true, 29},
		{4, false, 30},
		{13, false, 0},
	}
	for _, tt := range tests {
		if got := DaysIn(tt.month, tt.leap); got != tt.want {
			t.Errorf("DaysIn(%d, %v) = %d, want %d", tt.month, tt.leap, got, tt.want)
		}
	}
}

func TestDayOfYear(t *testing.T) {
	tests := []struct {
		month, day uint8
		leap       bool
		want       int
	}{
		{1, 1, false, 1},
		{3, 1, false, 60},
		{3, 1, true, 61},
		{12, 31, false, 365},
	}
	for _, tt := range tests {
		if got := DayOfYear(tt.month, tt.day, tt.leap); got != tt.want {
			t.Errorf("DayOfYear(%d, %d, %v) = %d, want %d", tt.month, tt.day, tt.leap, got, tt.want)
		}
	}
}
