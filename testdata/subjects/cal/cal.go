// Package cal is Cal, the number of days between two dates of the same
// year, the classic Mothra subject listed as DAYS in seed 000 (DeMillo &
// Offutt, Table 3), ported to Go. The seed names it but does not list its
// code; this follows the classic version (as in Ammann & Offutt's
// "Introduction to Software Testing").
package cal

// Cal returns the number of days from month1/day1 to month2/day2 in the
// given year, counting February as 29 days in leap years of the Gregorian
// calendar. Months are numbered 1 to 12.
//
// Like the classic program, Cal expects month1 <= month2 and valid days
// and does not check them. Guard: the classic program indexes its table
// of month lengths out of bounds for a month outside 0..12; Cal returns
// -1 instead whenever a month is outside 1..12.
func Cal(month1, day1, month2, day2, year int) int {
	if month1 < 1 || month1 > 12 || month2 < 1 || month2 > 12 {
		return -1
	}
	var numDays int
	if month2 == month1 { // in the same month
		numDays = day2 - day1
	} else {
		// Skip month 0.
		daysIn := [13]int{0, 31, 0, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}
		// Are we in a leap year?
		m4 := year % 4
		m100 := year % 100
		m400 := year % 400
		if m4 != 0 || m100 == 0 && m400 != 0 {
			daysIn[2] = 28
		} else {
			daysIn[2] = 29
		}
		// Start with the days in the two months.
		numDays = day2 + (daysIn[month1] - day1)
		// Add the days in the intervening months.
		for i := month1 + 1; i <= month2-1; i++ {
			numDays = daysIn[i] + numDays
		}
	}
	return numDays
}
