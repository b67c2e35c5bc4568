/**
 * `new Date(ms).toISOString()` for the many timestamps of a bulk write, most of them within the
 * same second: the text up to the second is formatted once per second and reused.
 */
let second = Number.NaN;
let prefix = '';

export function isoTime(ms: number): string {
  const s = Math.floor(ms / 1000);
  const milli = ms - s * 1000;
  if (s !== second || !Number.isInteger(milli)) {
    const iso = new Date(ms).toISOString(); // throws RangeError for what Date cannot hold
    if (Number.isInteger(milli)) [second, prefix] = [s, iso.slice(0, -5)];
    return iso;
  }
  return `${prefix}.${milli < 10 ? '00' : milli < 100 ? '0' : ''}${milli}Z`;
}
