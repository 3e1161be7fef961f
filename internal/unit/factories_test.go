package unit

import (
	"slices"
	"testing"
)

// TestFactories: where a unit takes an interface that the standard
// library's constructors the package calls implement (hash.Hash: md5.New
// and sha1.New), the values are those, as the package builds them, not
// a fake; a constructor of a package that reaches the world (time.Now is
// no New…, rand.New takes a source) or one the package does not call
// (sha256.New) is not one.
func TestFactories(t *testing.T) {
	const src = `package p

import (
	"crypto/md5"
	"crypto/sha1"
	"hash"
	"io"
	"math/rand"
)

// Sum hashes data with h.
func Sum(h hash.Hash, data []byte) []byte {
	h.Write(data)
	return h.Sum(nil)
}

func MD5(data []byte) []byte  { return Sum(md5.New(), data) }
func SHA1(data []byte) []byte { return Sum(sha1.New(), data) }

// Copy copies r to w.
func Copy(w io.Writer, r io.Reader) error {
	_ = rand.New(rand.NewSource(1))
	_, err := io.Copy(w, r)
	return err
}
`
	units := unitsOf(t, src)
	u := units["Sum"]
	if u == nil {
		t.Fatal("no unit Sum")
	}
	h := u.Inputs()[0]
	var labels []string
	for _, a := range h.Alts {
		labels = append(labels, a.Label)
	}
	for _, want := range []string{"md5.New", "sha1.New"} {
		if !slices.Contains(labels, want) {
			t.Errorf("hash.Hash's alternatives %v lack %s", labels, want)
		}
	}
	for _, l := range labels {
		if l == "sha256.New" || l == "gozillaHash" {
			t.Errorf("hash.Hash's alternatives %v hold %s", labels, l)
		}
	}
	if u.Imports["md5"] != "crypto/md5" || u.Imports["sha1"] != "crypto/sha1" {
		t.Errorf("imports %v lack crypto/md5 and crypto/sha1", u.Imports)
	}
	if c := units["Copy"]; c != nil {
		for _, a := range c.Inputs()[0].Alts {
			if a.Label == "rand.New" {
				t.Errorf("io.Writer's alternatives hold %s", a.Label)
			}
		}
	}
}
