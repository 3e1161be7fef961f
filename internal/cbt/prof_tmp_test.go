package cbt

import (
	"context"
	"testing"
	"time"

	"github.com/gozilla/gozilla/internal/gen"
)

func TestProfFind(t *testing.T) {
	pkg := loadSubject(t, "find")
	p := New()
	t0 := time.Now()
	res, err := gen.Generate(context.Background(), pkg, gen.Config{Passes: []gen.Pass{p}, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(len(res.Tests), time.Since(t0), res.Build)
}
