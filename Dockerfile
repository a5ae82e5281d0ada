# Multi-stage: build with all dependencies, run with production dependencies only, as a non-root user.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:24-bookworm-slim AS runtime
# Memory (decision 088): glibc malloc settings, read at process start (app/server/http/launch-settings.ts).
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
# ExifTool (exiftool-vendored) runs on Perl: it strips the metadata of uploaded MP4/MOV videos.
RUN apt-get update && apt-get install -y --no-install-recommends perl \
    && rm -rf /var/lib/apt/lists/*
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json server.ts ./
# `npm run admin|backup|restore -- …` work in the container (npm ships with the node image).
COPY scripts/admin.ts scripts/backup.ts scripts/restore.ts ./scripts/
COPY db/seed/assets ./db/seed/assets
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node directly (not npm) so SIGTERM reaches the server and it drains gracefully; --liftoff-only
# keeps the embedded database's WebAssembly off V8's optimizing compiler (decision 088); a small
# young generation returns uploads' socket buffers early (decision 129).
CMD ["node", "--liftoff-only", "--max-semi-space-size=1", "server.ts"]
