import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { storage } from '../../../test/browser-globals';
import { captureSponsor } from './capture-sponsor';

beforeEach(() => {
  storage.clear();
  sessionStore.clearUrlName();
});

describe('captureSponsor', () => {
  it('keeps the URL name in lower case and leaves the look-up to fill the sponsor', () => {
    captureSponsor(' Maria-42 ');
    expect(sessionStore.get()).toMatchObject({
      userUrlName: 'maria-42',
      userUrlInfoData: null,
      referal_id: null,
    });
  });

  it('clears the sponsor of an earlier link when another name comes, and keeps it for the same one', () => {
    captureSponsor('maria-42');
    sessionStore.setUrlInfo({ enrolling_sponsor_name: 'Maria G.', id: 42, user_type: 'user' });
    captureSponsor('MARIA-42');
    expect(sessionStore.get()).toMatchObject({ userUrlName: 'maria-42', referal_id: 42 });
    captureSponsor('tom-7');
    expect(sessionStore.get()).toMatchObject({
      userUrlName: 'tom-7',
      userUrlInfoData: null,
      referal_id: null,
    });
  });

  it('keeps nothing for a name no link can have', () => {
    captureSponsor('maria-42');
    captureSponsor('../admin');
    expect(sessionStore.get()).toMatchObject({ userUrlName: '', userUrlInfoData: null, referal_id: null });
  });
});
