//go:build glpk && cgo

package milp

// GLPK, through cgo, behind the glpk build tag (Debian: libglpk-dev):
// a second solver to cross-check the pure-Go one on the same problems.
// The default build needs no C library.

/*
#cgo LDFLAGS: -lglpk
#include <glpk.h>
#include <stdlib.h>

// GLPK's presolver (npp) aborts the process on some degenerate inputs
// (an assertion on a column's bounds), so the LP relaxation is solved
// first by the simplex, and the branch and cut starts from its basis.
static int gozilla_intopt(glp_prob *lp, int tm_lim) {
	glp_smcp sp;
	glp_init_smcp(&sp);
	sp.msg_lev = GLP_MSG_OFF;
	if (tm_lim > 0) sp.tm_lim = tm_lim;
	int ret = glp_simplex(lp, &sp);
	if (ret != 0) return ret;
	int st = glp_get_status(lp);
	if (st == GLP_NOFEAS) return GLP_ENOPFS;
	if (st != GLP_OPT) return GLP_EFAIL;
	glp_iocp parm;
	glp_init_iocp(&parm);
	parm.msg_lev = GLP_MSG_OFF;
	if (tm_lim > 0) parm.tm_lim = tm_lim;
	return glp_intopt(lp, &parm);
}
*/
import "C"

import (
	"fmt"
	"math"
	"runtime"
	"sort"
)

// HaveGLPK reports whether this build has GLPK.
const HaveGLPK = true

// SolveGLPK solves p with GLPK: its simplex, then its branch and cut
// (glp_intopt), within tmLimMillis milliseconds each (0: none).
func SolveGLPK(p *Problem, tmLimMillis int) Result {
	if err := p.check(); err != nil {
		return Result{Why: err.Error()}
	}
	// GLPK keeps its memory in a thread-local environment: every call
	// on one problem must come from the thread that made it.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	C.glp_term_out(C.GLP_OFF)
	lp := C.glp_create_prob()
	defer C.glp_delete_prob(lp)
	C.glp_set_obj_dir(lp, C.GLP_MIN)
	m, n := len(p.Cons), len(p.Vars)
	if n == 0 {
		return Result{Status: Solved, X: []float64{}}
	}
	C.glp_add_cols(lp, C.int(n))
	for j, v := range p.Vars {
		col := C.int(j + 1)
		lo, hi := v.Lo, v.Hi
		if v.Integer {
			lo, hi = math.Ceil(lo-intTol), math.Floor(hi+intTol)
		}
		if lo > hi {
			return Result{Status: NoSolution}
		}
		typ := C.int(C.GLP_DB)
		if lo == hi {
			typ = C.GLP_FX
		}
		C.glp_set_col_bnds(lp, col, typ, C.double(lo), C.double(hi))
		if v.Integer {
			C.glp_set_col_kind(lp, col, C.GLP_IV)
		}
		if p.Obj != nil {
			C.glp_set_obj_coef(lp, col, C.double(p.Obj[j]))
		}
	}
	// GLPK's arrays are 1-based; element 0 is unused.
	ia, ja, ar := []C.int{0}, []C.int{0}, []C.double{0}
	if m > 0 {
		C.glp_add_rows(lp, C.int(m))
	}
	for i, con := range p.Cons {
		row := C.int(i + 1)
		rhs := C.double(con.RHS)
		switch con.Rel {
		case LE:
			C.glp_set_row_bnds(lp, row, C.GLP_UP, 0, rhs)
		case GE:
			C.glp_set_row_bnds(lp, row, C.GLP_LO, rhs, 0)
		default:
			C.glp_set_row_bnds(lp, row, C.GLP_FX, rhs, rhs)
		}
		// GLPK aborts on a repeated (row, column): merge the terms.
		coef := map[int]float64{}
		for _, t := range con.Terms {
			coef[t.Var] += t.Coef
		}
		cols := make([]int, 0, len(coef))
		for v, a := range coef {
			if a != 0 {
				cols = append(cols, v)
			}
		}
		sort.Ints(cols)
		for _, v := range cols {
			ia = append(ia, row)
			ja = append(ja, C.int(v+1))
			ar = append(ar, C.double(coef[v]))
		}
	}
	C.glp_load_matrix(lp, C.int(len(ia)-1), &ia[0], &ja[0], &ar[0])
	ret := C.gozilla_intopt(lp, C.int(tmLimMillis))
	switch st := C.glp_mip_status(lp); {
	case ret == 0 && (st == C.GLP_OPT || st == C.GLP_FEAS):
		x := make([]float64, n)
		for j := range x {
			x[j] = float64(C.glp_mip_col_val(lp, C.int(j+1)))
		}
		return Result{Status: Solved, X: x, Obj: float64(C.glp_mip_obj_val(lp))}
	case ret == 0 && st == C.GLP_NOFEAS, ret == C.GLP_ENOPFS, ret == C.GLP_ENOFEAS:
		return Result{Status: NoSolution}
	default:
		return Result{Why: fmt.Sprintf("GLPK did not finish (glp_intopt %d, status %d)", int(ret), int(st))}
	}
}
