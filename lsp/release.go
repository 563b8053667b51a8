package lsp

import (
	"path/filepath"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"heat-ls/analysis/config"
	"heat-ls/schema"
)

// targetRelease is the canonical name of the Heat release to judge for:
// the heat-ls.heatRelease setting when it names one, else the heatRelease
// of the .heat-ls.yaml of the first workspace folder, else "" (the
// embedded default, schema.DefaultRelease). An unknown setting is
// reported once, when it changes (reportBadRelease), and ignored.
func (s *Server) targetRelease() string {
	if want := s.Settings().HeatRelease; want != "" {
		if rel, err := schema.ParseRelease(want); err == nil {
			return rel.Name
		}
	}
	if first := s.firstFolder(); first != "" {
		file := filepath.Join(first, config.FileName)
		if cfg, _ := s.projects.Load(file); cfg.HeatRelease != "" { // defaults (no release) when the file is unusable
			return cfg.HeatRelease
		}
	}
	return ""
}

// releaseBase is the embedded schema of release ("" or the base's own
// release: the base). A release that fails to load (it cannot, as every
// release is tested) falls back to the base, with a log line.
func (s *Server) releaseBase(release string) *schema.Schema {
	base := s.schemas.base
	if release == "" || (base.Release() != nil && base.Release().Name == release) {
		return base
	}
	sc, err := schema.LoadRelease(release)
	if err != nil {
		s.log.Error("cannot load the Heat release's facts; using the default", zap.String("heatRelease", release), zap.Error(err))
		return base
	}
	return sc
}

// reportBadRelease tells the user, once per change, that the
// heat-ls.heatRelease setting names no release heat-ls knows, and which
// ones it accepts.
func (s *Server) reportBadRelease(value string) {
	if value == "" {
		return
	}
	if _, err := schema.ParseRelease(value); err != nil {
		s.log.Warn("ignoring heat-ls.heatRelease", zap.Error(err))
		s.showMessage(protocol.MessageTypeWarning, "heat-ls.heatRelease: "+err.Error()+"; judging for "+s.releaseBase(s.targetRelease()).HeatVersion()+" meanwhile")
	}
}

// projectFileChanged reloads the schema when a .heat-ls.yaml changed on
// disk: its heatRelease may name another release (reloadSchema does
// nothing when the release stays the same).
func (s *Server) projectFileChanged(path string) {
	if filepath.Base(path) == config.FileName {
		s.reloadSchema(s.Settings().SchemaPaths)
	}
}
