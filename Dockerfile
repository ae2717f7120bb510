# The platform on the production profile (EventStoreDB + MongoDB); see docker-compose.yml.
# The full node:20 image carries python3, make and g++, which better-sqlite3 needs to build on `npm ci`.
FROM node:20-bookworm

WORKDIR /app

# Dependencies first, so a source change does not reinstall them.
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force

# Only what `npm start` (tsx src/main.ts) reads at run time.
COPY tsconfig.json ./
COPY src ./src
COPY schemas ./schemas
COPY projections ./projections

ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=8443
VOLUME /data
EXPOSE 8443

CMD ["npm", "start"]
