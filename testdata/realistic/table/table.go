// Package table provides lookups in small static tables (ISO 4217
// currency codes, month names) and a couple of calendar helpers.
package table

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// ErrUnknown is returned when a lookup key is not in the table.
var ErrUnknown = errors.New("table: unknown key")

var codes = map[string]int{
	"USD": 840,
	"EUR": 978,
	"GBP": 826,
	"JPY": 392,
	"CHF": 756,
}

var currencies = []struct {
	code int
	name string
}{
	{840, "US Dollar"},
	{978, "Euro"},
	{826, "Pound Sterling"},
	{392, "Yen"},
	{756, "Swiss Franc"},
}

// Code returns the ISO 4217 numeric code for a three-letter currency such
// as "usd" or "EUR". Case is ignored.
func Code(currency string) (int, error) {
	c, ok := codes[strings.ToUpper(strings.TrimSpace(currency))]
	if !ok {
		return 0, fmt.Errorf("currency %q: %w", currency, ErrUnknown)
	}
	return c, nil
}

// Name returns the English name for a numeric currency code, or "" if
// the code is not known.
func Name(code int) string {
	for _, c := range currencies {
		if c.code == code {
			return c.name
		}
	}
	return ""
}

// Month parses an English month name. Both the full name ("January") and
// the three-letter abbreviation ("jan") are accepted, case-insensitively.
func Month(s string) (time.Month, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if len(s) < 3 {
		return 0, false
	}
	for m := time.January; m <= time.December; m++ {
		full := strings.ToLower(m.String())
		if s == full || s == full[:3] {
			return m, true
		}
	}
	return 0, false
}

// Elapsed returns the time between start and end. If end is before
// start the result is zero rather than negative.
func Elapsed(start, end time.Time) time.Duration {
	if end.Before(start) {
		return 0
	}
	return end.Sub(start)
}

// Weekend reports whether t falls on a Saturday or Sunday.
func Weekend(t time.Time) bool {
	switch t.Weekday() {
	case time.Saturday, time.Sunday:
		return true
	default:
		return false
	}
}

// DaysIn returns the number of days in the given month of year.
func DaysIn(year int, m time.Month) int {
	return time.Date(year, m+1, 0, 0, 0, 0, 0, time.UTC).Day()
}
