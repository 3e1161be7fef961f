//go:build !(glpk && cgo)

package milp

// HaveGLPK reports whether this build has GLPK (the glpk build tag).
const HaveGLPK = false

// SolveGLPK is GLPK's answer in a build with it (see glpk.go); here it
// is Unknown.
func SolveGLPK(p *Problem, tmLimMillis int) Result {
	return Result{Why: "gozilla was built without GLPK (build tag glpk)"}
}
