import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The production images hold no embedded-mode or sandbox packages: those are optional dependencies, which
 * the Dockerfile omits for every image but the sandboxes', and nothing a deployed process loads requires
 * them. The second half loads every deployed entry point's module graph (built, as the image runs it) with
 * those packages made unresolvable, as they are in the image.
 */
const root = join(__dirname, '..', '..');
const EMBEDDED_ONLY = ['@electric-sql/pglite', 'smtp-server', 'mailparser'];

const lockfile = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { optional?: boolean; dev?: boolean }>;
};

describe('the production images', () => {
  it('install the embedded-mode and sandbox packages only as optional dependencies', () => {
    for (const name of EMBEDDED_ONLY) {
      expect({ name, optional: lockfile.packages[`node_modules/${name}`]?.optional }).toEqual({
        name,
        optional: true,
      });
    }
    const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/if \[ "\$APP" = sandboxes \]; then omit=""; else omit="--omit=optional"; fi/);
    expect(dockerfile).toMatch(/npm ci --omit=dev \$omit/);
  });

  it('load every deployed process without them', () => {
    const entryPoints = [
      'gateway/dist/index.js',
      'libs/runtime/dist/index.js',
      ...['identity', 'catalog', 'scheduling', 'commerce', 'billing', 'notifications'].map(
        (service) => `services/${service}/dist/definition.js`,
      ),
    ];
    // A resolver that refuses the embedded-only packages, as an image without them would.
    const script = `
      const Module = require('node:module');
      const hidden = ${JSON.stringify(EMBEDDED_ONLY)};
      const resolve = Module._resolveFilename;
      Module._resolveFilename = function (request, ...rest) {
        if (hidden.some((name) => request === name || request.startsWith(name + '/'))) {
          throw Object.assign(new Error('Cannot find module ' + request), { code: 'MODULE_NOT_FOUND' });
        }
        return resolve.call(this, request, ...rest);
      };
      for (const entry of ${JSON.stringify(entryPoints)}) require(require('node:path').join(${JSON.stringify(root)}, entry));
      process.stdout.write('loaded');
    `;
    expect(execFileSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' })).toBe('loaded');
  });

  it('would notice a deployed process that needs one of them', () => {
    const script = `
      const Module = require('node:module');
      const resolve = Module._resolveFilename;
      Module._resolveFilename = function (request, ...rest) {
        if (request === 'smtp-server') throw Object.assign(new Error('hidden'), { code: 'MODULE_NOT_FOUND' });
        return resolve.call(this, request, ...rest);
      };
      require(${JSON.stringify(join(root, 'services/notifications/dist/index.js'))});
    `;
    // The notifications package's index exports the SMTP sandbox (embedded mode imports it from there).
    expect(() => execFileSync(process.execPath, ['-e', script], { cwd: root, stdio: 'pipe' })).toThrow(
      /hidden/,
    );
  });
});
