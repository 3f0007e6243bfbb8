import { describe, expect, it } from 'vitest';
import { sanitizeSellerHtml } from './sanitize-html.ts';

describe('sanitizeSellerHtml', () => {
  it('keeps paragraphs, emphasis and lists', () => {
    const html = '<p>We sell <strong>cement</strong> and <em>steel</em>.</p><ul><li>Delivery</li></ul>';
    expect(sanitizeSellerHtml(html)).toBe(html);
  });

  it('drops scripts, event handlers, styles and images', () => {
    const out = sanitizeSellerHtml(
      '<p onclick="steal()" style="color:red">Hi<script>alert(1)</script><img src=x onerror=alert(1)></p><style>p{}</style>',
    );
    expect(out).toBe('<p>Hi</p>');
  });

  it('keeps safe links, opened safely, and strips javascript: links', () => {
    expect(sanitizeSellerHtml('<a href="https://example.com">site</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">site</a>',
    );
    expect(sanitizeSellerHtml('<a href="javascript:alert(1)">x</a>')).toBe(
      '<a target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });
});
