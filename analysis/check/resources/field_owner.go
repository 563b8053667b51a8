package resources

import "heat-ls/schema"

// fieldOwner is what a mapping's field schemas come from: a resource type
// (its properties) or a map property (its fields). name is the type or
// the property's key, for messages.
type fieldOwner struct {
	rt   *schema.ResourceType
	prop *schema.Property
	name string
}

func (o fieldOwner) fields() map[string]*schema.Property {
	if o.rt != nil {
		return o.rt.Properties()
	}
	return o.prop.Fields
}

// visible lists the names shown to users, sorted.
func (o fieldOwner) visible() []string {
	if o.rt != nil {
		return o.rt.PropertyNames()
	}
	return o.prop.FieldNames()
}

// label is the owner as messages name it.
func (o fieldOwner) label() string { return "`" + o.name + "`" }
