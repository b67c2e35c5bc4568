const pad = (n: number) => String(n).padStart(2, '0');

/** A picked date as the wire writes it: 'yyyy-MM-dd', in the zone the user picked it in. */
export function formatDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'yyyy-MM-dd HH:mm:ss' (spec §9 date format). */
export function formatDateTime(date: Date): string {
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

const TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** The picker's Date for a wire text; null when empty or malformed. */
export function parseDateText(text: unknown): Date | null {
  const m = typeof text === 'string' ? TEXT.exec(text.trim()) : null;
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0));
  return new Date(y, mo - 1, d, h, mi, s);
}
