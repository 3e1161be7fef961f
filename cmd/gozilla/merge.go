package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/gozilla/gozilla/internal/report"
	"github.com/gozilla/gozilla/internal/score"
)

func cmdMerge(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("merge", flag.ContinueOnError)
	var (
		threshold = fs.String("threshold", "", "exit 1 when the merged mutation score is below this (0.8 or 80%)")
		explain   = fs.String("explain", "", "after the report, explain these mutants (IDs, comma-separated)")
	)
	rep := addReportFlags(fs, "gozilla.score/v1", "also list the killed and the equivalent mutants")
	if err := parseFlags(fs, args, stdout, stderr); err != nil {
		return err
	}
	if err := rep.check(); err != nil {
		return err
	}
	explainIDs, err := parseIDs(*explain)
	if err != nil {
		return &exitError{code: 2, msg: fmt.Sprintf("bad -explain: %v", err)}
	}
	var min float64
	if *threshold != "" {
		if min, err = parseThreshold(*threshold); err != nil {
			return &exitError{code: 2, msg: err.Error()}
		}
	}
	if fs.NArg() == 0 {
		return &exitError{code: 2, msg: "merge: name the shards' JSON reports"}
	}
	var docs []*report.Score
	for _, name := range fs.Args() {
		data, err := os.ReadFile(name)
		if err != nil {
			return &exitError{code: 2, msg: err.Error()}
		}
		var d report.Score
		if err := json.Unmarshal(data, &d); err != nil {
			return &exitError{code: 2, msg: fmt.Sprintf("%s: not a JSON report: %v", name, err)}
		}
		docs = append(docs, &d)
	}
	doc, err := score.Merge(docs)
	if err != nil {
		return err
	}
	var more func(io.Writer)
	if len(explainIDs) > 0 {
		more = func(w io.Writer) { report.Explain(w, doc.Mutation(), explainIDs) }
	}
	if err := rep.write(stdout, stderr, doc, more); err != nil {
		return err
	}
	if len(doc.Errors) > 0 {
		return report.Errors(doc.Errors)
	}
	if *threshold != "" && doc.Summary.Score != nil && *doc.Summary.Score < min {
		return &exitError{code: 1, msg: fmt.Sprintf("mutation score %.3f is below the threshold %.3f", *doc.Summary.Score, min)}
	}
	return nil
}
