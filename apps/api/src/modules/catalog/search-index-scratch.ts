/** Scratch arrays of a search on the index, reused across queries (a query runs synchronously, one at a time). */
export const scratch = {
  lastpos: new Int32Array(0),
  inQuery: new Uint8Array(0),
  present: new Uint16Array(0),
  opMask: new Int32Array(0),
  hit: new Uint8Array(0),
  bits: new Int32Array(0),
  gap: new Uint8Array(0),
  /** runQuery's lists of slots (views of these are passed down; none outlives the query). */
  union: new Int32Array(0),
  hits: new Int32Array(0),
  base: new Int32Array(0),
  found: new Int32Array(0),
  touched: new Int32Array(0),
};

export function grow<T extends Int32Array | Uint16Array | Uint8Array>(
  array: T,
  size: number,
  make: (n: number) => T,
  fill = 0,
): T {
  if (array.length >= size) return array;
  const next = make(Math.max(size, array.length * 2));
  if (fill) next.fill(fill);
  return next;
}
