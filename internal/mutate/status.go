package mutate

import "fmt"

// Status is a mutant's verdict: the one vocabulary of score's runs, gen,
// the prover and the reports. Its text (String, and its JSON form) is
// the name reports print. Values are stable: append, never renumber.
type Status uint8

const (
	Unknown    Status = iota // no verdict (the prover has no proof either way)
	Killed                   // a run's outcome differs from the original's: a test failed, panicked or exited
	Lived                    // every test that reaches it passed
	TimedOut                 // the tests ran past the timeout: counted as detected
	NotCovered               // no test reaches the mutated code; not run
	Equivalent               // proven to behave like the original; excluded from MS
	// NotRun marks a mutant a partial report has no verdict on: the run
	// was interrupted (signal, -deadline) before it was decided. Such
	// mutants are left out of MS's denominator too.
	NotRun
	Killable // the prover found an input on which the outputs differ
)

var statusNames = [...]string{
	Unknown:    "unknown",
	Killed:     "killed",
	Lived:      "lived",
	TimedOut:   "timed_out",
	NotCovered: "not_covered",
	Equivalent: "equivalent",
	NotRun:     "not_run",
	Killable:   "killable",
}

func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// Detected reports whether the status counts as detected in MS = D/(M−E).
func (s Status) Detected() bool { return s == Killed || s == TimedOut }

// MarshalText implements encoding.TextMarshaler: the status's name.
func (s Status) MarshalText() ([]byte, error) {
	if int(s) >= len(statusNames) {
		return nil, fmt.Errorf("bad mutant status %d", int(s))
	}
	return []byte(statusNames[s]), nil
}

// UnmarshalText implements encoding.TextUnmarshaler.
func (s *Status) UnmarshalText(b []byte) error {
	for i, n := range statusNames {
		if n == string(b) {
			*s = Status(i)
			return nil
		}
	}
	return fmt.Errorf("unknown mutant status %q", b)
}
