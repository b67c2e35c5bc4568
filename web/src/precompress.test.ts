import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from '../build/precompress';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressed build files', () => {
  it('writes a .gz of each written script, stylesheet and SVG over 1 kB, and nothing for small or other files', () => {
    dir = mkdtempSync(join(tmpdir(), 'wdiov-precompress-'));
    mkdirSync(join(dir, 'assets'));
    const files: Record<string, string | Uint8Array> = {
      'assets/map.js': 'export const x = 1;\n'.repeat(200),
      'assets/map.css': '.a{color:red}\n'.repeat(100),
      'assets/tiny.js': 'export {}',
      'assets/font.woff2': new Uint8Array(4096),
    };
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
    const hook = precompress().writeBundle as (options: { dir: string }, bundle: Record<string, unknown>) => void;
    hook({ dir }, Object.fromEntries(Object.keys(files).map((f) => [f, {}])));
    expect(readdirSync(join(dir, 'assets')).filter((f) => f.endsWith('.gz')).sort()).toEqual(['map.css.gz', 'map.js.gz']);
    expect(gunzipSync(readFileSync(join(dir, 'assets/map.js.gz'))).toString()).toBe(files['assets/map.js']);
  });
});
