package main

import (
	"fmt"
	"io"
	"os"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// newLogger builds the zap logger, writing to the log file, or to stderr
// when none is given; never stdout, which carries the protocol. format
// "console" writes one readable line per entry (time, level, message,
// then the fields as JSON), which is what an editor's output channel shows
// of stderr; "json" writes JSON lines, for tools that read the log. An
// empty format is console on stderr and JSON in a file.
func newLogger(file, level, format string, stderr io.Writer) (*zap.Logger, zap.AtomicLevel, func(), error) {
	lvl, err := zapcore.ParseLevel(level)
	if err != nil {
		return nil, zap.AtomicLevel{}, nil, fmt.Errorf("--log-level: %w", err)
	}
	switch format {
	case "":
		format = "console"
		if file != "" {
			format = "json"
		}
	case "console", "json":
	default:
		return nil, zap.AtomicLevel{}, nil, fmt.Errorf("--log-format: %q is neither console nor json", format)
	}
	atomic := zap.NewAtomicLevelAt(lvl)
	sink := zapcore.AddSync(stderr)
	closeFn := func() {}
	if file != "" {
		f, err := os.OpenFile(file, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return nil, zap.AtomicLevel{}, nil, fmt.Errorf("--log-file: %w", err)
		}
		sink = zapcore.AddSync(f)
		closeFn = func() { _ = f.Close() }
	}
	enc := zap.NewProductionEncoderConfig()
	enc.EncodeTime = zapcore.ISO8601TimeEncoder
	var encoder zapcore.Encoder
	if format == "json" {
		encoder = zapcore.NewJSONEncoder(enc)
	} else {
		enc.EncodeLevel = zapcore.CapitalLevelEncoder
		encoder = zapcore.NewConsoleEncoder(enc)
	}
	core := zapcore.NewCore(encoder, zapcore.Lock(sink), atomic)
	log := zap.New(core)
	return log, atomic, func() { _ = log.Sync(); closeFn() }, nil
}
