/** camelCase → snake_case, as BladeX's humpToUnderline: `releaseTime` → `release_time`. */
export function toSnake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
}

/** snake_case → camelCase: `release_time` → `releaseTime`. */
export function toCamel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** A safe identifier: letters, digits and underscores, starting with a letter. */
export const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]*$/;
