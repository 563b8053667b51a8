package plugins

import (
	"strconv"
	"strings"

	"heat-ls/analysis/check/resources"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/syntax"
)

// mistralWorkflow: the checks of Mistral's workflow plugin at stack
// create. A reverse workflow names its first task in params.task_name;
// each task runs exactly one action or one workflow; and only a reverse
// workflow's tasks may have requires. Only what the template states
// literally is judged.
func mistralWorkflow(pc pluginCtx) {
	if resources.MergesOtherKeys(pc.props) {
		return
	}
	_, typ, typed := resources.LiteralProperty(pc.props, "type")
	if typed && typ.Value == "reverse" {
		params := pc.props.Get("params").Resolve()
		if params == nil || params.IsNull() || params.IsMapping() && !resources.MergesOtherKeys(params) && !truthyIn(pc.p, params, "task_name") {
			pc.p.Reportf(typ.Span(), rules.ResourcePropertyConflict,
				"A reverse workflow needs `task_name` in `params` (the task to start from); Heat refuses it at stack create without one.")
		}
	}
	for _, task := range literalMappings(pc.props, "tasks") {
		_, wfSet := literalGiven(task, "workflow")
		_, actionSet := literalGiven(task, "action")
		switch {
		case wfSet && actionSet:
			pc.p.Reportf(task.Lookup("workflow").Key.Span(), rules.ResourcePropertyConflict,
				"A workflow task runs either an `action` or a `workflow`, not both; Heat refuses it at stack create.")
		case !truthyIn(pc.p, task, "workflow") && !truthyIn(pc.p, task, "action"):
			pc.p.Reportf(task.Span(), rules.ResourcePropertyConflict,
				"This workflow task names neither an `action` nor a `workflow` to run; Heat refuses it at stack create.")
		}
		if req := task.Lookup("requires"); req.Key != nil && typed && typ.Value == "direct" {
			if v := req.Value.Resolve(); v != nil && !v.IsNull() {
				pc.p.Reportf(req.Key.Span(), rules.ResourcePropertyConflict,
					"`requires` belongs to the tasks of reverse workflows; Heat refuses it in this direct workflow at stack create.")
			}
		}
	}
}

// mistralPolicyKeys are the task keys Heat also reads from a task's
// policies, moving them onto the task before the plugin's checks.
func mistralPolicyKeys() []string {
	return []string{"pause_before", "wait_after", "wait_before", "timeout", "concurrency", "retry"}
}

// mistralTaskPolicies: a key given both on a task and in its policies
// (both truthy) is refused when Heat moves policies onto the task; and a
// concurrency (on the task or in its policies) needs with_items.
func mistralTaskPolicies(pc pluginCtx) {
	for _, task := range literalMappings(pc.props, "tasks") {
		policies := task.Get("policies").Resolve()
		if policies != nil && (!policies.IsMapping() || mergesKeys(policies)) {
			continue
		}
		for _, key := range mistralPolicyKeys() {
			if policies != nil && literalTruthy(task, key) && literalTruthy(policies, key) {
				pc.p.Reportf(task.Lookup(key).Key.Span(), rules.ResourcePropertyConflict,
					"`%s` is given both on the task and in its `policies`; Heat refuses it at stack create.", key)
			}
		}
		concurrency := task.Lookup("concurrency").Key
		if concurrency == nil && policies != nil {
			concurrency = policies.Lookup("concurrency").Key
		}
		if concurrency != nil && task.Lookup("with_items").Key == nil && !mergesKeys(task) {
			pc.p.Reportf(concurrency.Span(), rules.ResourcePropertyConflict,
				"A task's `concurrency` goes with `with_items`; Heat refuses it at stack create without them.")
		}
	}
}

// literalTruthy reports a key of m written as a literal Python takes for
// true once Heat converted it: a non-empty mapping or list, true, a
// number other than 0, non-empty text.
func literalTruthy(m *syntax.Node, name string) bool {
	pr := m.Lookup(name)
	if pr.Key == nil {
		return false
	}
	v := pr.Value.Resolve()
	switch {
	case v == nil || v.IsNull() || values.IsFunctionCall(v):
		return false
	case v.IsMapping():
		return v.NumPairs() > 0
	case v.IsSequence():
		return len(v.Items()) > 0
	}
	if b, ok := values.YamlBool(v); ok {
		return b
	}
	if f, err := strconv.ParseFloat(v.Value, 64); err == nil {
		return f != 0
	}
	return v.Value != "" && !strings.EqualFold(v.Value, "false")
}
