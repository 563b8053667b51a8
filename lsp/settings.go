package lsp

import (
	"context"
	"encoding/json"
	"slices"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"heat-ls/analysis/config"
)

// settingsSection is the name under which clients keep heat-ls settings.
const settingsSection = "heat-ls"

// Settings are the user's heat-ls settings. They arrive three ways:
// initializationOptions, workspace/didChangeConfiguration, and answers to
// workspace/configuration (pulled after initialized and after every change
// notification when the client supports it). Each source may give them
// nested under "heat-ls" ({"heat-ls": {"schemaPaths": [...]}}), flat
// ({"schemaPaths": [...]}), or with dotted keys ({"heat-ls.schemaPaths":
// [...]}). Fields a source leaves out keep their previous values.
//
// Read them with s.Settings(). To react to a change (reload a schema,
// rebuild an index), add the reaction to applySettings.
type Settings struct {
	// SchemaPaths are directories of resource type schema files (*.json)
	// that override or extend the built-in types (heat-ls.schemaPaths).
	// Relative paths start at the first workspace folder (userschema.go).
	SchemaPaths []string
	// LogLevel is the zap level name: debug, info, warn, error
	// (heat-ls.logLevel). Empty keeps the command-line level.
	LogLevel string
	// HeatRelease is the Heat release templates are judged for, as the
	// user wrote it: "2025.1", "epoxy" or "24" (heat-ls.heatRelease).
	// Empty: the workspace's .heat-ls.yaml, else schema.DefaultRelease.
	HeatRelease string
	// InlayHintsOff turns inlay hints off (heat-ls.inlayHints: false).
	InlayHintsOff bool
	// Environments is the active environment set (heat-ls.environments):
	// a list for every template or template patterns with their lists,
	// relative to the workspace folder holding the template
	// (environments.go). Nil: the project file's, if any.
	Environments *config.EnvSet
	// environmentsRefused is set when this reading of the settings gave
	// heat-ls.environments a shape it does not take (the previous value
	// stays); applySettings says so.
	environmentsRefused bool
}

// Settings returns the current settings.
func (s *Server) Settings() Settings { return *s.settings.Load() }

// rawSettings is the JSON shape of the section's content.
type rawSettings struct {
	SchemaPaths *[]string `json:"schemaPaths"`
	LogLevel    *string   `json:"logLevel"`
	HeatRelease *string   `json:"heatRelease"`
}

// parseSettings reads raw over base. Values of the wrong type are ignored
// one by one, so one bad setting does not discard the others.
func parseSettings(raw []byte, base Settings) Settings {
	var top map[string]json.RawMessage
	if json.Unmarshal(raw, &top) != nil {
		return base
	}
	fields := top
	if nested, ok := top[settingsSection]; ok {
		var inner map[string]json.RawMessage
		if json.Unmarshal(nested, &inner) == nil {
			fields = inner
		}
	}
	get := func(name string) (json.RawMessage, bool) {
		if v, ok := fields[name]; ok {
			return v, true
		}
		v, ok := top[settingsSection+"."+name]
		return v, ok
	}
	out := base
	out.environmentsRefused = false
	if v, ok := get("schemaPaths"); ok {
		var paths []string
		if json.Unmarshal(v, &paths) == nil {
			out.SchemaPaths = paths
		}
	}
	if v, ok := get("inlayHints"); ok {
		var on bool
		if json.Unmarshal(v, &on) == nil {
			out.InlayHintsOff = !on
		}
	}
	if v, ok := get("logLevel"); ok {
		var level string
		if json.Unmarshal(v, &level) == nil {
			out.LogLevel = level
		}
	}
	if v, ok := get("environments"); ok {
		if set, ok := parseEnvSetting(v); ok {
			out.Environments = set
		} else {
			out.environmentsRefused = true
		}
	}
	if v, ok := get("heatRelease"); ok {
		var rel *string
		if json.Unmarshal(v, &rel) == nil {
			out.HeatRelease = ""
			if rel != nil {
				out.HeatRelease = *rel
			}
		}
	}
	return out
}

// applySettings installs next and performs what a change requires.
func (s *Server) applySettings(next Settings) {
	prev := s.settings.Swap(&next)
	if next.LogLevel != "" && next.LogLevel != prev.LogLevel && s.level != nil {
		if lvl, err := zapcore.ParseLevel(next.LogLevel); err == nil {
			s.level.SetLevel(lvl)
		} else {
			s.log.Warn("ignoring an unknown heat-ls.logLevel", zap.String("value", next.LogLevel))
		}
	}
	if next.environmentsRefused {
		s.log.Warn("ignoring heat-ls.environments: not a list or mapping of lists of paths")
		s.showMessage(protocol.MessageTypeWarning, "heat-ls.environments must be a list of environment files or globs, or map template paths or globs to such lists; the setting is ignored")
	}
	if envsChanged := !prev.Environments.Equal(next.Environments); envsChanged {
		s.environmentsChanged()
		s.recheckOpenDocuments() // left-out resources follow the active set; refreshes the views too
	} else if prev.InlayHintsOff != next.InlayHintsOff {
		s.refreshViews()
	}
	releaseChanged := prev.HeatRelease != next.HeatRelease
	if releaseChanged {
		s.reportBadRelease(next.HeatRelease)
	}
	if !slices.Equal(prev.SchemaPaths, next.SchemaPaths) || releaseChanged {
		s.log.Info("schema settings changed", zap.Strings("schemaPaths", next.SchemaPaths), zap.String("heatRelease", next.HeatRelease))
		s.reloadSchema(next.SchemaPaths) // re-checks the open documents
	}
}

// didChangeConfiguration takes settings pushed by the client, then pulls
// them when the client supports workspace/configuration (many clients send
// an empty notification and expect the pull).
func (s *Server) didChangeConfiguration(_ context.Context, p *protocol.DidChangeConfigurationParams) error {
	if len(p.Settings) > 0 && string(p.Settings) != "null" {
		s.applySettings(parseSettings(p.Settings, s.Settings()))
	}
	s.pullSettings()
	return nil
}

// pullSettings asks the client for the heat-ls section, off the reading
// loop and off the document queue (the answer arrives through the loop).
func (s *Server) pullSettings() {
	if !s.Client().Configuration {
		return
	}
	s.work.Add(1)
	go func() {
		defer s.work.Done()
		section := settingsSection
		params := &protocol.ConfigurationParams{Items: []protocol.ConfigurationItem{{Section: &section}}}
		var answer []json.RawMessage
		ctx, cancel := context.WithTimeout(context.Background(), s.pullTimeout)
		defer cancel()
		if err := s.call(ctx, protocol.MethodWorkspaceConfiguration, params, &answer); err != nil {
			s.log.Info("workspace/configuration failed", zap.Error(err))
			return
		}
		if len(answer) == 0 || string(answer[0]) == "null" {
			return
		}
		// Apply on the document queue so settings changes are ordered with
		// the document changes that follow them.
		s.queue.push(func() { s.applySettings(parseSettings(answer[0], s.Settings())) })
	}()
}
