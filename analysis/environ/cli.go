package environ

import (
	"errors"
	"strings"

	"heat-ls/analysis/eval"
)

// FormatCLI turns -P and --parameter-file arguments into parameter values
// as the openstack client does: a single -P is split on ";" into several;
// a name given more than once gets the list of its values; the files'
// texts (read by readFile) come after and replace -P values of the same
// name.
func FormatCLI(params, files []string, readFile func(path string) (string, error)) ([]CLIParam, error) {
	if len(params) == 1 {
		params = strings.Split(params[0], ";")
	}
	var out []CLIParam
	at := map[string]int{}
	for _, p := range params {
		k, v, ok := strings.Cut(p, "=")
		if !ok {
			return nil, errors.New("-P " + p + ": want NAME=VALUE")
		}
		i, seen := at[k]
		if !seen {
			at[k] = len(out)
			out = append(out, CLIParam{Name: k, Value: eval.StringValue(v), Source: "-P"})
			continue
		}
		prev := out[i].Value
		if prev.Kind != eval.List {
			prev = eval.ListValue([]eval.Value{prev})
		}
		out[i].Value = eval.ListValue(append(append([]eval.Value{}, prev.Items...), eval.StringValue(v)))
	}
	for _, p := range files {
		k, f, ok := strings.Cut(p, "=")
		if !ok {
			return nil, errors.New("--parameter-file " + p + ": want NAME=FILE")
		}
		text, err := readFile(f)
		if err != nil {
			return nil, errors.New("--parameter-file " + k + ": " + err.Error())
		}
		c := CLIParam{Name: k, Value: eval.StringValue(text), Source: "--parameter-file " + f}
		if i, seen := at[k]; seen {
			out[i] = c
			continue
		}
		at[k] = len(out)
		out = append(out, c)
	}
	return out, nil
}
