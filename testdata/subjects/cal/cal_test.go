package cal

import "testing"

func TestCal(t *testing.T) {
	tests := []struct {
		name                             string
		month1, day1, month2, day2, year int
		want                             int
	}{
		{"same month", 5, 3, 5, 20, 2023, 17},
		{"next month", 1, 30, 2, 2, 2023, 3},
		{"across february, common year", 2, 1, 3, 1, 2023, 28},
		{"across february, leap year", 2, 1, 3, 1, 2024, 29},
		{"whole year", 1, 1, 12, 31, 2023, 364},
		{"bad month", 0, 1, 3, 1, 2023, -1},
	}
	for _, tt := range tests {
		got := Cal(tt.month1, tt.day1, tt.month2, tt.day2, tt.year)
		if got != tt.want {
			t.Errorf("%s: Cal(%d, %d, %d, %d, %d) = %d, want %d", tt.name,
				tt.month1, tt.day1, tt.month2, tt.day2, tt.year, got, tt.want)
		}
	}
}
