import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';

/**
 * `engines` is honest: the lowest Node release of every line it allows satisfies every installed package's
 * own `engines.node`, and the image runs a line it allows. (CI runs the suite on the machines' Node 20 and on
 * Node 24, the image's.)
 */
const root = join(__dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
};
const lockfile = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[] }>;
};
const allowed = manifest.engines.node;
/** `^20.19.0 || ^22.13.0 || >=24` → 20.19.0, 22.13.0, 24.0.0: the oldest release of each allowed line. */
const oldestAllowed = allowed.split('||').map((range) => semver.minVersion(range.trim())?.version as string);

describe('the Node versions the project declares', () => {
  it('start at a release every installed package supports, on each allowed line', () => {
    const refused: string[] = [];
    for (const [path, entry] of Object.entries(lockfile.packages)) {
      const required = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (path === '' || required === undefined) continue;
      for (const version of oldestAllowed) {
        if (!semver.satisfies(version, required)) refused.push(`${path} needs ${required}, not ${version}`);
      }
    }
    expect(oldestAllowed.length).toBeGreaterThan(1);
    expect(refused).toEqual([]);
  });

  it('include the Node line the image runs, and that line is 24 LTS', () => {
    const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
    const image = /^ARG NODE_IMAGE=node:(\d+)-/m.exec(dockerfile)?.[1];
    expect(image).toBe('24');
    expect(semver.satisfies(`${image}.0.0`, allowed)).toBe(true);
  });
});
