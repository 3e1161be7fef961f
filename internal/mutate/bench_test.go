package mutate

import "testing"

// BenchmarkGenerate measures mutant generation, checking and schemata
// rendering on the kitchen file (loading excluded).
func BenchmarkGenerate(b *testing.B) {
	pkg := loadKitchen(b)
	var n int
	for b.Loop() {
		set, err := Generate(pkg, Options{})
		if err != nil {
			b.Fatal(err)
		}
		n = len(set.Mutants)
	}
	b.ReportMetric(float64(n), "mutants")
}
