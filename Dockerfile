# syntax=docker/dockerfile:1
# Storefront builder: production image. server.ts runs through tsx (a runtime dependency), so the
# image carries the TypeScript sources server.ts imports next to the Vite build.

ARG NODE_IMAGE=node:20-slim

# All dependencies, for the build.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# patches/: the dependency fixes patch-package applies after install (decisions 020, 034, 035).
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund

# Production dependencies only, for the runtime image.
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM deps AS build
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
# A heap cap per process (docs/deploy/memory.md): without it V8 collects late and RSS wanders.
ENV NODE_ENV=production \
    NODE_OPTIONS=--max-old-space-size=256 \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data/pglite
WORKDIR /app
COPY --chown=node:node package.json package-lock.json tsconfig.json server.ts ./
COPY --chown=node:node --from=prod-deps /app/node_modules ./node_modules
COPY --chown=node:node --from=build /app/build ./build
COPY --chown=node:node app ./app
COPY --chown=node:node server ./server
COPY --chown=node:node drizzle ./drizzle
COPY --chown=node:node public ./public
# The embedded database (used when DATABASE_URL is unset) lives on a volume the node user owns.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
# node:20-slim has no curl; Node's fetch does the probe.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# tsx as a loader keeps a single process, so SIGTERM from `docker stop` reaches server.ts's drain.
CMD ["node", "--import", "tsx", "server.ts"]
