package rt

// This file stands in for what the harness finds in the package under
// test: the schemata helper's switch, coverage and budget variables
// (internal/mutate) and the unit table gozilla generates. It is not
// copied.

import (
	"reflect"
	"sync/atomic"
)

var (
	_gzActive           int
	_gzSeen             [8]atomic.Bool
	_gzTicks, _gzBudget uint64 = 0, 1<<64 - 1
	_gzStop             func()
	_gzCovReset         func()
	_gzCovRead          func() []int32
	_gzWeak             bool
	_gzEpoch            atomic.Uint32
	_gzWeakSite         [8]atomic.Bool
	_gzInfected         [8]atomic.Uint32
	_gzWantN            []int32

	_gzUnits     []_gzUnit
	_gzMutSite   []int32
	_gzSiteFirst []int32
	_gzSentinels []struct {
		N string
		E error
	}
	// The alternatives' constructors (by key) and deconstructors (by the
	// type they take apart).
	_gzCtors  map[string]interface{}
	_gzDecons map[reflect.Type]_gzDecon
)

func _gzTick() {
	_gzTicks++
	if _gzTicks > _gzBudget {
		_gzOver()
	}
}

// _gzOver mirrors the helper's: the harness's _gzStop unwinds the run or
// returns (a trap set for an earlier run).
func _gzOver() {
	if _gzStop != nil {
		_gzStop()
	}
}

func _gzHit(site int) {
	if _gzActive == -1 {
		_gzSeen[site].Store(true)
	}
}
