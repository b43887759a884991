#!/usr/bin/env bash
# `npm ci` must accept package-lock.json with npm 10 and npm 11 alike: npm 11 (≥ 11.6) refuses a lockfile
# that lacks an entry for any declared optional platform package (@swc/core-*, @unrs/resolver-binding-*).
# A dry run in a scratch copy of the manifests checks the lockfile the way `npm ci` does, without installing.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp package.json package-lock.json "$scratch"/
for manifest in libs/*/package.json services/*/package.json gateway/package.json embedded/package.json web/package.json; do
  mkdir -p "$scratch/$(dirname "$manifest")"
  cp "$manifest" "$scratch/$manifest"
done

for npm in npm@10.9.2 npm@11.19.1; do
  echo "npm ci with $npm"
  (cd "$scratch" && npx -y "$npm" ci --dry-run --ignore-scripts --no-audit --no-fund >/dev/null)
done
echo "package-lock.json installs with npm 10 and npm 11"
