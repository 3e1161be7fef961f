package equiv

import (
	"go/token"

	c "github.com/gozilla/gozilla/internal/constraint"
)

// FloatNeqBug makes the necessity condition float != instead of "the
// bits differ" (issue 13's bug) until the returned function is called.
func FloatNeqBug() (restore func()) {
	differ = func(x, y c.Expr) c.Expr { return c.Bin(token.NEQ, x, y) }
	return func() { differ = c.Differ }
}
