package harness

import (
	"testing"

	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/testmod"
)

func TestQuiet(t *testing.T) {
	const chans = "package p\n\nimport \"sync\"\n\nfunc Sum(in []int) int {\n\tvar wg sync.WaitGroup\n\tc := make(chan int, len(in))\n\tfor _, v := range in {\n\t\twg.Add(1)\n\t\tgo func() { defer wg.Done(); c <- v }()\n\t}\n\twg.Wait()\n\tclose(c)\n\ts := 0\n\tfor v := range c {\n\t\ts += v\n\t}\n\treturn s\n}\n"
	for _, tt := range []struct {
		name  string
		files map[string]string
		units []Unit
		want  bool
	}{
		{"channels and a wait group", map[string]string{"p/p.go": chans}, nil, true},
		{"durations are no timer", map[string]string{"p/p.go": "package p\n\nimport \"time\"\n\nfunc Half(d time.Duration) time.Duration { return d / 2 }\n"}, nil, true},
		{"time.After", map[string]string{"p/p.go": "package p\n\nimport \"time\"\n\nfunc Wait(c chan int) int {\n\tselect {\n\tcase v := <-c:\n\t\treturn v\n\tcase <-time.After(time.Second):\n\t\treturn -1\n\t}\n}\n"}, nil, false},
		{"a timer's method", map[string]string{"p/p.go": "package p\n\nimport \"time\"\n\nfunc Again(t *time.Timer) bool { return t.Reset(time.Second) }\n"}, nil, false},
		{"context.WithTimeout", map[string]string{"p/p.go": "package p\n\nimport (\n\t\"context\"\n\t\"time\"\n)\n\nfunc Soon() context.Context {\n\tc, _ := context.WithTimeout(context.Background(), time.Second)\n\treturn c\n}\n"}, nil, false},
		{"a finalizer", map[string]string{"p/p.go": "package p\n\nimport \"runtime\"\n\ntype T struct{ c chan int }\n\nfunc New() *T {\n\tt := &T{make(chan int, 1)}\n\truntime.SetFinalizer(t, func(t *T) { t.c <- 1 })\n\treturn t\n}\n"}, nil, false},
		{"a package that may", map[string]string{"p/p.go": "package p\n\nimport \"os/exec\"\n\nfunc Run(name string) error { return exec.Command(name).Run() }\n"}, nil, false},
		{"a test file's timer", map[string]string{"p/p.go": chans, "p/p_test.go": "package p\n\nimport (\n\t\"testing\"\n\t\"time\"\n)\n\nvar tick = time.Tick(time.Millisecond)\n\nfunc TestSum(t *testing.T) { <-tick }\n"}, nil, false},
		{"a test file's durations", map[string]string{"p/p.go": chans, "p/p_test.go": "package p\n\nimport (\n\t\"testing\"\n\t\"time\"\n)\n\nfunc TestSum(t *testing.T) { _ = time.Second }\n"}, nil, true},
		{"inputs of a package that may", map[string]string{"p/p.go": chans}, []Unit{{Imports: map[string]string{"http": "net/http"}}}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := testmod.Write(t, tt.files)
			pkgs, err := load.Load(load.Config{Dir: dir, NoTests: true}, "./p")
			if err != nil {
				t.Fatal(err)
			}
			if got := Quiet(pkgs[0], tt.units); got != tt.want {
				t.Errorf("Quiet = %v, want %v", got, tt.want)
			}
		})
	}
}
