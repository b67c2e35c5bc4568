/**
 * Frame recordings: one frame per line as `ms,hex` (ms since the first recorded frame) or
 * plain `hex`. Blank lines and lines starting with '#' are ignored. --record writes them,
 * --replay reads them (and also accepts hex dumps from elsewhere, e.g. a capture).
 */
import { createWriteStream, type WriteStream } from 'node:fs';

export interface RecordedFrame {
  /** Offset from the first frame in ms, or null when the line had no time. */
  ms: number | null;
  bytes: Uint8Array;
  /** 1-based line number in the file, for messages. */
  line: number;
}

export interface ParsedRecording {
  frames: RecordedFrame[];
  /** One message per line that could not be read. */
  errors: string[];
}

const HEX = /^(?:[0-9a-fA-F]{2})+$/;

export function parseRecording(text: string): ParsedRecording {
  const frames: RecordedFrame[] = [];
  const errors: string[] = [];
  let firstMs: number | null = null;
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const comma = line.indexOf(',');
    const timeText = comma >= 0 ? line.slice(0, comma).trim() : null;
    const hex = (comma >= 0 ? line.slice(comma + 1) : line).replace(/\s+/g, '');
    let ms: number | null = null;
    if (timeText !== null) {
      ms = Number(timeText);
      if (timeText === '' || !Number.isFinite(ms) || ms < 0) {
        errors.push(`line ${i + 1}: '${timeText}' is not a time in ms`);
        return;
      }
    }
    if (!HEX.test(hex)) {
      errors.push(`line ${i + 1}: not an even-length hex string`);
      return;
    }
    if (ms !== null) {
      firstMs ??= ms;
      ms -= firstMs;
    }
    frames.push({ ms, bytes: Buffer.from(hex, 'hex'), line: i + 1 });
  });
  return { frames, errors };
}

export function recordLine(ms: number, bytes: Uint8Array): string {
  return `${Math.round(ms)},${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}\n`;
}

/** Appends every frame sent to a file as `ms,hex`, ms counted from the first frame. */
export class FrameRecorder {
  private readonly stream: WriteStream;
  private firstMs: number | null = null;
  count = 0;

  constructor(path: string) {
    this.stream = createWriteStream(path, { flags: 'w' });
  }

  /** Resolves once the file is open, rejects when it cannot be written. */
  ready(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.stream.once('open', () => resolve());
      this.stream.once('error', reject);
    });
  }

  readonly write = (bytes: Uint8Array, nowMs: number): void => {
    this.firstMs ??= nowMs;
    this.stream.write(recordLine(nowMs - this.firstMs, bytes));
    this.count++;
  };

  close(): Promise<void> {
    return new Promise((resolve) => this.stream.end(resolve));
  }
}
