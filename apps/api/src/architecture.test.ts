import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The shape of decision 0024, checked over the source files: routes are HTTP only, no file grows past 400 lines
 * and no import circle. (Module entrances are checked by Biome's noRestrictedImports, see biome.json.)
 */

const root = path.resolve(import.meta.dirname, '../../..');
const sourceRoots = ['apps/api/src', 'apps/web/src', 'packages/contract/src', 'e2e', 'bench'];
const skipped = /(^|\/)(node_modules|dist|drizzle|seed\/data)(\/|$)/;

function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = path.posix.join(dir, entry.name);
    if (skipped.test(relative)) continue;
    if (entry.isDirectory()) found.push(...sourceFiles(relative));
    else if (/\.(ts|tsx|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(relative);
  }
  return found;
}

const files = sourceRoots.flatMap(sourceFiles);
const text = new Map(files.map((file) => [file, readFileSync(path.join(root, file), 'utf8')]));

/** The relative imports of a file, resolved to repository paths (type-only imports included: they still couple). */
function localImports(file: string): string[] {
  const found: string[] = [];
  for (const match of text.get(file)!.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/gms)) {
    found.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1]!)));
  }
  return found.filter((target) => text.has(target));
}

describe('the shape of the source (decision 0024)', () => {
  it('keeps route files HTTP only: none imports drizzle-orm or the schema', () => {
    const offenders = files.filter(
      (file) => file.endsWith('.routes.ts') && /from '(drizzle-orm|[./]+db\/schema[^']*)'/.test(text.get(file)!),
    );
    expect(offenders).toEqual([]);
  });

  it('keeps every source file (seed data aside) under 400 lines', () => {
    const long = files
      .filter((file) => !file.includes('/db/seed/'))
      .map((file) => ({ file, lines: text.get(file)!.split('\n').length }))
      .filter(({ lines }) => lines > 400);
    expect(long).toEqual([]);
  });

  it('has no import circles', () => {
    const graph = new Map(files.map((file) => [file, localImports(file)]));
    const state = new Map<string, 'open' | 'done'>();
    const circles: string[] = [];
    const visit = (file: string, trail: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        circles.push([...trail.slice(trail.indexOf(file)), file].join(' -> '));
        return;
      }
      state.set(file, 'open');
      for (const target of graph.get(file) ?? []) visit(target, [...trail, file]);
      state.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    expect(circles).toEqual([]);
  });

  it('registers the admin session once, in app.ts, and the web app talks to the admin API through one transport', () => {
    const registering = files.filter((file) => /register\(adminSessionPlugin\)/.test(text.get(file)!));
    expect(registering).toEqual(['apps/api/src/app.ts']);
    // adminApi and adminFile (features/admin/api.ts) are the web app's only senders of the admin CSRF header.
    const csrfSenders = files.filter(
      (file) => file.startsWith('apps/web/src/') && /\[ADMIN_CSRF_HEADER\]/.test(text.get(file)!),
    );
    expect(csrfSenders).toEqual(['apps/web/src/features/admin/api.ts']);
  });
});
