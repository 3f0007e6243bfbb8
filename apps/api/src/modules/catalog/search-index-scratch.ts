/** Scratch arrays of a search on the index, reused across queries (a query runs synchronously, one at a time). */
export const scratch = {
  lastpos: new Int32Array(0),
  inQuery: new Uint8Array(0),
  present: new Uint16Array(0),
  /** By lexeme: the bits of the search's operands holding it (markOperands). */
  opMask: new Int32Array(0),
  /** By lexeme number mod 256: 1 when a lexeme so numbered may hold a bit in opMask (markOperands). */
  opFilter: new Uint8Array(256),
  hit: new Uint8Array(0),
  bits: new Int32Array(0),
  gap: new Uint8Array(0),
  /** runQuery's lists of slots (views of these are passed down; none outlives the query). */
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

/**
 * Sets bit `op` of opMask for each lexeme of operand `op` (the first 31), and the lexemes' marks in opFilter:
 * rankOf reads opMask only for a document's lexemes that opFilter lets through, which at 1M keeps most of a
 * document's lexemes from reading a cold cache line of opMask (one per lexeme of the catalogue).
 */
export function markOperands(operandLexemes: ReadonlyArray<readonly number[]>): void {
  const { opMask, opFilter } = scratch;
  for (let op = 0; op < operandLexemes.length && op < 31; op++) {
    for (const lex of operandLexemes[op] as number[]) {
      opMask[lex] = (opMask[lex] as number) | (1 << op);
      opFilter[lex & 255] = 1;
    }
  }
}

/** Undoes markOperands (every operand's lexemes). */
export function clearOperands(operandLexemes: ReadonlyArray<readonly number[]>): void {
  const { opMask, opFilter } = scratch;
  for (const lexemes of operandLexemes) {
    for (const lex of lexemes) {
      opMask[lex] = 0;
      opFilter[lex & 255] = 0;
    }
  }
}
