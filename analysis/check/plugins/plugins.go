package plugins

import (
	"strconv"
	"strings"

	"heat-ls/analysis/check/pass"
	"heat-ls/analysis/check/resources"
	"heat-ls/analysis/check/values"
	"heat-ls/analysis/hot"
	"heat-ls/analysis/rules"
	"heat-ls/analysis/syntax"
)

// The checks below are the ones common resource plugins make in their own
// validate() at stack create, beyond their property schemas: properties
// that cannot go together, one of two that must be given, one that needs
// another. They are the same in every Heat release heat-ls knows. Each is
// judged on what the template states: a property given by a function
// call counts as given (its value is unknown, but Heat sees one) and is
// never itself judged.

// pluginChecks maps a resource type to its plugin checks.
func pluginChecks() map[string][]pluginCheck {
	return map[string][]pluginCheck{
		"OS::Neutron::Port":                     {conflict(truthy("fixed_ips"), truthy("no_fixed_ips"))},
		"OS::Cinder::Volume":                    {conflict(truthy("image"), truthy("imageRef")), volumeSources},
		"OS::Neutron::Subnet":                   {conflict(isSet("subnetpool"), truthy("cidr")), oneOf(isSet("subnetpool"), truthy("cidr")), conflict(truthy("prefixlen"), truthy("cidr")), subnetIPv6Modes},
		"OS::Neutron::RouterInterface":          {conflict(isSet("subnet"), isSet("port")), conflict(isSet("subnet_id"), isSet("port")), conflict(isSet("subnet"), isSet("port_id")), oneOf(isSet("subnet"), isSet("subnet_id"), isSet("port"), isSet("port_id"))},
		"OS::Nova::Server":                      {conflict(truthy("block_device_mapping"), truthy("block_device_mapping_v2")), serverBootable, serverDeviceSources},
		"OS::Octavia::Pool":                     {oneOf(isSet("listener"), isSet("loadbalancer")), poolCookie},
		"OS::Neutron::LBaaS::Pool":              {oneOf(isSet("listener"), isSet("loadbalancer"))},
		"OS::Octavia::Listener":                 {listenerTLS},
		"OS::Neutron::FloatingIP":               {requires(isSet("fixed_ip_address"), isSet("port_id"))},
		"OS::Neutron::SecurityGroup":            {securityGroupName},
		"OS::Heat::RandomString":                {randomStringLength},
		"OS::Heat::AutoScalingGroup":            {groupSize("min_size", "max_size", "desired_capacity")},
		"OS::Neutron::Router":                   {conflict(truthy("distributed"), truthy("ha"))},
		"OS::Heat::SoftwareDeployment":          {deploymentServer},
		"OS::Heat::StructuredDeployment":        {deploymentServer},
		"AWS::AutoScaling::AutoScalingGroup":    {groupSize("MinSize", "MaxSize", "DesiredCapacity"), launchConfigRef},
		"OS::Heat::InstanceGroup":               {launchConfigRef},
		"AWS::AutoScaling::LaunchConfiguration": {launchConfigSource, launchConfigBlockDevices},
		"OS::Mistral::Workflow":                 {mistralWorkflow},
		"OS::Keystone::User":                    {keystoneRoles},
		"OS::Keystone::Group":                   {keystoneRoles},
		"OS::Keystone::UserRoleAssignment":      {keystoneRoles},
		"OS::Keystone::GroupRoleAssignment":     {keystoneRoles},
	}
}

// CheckPlugins runs pluginChecks on every resource of a known type whose
// properties are a literal mapping, each judging its resource alone (the
// deployment check reads the server it names through OtherResource).
func CheckPlugins(p *pass.Pass) {
	if p.T == nil || p.Schema == nil {
		return
	}
	checks := allPluginChecks()
	p.EachResourceAlone(func(r *hot.Resource) {
		rt, props := resources.BuiltinResource(p, r)
		if rt == nil {
			return
		}
		for _, c := range checks[rt.Name] {
			c(pluginCtx{p: p, r: r, props: props, typ: rt.Name})
		}
	})
	checkMemberPlugins(p, checks)
}

// literalGiven reports a property given as a literal Heat counts as set
// (not null, not false, not an empty list or text); a function call is
// not literal, so conflicts are only claimed for what is certain.
func literalGiven(props *syntax.Node, name string) (*syntax.Node, bool) {
	pr := props.Lookup(name)
	if pr.Key == nil {
		return nil, false
	}
	v := pr.Value.Resolve()
	switch {
	case v == nil || v.IsNull() || values.IsFunctionCall(v):
		return pr.Key, false
	case v.IsScalar():
		if b, isBool := values.YamlBool(v); isBool {
			return pr.Key, b
		}
		return pr.Key, v.Value != ""
	case v.IsSequence():
		return pr.Key, len(v.Items()) > 0
	case v.IsMapping():
		return pr.Key, v.NumPairs() > 0
	}
	return pr.Key, false
}

