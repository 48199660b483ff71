import { describe, expect, it } from 'vitest';
import { chatParagraphs } from './prerender';

const P = '<p class="whitespace-pre-line [&amp;:not(:first-child)]:mt-2">';

describe('chatParagraphs (the prerendered greeting)', () => {
  it('splits paragraphs on blank lines, keeps single line breaks, and draws *actions* and **bold** as the app does', () => {
    expect(chatParagraphs('*waves* Hi!\nWelcome.\n\n  **Listen** closely.  ')).toBe(
      `${P}<em class="text-muted italic">waves</em> Hi!\nWelcome.</p>\n${P}<strong class="text-fg font-semibold">Listen</strong> closely.</p>`,
    );
  });

  it('never lets the text be markup', () => {
    const html = chatParagraphs('<script>alert(1)</script> *<img src=x onerror=alert(1)>* "quoted" & more');
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<em class="text-muted italic">&lt;img src=x onerror=alert(1)&gt;</em>');
    expect(html).toContain('&quot;quoted&quot; &amp; more');
  });

  it('leaves a lone asterisk as it is', () => {
    expect(chatParagraphs('5 * 3 = 15')).toBe(`${P}5 * 3 = 15</p>`);
  });
});
