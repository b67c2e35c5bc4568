import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/** Server log lines kept for a start that fails (the last ones: the reason comes last). */
const KEPT_LINES = 8;
const SEVERE = /\b(?:FATAL|PANIC|ERROR):\s+(.*)$/;

/**
 * A PGlite whose failed start says what the server logged: PGlite itself only answers "failed to
 * initialize properly", which tells an operator nothing about a damaged or foreign folder.
 */
export function createPglite(options: PGliteOptions): { client: PGlite; ready: () => Promise<void> } {
  const said: string[] = [];
  const client = new PGlite({
    ...options,
    onStderr: (text) => {
      const severe = SEVERE.exec(text);
      if (severe) said.push(severe[0]);
      if (said.length > KEPT_LINES) said.shift();
      return false;
    },
  });
  const ready = async () => {
    try {
      await client.waitReady;
    } catch (err) {
      if (said.length === 0) throw err;
      throw new Error(`the database server said: ${said.join(' | ')}`, { cause: err });
    }
  };
  return { client, ready };
}
