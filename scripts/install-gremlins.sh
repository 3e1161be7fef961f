#!/usr/bin/env bash
# Installs gremlins v0.5.0 (the mutation tester gozilla is benchmarked
# against) into $(go env GOPATH)/bin unless it is already there, and prints
# the binary's path. The module proxy here wants an exact version.
set -euo pipefail
version=v0.5.0
bin="$(go env GOPATH)/bin/gremlins"
if [ -x "$bin" ] && go version -m "$bin" 2>/dev/null | grep -q "gremlins.*${version}"; then
	echo "$bin"
	exit 0
fi
GOFLAGS=-mod=mod go install "github.com/go-gremlins/gremlins/cmd/gremlins@${version}" >&2
echo "$bin"
