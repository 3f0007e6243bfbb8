// Text normalisation shared by the gazetteer build (joining PSGC names with GeoNames names)
// and the search index (matching what people type against place names).

/** Abbreviations in Philippine place names, both ways, so "sto tomas" finds "Santo Tomas" and the reverse. */
const synonyms: Record<string, string> = {
  sto: 'santo',
  santo: 'sto',
  sta: 'santa',
  santa: 'sta',
  gen: 'general',
  general: 'gen',
  pres: 'president',
  president: 'pres',
  sen: 'senator',
  senator: 'sen',
  dr: 'doctor',
  doctor: 'dr',
  sr: 'senior',
  mt: 'mount',
  mount: 'mt',
  brgy: 'barangay',
  barangay: 'brgy',
};

/** Lower case, no accents (ñ -> n), punctuation to spaces, single spaces. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The words of a text, folded. "Lapu-Lapu City" -> ["lapu", "lapu", "city"]. */
export function words(text: string): string[] {
  const folded = foldText(text);
  return folded ? folded.split(' ') : [];
}

/** The words of a name plus the other spelling of each abbreviation, without repeats. */
export function indexWords(text: string): string[] {
  const out = new Set<string>();
  for (const word of words(text)) {
    out.add(word);
    const other = synonyms[word];
    if (other) out.add(other);
  }
  return [...out];
}

/**
 * A key that identifies a city or municipality name regardless of how it is written:
 * "City of San Fernando", "San Fernando City" and "San Fernando" all give "sanfernando";
 * "Sto. Tomas" and "Santo Tomas" give "santotomas". Words in brackets are dropped ("(Capital)").
 */
export function placeKey(name: string): string {
  const withoutBrackets = name.replace(/\([^)]*\)/g, ' ');
  let list = words(withoutBrackets).map((word) => expand(word));
  if (list[0] === 'city' && list[1] === 'of') list = list.slice(2);
  if (list.length > 1 && list.at(-1) === 'city') list = list.slice(0, -1);
  return list.join('');
}

const longForms: Record<string, string> = {
  sto: 'santo',
  sta: 'santa',
  gen: 'general',
  pres: 'president',
  sen: 'senator',
  dr: 'doctor',
  mt: 'mount',
  brgy: 'barangay',
};

/** The long form of an abbreviation ("sto" -> "santo"); other words unchanged. */
function expand(word: string): string {
  return longForms[word] ?? word;
}

/** A whole name in one spelling for comparing names: "Sto. Tomas" and "santo tomas" give "santo tomas". */
export function canonicalName(text: string): string {
  return words(text).map(expand).join(' ');
}

/** indexWords and canonicalName of one name, folding it once. */
export function nameForms(text: string): { index: string[]; canonical: string } {
  const list = words(text);
  const index = new Set<string>();
  for (const word of list) {
    index.add(word);
    const other = synonyms[word];
    if (other) index.add(other);
  }
  return { index: [...index], canonical: list.map(expand).join(' ') };
}

/** Words in brackets, e.g. the old name in "Pio V. Corpus (Limbuhan)". */
export function bracketed(name: string): string[] {
  return [...name.matchAll(/\(([^)]*)\)/g)].map((match) => match[1] ?? '').filter((text) => text.trim() !== '');
}
