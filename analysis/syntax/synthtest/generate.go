package synthtest

import (
	"bytes"
	"fmt"
)

// groupFormat is one group of resources of GenerateTemplate, 64 lines: its
// index, then two octets of its subnet's address.
const groupFormat = `  port_%[1]d:
    type: OS::Neutron::Port
    properties:
      network: {get_param: network}
      fixed_ips:
        - subnet: {get_resource: subnet_%[1]d}
      security_groups: [default, "web-%[1]d"]
  subnet_%[1]d:
    type: OS::Neutron::Subnet
    properties:
      network: {get_param: network}
      cidr: 10.%[2]d.%[3]d.0/24
      dns_nameservers: [8.8.8.8, 8.8.4.4]
  volume_%[1]d:
    type: OS::Cinder::Volume
    properties:
      size: 10
      name:
        list_join: ['-', [{get_param: 'OS::stack_name'}, vol, "%[1]d"]]
  attachment_%[1]d:
    type: OS::Cinder::VolumeAttachment
    properties:
      instance_uuid: {get_resource: server_%[1]d}
      volume_id: {get_resource: volume_%[1]d}
      mountpoint: /dev/vdb
  server_%[1]d:
    type: OS::Nova::Server
    depends_on: [port_%[1]d, volume_%[1]d]
    properties:
      name:
        str_replace:
          template: web-$index-$stack
          params:
            $index: %[1]d
            $stack: {get_param: "OS::stack_name"}
      image: {get_param: image}
      flavor: {get_param: flavor}
      key_name: {get_param: key_name}
      networks:
        - port: {get_resource: port_%[1]d}
      metadata:
        role: web
        group: "g%[1]d"
        note: 'it''s server %[1]d'
      user_data_format: RAW
      user_data:
        str_replace:
          template: |
            #!/bin/bash
            # configure server %[1]d
            echo "starting $name" > /var/log/boot.log
            if [ -n "$addr" ]; then
              echo "address: $addr"
            fi
          params:
            $name: {get_param: "OS::stack_name"}
            $addr: {get_attr: [port_%[1]d, fixed_ips, 0, ip_address]}
  config_%[1]d:
    type: OS::Heat::SoftwareConfig
    properties:
      group: script
      config:
        get_file: scripts/setup.sh
      inputs:
        - name: foo
          type: String
`

// GenerateTemplate returns a valid HOT template of about lines lines: a
// header, parameters, then servers, ports and volumes that use intrinsic
// functions, block scalars, flow collections and quoted strings, then
// outputs. Names are numbered, so the result is deterministic.
func GenerateTemplate(lines int) []byte {
	var b bytes.Buffer
	b.Grow(lines * 36)
	b.WriteString("heat_template_version: 2018-08-31\n")
	b.WriteString("description: >\n  Synthetic stack for benchmarks, with servers, ports\n  and volumes (ünïcode ✓).\n\n")
	b.WriteString("parameters:\n")
	b.WriteString("  image:\n    type: string\n    default: cirros-0.6.2\n    constraints:\n      - custom_constraint: glance.image\n")
	b.WriteString("  flavor:\n    type: string\n    default: m1.small\n    description: \"Flavor for the servers\"\n")
	b.WriteString("  network:\n    type: string\n    label: Network\n  key_name:\n    type: string\n    default: 'default-key'\n")
	b.WriteString("  count:\n    type: number\n    default: 3\n    constraints:\n      - range: {min: 1, max: 10}\n\n")
	b.WriteString("resources:\n")
	header := bytes.Count(b.Bytes(), []byte("\n"))
	const perGroup = 64 // lines written per group below
	groups := max(1, (lines-header-8)/perGroup)
	for i := 0; i < groups; i++ {
		fmt.Fprintf(&b, groupFormat, i, i%250, i/250%250)
	}
	b.WriteString("\noutputs:\n")
	for i := 0; i < groups && i < 4; i++ {
		fmt.Fprintf(&b, "  server_%[1]d_ip:\n    description: First address of server %[1]d\n    value: {get_attr: [server_%[1]d, first_address]}\n", i)
	}
	return b.Bytes()
}
