// Package parse contains small parsers for human-friendly configuration
// values: byte sizes such as "10KB", key/value lists such as "a=1,b=2"
// and semantic versions such as "v1.2.3".
package parse

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Sentinel errors returned (wrapped) by the parsers in this package.
var (
	ErrEmpty  = errors.New("empty input")
	ErrSyntax = errors.New("invalid syntax")
	ErrRange  = errors.New("value out of range")
)

var units = []struct {
	suffix string
	mult   int64
}{
	{"GB", 1 << 30},
	{"MB", 1 << 20},
	{"KB", 1 << 10},
	{"B", 1},
}

// ParseSize parses a byte size such as "512", "10KB" or "2 MB".
// Suffixes are case-insensitive; a bare number is a count of bytes.
func ParseSize(s string) (int64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, ErrEmpty
	}
	upper := strings.ToUpper(s)
	mult := int64(1)
	for _, u := range units {
		if num, ok := strings.CutSuffix(upper, u.suffix); ok {
			upper = strings.TrimSpace(num)
			mult = u.mult
			break
		}
	}
	n, err := strconv.ParseInt(upper, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("parse %q: %w", s, ErrSyntax)
	}
	if n < 0 {
		return 0, fmt.Errorf("parse %q: %w", s, ErrRange)
	}
	if n > (1<<63-1)/mult {
		return 0, fmt.Errorf("parse %q: %w", s, ErrRange)
	}
	return n * mult, nil
}

// ParseKV parses a comma-separated list of key=value pairs.
// Whitespace around keys and values is ignored and empty items are skipped.
// A later duplicate key overrides an earlier one.
func ParseKV(s string) (map[string]string, error) {
	if strings.TrimSpace(s) == "" {
		return nil, ErrEmpty
	}
	m := make(map[string]string)
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		k, v, ok := strings.Cut(item, "=")
		k = strings.TrimSpace(k)
		if !ok || k == "" {
			return nil, fmt.Errorf("parse %q: bad pair %q: %w", s, item, ErrSyntax)
		}
		m[k] = strings.TrimSpace(v)
	}
	return m, nil
}

// Version is a semantic version number.
type Version struct {
	Major, Minor, Patch int
}

// ParseVersion parses "MAJOR.MINOR.PATCH" with an optional leading "v".
// Missing minor or patch components default to zero, so "v2" is 2.0.0.
func ParseVersion(s string) (Version, error) {
	if s == "" {
		return Version{}, ErrEmpty
	}
	s = strings.TrimPrefix(s, "v")
	parts := strings.Split(s, ".")
	if len(parts) > 3 {
		return Version{}, fmt.Errorf("parse version %q: %w", s, ErrSyntax)
	}
	var nums [3]int
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil {
			return Version{}, fmt.Errorf("parse version %q: %w", s, ErrSyntax)
		}
		if n < 0 {
			return Version{}, fmt.Errorf("parse version %q: %w", s, ErrRange)
		}
		nums[i] = n
	}
	return Version{Major: nums[0], Minor: nums[1], Patch: nums[2]}, nil
}

// Less reports whether v sorts before w.
func (v Version) Less(w Version) bool {
	if v.Major != w.Major {
		return v.Major < w.Major
	}
	if v.Minor != w.Minor {
		return v.Minor < w.Minor
	}
	return v.Patch < w.Patch
}

// Bump returns v with the named part ("major", "minor" or "patch")
// incremented and all lower parts reset to zero.
func (v Version) Bump(part string) (Version, error) {
	switch strings.ToLower(part) {
	case "major":
		return Version{Major: v.Major + 1}, nil
	case "minor":
		return Version{Major: v.Major, Minor: v.Minor + 1}, nil
	case "patch":
		v.Patch++
		return v, nil
	}
	return v, fmt.Errorf("bump %q: %w", part, ErrSyntax)
}

// String returns the version in "vMAJOR.MINOR.PATCH" form.
func (v Version) String() string {
	return fmt.Sprintf("v%d.%d.%d", v.Major, v.Minor, v.Patch)
}
