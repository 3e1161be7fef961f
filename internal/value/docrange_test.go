package value

import (
	"math"
	"testing"
)

func TestDocRange(t *testing.T) {
	for _, tt := range []struct {
		doc    string
		lo, hi float64
		inf    bool
		none   bool
	}{
		{doc: "Points are represented by the angle they make with the positive x-axis in\nthe range [-π, π]. The point (-1, 0) has two valid representations, π and -π; endpoints of normal intervals are in the range (-π, π]. The full interval is [-π, π]. The empty interval is [π, -π].", lo: -math.Pi, hi: math.Pi},
		{doc: "ChordAngle is represented as the squared chord length, which can range from 0 to 4. Infinity uses an infinite squared length.", lo: 0, hi: 4, inf: true},
		{doc: "Ratio is a fraction in [0, 1).", lo: 0, hi: 1},
		{doc: "Lat must be between -90 and 90 degrees.", lo: -90, hi: 90},
		{doc: "An angle within [-π/2, π/2].", lo: -math.Pi / 2, hi: math.Pi / 2},
		{doc: "Version is a semantic version: major, minor, patch.", none: true},
		{doc: "The zero value is [0, 0], an empty interval.", none: true}, // not after range/in
		{doc: "The slice holds values [3, 1] in no order.", none: true},
	} {
		r := DocRange(tt.doc)
		if tt.none {
			if r != nil {
				t.Errorf("%q: range %+v, want none", tt.doc, *r)
			}
			continue
		}
		if r == nil {
			t.Errorf("%q: no range, want [%v, %v]", tt.doc, tt.lo, tt.hi)
			continue
		}
		if r.Lo != tt.lo || r.Hi != tt.hi || r.Inf != tt.inf {
			t.Errorf("%q: range %+v, want [%v, %v] inf %v", tt.doc, *r, tt.lo, tt.hi, tt.inf)
		}
		if r.Holds(math.NaN()) || r.Holds(tt.hi+1) || !r.Holds(tt.lo) || r.Holds(math.Inf(1)) != tt.inf {
			t.Errorf("%q: Holds is wrong on NaN, hi+1, lo or +Inf", tt.doc)
		}
	}
}

func TestParamRanges(t *testing.T) {
	for _, tt := range []struct {
		doc    string
		params []string
		want   map[string][2]float64
	}{
		{doc: "IntervalFromEndpoints constructs a new interval from endpoints.\nBoth arguments must be in the range [-π,π]. This function allows inverted intervals\nto be created.", params: []string{"lo", "hi"},
			want: map[string][2]float64{"lo": {-math.Pi, math.Pi}, "hi": {-math.Pi, math.Pi}}},
		{doc: `AddPoint returns the interval expanded by the minimum amount necessary such that it contains the given point "p" (an angle in the range [-π, π]).`, params: []string{"p"},
			want: map[string][2]float64{"p": {-math.Pi, math.Pi}}},
		{doc: "Scale scales by f. The result is in the range [0, 1].", params: []string{"f"}},                                              // the result's range, not f's
		{doc: "Mix blends a and b; t must be between 0 and 1.", params: []string{"a", "b", "t"}, want: map[string][2]float64{"t": {0, 1}}}, // only t
		{doc: "Abs returns the absolute value of x.", params: []string{"x"}},
	} {
		got := ParamRanges(tt.doc, tt.params)
		if len(got) != len(tt.want) {
			t.Errorf("%q: %d ranges %v, want %v", tt.doc, len(got), got, tt.want)
			continue
		}
		for p, w := range tt.want {
			if r := got[p]; r == nil || r.Lo != w[0] || r.Hi != w[1] {
				t.Errorf("%q: %s: %+v, want %v", tt.doc, p, r, w)
			}
		}
	}
}
