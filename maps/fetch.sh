#!/usr/bin/env bash
# Fetches the coastlines the board generator draws from: Natural Earth's
# land polygons (public domain) as TopoJSON, from the npm package
# world-atlas 2.0.2, into the ignored cache folder .cache/geo/. Nothing of
# it is committed; only the generator's SVGs are. The proof over those SVGs
# (go test ./maps) needs none of this.
#
#   maps/fetch.sh            prints the folder that holds land-50m.json
set -euo pipefail
cd "$(dirname "$0")/.."

version=2.0.2
dir=.cache/geo/world-atlas-$version
# The checksum of land-50m.json as world-atlas 2.0.2 ships it: the boards
# are regenerated from exactly this coastline or not at all.
want=619477ff690c086885e45cb91707d783805561bd75ae8e437b7d4694b0204e0f

if [ ! -f "$dir/land-50m.json" ]; then
	command -v npm >/dev/null || { echo "fetch.sh: npm is needed (apt-get install -y npm)" >&2; exit 1; }
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	(cd "$tmp" && npm pack --silent "world-atlas@$version" >/dev/null)
	tar -xzf "$tmp/world-atlas-$version.tgz" -C "$tmp"
	mkdir -p .cache/geo
	rm -rf "$dir"
	mv "$tmp/package" "$dir"
fi
got=$(sha256sum "$dir/land-50m.json" | cut -d' ' -f1)
if [ "$got" != "$want" ]; then
	echo "fetch.sh: $dir/land-50m.json has checksum $got, want $want" >&2
	exit 1
fi
echo "$dir"
