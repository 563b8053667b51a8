package plugins

import (
	"heat-ls/analysis/check/resources"
	"heat-ls/analysis/rules"
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
