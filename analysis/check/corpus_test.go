package check

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"heat-ls/analysis/hot"
)

// corpusExpectation is what one file SOURCES.md names as a known caveat
// must get: every rule id in Want must appear among its errors, and no
// error may have another id.
type corpusExpectation struct {
	Want   []string
	Reason string
}

// corpusCaveats lists the corpus files that legitimately get errors
// (SOURCES.md, "Known caveats"), by path relative to shared/corpus.
func corpusCaveats() map[string]corpusExpectation {
	const (
		hidden = "resource-type-hidden"
		cycle  = "dependency-cycle"
	)
	return map[string]corpusExpectation{
		"heat-templates/openshift-origin/centos65/highly-available/invalid/oso_ha.yaml":                  {[]string{hidden, cycle}, "known invalid upstream: circular dependencies; also LBaaS v1 types Heat now hides"},
		"heat-templates/openshift-origin/centos65/highly-available/invalid/oso_node.yaml":                {[]string{cycle}, "known invalid upstream: circular dependencies"},
		"heat-templates/contrib/rackspace/RackspaceAutoScale.yaml":                                       {[]string{"resource-type-unknown"}, "Rackspace:: types exist only in the Rackspace plugin; a known namespace is not enough"},
		"heat-templates/hot/mistral/templates/autoscaling_using_mistral.yaml":                            {[]string{hidden}, "OS::Ceilometer::Alarm is no longer usable in new stacks"},
		"heat-templates/openshift-origin/F19/hot-template/openshift-scalable-cpu/openshift.yaml":         {[]string{hidden}, "OS::Ceilometer::Alarm and OS::Neutron::RouterGateway are hidden"},
		"heat-templates/openshift-origin/F19/hot-template/openshift-scalable-cpu-nbgears/openshift.yaml": {[]string{hidden}, "OS::Ceilometer::Alarm and OS::Neutron::RouterGateway are hidden"},
		"heat-templates/openshift-origin/F19/hot-template/openshift-scalable-nbgears/openshift.yaml":     {[]string{hidden}, "OS::Ceilometer::Alarm and OS::Neutron::RouterGateway are hidden"},
		"heat-templates/openshift-origin/F19/hot-template/openshift/openshift.yaml":                      {[]string{hidden}, "OS::Neutron::RouterGateway is hidden"},
		"heat/heat_integrationtests/scenario/templates/app_server_neutron.yaml":                          {[]string{"resource-type-unknown"}, "OS::Test::WebAppConfig was supplied by the test code through an environment"},
		"heat/heat_integrationtests/scenario/templates/app_server_lbv2_neutron.yaml":                     {[]string{"resource-type-unknown", hidden}, "OS::Test::WebAppConfig from the test environment; LBaaS v2 types are hidden"},
		"heat/heat_integrationtests/scenario/templates/test_autoscaling_lb_neutron.yaml":                 {[]string{hidden}, "LBaaS v1 types are hidden"},
		"heat/heat_integrationtests/scenario/templates/test_autoscaling_lbv2_neutron.yaml":               {[]string{hidden}, "LBaaS v2 types are hidden"},
		"heat-templates/hot/designate/desginate_domain.yaml":                                             {[]string{hidden}, "OS::Designate::Domain is hidden (use OS::Designate::Zone)"},
		"heat-templates/hot/designate/desginate_record.yaml":                                             {[]string{hidden}, "OS::Designate::Record is hidden (use OS::Designate::RecordSet)"},
		"heat-templates/hot/mistral/templates/server_with_ip.yaml":                                       {[]string{hidden}, "OS::Nova::FloatingIP(Association) are hidden (use OS::Neutron::FloatingIP)"},
		"heat-templates/hot/monasca/autoscaling.yaml":                                                    {[]string{hidden}, "OS::Monasca::Notification and AlarmDefinition are hidden"},
	}
}

// corpusSilent lists the non-HOT YAML payloads: no diagnostics at all.
func corpusSilent() map[string]string {
	return map[string]string{
		"heat-templates/hot/software-config/example-templates/example-ca-certs-config.yml": "a cloud-config payload, not a template",
		"heat-templates/hot/software-config/example-templates/example-docker-compose.yml":  "a docker-compose payload, not a template",
	}
}

// TestCorpus checks every real template and environment file: no errors
// except on the known caveats, which must get the errors that explain them.
func TestCorpus(t *testing.T) {
	root := filepath.Join(findSharedDir(t), "corpus")
	if _, err := os.Stat(root); err != nil {
		t.Skipf("../shared/corpus not found: %v", err)
	}
	s := loadSchemaForTest(t)
	caveats := corpusCaveats()
	silent := corpusSilent()
	seen := map[string]bool{}
	checked := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		switch filepath.Ext(path) {
		case ".yaml", ".yml", ".template":
		default:
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		doc := hot.Parse(src)
		diags := Run(context.Background(), doc, Options{Schema: s})
		if _, ok := silent[rel]; ok {
			seen[rel] = true
			if len(diags) > 0 {
				t.Errorf("%s: expected no diagnostics at all, got %s", rel, describe(doc, diags))
			}
			return nil
		}
		if doc.Kind == hot.KindOther {
			return nil
		}
		checked++
		errs := errorsOnly(diags)
		exp, special := caveats[rel]
		if !special {
			if len(errs) > 0 {
				t.Errorf("%s: expected no error, got %s", rel, describe(doc, errs))
			}
			return nil
		}
		seen[rel] = true
		got := map[string]bool{}
		for _, d := range errs {
			got[d.Code] = true
		}
		want := map[string]bool{}
		for _, code := range exp.Want {
			want[code] = true
			if !got[code] {
				t.Errorf("%s: expected a %s error (%s), got %s", rel, code, exp.Reason, describe(doc, errs))
			}
		}
		var extra []string
		for code := range got {
			if !want[code] {
				extra = append(extra, code)
			}
		}
		if len(extra) > 0 {
			sort.Strings(extra)
			t.Errorf("%s: unexpected error rule(s) %s: %s", rel, strings.Join(extra, ", "), describe(doc, errs))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked == 0 {
		t.Fatal("no template or environment file found in the corpus")
	}
	for rel := range caveats {
		if !seen[rel] {
			t.Errorf("expectation table names %s, which is not a template in the corpus", rel)
		}
	}
	for rel := range silent {
		if !seen[rel] {
			t.Errorf("silent table names %s, which is not in the corpus", rel)
		}
	}
}
