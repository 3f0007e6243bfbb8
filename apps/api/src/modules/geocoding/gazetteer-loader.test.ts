import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dataFile } from '../../lib/gazetteer/build-data.ts';
import { buildGazetteer, GazetteerLoader } from '../../lib/gazetteer/gazetteer.ts';

/**
 * The gazetteer built a slice per turn of the event loop at start-up (decision 0069): other callbacks run between
 * the slices, the answers are those of the gazetteer built at once, and a first use during the warm-up finishes it.
 */
const text = readFileSync(dataFile, 'utf8');
const atOnce = buildGazetteer(text);
const queries = ['quezon city', 'cebu', 'poblacion', 'makati', 'davao del sur'];

/** Counts the turns of the event loop until `done` resolves (a setImmediate chain). */
async function turnsUntil(done: Promise<void>): Promise<number> {
  let finished = false;
  let turns = 0;
  const turn = () => {
    if (finished) return;
    turns++;
    setImmediate(turn);
  };
  setImmediate(turn);
  await done;
  finished = true;
  return turns;
}

describe('the gazetteer loader', () => {
  it('builds in slices, other callbacks running between them, with the answers of a build at once', async () => {
    let reads = 0;
    const loader = new GazetteerLoader(() => {
      reads++;
      return text;
    });
    // The parse (400 lines a slice) and the barangay names (4,000 a slice) take more than ten turns.
    expect(await turnsUntil(loader.warm())).toBeGreaterThan(10);
    const warmed = loader.get();
    expect(warmed.size).toBe(atOnce.size);
    for (const query of queries) expect(warmed.search(query, 8)).toEqual(atOnce.search(query, 8));
    expect(warmed.nearest(14.6507, 121.0494)).toEqual(atOnce.nearest(14.6507, 121.0494));
    // Built once: a later warm-up or use reads nothing again.
    await loader.warm();
    expect(loader.get()).toBe(warmed);
    expect(reads).toBe(1);
  });

  it('finishes the build at once when it is used during the warm-up', async () => {
    const loader = new GazetteerLoader(() => text);
    const warming = loader.warm();
    await new Promise((resolve) => setImmediate(resolve));
    const used = loader.get();
    expect(used.search('quezon city', 1)).toEqual(atOnce.search('quezon city', 1));
    await warming;
    expect(loader.get()).toBe(used);
  });
});
