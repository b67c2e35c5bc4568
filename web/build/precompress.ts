import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Below this a gzip saves less than a request's headers. */
const MIN_BYTES = 1024;

/**
 * A .gz beside every script, stylesheet and SVG of the build, which the gateway's static files
 * serve to browsers that accept gzip (precompressed): the map route's 1.6 MB of MapLibre and
 * deck.gl goes over the wire as ~450 kB, compressed once at build instead of per request.
 * From the files as written: Vite still rewrites chunks (preload lists) after generateBundle.
 */
export function precompress(): Plugin {
  return {
    name: 'wdiov-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|svg)$/.test(fileName)) continue;
        const source = readFileSync(join(dir, fileName));
        if (source.length >= MIN_BYTES) writeFileSync(join(dir, `${fileName}.gz`), gzipSync(source, { level: 9 }));
      }
    },
  };
}
