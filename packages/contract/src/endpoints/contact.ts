import { messageResponseSchema } from '../auth.ts';
import { idParamSchema, pageQuerySchema } from '../common.ts';
import {
  contactBodySchema,
  contactMessagePageResponseSchema,
  contactMessageResponseSchema,
  contactReplyBodySchema,
} from '../contact.ts';
import type { EndpointSpec } from './spec.ts';

export const contactEndpoints = {
  contact: {
    method: 'POST',
    path: 'contact',
    auth: 'public',
    tag: 'contact',
    summary: 'Send an enquiry to the school; stored, mailed to the school, acknowledged to the sender',
    errors: {},
    rateLimited: true,
    body: contactBodySchema,
    response: { 200: messageResponseSchema },
  },

  adminContactMessages: {
    method: 'GET',
    path: 'admin-contact-messages',
    auth: 'admin',
    tag: 'admin: messages',
    summary: 'Enquiries from the contact form, newest first, paginated',
    errors: {},
    query: pageQuerySchema,
    response: { 200: contactMessagePageResponseSchema },
  },

  adminContactMessageReply: {
    method: 'POST',
    path: 'admin-contact-messages/:id/reply',
    auth: 'admin',
    tag: 'admin: messages',
    summary:
      "Answer an enquiry: the reply is mailed to the sender (in the form's language) and kept with it; the message is then replied",
    errors: { 404: 'No such message.' },
    params: idParamSchema,
    body: contactReplyBodySchema,
    response: { 200: contactMessageResponseSchema },
  },

  adminContactMessageClose: {
    method: 'POST',
    path: 'admin-contact-messages/:id/close',
    auth: 'admin',
    tag: 'admin: messages',
    summary: 'Close an enquiry: nothing more to do; idempotent',
    errors: { 404: 'No such message.' },
    params: idParamSchema,
    response: { 200: contactMessageResponseSchema },
  },
} as const satisfies Record<string, EndpointSpec>;
