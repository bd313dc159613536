#!/bin/sh
# The container image's start command: the Dockerfile's CMD runs this (under tini), and so does CI
# (scripts/container/check.sh) in its clean copy after build.sh, so the two cannot drift.
# Runs the server as `npm start` does (tsx on the Node 24 that npm ci put in node_modules/.bin,
# docs/decisions/013) but builds nothing: build.sh built the front ends, and the image holds no
# build tools. exec: the server takes this process's place, so SIGTERM reaches it directly.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
PATH="$root/node_modules/.bin:$PATH"
export PATH
exec tsx packages/server/src/server.ts
