# syntax=docker/dockerfile:1
# The whole site in one container (DESIGN §8): web pages, API and the store.
#
#   docker build -t newbuild-spain .
#   docker run -p 3000:3000 -v site-data:/data newbuild-spain
#
# The SQLite store lives in the /data volume; set DATABASE_URL=postgres://...
# to share one PostgreSQL between several containers. Every variable is in
# .env.example (docker run --env-file .env ...). The image starts empty
# (SEED_DEMO=false): add -e SEED_DEMO=true on a fresh volume for the demo
# catalogue. The command-line tools are compiled into the same image:
#   docker run --rm -v site-data:/data newbuild-spain node dist/server/cli/partner.js list
#   docker run --rm -v site-data:/data newbuild-spain node dist/server/cli/migrate.js
#   docker run --rm -v site-data:/data -v "$PWD:/feeds:ro" newbuild-spain \
#     node --max-semi-space-size=16 --max-old-space-size=256 dist/server/cli/import.js /feeds/feed.xml
# (the heap settings `npm run import` uses: see docs/operations.md, "Feeds")

ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS base
WORKDIR /app

# No compilers: every native addon ships prebuilt in its npm package
# (better-sqlite3 13's Node-API builds, sharp's and esbuild's platform packages).
FROM base AS manifests
COPY package.json package-lock.json check-node.mjs ./

# Build: every dependency, then dist/: the client bundle with its manifest, the
# server-side render entry, and the server and its CLIs compiled for plain node.
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY build.mjs tsconfig.json ./
COPY locales ./locales
COPY src ./src
RUN npm run build

# Runtime dependencies only: no TypeScript, no tsx, no esbuild.
FROM manifests AS prod-deps
RUN npm ci --omit=dev --no-audit --no-fund \
 && npm cache clean --force

FROM base AS runtime
# MALLOC_ARENA_MAX as npm start sets it (docs/decisions/one-malloc-arena.md).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    SEED_DEMO=false \
    MALLOC_ARENA_MAX=1
# Code is owned by root and read-only for the server; only /data is writable.
# package.json says the compiled files are ES modules; locales/ is read at start.
COPY package.json package-lock.json ./
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/locales ./locales
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# Slim images have no curl: ask Node. /healthz answers while the process is up.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself is PID 1 (not npm, which would not pass SIGTERM on): main.ts drains
# in-flight requests and closes the store on SIGTERM. No build step at start:
# dist/ is already in the image. The node flags are npm start's (4 MB semi-spaces:
# docs/decisions/bounded-young-generation.md); test/start-command.test.ts holds
# the two alike, and the environment above.
CMD ["node", "--max-semi-space-size=4", "dist/server/main.js"]
