/** The MyBatis-Plus page shape that BladeX lists answer (`data` of the envelope). */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
  orders: { column: string; asc: boolean }[];
  searchCount: boolean;
  optimizeCountSql: boolean;
}

export function toPage<T>(
  records: T[],
  total: number,
  current: number,
  size: number,
  orders: { column: string; asc: boolean }[] = [],
): Page<T> {
  return {
    records,
    total,
    size,
    current,
    pages: size > 0 ? Math.ceil(total / size) : 0,
    orders,
    searchCount: true,
    optimizeCountSql: true,
  };
}

export const PAGE_DEFAULTS = { current: 1, size: 10, maxSize: 500 } as const;
export const PAGE_SIZE_CHOICES = [10, 30, 50, 100, 200] as const;
