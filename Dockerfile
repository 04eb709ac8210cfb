# Remi's image: `docker compose up -d` (compose.yaml) or `docker build -t remi .` (README, "Run with Docker").
# The server runs its TypeScript on Node 24 (type stripping); only the web app is built.
ARG NODE_IMAGE=node:24-bookworm-slim

# Everything installed from the lock file, then the web app built.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The server's production dependencies only, from the same lock file (the web app's are in its build).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# Source maps and type declarations are for editors and debuggers, never loaded: 70 MB of the image.
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --workspace apps/server --workspace packages/shared --no-audit --no-fund \
 && find node_modules -type f \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' \) -delete

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app /app
COPY packages/shared packages/shared
COPY apps/server apps/server
COPY --from=build /app/apps/web/dist apps/web/dist
# The embedded database and the generated session secret live in /data, the server's own (mode 0700).
RUN install -d -o node -g node -m 0700 /data
USER node
VOLUME /data
EXPOSE 3000
# /readyz, not /healthz: it answers 503 while the database cannot be reached, so the container turns
# unhealthy when PostgreSQL is down (/healthz only says the process is up). Node has fetch; no curl needed.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node is PID 1 itself: main.ts handles SIGTERM (docker stop) by draining requests, closing the database and
# exiting 0, forced after 10 s; compose.yaml gives it 15 s before SIGKILL. It starts no child processes.
CMD ["node", "apps/server/src/main.ts"]
