# The platform on the production profile (EventStoreDB + MongoDB); see docker-compose.yml.
# The full node:20 image carries python3, make and g++, which better-sqlite3 needs to build on `npm ci`.
# The console's pages are built with the development packages (Vite, Preact) in a stage of their own.
FROM node:20-bookworm AS console
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts
COPY src/console/web ./src/console/web
RUN npm run build:console

FROM node:20-bookworm

WORKDIR /app

# Dependencies first, so a source change does not reinstall them.
COPY package.json package-lock.json ./
# npm ci runs prepare, which finds no Vite here and leaves the console to the stage above
COPY src/console/web/prepare.mjs ./src/console/web/
RUN npm ci --omit=dev && npm cache clean --force

# Only what `npm start` (tsx src/main.ts) reads at run time.
COPY tsconfig.json ./
COPY src ./src
COPY schemas ./schemas
COPY projections ./projections
COPY --from=console /app/dist ./dist

ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=8443
VOLUME /data
EXPOSE 8443

CMD ["npm", "start"]
