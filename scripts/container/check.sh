#!/usr/bin/env bash
# CI's rehearsal of the container image (.ci/run), since no image can be built on these machines:
# what the Dockerfile does, done here in a clean folder with the same scripts.
#   1. The build context: the tracked files at HEAD (`git archive`), so nothing untracked leaks in
#      (.dockerignore leaves the same out of a real build). Uncommitted changes are not checked.
#   2. The build stage: scripts/container/build.sh there, with this machine's npm cache.
#   3. The container: scripts/container/start.sh with the Dockerfile's ENV line, DATA_DIR in a temp
#      folder (the volume) and a free port; the Dockerfile's HEALTHCHECK command must pass, and the
#      landing page, the dashboard and readiness must answer.
#   4. `docker stop`: SIGTERM (the Dockerfile's STOPSIGNAL) must end it with exit code 0 within
#      compose.yaml's stop_grace_period.
# Not rehearsed: the base image, tini (PID 1), the user and the volume's ownership; README "Container".
# Needs git, tar, npm and bash; prints the time each part took.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
dockerfile="$repo/Dockerfile"
started=$(date +%s)
say() { printf '[container check, %ss] %s\n' "$(($(date +%s) - started))" "$*"; }
fail() { say "FAILED: $*" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/slotwise-container.XXXXXX")
server=''
cleanup() {
  if [ -n "$server" ]; then kill -KILL "$server" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
app="$work/app"
mkdir "$app" "$work/data"

say "build context: git archive HEAD ($(git -C "$repo" rev-parse --short HEAD)) into $app"
git -C "$repo" archive HEAD | tar -x -C "$app"

say 'build stage: scripts/container/build.sh'
(cd "$app" && scripts/container/build.sh) >"$work/build.log" 2>&1 || {
  tail -40 "$work/build.log" >&2
  fail 'scripts/container/build.sh failed'
}
[ -d "$app/dist/landing" ] && [ -d "$app/dist/dashboard" ] && [ -d "$app/dist/widget" ] ||
  fail 'build.sh left no dist/landing, dist/dashboard or dist/widget'
[ ! -e "$app/node_modules/vite" ] || fail 'build.sh left the build tools (vite) in node_modules'

# The container's environment: the Dockerfile's ENV line (KEY=value pairs without spaces), then the
# volume's place and a free port in place of /data and 3000.
image_env=$(sed -n 's/^ENV //p' "$dockerfile")
[ -n "$image_env" ] || fail 'no ENV line in the Dockerfile'
node="$app/node_modules/.bin/node"
port=$("$node" -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
healthcheck=$(sed -n 's/^HEALTHCHECK .* CMD //p' "$dockerfile")
[ -n "$healthcheck" ] || fail 'no HEALTHCHECK ... CMD line in the Dockerfile'
grace=$(sed -n 's/^ *stop_grace_period: *\([0-9]*\)s$/\1/p' "$repo/compose.yaml" | sort -n | head -1)
[ -n "$grace" ] || fail 'no stop_grace_period in compose.yaml'

say "container: scripts/container/start.sh with $image_env, DATA_DIR=$work/data, PORT=$port"
# shellcheck disable=SC2086 # the ENV line is split into its KEY=value words on purpose
(cd "$app" && exec env $image_env DATA_DIR="$work/data" PORT="$port" scripts/container/start.sh) \
  >"$work/server.log" 2>&1 &
server=$!

say "health check: $healthcheck"
# Up to 5 minutes: on a quiet machine it passes within seconds; under heavy load (load average 37 on
# 2 cores) tsx's first compile of the server took 160 s.
healthy=''
give_up=$(($(date +%s) + 300))
while [ "$(date +%s)" -lt "$give_up" ]; do
  kill -0 "$server" 2>/dev/null || { tail -40 "$work/server.log" >&2; fail 'the server exited while starting'; }
  # The HEALTHCHECK runs in the image's WORKDIR with its PATH; here the carried Node comes first.
  if (cd "$app" && PATH="$app/node_modules/.bin:$PATH" PORT="$port" sh -c "$healthcheck"); then
    healthy=yes
    break
  fi
  sleep 0.5
done
[ -n "$healthy" ] || { tail -40 "$work/server.log" >&2; fail 'the health check did not pass within 300 s'; }

say 'pages: /, /signup, /widget.js, /api/health/ready'
"$node" - "$port" <<'JS' || { tail -40 "$work/server.log" >&2; fail 'a page did not answer as expected'; }
const base = `http://127.0.0.1:${process.argv[2]}`;
const expect = [
  ['/', 'text/html', 'Slotwise'],
  ['/signup', 'text/html', '<div id="root">'],
  ['/widget.js', 'javascript', ''],
  ['/api/health/ready', 'application/json', '"status":"ok"'],
];
for (const [path, type, text] of expect) {
  const res = await fetch(base + path);
  const body = await res.text();
  const got = `${res.status} ${res.headers.get('content-type')}`;
  if (res.status !== 200 || !got.includes(type) || !body.includes(text)) {
    console.error(`GET ${path}: ${got}, expected 200 ${type} containing ${JSON.stringify(text)}`);
    process.exit(1);
  }
  console.log(`GET ${path}: ${got}`);
}
JS

say "stop: SIGTERM, exit 0 expected within the ${grace} s stop grace"
stop_started=$(date +%s)
kill -TERM "$server"
(sleep "$grace" && kill -KILL "$server" 2>/dev/null) &
watchdog=$!
code=0
wait "$server" || code=$?
server=''
kill "$watchdog" 2>/dev/null || true
took=$(($(date +%s) - stop_started))
if [ "$code" -ne 0 ]; then
  tail -40 "$work/server.log" >&2
  fail "the server exited with $code ${took} s after SIGTERM (137: killed at the ${grace} s stop grace)"
fi
grep -q '"msg":"shutting down"' "$work/server.log" || fail 'the server log has no "shutting down" line'
say "stopped with exit code 0 in ${took} s"
say "passed in $(($(date +%s) - started)) s"
