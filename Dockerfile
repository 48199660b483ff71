# The site and its job worker in one image (docs/deploy.md, "Container images"):
#   docker build -t lumi .
#   docker run -p 8080:8080 -v lumi-data:/data lumi                  # the site (PGlite in /data)
#   docker run -e DATABASE_URL=postgres://… lumi node apps/server/dist/worker.js   # a worker
# BASE_IMAGE is any Debian bookworm with Node >= 20.19 on PATH: the public node image by default,
# or one built offline (.ci/images builds it with debootstrap and the machine's Node 20).
# RUN --mount needs BuildKit (Docker 23 and later build with it) or podman/buildah.
ARG BASE_IMAGE=docker.io/library/node:20-bookworm-slim

# --- manifests: the package files, which both installs start from ------------------------------
# First on their own, so the install layers are reused while only the sources change.
FROM ${BASE_IMAGE} AS manifests
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/engines/package.json packages/engines/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# --- build: every dependency, then the web app and the server bundle -----------------------
FROM manifests AS build
# A registry mirror or proxy, when the build has to use one (nothing secret: tokens go in the
# npmrc secret). The npm_ca secret is a CA bundle for a TLS-inspecting proxy.
ARG NPM_CONFIG_REGISTRY
RUN --mount=type=cache,target=/root/.npm \
    --mount=type=secret,id=npm_ca \
    --mount=type=secret,id=npmrc,target=/root/.npmrc \
    if [ -s /run/secrets/npm_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca; fi; \
    npm ci
COPY . .
RUN npm run build

# --- deps: the server's production dependencies only ----------------------------------------
# The bundle in apps/server/dist keeps npm packages external (apps/server/external-npm.mjs):
# they load from node_modules at run time. `npm ci --omit=dev -w @lumi/server` alone still
# installs esbuild (a dependency of bench/, so not "dev" in the lockfile) and typescript (an
# optional peer of i18next, kept while the root lists it): so the package files lose their
# devDependencies and the workspaces the server does not run (web, e2e, bench), and `npm prune`
# removes what nothing needs any more. Third-party source maps go too (250 MB, TensorFlow.js's
# mostly; node reads none of them).
FROM manifests AS deps
ARG NPM_CONFIG_REGISTRY
RUN --mount=type=cache,target=/root/.npm \
    --mount=type=secret,id=npm_ca \
    --mount=type=secret,id=npmrc,target=/root/.npmrc \
    if [ -s /run/secrets/npm_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca; fi; \
    npm ci --omit=dev --workspace=@lumi/server \
    && node -e ' \
      const fs = require("fs"), keep = ["packages/contract", "packages/engines", "apps/server"]; \
      for (const dir of [".", ...keep]) { \
        const file = dir + "/package.json", pkg = JSON.parse(fs.readFileSync(file, "utf8")); \
        delete pkg.devDependencies; \
        if (pkg.workspaces) pkg.workspaces = pkg.workspaces.filter((w) => keep.includes(w)); \
        fs.writeFileSync(file, JSON.stringify(pkg, null, 2) + "\n"); \
      }' \
    && npm prune --omit=dev \
    && rm -rf apps/web e2e bench \
    && find node_modules -name '*.map' -type f -delete

# --- runtime ---------------------------------------------------------------------------------
FROM ${BASE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
# A user of its own (numeric in USER, so Kubernetes' runAsNonRoot can check it).
RUN groupadd --system --gid 10001 lumi \
    && useradd --system --uid 10001 --gid lumi --home-dir /app --no-create-home \
       --shell /usr/sbin/nologin lumi \
    && mkdir -p /data && chown lumi:lumi /data
# node_modules with sharp's libvips, ffmpeg (@ffmpeg-installer), eSpeak NG's WebAssembly,
# TensorFlow.js's WebAssembly backend, the face-api and nsfwjs models and PGlite: all of them
# ship inside their npm packages, nothing is fetched at run time.
COPY --from=deps /app ./
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/server/dist apps/server/dist
# What the server reads next to its bundle (apps/server/src/paths.ts): drizzle.config.ts marks
# the package's folder, drizzle/ holds the migrations run at start-up, engines/ the ComfyUI
# workflows, seed/ the starter characters; content/ the blog and legal pages.
COPY --from=build /app/apps/server/drizzle.config.ts apps/server/
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/server/engines apps/server/engines
COPY --from=build /app/apps/server/seed apps/server/seed
COPY --from=build /app/content content
USER 10001:10001
VOLUME ["/data"]
EXPOSE 8080
# /livez answers while the process does, without the database (GET /healthz checks that one).
# The worker (no HTTP) needs its own check or none: see compose.yaml.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The server handles SIGTERM itself (drains requests, or lets jobs finish, for 10 s).
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/main.js"]
