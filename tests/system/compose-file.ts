import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const ROOT_DIR = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

export interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  expose?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
}

/** docker-compose.yml as compose reads it (anchors and merge keys resolved). */
export function readCompose(): { services: Record<string, ComposeService>; volumes: Record<string, unknown> } {
  return parse(readFileSync(join(ROOT_DIR, 'docker-compose.yml'), 'utf8'), { merge: true });
}
