// Package magic guards its code with conditions random inputs almost
// never meet: a magic number, the same number behind an XOR (so that the
// constant in the source is no hint), and a password. Constraint-based
// generation (issue 4) solves each guard at once; random testing and
// go test -fuzz take very long to get past them.
package magic

// Unlock returns the secret when key is the magic number.
func Unlock(key uint32) int {
	if key == 0xDEADBEEF {
		return 42
	}
	return 0
}

// Scrambled is Unlock with the key scrambled first: key ^ 0x5A5A5A5A is
// 0x84F7E4B5 for key 0xDEADBEEF only.
func Scrambled(key uint32) int {
	if key^0x5A5A5A5A == 0x84F7E4B5 {
		return 42
	}
	return 0
}

// Login returns the access level of a password and the number of failed
// attempts before it.
func Login(password string, attempts int) int {
	if password == "open sesame" {
		if attempts > 3 {
			return 1
		}
		return 2
	}
	return 0
}
