package resources

import "heat-ls/schema"

// hiddenFills records which required properties the hidden properties of
// one mapping may fill. Heat translates a hidden property onto its
// successor (an old floating_network_id fills floating_network), so a
// required successor is given even when its own key is absent; any other
// required property is still missing (Heat refuses the hidden
// OS::Neutron::RouterGateway without router_id although its hidden
// network_id is there). A hidden property whose successor heat-ls does
// not know may fill anything, so then nothing is reported missing.
type hiddenFills struct {
	names   map[string]bool
	unknown bool
}

// add notes hidden property name of o, found among fields.
func (h *hiddenFills) add(o fieldOwner, name string, fields map[string]*schema.Property) {
	typeName := ""
	if o.rt != nil {
		typeName = o.rt.Name
	}
	succ, _ := hiddenSuccessor(typeName, name, fields)
	if succ == "" {
		if _, known := KnownHiddenSuccessor(typeName, name); !known {
			h.unknown = true
		}
		return
	}
	if h.names == nil {
		h.names = map[string]bool{}
	}
	h.names[succ] = true
}

// fills: required property name may be given through a hidden one.
func (h *hiddenFills) fills(name string) bool { return h.unknown || h.names[name] }
