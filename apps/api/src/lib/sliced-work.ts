/**
 * Work done in slices: a generator that yields between slices, so that a caller that must not hold the event loop
 * can let other requests run between them (the search index's build and warm-up, the gazetteer; decision 0069).
 */

/** A sliced computation run through at once (no yield to others): its result. */
export function finished<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
