/**
 * The item page's slug (spec: /item/{productId}/{slug}): the product name lower-cased, spaces turned to
 * hyphens, other symbols removed. Accents are folded first (Dasmariñas -> dasmarinas), runs of spaces or
 * hyphens become one hyphen, and hyphens are trimmed from both ends. A name with no letters or digits
 * gives 'item' so the URL always has a segment.
 */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'item';
}
