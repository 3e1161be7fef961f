package magic

import "testing"

func TestUnlock(t *testing.T) {
	if got := Unlock(1); got != 0 {
		t.Errorf("Unlock(1) = %d, want 0", got)
	}
	if got := Scrambled(1); got != 0 {
		t.Errorf("Scrambled(1) = %d, want 0", got)
	}
}

func TestLogin(t *testing.T) {
	if got := Login("guess", 0); got != 0 {
		t.Errorf("Login(guess) = %d, want 0", got)
	}
}
