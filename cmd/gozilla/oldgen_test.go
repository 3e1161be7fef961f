package main

import (
	"testing"

	"github.com/gozilla/gozilla/internal/testmod"
)

// oldSrc is written in go1.9's language: maps, interfaces, callbacks,
// errors and times, no generics, no any.
const oldSrc = `package old

import (
	"errors"
	"io"
	"io/ioutil"
	"sort"
	"time"
)

var ErrEmpty = errors.New("empty")

// Total adds m's values, in key order (a mutant must not depend on
// the map's random order).
func Total(m map[string]int) int {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	t := 0
	for _, k := range keys {
		t += m[k]
	}
	return t
}

// Size reads r and counts its bytes.
func Size(r io.Reader) (int, error) {
	b, err := ioutil.ReadAll(r)
	if len(b) == 0 {
		return 0, ErrEmpty
	}
	return len(b), err
}

// Keep counts the elements f keeps.
func Keep(xs []int, f func(int) bool) int {
	n := 0
	for _, x := range xs {
		if f(x) {
			n++
		}
	}
	return n
}

// Kind names v's dynamic type.
func Kind(v interface{}) string {
	switch v.(type) {
	case int:
		return "int"
	case string:
		return "string"
	}
	return "other"
}

// Year is t's year, or -1 before 1970.
func Year(t time.Time) int {
	if t.Year() < 1970 {
		return -1
	}
	return t.Year()
}
`

// TestGenOldGoDirective: gen writes a file that builds and passes under
// every go directive, from go1.9 to the newest, on units of every kind.
func TestGenOldGoDirective(t *testing.T) {
	testmod.Long(t)
	for _, v := range []string{"1.9", "1.16", "1.26"} {
		t.Run("go"+v, func(t *testing.T) {
			dir := testmod.Write(t, map[string]string{
				"go.mod":     "module example.com/m\n\ngo " + v + "\n",
				"old/old.go": oldSrc,
			})
			doc := genJSON(t, dir, "-q", "./old")
			status := map[int]string{}
			for _, m := range doc.Mutants {
				status[m.ID] = m.Status
			}
			for _, u := range doc.Packages[0].Units {
				if u.Skipped != "" || u.Tests == 0 {
					t.Errorf("unit %s: skipped %q, %d tests", u.Name, u.Skipped, u.Tests)
				}
			}
			genPromise(t, dir, "./old", status)
		})
	}
}
