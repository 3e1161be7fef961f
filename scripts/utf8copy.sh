#!/usr/bin/env bash
# Copies the standard library's unicode/utf8, with its own tests and
# examples, into a module of its own at DEST (module example.com/utf8copy,
# package ./utf8), so that gozilla and other tools can mutate it.
#
#	scripts/utf8copy.sh DEST
#
# Adjustments that make `cd DEST && go test ./...` pass on the copy:
#   - the external test files (package utf8_test) import the package under
#     test by its std path, plain (example_test.go) or dot-imported
#     (utf8_test.go); those imports are rewritten to
#     example.com/utf8copy/utf8 so that the copy tests itself, not std;
#   - a test file that imports an internal std package (internal/testenv
#     and the like) cannot build outside std and is left out (Go 1.26 has
#     none);
#   - stale .go files from an earlier copy into DEST/utf8 are removed first.
# The copy is then checked with go vet and go test (GOWORK=off, so that no
# enclosing go.work interferes). The script prints nothing unless
# something fails.
set -euo pipefail
if [ $# -ne 1 ] || [ -z "$1" ]; then
	echo "usage: scripts/utf8copy.sh DEST" >&2
	exit 2
fi
dest=$1
src="$(go env GOROOT)/src/unicode/utf8"
if [ ! -d "$src" ]; then
	echo "utf8copy: $src: no such directory" >&2
	exit 1
fi
pkg="$dest/utf8"
mkdir -p "$pkg"
rm -f "$pkg"/*.go
cp "$src"/*.go "$pkg/"
chmod u+w "$pkg"/*.go
printf 'module example.com/utf8copy\n\ngo 1.26\n' >"$dest/go.mod"

if grep -l '"internal/' "$pkg"/*.go | grep -v '_test\.go$' >&2; then
	echo "utf8copy: the files above import an internal std package" >&2
	exit 1
fi
for f in "$pkg"/*_test.go; do
	if grep -q '"internal/' "$f"; then
		rm "$f"
	elif grep -q '^package utf8_test\b' "$f"; then
		# import "unicode/utf8", or one line of an import block, with or
		# without a name (utf8, . or _) before the path.
		sed -E -i 's#^([[:space:]]*(import[[:space:]]+)?([[:alnum:]_.]+[[:space:]]+)?)"unicode/utf8"#\1"example.com/utf8copy/utf8"#' "$f"
	fi
done

check() {
	local out
	if ! out=$(cd "$dest" && GOWORK=off "$@" 2>&1); then
		printf '%s\n' "$out" >&2
		echo "utf8copy: '$*' failed in $dest" >&2
		exit 1
	fi
}
check go vet ./...
check go test ./...
