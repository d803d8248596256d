// apps/web/plugins/catalogs.ts: the address of each language's compiled catalog of each bundle.
declare module 'virtual:tokenly-catalogs' {
  export const CATALOG_URLS: Record<string, string>;
}
