import type { SearchIndex } from './search-index.ts';

/**
 * What a search works out for its text that the next search of the same text can reuse (decision 0066): its other
 * pages, sorts and filters ask the same. Kept per index (a compaction's new index starts empty), at most `most`
 * numbers in all, the least recently used dropped first. What the index's changes since mean for a kept answer is
 * its user's to say (keptTypoMatches, ranksOf).
 */
export class KeptPerText<T extends { readonly size: number }> {
  private readonly byIndex = new WeakMap<SearchIndex, { held: number; byText: Map<string, T> }>();

  constructor(private readonly bounds: { most: number }) {}

  get(index: SearchIndex, text: string): T | undefined {
    const kept = this.of(index);
    const known = kept.byText.get(text);
    if (known) {
      // Most recently used last (a Map keeps insertion order).
      kept.byText.delete(text);
      kept.byText.set(text, known);
    }
    return known;
  }

  set(index: SearchIndex, text: string, value: T): void {
    const kept = this.of(index);
    const old = kept.byText.get(text);
    if (old) {
      kept.byText.delete(text);
      kept.held -= old.size;
    }
    if (value.size > this.bounds.most) return;
    for (const [oldest, known] of kept.byText) {
      if (kept.held + value.size <= this.bounds.most) break;
      kept.byText.delete(oldest);
      kept.held -= known.size;
    }
    kept.byText.set(text, value);
    kept.held += value.size;
  }

  private of(index: SearchIndex) {
    let kept = this.byIndex.get(index);
    if (!kept) {
      kept = { held: 0, byText: new Map() };
      this.byIndex.set(index, kept);
    }
    return kept;
  }
}
