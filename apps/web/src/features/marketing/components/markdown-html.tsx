import { Typography } from '@mantine/core';
import classes from './markdown-html.module.css';

/**
 * Text the school wrote in Markdown, as the server rendered it. The server's sanitiser
 * (apps/server/src/modules/site/markdown.ts) keeps only text tags, https/http/mailto links and https
 * pictures, so the HTML can be set as it comes; no Markdown parser is downloaded by visitors.
 */
export function MarkdownHtml({ html }: { html: string }) {
  return (
    // Sanitised on the server, see above.
    <Typography className={classes.prose} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
