# One image per process of the distributed mode, from one Dockerfile:
#   docker build --build-arg APP=gateway   -t salon/gateway .     (gateway/dist/main.js)
#   docker build --build-arg APP=catalog   -t salon/catalog .     (services/<name>/dist/main.js, any of the six)
#   docker build --build-arg APP=sandboxes -t salon/sandboxes .   (embedded/dist/sandbox-main.js)
# Arguments given to the container follow the entry point: `docker run salon/catalog migrate` applies the
# service's migrations and exits. Health is checked by compose and Kubernetes, so there is no HEALTHCHECK.

# Node 24 LTS (Node 20 left support in April 2026); CI runs the suite on 24 and on the machines' 20.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY libs/contracts/package.json libs/contracts/
COPY libs/service-kit/package.json libs/service-kit/
COPY libs/messaging/package.json libs/messaging/
COPY libs/plan-limits/package.json libs/plan-limits/
COPY libs/runtime/package.json libs/runtime/
COPY libs/testing/package.json libs/testing/
COPY libs/payment-provider/package.json libs/payment-provider/
COPY services/identity/package.json services/identity/
COPY services/catalog/package.json services/catalog/
COPY services/scheduling/package.json services/scheduling/
COPY services/commerce/package.json services/commerce/
COPY services/billing/package.json services/billing/
COPY services/notifications/package.json services/notifications/
COPY gateway/package.json gateway/
COPY embedded/package.json embedded/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json tsconfig.build.json ./
COPY libs/ libs/
COPY services/ services/
COPY gateway/ gateway/
COPY embedded/ embedded/
COPY web/ web/
RUN npm run build
# Production dependencies only (npm cannot narrow `ci` to some workspaces: every workspace's dependencies
# come along). Embedded mode's and the sandboxes' packages (PGlite, smtp-server, mailparser) are optional
# dependencies, loaded only on those paths: only the sandboxes image installs them. Swagger UI's assets stay:
# the gateway serves the API reference in production. Then the runnable tree in /out: each workspace's
# package.json (the @salon/* links resolve through them), dist/, migrations/ and its own node_modules.
ARG APP=gateway
RUN if [ "$APP" = sandboxes ]; then omit=""; else omit="--omit=optional"; fi \
 && npm ci --omit=dev $omit --no-audit --no-fund \
 && mkdir /out \
 && cp -a package.json node_modules /out/ \
 && for workspace in libs/* services/* gateway embedded web; do \
      mkdir -p "/out/$workspace" \
      && cp -a "$workspace/package.json" "$workspace/dist" "/out/$workspace/" \
      && for extra in migrations node_modules; do \
           if [ -e "$workspace/$extra" ]; then cp -a "$workspace/$extra" "/out/$workspace/"; fi; \
         done; \
    done

FROM ${NODE_IMAGE} AS runtime
ARG APP=gateway
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /out/ ./
# /app/main.js links to the selected entry point; node resolves the link, so __dirname (and with it
# migrations/) is the real package's.
RUN case "$APP" in \
      gateway) entry=gateway/dist/main.js ;; \
      sandboxes) entry=embedded/dist/sandbox-main.js ;; \
      identity|catalog|scheduling|commerce|billing|notifications) entry="services/$APP/dist/main.js" ;; \
      *) echo "unknown APP '$APP': gateway, sandboxes or a service name" >&2; exit 1 ;; \
    esac \
 && test -f "$entry" \
 && ln -s "/app/$entry" /app/main.js
# The numeric id of the image's "node" user, so Kubernetes can verify runAsNonRoot.
USER 1000:1000
ENTRYPOINT ["node", "--enable-source-maps", "/app/main.js"]