// literalList returns the items of a list property; ok is false when the
// property holds something else (a function call), and an absent or null
// property is an empty list.
func literalList(props *syntax.Node, name string) (items []*syntax.Node, ok bool) {
	pr := props.Lookup(name)
	if pr.Key == nil {
		return nil, true
	}
	list := pr.Value.Resolve()
	switch {
	case list.IsNull():
		return nil, true
	case list.IsSequence():
		return list.Items(), true
	}
	return nil, false
}

// literalMappings returns the items of a list property that are literal
// mappings without merge keys, the ones a plugin check can judge; none
// when the property is a function call.
func literalMappings(props *syntax.Node, name string) []*syntax.Node {
	items, ok := literalList(props, name)
	if !ok {
		return nil
	}
	var out []*syntax.Node
	for _, it := range items {
		if m := it.Resolve(); m.IsMapping() && !resources.MergesOtherKeys(m) {
			out = append(out, m)
		}
	}
	return out
}

// conflict: Heat refuses a and b given together (each as its plugin
// asks: written at all, or truthy).
func conflict(a, b probe) pluginCheck {
	return func(pc pluginCtx) {
		ra := pc.read(a)
		if ra.certain(a) && pc.read(b).certain(b) {
			pc.p.Reportf(ra.key.Span(), rules.ResourcePropertyConflict,
				"%s refuses `%s` together with `%s` at stack create; give only one of them.", pc.typ, a.name, b.name)
		}
	}
}

// oneOf: Heat refuses the resource when none of the probes is given.
func oneOf(probes ...probe) pluginCheck {
	return func(pc pluginCtx) {
		if resources.MergesOtherKeys(pc.props) {
			return
		}
		for _, pb := range probes {
			if pc.read(pb).possible(pb) {
				return
			}
		}
		shown := []string{}
		for i, pb := range probes {
			if len(probes) == 4 && i%2 == 1 { // subnet/subnet_id, port/port_id: name the current two
				continue
			}
			shown = append(shown, pb.name)
		}
		pc.p.Reportf(pc.anchor().Span(), rules.ResourcePropertyConflict,
			"%s needs `%s`; Heat refuses it at stack create without one of them.", pc.typ, strings.Join(shown, "` or `"))
	}
}

// requires: Heat refuses a given without b.
func requires(a, b probe) pluginCheck {
	return func(pc pluginCtx) {
		ra := pc.read(a)
		if !ra.certain(a) {
			return
		}
		if pc.read(b).possible(b) || resources.MergesOtherKeys(pc.props) {
			return
		}
		pc.p.Reportf(ra.key.Span(), rules.ResourcePropertyConflict,
			"%s takes `%s` only with `%s`; Heat refuses it at stack create.", pc.typ, a.name, b.name)
	}
}

// volumeSources: without size (and without backup_id) a Cinder volume
// must copy exactly one volume or snapshot and nothing else; with a size
// it may have at most one source.
func volumeSources(pc pluginCtx) {
	if resources.MergesOtherKeys(pc.props) {
		return
	}
	if pc.read(truthy("backup_id")).possible(truthy("backup_id")) {
		return
	}
	var sources, noSize []string
	for _, n := range []string{"snapshot_id", "source_volid", "image", "imageRef"} {
		if pb := truthy(n); pc.read(pb).possible(pb) {
			sources = append(sources, n)
			if n == "snapshot_id" || n == "source_volid" {
				noSize = append(noSize, n)
			}
		}
	}
	// Heat asks whether size is None for the first rule (a size written
	// empty is 0, not None) and whether it is truthy for the second.
	size := pc.read(isSet("size"))
	sized := size.possible(truthy("size"))
	switch {
	case !size.possible(isSet("size")) && (len(noSize) != 1 || len(sources) != 1):
		pc.p.Reportf(pc.anchor().Span(), rules.ResourcePropertyConflict,
			"A Cinder volume without `size` (or `backup_id`) must copy exactly one `snapshot_id` or `source_volid` and have no other source; Heat refuses it at stack create. Give a size.")
	case sized && len(sources) > 1:
		pc.p.Reportf(pc.anchor().Span(), rules.ResourcePropertyConflict,
			"A Cinder volume takes one source at most; Heat refuses `%s` together at stack create.", strings.Join(sources, "`, `"))
	}
}

