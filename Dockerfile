# One image for every app; compose picks the process with `command`. Plain Dockerfile syntax, so
# the classic builder (Debian's docker-compose) and BuildKit both build it, with no frontend to pull.

FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY libs/contracts/package.json libs/contracts/
COPY libs/server/package.json libs/server/
COPY libs/testing/package.json libs/testing/
COPY apps/gateway/package.json apps/gateway/
COPY apps/auth-svc/package.json apps/auth-svc/
COPY apps/chat-svc/package.json apps/chat-svc/
COPY apps/marketplace-svc/package.json apps/marketplace-svc/
COPY apps/media-svc/package.json apps/media-svc/
COPY apps/web/package.json apps/web/
# npm install, not npm ci: the lock lacks optional native packages of other platforms.
RUN npm install --no-audit --no-fund

FROM deps AS build
COPY . .
RUN node node_modules/typescript/bin/tsc -b \
 && npm run build --workspace apps/web \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/libs ./libs
COPY --from=build /app/apps/gateway/package.json ./apps/gateway/
COPY --from=build /app/apps/gateway/dist ./apps/gateway/dist
COPY --from=build /app/apps/auth-svc/package.json ./apps/auth-svc/
COPY --from=build /app/apps/auth-svc/dist ./apps/auth-svc/dist
COPY --from=build /app/apps/chat-svc/package.json ./apps/chat-svc/
COPY --from=build /app/apps/chat-svc/dist ./apps/chat-svc/dist
COPY --from=build /app/apps/marketplace-svc/package.json ./apps/marketplace-svc/
COPY --from=build /app/apps/marketplace-svc/dist ./apps/marketplace-svc/dist
COPY --from=build /app/apps/media-svc/package.json ./apps/media-svc/
COPY --from=build /app/apps/media-svc/dist ./apps/media-svc/dist
COPY --from=build /app/apps/web/package.json ./apps/web/
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY --from=build /app/scripts/healthcheck.js ./scripts/healthcheck.js
USER node
CMD ["node", "apps/gateway/dist/main.js"]
