// html-to-text 10 ships no types (its @types package describes version 9); only what render-mail.ts uses.
declare module 'html-to-text' {
  export type HtmlToTextOptions = Record<string, unknown>;
  /** Compiles the options once; the returned function converts one document. */
  export function compile(options?: HtmlToTextOptions): (html: string) => string;
}
