import type { StructuredData } from './structured-data';

/** What a page tells search engines and link previews about itself. */
export type PageHead = {
  title: string;
  description: string;
  siteName: string;
  /** The page's one address, absolute; null for a page search engines should leave out (noindex). */
  canonical: string | null;
  type: 'website' | 'article';
  /** An https picture for link previews. */
  imageUrl: string | null;
  structuredData: StructuredData[];
};

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe inside an element or a quoted attribute. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? '');

/**
 * JSON inside <script>: `<` written as \u003c, so no value can close the element (`</script>`) or open
 * a comment; U+2028 and U+2029 escaped for old parsers. The JSON means the same.
 */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

/** The tags of a page's <head>: title, description, canonical, Open Graph, Twitter card, JSON-LD. */
export function renderPageHead(head: PageHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.canonical
      ? `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`
      : meta('name', 'robots', 'noindex'),
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:type', head.type),
    head.canonical ? meta('property', 'og:url', head.canonical) : '',
    head.imageUrl ? meta('property', 'og:image', head.imageUrl) : '',
    meta('name', 'twitter:card', head.imageUrl ? 'summary_large_image' : 'summary'),
    ...head.structuredData.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
  ];
  return tags.filter(Boolean).join('');
}
