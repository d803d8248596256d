import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { SignJWT } from 'jose';
import type { ClassRoomRow } from '../../db/schema/classroom';

/** What a provider needs of a class to make its room and sign its links. */
export type RoomClass = { id: number; title: string; startsAt: Date; durationMin: number };
/** Whoever opens the room: the teacher enters as its moderator. */
export type RoomUser = { id: number; name: string; moderator: boolean };

export type MadeRoom = Pick<
  ClassRoomRow,
  'roomName' | 'moderatorPassword' | 'attendeePassword' | 'learnerLink' | 'hostLink'
>;

type ExistingRoom = Pick<ClassRoomRow, 'roomName' | 'moderatorPassword' | 'attendeePassword'>;

export type RoomProvider = {
  /** Makes (or, given the room's name, remakes for a new start) the class's room; throws if the provider is down. */
  make: (room: RoomClass, window: LinkWindow, existing?: ExistingRoom) => Promise<MadeRoom>;
  /** The address one person opens to enter the room. */
  joinUrl: (room: ClassRoomRow, on: RoomClass, user: RoomUser, window: LinkWindow) => Promise<string>;
  /** Closes the room for everyone; a room the provider no longer knows counts as closed. */
  end: (room: ClassRoomRow) => Promise<void>;
};

/** A link is good from its release (the school's lead time before the start) until an hour after the end. */
export type LinkWindow = { from: Date; until: Date };
export const AFTER_CLASS_MS = 60 * 60_000;
export function linkWindow(on: RoomClass, leadMinutes: number): LinkWindow {
  return {
    from: new Date(on.startsAt.getTime() - leadMinutes * 60_000),
    until: new Date(on.startsAt.getTime() + on.durationMin * 60_000 + AFTER_CLASS_MS),
  };
}

/** Random and long: a room's name is all it takes to enter a Jitsi room without a token. */
const unguessable = (bytes: number) => randomBytes(bytes).toString('hex');

/** The school's Jitsi server; with an app id and secret (JWT authentication) its links carry tokens. */
export type JitsiSettings = { url: string; appId: string | undefined; appSecret: string | undefined };
/** The BigBlueButton server, up to /bigbluebutton, and its shared secret. */
export type BbbSettings = { url: string; secret: string };

/**
 * Jitsi Meet: a room exists once someone opens its address. On a server with JWT authentication
 * (the school's app id and secret) every link carries a token for that room only, valid from the
 * release to an hour after the class, and only the teacher's makes a moderator.
 */
