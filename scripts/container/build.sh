#!/bin/sh
# The container image's build step: the Dockerfile's build stage runs this, and so does CI
# (scripts/container/check.sh, in a clean copy of the repository), so the two cannot drift.
# From a copy of the repository's tracked files: installs the locked packages (the Node 24 the
# project carries among them, docs/decisions/013), builds the three front ends into dist/, then
# removes the packages only the build and the tests need. The server keeps running its
# TypeScript through tsx, as `npm start` does, so tsx is a dependency, not a devDependency.
set -eu
cd "$(dirname "$0")/../.."

# package.json's allowScripts lets the carried Node's install script run and denies better-sqlite3's
# compile (decision 013). npm 11.19, the npm of the machines CI runs on, honours it; an npm that does
# not would run the compile, which fails without a compiler (the slim image has none).
npm_version=$(npm --version)
oldest=$(printf '%s\n%s\n' "$npm_version" 11.19.0 | sort -V | head -1)
if [ "$oldest" != 11.19.0 ]; then
  echo "npm $npm_version is older than 11.19, the npm this build is tested with: npm install -g npm@11.19.1" >&2
  exit 1
fi

# --prefer-offline: take what npm's cache already holds (a BuildKit cache mount in the image,
# the CI machine's ~/.npm in the check) without asking the registry again.
npm ci --no-audit --no-fund --prefer-offline
# npm puts node_modules/.bin first on PATH: the build runs on the carried Node 24.
npm run build -- --force
npm prune --omit=dev --no-audit --no-fund
