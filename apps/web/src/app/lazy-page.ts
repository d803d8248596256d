import type { ComponentType } from 'react';
import { needBundle } from '../lib/i18n';

/**
 * A route `lazy` that loads one named component export: every page is its own chunk. A page that shows
 * data as soon as it is drawn names the export that starts fetching it, run as the route's loader: the
 * requests leave while the page renders instead of after its first paint, and the loader does
 * not wait for them.
 */
export const lazyPage =
  <K extends string, L extends string = never>(
    load: () => Promise<Record<K, ComponentType> & Partial<Record<NoInfer<L>, () => void>>>,
    name: K,
    startLoading?: L,
    // The signed-in learner's words come with their screens, downloaded beside their code.
    words?: 'learner',
  ) =>
  async () => {
    const [module] = await Promise.all([load(), words ? needBundle(words) : undefined]);
    const start = startLoading === undefined ? undefined : module[startLoading];
    if (!start) return { Component: module[name] };
    const loader = () => {
      start();
      return null;
    };
    return { Component: module[name], loader };
  };

export const settingsPage = lazyPage(
  () => import('../features/settings/components/settings-page'),
  'SettingsPage',
  undefined,
  'learner',
);
