/**
 * The window events by which @mantine/modals' modals.open*() reach a mounted ModalsProvider: not a public
 * API of Mantine, which offers no store to read instead (as @mantine/notifications does). Only
 * on-demand-overlay-hosts.tsx relies on them, to hold a dialog opened before the hosts are mounted;
 * modal-open-events.test.ts fails when Mantine stops sending them.
 */
export const MODAL_OPEN_EVENTS = ['openModal', 'openConfirmModal', 'openContextModal'].map(
  (name) => `mantine-modals:${name}`,
);
