package main

import (
	"fmt"
	"io"
	"os"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// newLogger builds the zap logger: JSON lines to the log file, or to
// stderr when none is given. Never stdout, which carries the protocol.
func newLogger(file, level string, stderr io.Writer) (*zap.Logger, zap.AtomicLevel, func(), error) {
	lvl, err := zapcore.ParseLevel(level)
	if err != nil {
		return nil, zap.AtomicLevel{}, nil, fmt.Errorf("--log-level: %w", err)
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
	core := zapcore.NewCore(zapcore.NewJSONEncoder(enc), zapcore.Lock(sink), atomic)
	log := zap.New(core)
	return log, atomic, func() { _ = log.Sync(); closeFn() }, nil
}
