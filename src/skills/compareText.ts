// One ordering for names and paths, independent of the machine's locale.

/**
 * Compares strings by UTF-16 code units (like `Array.prototype.sort` without a comparator).
 * @example ['b', 'a', 'B'].sort(compareText) // ['B', 'a', 'b']
 */
export const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