// subnetIPv6Modes: ipv6_ra_mode and ipv6_address_mode need ip_version 6.
func subnetIPv6Modes(pc pluginCtx) {
	if _, v, ok := resources.LiteralProperty(pc.props, "ip_version"); ok && v.Value == "6" {
		return
	} else if pr := pc.props.Lookup("ip_version"); pr.Key != nil && !ok {
		if v := pr.Value.Resolve(); v != nil && !v.IsNull() {
			return // a function: the version is unknown
		}
	}
	for _, n := range []string{"ipv6_ra_mode", "ipv6_address_mode"} {
		if k, set := literalGiven(pc.props, n); set {
			pc.p.Reportf(k.Span(), rules.ResourcePropertyConflict,
				"`%s` applies to IPv6 subnets only; Heat refuses it at stack create on this IPv4 subnet (set `ip_version: 6`).", n)
		}
	}
}

// serverBootable: a server needs an image, or a block device mapping it
// can boot from (device vda in block_device_mapping, or a volume,
// snapshot or image at boot index 0 in block_device_mapping_v2).
func serverBootable(pc pluginCtx) {
	// An image key written empty counts: Heat then lets the server through.
	if pc.props.Lookup("image").Key != nil || resources.MergesOtherKeys(pc.props) {
		return
	}
	for _, name := range []string{"block_device_mapping", "block_device_mapping_v2"} {
		items, ok := literalList(pc.props, name)
		if !ok {
			return // a function call: cannot tell
		}
		for _, it := range items {
			m := it.Resolve()
			if !m.IsMapping() || resources.MergesOtherKeys(m) {
				return
			}
			if name == "block_device_mapping" {
				if k, v, ok := resources.LiteralProperty(m, "device_name"); k != nil && (!ok || v.Value == "vda") {
					return
				}
				continue
			}
			_, vol := resources.GivenProperty(m, "volume_id")
			_, snap := resources.GivenProperty(m, "snapshot_id")
			_, img := resources.GivenProperty(m, "image")
			if !vol && !snap && !img {
				continue
			}
			k, v, ok := resources.LiteralProperty(m, "boot_index")
			if k == nil || !ok || v.Value == "0" {
				return
			}
		}
	}
	pc.p.Reportf(pc.anchor().Span(), rules.ResourcePropertyConflict,
		"This server has no `image` and no block device to boot from; Heat refuses it at stack create. Give an image, or a volume at boot_index 0 in block_device_mapping_v2.")
}

// poolCookie: an APP_COOKIE session persistence needs cookie_name; the
// other types refuse it.
func poolCookie(pc pluginCtx) {
	pr := pc.props.Lookup("session_persistence")
	if pr.Key == nil {
		return
	}
	sp := pr.Value.Resolve()
	if !sp.IsMapping() || resources.MergesOtherKeys(sp) {
		return
	}
	_, typ, ok := resources.LiteralProperty(sp, "type")
	if !ok {
		return
	}
	key, named := literalGiven(sp, "cookie_name")
	_, maybeNamed := resources.GivenProperty(sp, "cookie_name")
	switch {
	case typ.Value == "APP_COOKIE" && !maybeNamed:
		pc.p.Reportf(typ.Span(), rules.ResourcePropertyConflict,
			"Session persistence APP_COOKIE needs `cookie_name`; Heat refuses the pool at stack create without it.")
	case typ.Value != "APP_COOKIE" && named:
		pc.p.Reportf(key.Span(), rules.ResourcePropertyConflict,
			"`cookie_name` goes only with session persistence APP_COOKIE; Heat refuses it with %s at stack create.", typ.Value)
	}
}

// listenerTLS: a TERMINATED_HTTPS listener needs default_tls_container_ref.
func listenerTLS(pc pluginCtx) {
	_, proto, ok := resources.LiteralProperty(pc.props, "protocol")
	if !ok || proto.Value != "TERMINATED_HTTPS" || resources.MergesOtherKeys(pc.props) {
		return
	}
	if _, set := resources.GivenProperty(pc.props, "default_tls_container_ref"); set {
		return
	}
	pc.p.Reportf(proto.Span(), rules.ResourcePropertyConflict,
		"A TERMINATED_HTTPS listener needs `default_tls_container_ref` (the certificate); Heat refuses it at stack create without one.")
}

// securityGroupName: Neutron keeps the name "default" for itself.
func securityGroupName(pc pluginCtx) {
	if _, v, ok := resources.LiteralProperty(pc.props, "name"); ok && v.Value == "default" {
		pc.p.Reportf(v.Span(), rules.ResourcePropertyConflict,
			"A security group cannot be named `default` (Neutron's own group has that name); Heat refuses it at stack create.")
	}
}

