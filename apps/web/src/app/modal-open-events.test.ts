import { modals } from '@mantine/modals';
import { afterEach, describe, expect, it } from 'vitest';
import { MODAL_OPEN_EVENTS } from './modal-open-events';

const heard: CustomEvent[] = [];
const hear = (event: Event) => {
  if (event instanceof CustomEvent) heard.push(event);
};

afterEach(() => {
  for (const type of MODAL_OPEN_EVENTS) window.removeEventListener(type, hear);
  heard.length = 0;
});

describe('the events @mantine/modals opens a dialog with', () => {
  it.each([
    ['open', () => modals.open({ title: 'A' })],
    ['openConfirmModal', () => modals.openConfirmModal({ title: 'A' })],
    ['openContextModal', () => modals.openContextModal({ modal: 'a', title: 'A', innerProps: {} })],
  ])('modals.%s sends one of them, carrying the whole dialog', (_, open) => {
    for (const type of MODAL_OPEN_EVENTS) window.addEventListener(type, hear);
    const id = open();
    expect(heard).toHaveLength(1);
    // Replaying the event's type and detail later opens the same dialog, under the same id.
    expect(heard[0]?.detail).toMatchObject({ title: expect.anything(), modalId: id });
  });
});
