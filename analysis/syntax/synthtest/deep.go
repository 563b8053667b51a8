package synthtest

import (
	"bytes"
	"fmt"
)

// GenerateDeepOutput returns a valid HOT template of about lines lines
// shaped like the large templates of real deployments (a TripleO service
// template): about 330 lines of parameters, a few resources, and one
// output whose value holds all the rest, nested five to eight levels deep
// (configuration settings merged with map_merge, container definitions
// per step, upgrade tasks), with get_param, if and list_concat throughout.
// An edit anywhere in the bulk falls inside that one entry.
func GenerateDeepOutput(lines int) []byte {
	var b bytes.Buffer
	b.Grow(lines * 40)
	deepHeader(&b)
	b = *bytes.NewBuffer(bytes.Replace(b.Bytes(), []byte(deepDataMark), nil, 1))
	b.WriteString("\noutputs:\n  role_data:\n    description: Role data for the deep service\n    value:\n      service_name: deep\n")
	const perBlock = 35 // lines written per i below, over the three sections
	n := max(1, (lines-bytes.Count(b.Bytes(), []byte("\n")))/perBlock)
	b.WriteString("      config_settings:\n        map_merge:\n")
	for i := range n {
		fmt.Fprintf(&b, `          - service_%[1]d:
              bind_ip: {get_param: [ServiceNetMap, ApiNetwork]}
              port: %[2]d
              debug: {get_param: Debug}
              workers: {get_param: Workers}
              mountpoint: /dev/vdb
              options:
                - name: opt_%[1]d
                  value: "v%[1]d"
                - name: tuned
                  value: {if: [debug_on, 'on', 'off']}
`, i, 8000+i%1000)
	}
	b.WriteString("      docker_config:\n")
	for i := range n {
		fmt.Fprintf(&b, `        step_%[1]d:
          service_%[1]d:
            image: {get_param: ContainerImage}
            net: host
            privileged: false
            restart: always
            volumes:
              list_concat:
                - {get_param: DefaultVolumes}
                - - /var/lib/config-data/service_%[1]d:/etc/service_%[1]d:ro
                  - /var/log/containers/service_%[1]d:/var/log/service_%[1]d:z
            environment:
              KOLLA_CONFIG_STRATEGY: COPY_ALWAYS
              TRIPLEO_DEPLOY_IDENTIFIER: {get_param: DeployIdentifier}
              network: {get_param: network}
`, i)
	}
	b.WriteString("      upgrade_tasks:\n")
	for i := range n {
		fmt.Fprintf(&b, `        - name: Stop service_%[1]d
          when: step|int == 2
          block:
            - name: Check service_%[1]d
              shell: systemctl is-active service_%[1]d || true
              register: service_%[1]d_active
            - name: Stop and disable service_%[1]d
              when: service_%[1]d_active.rc == 0
              service: name=service_%[1]d state=stopped enabled=no
`, i)
	}
	return b.Bytes()
}

// GenerateDeepDefault returns a valid HOT template of about lines lines
// whose bulk is one parameter's default: a json parameter describing
// regions, hosts and their addresses, nested six levels deep, before a
// few parameters and resources like GenerateDeepOutput's.
func GenerateDeepDefault(lines int) []byte {
	var b bytes.Buffer
	b.Grow(lines * 36)
	deepHeader(&b)
	const perBlock = 16
	n := max(1, (lines-bytes.Count(b.Bytes(), []byte("\n")))/perBlock)
	// The bulk is the last parameter, written where deepHeader left its
	// mark.
	var data bytes.Buffer
	data.WriteString("  ServiceData:\n    type: json\n    description: Regions, hosts and addresses the services read\n    default:\n      regions:\n")
	for i := range n {
		fmt.Fprintf(&data, `        region_%[1]d:
          enabled: true
          hosts:
            - name: host_%[1]d_a
              mountpoint: /dev/vdb
              addresses:
                internal: 10.%[2]d.%[3]d.10
                external: 192.0.%[3]d.10
              roles: [compute, storage]
            - name: host_%[1]d_b
              mountpoint: /dev/vdc
              addresses:
                internal: 10.%[2]d.%[3]d.11
                external: 192.0.%[3]d.11
              roles: [controller]
          weight: %[1]d
`, i, i%250, i/250%250)
	}
	return bytes.Replace(b.Bytes(), []byte(deepDataMark), data.Bytes(), 1)
}

// deepDataMark is where GenerateDeepDefault puts its bulk: the end of
// the parameters section.
const deepDataMark = "  # deep data\n"

// deepHeader writes the version, about 330 lines of parameters, a
// condition and a few resources.
func deepHeader(b *bytes.Buffer) {
	b.WriteString("heat_template_version: 2018-08-31\n")
	b.WriteString("description: >\n  Synthetic service template whose bulk is one deep value.\n\n")
	b.WriteString("parameters:\n")
	b.WriteString("  ServiceNetMap:\n    type: json\n    default: {ApiNetwork: internal_api}\n")
	b.WriteString("  Debug:\n    type: boolean\n    default: false\n  Workers:\n    type: number\n    default: 4\n")
	b.WriteString("  ContainerImage:\n    type: string\n    default: registry.example.org/deep:latest\n")
	b.WriteString("  DefaultVolumes:\n    type: comma_delimited_list\n    default: ['/etc/hosts:/etc/hosts:ro']\n")
	b.WriteString("  DeployIdentifier:\n    type: string\n    default: ''\n")
	b.WriteString("  image:\n    type: string\n    default: cirros-0.6.2\n  flavor:\n    type: string\n    default: m1.small\n")
	b.WriteString("  network:\n    type: string\n    default: private\n")
	for i := range 50 {
		fmt.Fprintf(b, "  Setting%[1]d:\n    type: string\n    default: 'value-%[1]d'\n    description: Setting %[1]d of the service\n    label: Setting %[1]d\n    constraints:\n      - length: {min: 1, max: 64}\n", i)
	}
	b.WriteString(deepDataMark)
	b.WriteString("\nconditions:\n  debug_on: {get_param: Debug}\n")
	b.WriteString("\nresources:\n")
	for i := range 4 {
		fmt.Fprintf(b, `  server_%[1]d:
    type: OS::Nova::Server
    properties:
      image: {get_param: image}
      flavor: {get_param: flavor}
      networks:
        - network: {get_param: network}
      metadata: {setting: {get_param: Setting%[1]d}}
`, i)
	}
}
