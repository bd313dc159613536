# syntax=docker/dockerfile:1
# Slotwise in a container (README "Container"). No image has been built from this file on the
# machines the project is developed on (no container runtime there): its build step and its start
# command are scripts, scripts/container/build.sh and start.sh, which CI runs in a clean copy of the
# repository as the image would (scripts/container/check.sh). The rest of this file (the base image,
# tini, the user, the volume) is checked by reading it: packages/server/test/container.test.ts.

# Node 24.21.0: the version the project carries as its npm dependency `node` (docs/decisions/013),
# so the Node that runs npm here and the Node that runs the server are the same release.
ARG NODE_IMAGE=node:24.21.0-trixie-slim

# Build: the locked packages, the three front ends, then only what the server needs at run time.
FROM ${NODE_IMAGE} AS build
# The npm CI runs (build.sh refuses an older one: it must honour package.json's allowScripts).
RUN npm install -g npm@11.19.1
WORKDIR /app
COPY . .
RUN --mount=type=cache,target=/root/.npm scripts/container/build.sh

# Run: the built tree, read-only to the server's user; only /data is writable.
FROM ${NODE_IMAGE}
# tini as PID 1: it forwards the stop signal to the server and reaps any orphaned child (pg_dump run
# by `npm run backup`). From Debian's packages, so it is in the image whatever `docker run` is given;
# `--init` would work only when every runner remembers it.
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir /data \
  && chown 1000:1000 /data
COPY --from=build /app /app
WORKDIR /app
# The one ENV line CI's rehearsal starts the server with too (check.sh reads it from here).
ENV NODE_ENV=production DATA_DIR=/data PORT=3000
# The official image's `node` user, by number so that a runner can verify it is not root.
USER 1000:1000
VOLUME /data
EXPOSE 3000
# The server finishes what it started on SIGTERM and exits within 10 s (SHUTDOWN_DEADLINE_MS in
# packages/server/src/config.ts). A Dockerfile cannot set the stop grace: give the runner more than
# 10 s (`docker run --stop-timeout 20`, `docker stop -t 20`; compose.yaml: stop_grace_period 20s).
STOPSIGNAL SIGTERM
# Liveness, not readiness (README "Health"): a database outage must not restart the container.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 CMD node scripts/container/healthcheck.mjs
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["scripts/container/start.sh"]
