import sanitizeHtml from 'sanitize-html';

/**
 * The one place seller-written HTML (a shop's About text) is cleaned before it is stored: simple text
 * formatting, lists and links only. Scripts, styles, event handlers, images, iframes and unknown tags are
 * dropped; links may only use http(s) or mailto and open in a new tab without access to the opener.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'blockquote', 'a'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
};

export function sanitizeSellerHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}
