// Package calendar is Gregorian calendar arithmetic after day_of_year of
// Kernighan & Ritchie, "The C Programming Language" (2nd ed., §5.7): the
// leap-year rule, the days of a month (K&R's daytab as a switch) and the
// day of the year, the pieces the Cal subject (seed 003, Offutt & Pan,
// Table 6; testdata/subjects/cal) computes in one function. Years are
// uint16 and months and days uint8, so that every input can be tried.
package calendar

// IsLeap reports whether year is a leap year of the Gregorian calendar:
// divisible by 4, except centuries that are not divisible by 400.
func IsLeap(year uint16) bool {
	return year%4 == 0 && year%100 != 0 || year%400 == 0
}

// DaysIn returns the number of days in month (1 is January) of a leap
// year or a common one, or 0 if there is no such month.
func DaysIn(month uint8, leap bool) int {
	switch month {
	case 2:
		if leap {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	case 1, 3, 5, 7, 8, 10, 12:
		return 31
	}
	return 0
}

// DayOfYear returns the day of the year of a day of month. Like K&R's
// day_of_year it does not check that the month has that day.
//
//gozilla:assume month >= 1 && month <= 12
//gozilla:assume day >= 1 && day <= 31
func DayOfYear(month, day uint8, leap bool) int {
	n := int(day)
	for m := uint8(1); m < month; m++ {
		n += DaysIn(m, leap)
	}
	return n
}