// randomStringLength: the minimums of character_classes and
// character_sequences must fit in length (32 when not given).
func randomStringLength(pc pluginCtx) {
	length := 32
	if k, v, ok := resources.LiteralProperty(pc.props, "length"); ok {
		n, err := strconv.Atoi(v.Value)
		if err != nil {
			return
		}
		length = n
	} else if k != nil {
		return // a function: unknown
	}
	total := 0
	for _, name := range []string{"character_classes", "character_sequences"} {
		items, ok := literalList(pc.props, name)
		if !ok {
			return
		}
		for _, it := range items {
			m := it.Resolve()
			if !m.IsMapping() || resources.MergesOtherKeys(m) {
				return
			}
			k, v, ok := resources.LiteralProperty(m, "min")
			switch {
			case k == nil:
				total++ // Heat's default minimum is 1
			case !ok:
				return
			default:
				n, err := strconv.Atoi(v.Value)
				if err != nil {
					return
				}
				total += n
			}
		}
	}
	if total > length {
		pc.p.Reportf(pc.anchor().Span(), rules.ResourcePropertyConflict,
			"The minimum counts of the character classes and sequences add up to %d, more than the length %d; Heat refuses the resource at stack create.", total, length)
	}
}

// deploymentServer: a software deployment on a server of this template
// (server: {get_resource: NAME}) needs that server's user_data_format to
// be SOFTWARE_CONFIG; Heat's default, HEAT_CFNTOOLS, is refused too.
func deploymentServer(pc pluginCtx) {
	pr := pc.props.Lookup("server")
	if pr.Key == nil || pc.member != nil {
		return
	}
	call := pr.Value.Resolve()
	if !values.IsFunctionCall(call) || call.Pair(0).Key.Value != "get_resource" {
		return
	}
	name := call.Pair(0).Value.Resolve()
	if !name.IsScalar() {
		return
	}
	srv := pc.p.OtherResource(name.Value)
	if srv == nil || srv.Type != "OS::Nova::Server" {
		return
	}
	props := resources.ResourceProperties(srv)
	if props == nil {
		return
	}
	format := "HEAT_CFNTOOLS (the default)"
	if k, v, ok := resources.LiteralProperty(props, "user_data_format"); ok {
		if v.Value == "SOFTWARE_CONFIG" {
			return
		}
		format = v.Value
	} else if k != nil {
		if v := props.Get("user_data_format").Resolve(); v != nil && !v.IsNull() {
			return // a function: unknown
		}
	}
	pc.p.Reportf(pr.Key.Span(), rules.ResourcePropertyConflict,
		"Server `%s` runs deployments only with `user_data_format: SOFTWARE_CONFIG`; its format is %s, so Heat refuses this deployment at stack create.", srv.Name, format)
}

// serverDeviceSources: each block_device_mapping entry names a volume_id
// or a snapshot_id, not both; each block_device_mapping_v2 entry names
// exactly one of volume_id, snapshot_id, image, swap_size and an
// ephemeral disk (ephemeral_size or ephemeral_format).
func serverDeviceSources(pc pluginCtx) {
	for _, name := range []string{"block_device_mapping", "block_device_mapping_v2"} {
		pr := pc.props.Lookup(name)
		if pr.Key == nil {
			continue
		}
		list := pr.Value.Resolve()
		if !list.IsSequence() {
			continue
		}
		sources := []string{"volume_id", "snapshot_id"}
		if name == "block_device_mapping_v2" {
			sources = []string{"volume_id", "snapshot_id", "image", "swap_size", "ephemeral_size", "ephemeral_format"}
		}
		for _, it := range list.Items() {
			// A null entry is read as an empty mapping, which names no
			// source either.
			m := it.Resolve()
			if !(m.IsMapping() || m.IsNull()) || resources.MergesOtherKeys(m) {
				continue
			}
			var given []string
			for _, src := range sources {
				if _, set := resources.GivenProperty(m, src); set {
					given = append(given, src)
				}
			}
			if len(given) == 2 && given[0] == "ephemeral_size" && given[1] == "ephemeral_format" {
				given = given[:1] // one ephemeral disk, described twice
			}
			switch {
			case len(given) == 0:
				pc.p.Reportf(m.Span(), rules.ResourcePropertyConflict,
					"This %s entry names no source (%s); Heat refuses it at stack create.", name, strings.Join(sources, ", "))
			case len(given) > 1:
				pc.p.Reportf(m.Span(), rules.ResourcePropertyConflict,
					"This %s entry names `%s` together; Heat takes one source per entry and refuses it at stack create.", name, strings.Join(given, "` and `"))
			}
		}
	}
}
