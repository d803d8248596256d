import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

// The school's Markdown (pages, posts, FAQ answers) becomes HTML here, on the server, so visitors'
// browsers download no Markdown parser. Markdown lets its writer put raw HTML anywhere, so what marked
// writes is only trusted after sanitize-html has kept the few tags and attributes a text needs: no
// script or style, no event handler attribute, no address but https, http and mailto.

const markdown = new Marked({ gfm: true, async: false });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'em',
    'del',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'title'], ol: ['start'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  // A picture over plain http would be blocked on the https site.
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  // The page's own title is its only h1; the text's headings sit below it.
  transformTags: { h1: 'h2' },
};

/** Markdown as sanitised HTML, safe to put in a page as it is. */
export function renderMarkdown(source: string): string {
  return sanitizeHtml(markdown.parse(source, { async: false }), SANITIZE);
}
