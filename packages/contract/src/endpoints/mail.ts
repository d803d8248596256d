import { idParamSchema, pageQuerySchema } from '../common.ts';
import { outboxMailResponseSchema, outboxPageResponseSchema } from '../mail.ts';
import type { EndpointSpec } from './spec.ts';

export const mailEndpoints = {
  adminMailOutbox: {
    method: 'GET',
    path: 'admin-mail-outbox',
    auth: 'admin',
    tag: 'admin: mail',
    summary: 'Mails of the outbox, newest first, paginated',
    errors: {},
    query: pageQuerySchema,
    response: { 200: outboxPageResponseSchema },
  },

  adminMailOutboxItem: {
    method: 'GET',
    path: 'admin-mail-outbox/:id',
    auth: 'admin',
    tag: 'admin: mail',
    summary: 'One mail of the outbox as rendered: both parts, headers and attachments',
    errors: { 404: 'No such mail.' },
    params: idParamSchema,
    response: { 200: outboxMailResponseSchema },
  },
} as const satisfies Record<string, EndpointSpec>;
