package rules

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"heat-ls/analysis/source"
)

// Formats Write accepts.
const (
	FormatText = "text"
	FormatJSON = "json"
)

// jsonRule is one rule in the JSON table; severities are words.
type jsonRule struct {
	ID       string        `json:"id"`
	Severity string        `json:"severity"`
	Phase    Phase         `json:"phase"`
	Group    string        `json:"group"`
	Summary  string        `json:"summary"`
	Contexts []jsonContext `json:"contexts,omitempty"`
}

type jsonContext struct {
	Where    string `json:"where"`
	Severity string `json:"severity"`
	Phase    Phase  `json:"phase"`
}

// Write prints the table of every rule (heat-ls rules, check
// --list-rules) as aligned text or as a JSON array.
func Write(w io.Writer, format string) error {
	all := All()
	switch format {
	case FormatJSON:
		out := make([]jsonRule, 0, len(all))
		for _, r := range all {
			jr := jsonRule{ID: r.ID, Severity: r.Severity.String(), Phase: r.Phase, Group: r.Group, Summary: r.Summary}
			for _, c := range r.Contexts {
				jr.Contexts = append(jr.Contexts, jsonContext{Where: c.Where, Severity: c.Severity.String(), Phase: c.Phase})
			}
			if r.heatRefuses() {
				// The shared contexts the text table states once, under it.
				for _, where := range []string{ReplacedEntry, UnreadPart} {
					jr.Contexts = append(jr.Contexts, jsonContext{Where: where, Severity: source.SeverityWarning.String(), Phase: None})
				}
			}
			out = append(out, jr)
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	case FormatText, "":
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "RULE\tSEVERITY\tHEAT REFUSES AT\tSUMMARY")
		for _, r := range all {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", r.ID, r.Severity, r.Phase, r.Summary)
			for _, c := range r.Contexts {
				fmt.Fprintf(tw, "\t%s\t%s\t  - where: %s\n", c.Severity, c.Phase, c.Where)
			}
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		_, err := fmt.Fprintf(w, "\nHeat refuses at: validate = template validate; create = stack create, before touching a cloud;\nnone = Heat lets it through; cloud = only a live cloud can tell; tool = about heat-ls itself.\nEvery rule Heat refuses at validate or create (but the YAML reader's) is a warning\n%s, and %s: Heat never reads that part.\n", ReplacedEntry, UnreadPart)
		return err
	}
	return fmt.Errorf("unknown format %q (want %s)", format, strings.Join([]string{FormatText, FormatJSON}, " or "))
}