export function jitsiProvider(config: JitsiSettings): RoomProvider {
  const { appId, appSecret } = config;
  const domain = new URL(config.url).hostname;

  async function token(roomName: string, window: LinkWindow, user: { name?: string; moderator: boolean }) {
    if (appId === undefined || appSecret === undefined) return undefined;
    // The claims of Jitsi's token authentication (prosody's mod_auth_token): aud, iss = app id, sub =
    // the domain, room, and the user in context; `moderator` is read by its newer versions.
    return new SignJWT({
      room: roomName,
      moderator: user.moderator,
      context: { user: { ...(user.name ? { name: user.name } : {}), moderator: user.moderator } },
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setAudience('jitsi')
      .setIssuer(appId)
      .setSubject(domain)
      .setNotBefore(Math.floor(window.from.getTime() / 1000))
      .setExpirationTime(Math.floor(window.until.getTime() / 1000))
      .sign(new TextEncoder().encode(appSecret));
  }

  async function link(roomName: string, window: LinkWindow, user: { name?: string; moderator: boolean }) {
    const jwt = await token(roomName, window, user);
    return `${config.url}/${roomName}${jwt ? `?jwt=${jwt}` : ''}`;
  }

  return {
    async make(_on, window, existing) {
      const roomName = existing?.roomName ?? `tokenly-${unguessable(16)}`;
      return {
        roomName,
        moderatorPassword: null,
        attendeePassword: null,
        learnerLink: await link(roomName, window, { moderator: false }),
        hostLink: await link(roomName, window, { moderator: true }),
      };
    },
    joinUrl: (room, _on, user, window) =>
      link(room.roomName, window, { name: user.name, moderator: user.moderator }),
    // Nothing to call: a Jitsi room lasts while someone is in it, and its tokens run out after the class.
    end: async () => {},
  };
}

export class ProviderError extends Error {}

/**
 * BigBlueButton's API (docs.bigbluebutton.org, API Reference): each call is `<base>/api/<call>?<query>`
 * with `checksum` = SHA-1 of the call's name, its query string and the shared secret, and answers XML
 * whose `returncode` is SUCCESS or FAILED.
 */
export function bbbChecksum(call: string, query: string, secret: string): string {
  return createHash('sha1').update(`${call}${query}${secret}`).digest('hex');
}

export function bbbUrl(base: string, secret: string, call: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  return `${base}/api/${call}?${query}&checksum=${bbbChecksum(call, query, secret)}`;
}

/** The token of the end-of-meeting callback's address: only BigBlueButton, told it at create, knows it. */
export function bbbCallbackToken(secret: string, roomName: string): string {
  return createHmac('sha256', secret).update(`ended:${roomName}`).digest('base64url');
}

export function bbbCallbackTokenValid(secret: string, roomName: string, token: string): boolean {
  const expected = Buffer.from(bbbCallbackToken(secret, roomName));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const xml = new XMLParser();

/**
 * BigBlueButton forgets a meeting nobody entered within minutes, so `create` is called when the class is
 * made (to know the server takes it) and again before each join; with the same meetingID it is idempotent.
 * The learners' and the teacher's links in the class point to their pages on this site, where Join signs
 * a join call for the person pressing it.
 */
export function bbbProvider(
  config: BbbSettings,
  site: { appUrl: string; fetch?: typeof fetch },
): RoomProvider {
  const request = site.fetch ?? fetch;

  async function call(name: string, params: Record<string, string>, accept: string[] = []) {
    let body: string;
    try {
      const response = await request(bbbUrl(config.url, config.secret, name, params), {
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new ProviderError(`BigBlueButton ${name}: HTTP ${response.status}`);
      body = await response.text();
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      throw new ProviderError(`BigBlueButton ${name}: ${(error as Error).message}`);
    }
    const answer = xml.parse(body)?.response ?? {};
    if (answer.returncode !== 'SUCCESS' && !accept.includes(String(answer.messageKey))) {
      throw new ProviderError(
        `BigBlueButton ${name}: ${answer.messageKey ?? 'no answer'} ${answer.message ?? ''}`,
      );
    }
  }

  const create = (
    room: Pick<ClassRoomRow, 'roomName' | 'moderatorPassword' | 'attendeePassword'>,
    on: RoomClass,
  ) =>
    call('create', {
      name: on.title,
      meetingID: room.roomName,
      attendeePW: room.attendeePassword ?? '',
      moderatorPW: room.moderatorPassword ?? '',
      // Minutes; BigBlueButton ends the meeting then. Some room after the class for the last words.
      duration: String(on.durationMin + AFTER_CLASS_MS / 60_000),
      meta_endCallbackUrl: `${site.appUrl}/api/classroom/bbb/ended?${new URLSearchParams({
        room: room.roomName,
        token: bbbCallbackToken(config.secret, room.roomName),
      })}`,
      // Who was there, posted at the end by a server whose learning analytics are on (signed with the
      // shared secret); the events must be kept for it.
      'meta_analytics-callback-url': `${site.appUrl}/api/classroom/bbb/analytics`,
      meetingKeepEvents: 'true',
    });

  return {
    async make(on, _window, existing) {
      const room = {
        roomName: existing?.roomName ?? `tokenly-${unguessable(16)}`,
        moderatorPassword: existing?.moderatorPassword ?? unguessable(12),
        attendeePassword: existing?.attendeePassword ?? unguessable(12),
      };
      await create(room, on);
      return {
        ...room,
        // The learner's list of classes, where each released class has its Join button.
        learnerLink: `${site.appUrl}/user/list-schedule`,
        hostLink: `${site.appUrl}/teacher/class/${on.id}`,
      };
    },
    async joinUrl(room, on, user) {
      await create(room, on);
      return bbbUrl(config.url, config.secret, 'join', {
        fullName: user.name,
        meetingID: room.roomName,
        password: (user.moderator ? room.moderatorPassword : room.attendeePassword) ?? '',
        userID: String(user.id),
        redirect: 'true',
      });
    },
    end: (room) =>
      call('end', { meetingID: room.roomName, password: room.moderatorPassword ?? '' }, ['notFound']),
  };
}
