#!/usr/bin/env bash
# Copies the standard library's unicode/utf8, with its own tests, into a
# module of its own at DEST (example.com/utf8copy, package ./utf8), so that
# gozilla and other tools can mutate it.
#
#	scripts/utf8copy.sh DEST
set -euo pipefail
dest=${1:?usage: scripts/utf8copy.sh DEST}
src="$(go env GOROOT)/src/unicode/utf8"
mkdir -p "$dest/utf8"
cp "$src"/*.go "$dest/utf8/"
printf 'module example.com/utf8copy\n\ngo 1.26\n' > "$dest/go.mod"
# The external tests import the package under test by its std path.
sed -i 's#"unicode/utf8"#"example.com/utf8copy/utf8"#' "$dest"/utf8/*_test.go
# Tests that need internal std packages cannot build outside std.
for f in "$dest"/utf8/*_test.go; do
	if grep -q '"internal/' "$f"; then
		echo "utf8copy: $(basename "$f") imports an internal package" >&2
		exit 1
	fi
done
(cd "$dest" && go vet ./... >/dev/null)
