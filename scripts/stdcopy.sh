#!/usr/bin/env bash
# Copies standard-library packages, with their own tests, into one module
# at DEST (example.com/stdcopy), one directory per package (its base name),
# so that gozilla and other tools can mutate them. Packages whose tests
# need internal std packages cannot be copied: they are left out, the
# others copied, and the exit status is 1.
#
#	scripts/stdcopy.sh DEST PKG...      e.g. scripts/stdcopy.sh /tmp/std encoding/hex
set -euo pipefail
dest=${1:?usage: scripts/stdcopy.sh DEST PKG...}
shift
refused=0
mkdir -p "$dest"
[ -f "$dest/go.mod" ] || printf 'module example.com/stdcopy\n\ngo 1.26\n' > "$dest/go.mod"
for pkg in "$@"; do
	base=$(basename "$pkg")
	mkdir -p "$dest/$base"
	cp "$(go env GOROOT)/src/$pkg"/*.go "$dest/$base/"
	sed -i "s#\"$pkg\"#\"example.com/stdcopy/$base\"#" "$dest/$base"/*.go
	if grep -l '"internal/' "$dest/$base"/*.go >/dev/null 2>&1; then
		echo "stdcopy: $pkg imports an internal std package: not copied" >&2
		rm -rf "${dest:?}/$base"
		refused=1
	fi
done
(cd "$dest" && go vet ./... >/dev/null)
exit $refused
