// Package sarif writes the mutants the tests leave alive as a SARIF 2.1.0
// log (Static Analysis Results Interchange Format), which code scanning
// tools (GitHub code scanning, IDE viewers) show on the lines they name.
package sarif

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"

	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/report"
	"github.com/gozilla/gozilla/internal/version"
)

// Log is a SARIF log with one run.
type Log struct {
	Version string `json:"version"`
	Schema  string `json:"$schema"`
	Runs    []Run  `json:"runs"`
}

type Run struct {
	Tool    Tool     `json:"tool"`
	Results []Result `json:"results"`
}

type Tool struct {
	Driver Driver `json:"driver"`
}

type Driver struct {
	Name           string `json:"name"`
	Version        string `json:"version,omitempty"`
	InformationURI string `json:"informationUri,omitempty"`
	Rules          []Rule `json:"rules"`
}

type Rule struct {
	ID               string  `json:"id"`
	Name             string  `json:"name"`
	ShortDescription Message `json:"shortDescription"`
	Help             Message `json:"help"`
}

type Message struct {
	Text string `json:"text"`
}

type Result struct {
	RuleID    string     `json:"ruleId"`
	RuleIndex int        `json:"ruleIndex"`
	Level     string     `json:"level"`
	Message   Message    `json:"message"`
	Locations []Location `json:"locations"`
	// PartialFingerprints keep a result's identity across runs (the
	// mutant's place and change, not its number).
	PartialFingerprints map[string]string `json:"partialFingerprints"`
}

type Location struct {
	PhysicalLocation PhysicalLocation `json:"physicalLocation"`
}

type PhysicalLocation struct {
	ArtifactLocation ArtifactLocation `json:"artifactLocation"`
	Region           Region           `json:"region"`
}

type ArtifactLocation struct {
	URI string `json:"uri"`
}

type Region struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine"`
	EndColumn   int `json:"endColumn"`
}

// Build makes the log: one rule per operator, one result per surviving
// mutant (lived: a warning; not covered: a note).
func Build(m *report.Mutation) *Log {
	d := Driver{Name: "gozilla", Version: version.Module(), InformationURI: "https://github.com/gozilla/gozilla"}
	index := map[string]int{}
	for _, op := range mutate.AllOps() {
		index[op.String()] = len(d.Rules)
		d.Rules = append(d.Rules, Rule{ID: op.String(), Name: op.String(), ShortDescription: Message{op.Doc()},
			Help: Message{"A mutant (" + op.Doc() + ") that no test notices: add a test whose result depends on the changed code."}})
	}
	run := Run{Tool: Tool{d}, Results: []Result{}}
	srcs := report.Sources{}
	for _, mu := range m.Mutants {
		if !report.Survives(mu.Status) {
			continue
		}
		level := "warning"
		if mu.Status == mutate.NotCovered {
			level = "note"
		}
		reg := Region{StartLine: mu.Line, StartColumn: mu.Col, EndLine: mu.Line, EndColumn: mu.Col + 1}
		if src := srcs.Get(mu.File); src != nil {
			reg.StartLine, reg.StartColumn = src.Position(mu.Offset)
			reg.EndLine, reg.EndColumn = src.Position(mu.End)
		}
		run.Results = append(run.Results, Result{
			RuleID: mu.Op, RuleIndex: index[mu.Op], Level: level,
			Message:   Message{fmt.Sprintf("Mutant survives: %s — %s.", report.Change(mu.Orig, mu.Repl), report.Why(mu))},
			Locations: []Location{{PhysicalLocation{ArtifactLocation{filepath.ToSlash(mu.File)}, reg}}},
			PartialFingerprints: map[string]string{
				"gozillaMutant/v1": fmt.Sprintf("%s:%s:%s:%s→%s", mu.Package, mu.Func, mu.Op, mu.Orig, mu.Repl),
			},
		})
	}
	return &Log{Version: "2.1.0", Schema: "https://json.schemastore.org/sarif-2.1.0.json", Runs: []Run{run}}
}

// Write writes the run's SARIF log.
func Write(w io.Writer, m *report.Mutation) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(Build(m))
}
