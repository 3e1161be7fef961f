package harness

import (
	"reflect"
	"sort"
	"testing"
)

// TestQualifiersIn: the packages the harness imports are those its code
// qualifies names with, never a word in a comment or a string (bitset's
// fake of binary.ByteOrder, whose doc comment names the interface, made
// the harness import encoding/binary unused), nor a field of a value.
func TestQualifiersIn(t *testing.T) {
	src := `// gozillaOrder implements binary.ByteOrder for the tests.
type gozillaOrder struct{ calls []string }
func (o *gozillaOrder) String() string { return "strings.Builder" }
var _ = fmt.Sprint(o.bytes.Len(), time.Second) /* sort.Ints */`
	got := qualifiersIn(src)
	var names []string
	for n := range got {
		names = append(names, n)
	}
	sort.Strings(names)
	if want := []string{"fmt", "o", "time"}; !reflect.DeepEqual(names, want) {
		t.Errorf("qualifiers %v, want %v", names, want)
	}
}
