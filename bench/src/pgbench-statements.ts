// The app's statements as pgbench SQL, copied from what the server sends (PostgreSQL's log with
// log_statement = 'all'), so that a script does what a request does, statement for statement. Each takes
// the names of the pgbench variables it reads; a `\gset prefix_` stores a row for later statements.
// pgbench reads ":name" as a variable even inside a string literal, hence chr(58) for the colons.

/** One mail as the HTTP run wrote it to the outbox: pgbench sends the same bytes as parameters. */
export type MailSample = { html: string; text: string; attachments: string };

/** `booking:<id>:<what>`, the outbox's event key of a booking's mails. */
export const bookingEvent = (idVar: string, what: string) =>
  `concat('booking', chr(58), CAST(:${idVar} AS text), chr(58), '${what}')`;

/**
 * The session lookup (plugins/auth.ts) with its last-seen write and the school settings, which the rest
 * of the request uses without reading them again. The app finds the session by its token's hash, which
 * pgbench cannot compute; by the user's id it is the same one-row index lookup.
 */
export const sessionLookup = (learner: string) =>
  `WITH touch AS (UPDATE auth_sessions SET last_seen_at = now() WHERE user_id = :${learner} AND expires_at > now() AND last_seen_at <= now() - interval '1 minute' RETURNING id) SELECT s.*, u.*, ss.* FROM auth_sessions s JOIN users u ON u.id = s.user_id LEFT JOIN school_settings ss ON ss.id = 1 WHERE s.user_id = :${learner} AND s.expires_at > now() AND u.disabled_at IS NULL LIMIT 1;`;

/** findRecipients (mail-recipients.ts): the address a mail goes to. */
export const recipientRead = (learner: string) =>
  `SELECT id, email, name, timezone FROM users WHERE id IN (:${learner});`;

/** takeSeat: the conditional seat update, with the class's type and teacher for the answer and mail. */
export const takeSeat = (klass: string) =>
  `UPDATE schedules SET seats_taken = schedules.seats_taken + 1 FROM courses WHERE schedules.id = :${klass} AND courses.id = schedules.course_id AND schedules.status = 'scheduled' AND schedules.starts_at > now() AND schedules.seats_taken < schedules.no_of_users RETURNING schedules.*, courses.course_title, (SELECT name FROM users WHERE users.id = schedules.teacher_id) AS teacher_name \\gset seat_`;

/**
 * withdrawalSteps (credit-repository.ts): the learner locked, the lots read and locked, their updates and
 * ledger rows. `credits` and `booking` are SQL expressions; `when` holds the learner's lock back.
 */
const withdrawalSteps = (learner: string, credits: string, booking: string, when = '') =>
  `learner AS (SELECT id FROM users WHERE id = :${learner}${when ? ` AND ${when}` : ''} FOR NO KEY UPDATE), held AS (SELECT id, credits_remaining, expires_at, expires_at <= now() AS expired FROM credit_lots WHERE user_id = (SELECT id FROM learner) AND credits_remaining > 0 ORDER BY expires_at, id FOR UPDATE), plan AS (SELECT id, expired, expires_at, CASE WHEN expired THEN credits_remaining ELSE least(credits_remaining, greatest(0, CAST(${credits} AS int) - (sum(CASE WHEN expired THEN 0 ELSE credits_remaining END) OVER (ORDER BY expires_at, id ROWS UNBOUNDED PRECEDING) - credits_remaining))) END AS take, sum(CASE WHEN expired THEN 0 ELSE credits_remaining END) OVER () AS available FROM held), changed AS (UPDATE credit_lots AS lot SET credits_remaining = lot.credits_remaining - plan.take FROM plan WHERE lot.id = plan.id AND plan.take > 0 AND plan.available >= CAST(${credits} AS int) AND lot.credits_remaining - plan.take BETWEEN 0 AND lot.credits_total RETURNING lot.id, plan.take, plan.expired, plan.expires_at), written AS (INSERT INTO credit_ledger (user_id, delta, reason, booking_id, note, actor_id, lot_id) SELECT CAST(:${learner} AS int), -take, CASE WHEN expired THEN 'expiry' ELSE CAST('booking' AS text) END, CASE WHEN expired THEN NULL ELSE CAST(${booking} AS int) END, CASE WHEN expired THEN NULL ELSE CAST(NULL AS text) END, CASE WHEN expired THEN NULL ELSE CAST(NULL AS int) END, id FROM changed ORDER BY expired DESC, expires_at, changed.id RETURNING id)`;

const drawnFigures =
  'coalesce((SELECT max(available) FROM plan), 0)::int AS available, (SELECT count(*) FROM plan WHERE take > 0)::int AS planned, (SELECT count(*) FROM changed)::int AS changed';

/** drawCredits (credit-repository.ts): withdrawalSteps on their own, for pgbench variables. */
export const drawCredits = (learner: string, credits: string, booking: string) =>
  `WITH ${withdrawalSteps(learner, `:${credits}`, `:${booking}`)} SELECT ${drawnFigures};`;

/**
 * A mail's outbox row (mail-outbox-repository.ts): its HTML, text and attachments are the variables
 * <sample>_html, _text and _attachments (mailVars), a real mail's bytes, bound as parameters as the app
 * binds them, so PostgreSQL compresses and logs what it does for the app.
 */
export const outboxRow = (mail: {
  event: string;
  kind: string;
  learner: string;
  subject: string;
  sample: string;
}) =>
  `INSERT INTO mail_outbox (event, kind, recipient, status, subject, html, text, headers, attachments, created_at) VALUES (${mail.event}, '${mail.kind}', 'bench-' || CAST(:${mail.learner} AS text) || '@tokenly.test', 'kept', '${mail.subject}', :${mail.sample}_html, :${mail.sample}_text, '{"Message-ID": "<bench@tokenly.test>"}', CAST(:${mail.sample}_attachments AS jsonb), now()) ON CONFLICT (event, kind, recipient) DO NOTHING RETURNING id;`;

export const mailVars = (sample: string, mail: MailSample) => ({
  [`${sample}_html`]: mail.html,
  [`${sample}_text`]: mail.text,
  [`${sample}_attachments`]: mail.attachments,
});

/**
 * BookingsService.book: takeSeatAndBook (bookings-repository.ts), one statement outside a transaction: the
 * seat, the booking, the end of the learner's waitlist place, the withdrawal and the confirmation's draft
 * outbox row, refusing itself when the credits fall short. The recipient, the school settings and the
 * mail's headers came with the session or from the app (the variables confirmed_headers and
 * confirmed_draft, bookDraftVars), so there is no read of them.
 */
export const bookStatement = (learner: string, klass: string) =>
  `WITH seat AS (UPDATE schedules SET seats_taken = schedules.seats_taken + 1 FROM courses WHERE schedules.id = :${klass} AND courses.id = schedules.course_id AND schedules.status = 'scheduled' AND schedules.starts_at > now() AND schedules.seats_taken < schedules.no_of_users RETURNING schedules.*, courses.course_title AS course_title_, (SELECT name FROM users WHERE users.id = schedules.teacher_id) AS teacher_name_), inserted AS (INSERT INTO bookings (user_id, schedule_id, credits) SELECT :${learner}, seat.id, seat.number_token FROM seat RETURNING *), ended AS (UPDATE waitlist_entries SET status = 'promoted', ended_at = now(), booking_id = inserted.id FROM inserted WHERE waitlist_entries.user_id = :${learner} AND waitlist_entries.schedule_id = :${klass} AND waitlist_entries.status = 'waiting' RETURNING waitlist_entries.id), ${withdrawalSteps(learner, '(SELECT credits FROM inserted)', '(SELECT id FROM inserted)', 'EXISTS (SELECT FROM inserted) AND (SELECT count(*) FROM ended) >= 0')}, mail AS (INSERT INTO mail_outbox (event, kind, recipient, status, headers, created_at, draft) SELECT 'booking' || chr(58) || inserted.id || chr(58) || 'booked', 'booking-confirmed', 'bench-' || CAST(:${learner} AS text) || '@tokenly.test', 'kept', CAST(:confirmed_headers AS jsonb), now(), CAST(:confirmed_draft AS jsonb) || jsonb_build_object('schedule', to_jsonb(seat) - array['meeting_link', 'meeting_start', 'course_title_', 'teacher_name_'], 'booking', to_jsonb(inserted), 'courseTitle', seat.course_title_, 'teacherName', seat.teacher_name_) FROM seat JOIN inserted ON true RETURNING id) SELECT seat.*, inserted.id AS booking_id, inserted.user_id AS booking_user_id, inserted.schedule_id AS booking_schedule_id, inserted.credits AS booking_credits, inserted.status AS booking_status, inserted.created_at AS booking_created_at, inserted.cancelled_at AS booking_cancelled_at, inserted.attendance AS booking_attendance, inserted.attendance_marked_by AS booking_attendance_marked_by, inserted.attendance_marked_at AS booking_attendance_marked_at, inserted.late_cancel AS booking_late_cancel, inserted.waived_at AS booking_waived_at, inserted.waived_by AS booking_waived_by, (SELECT id FROM mail) AS mail_id_, CASE WHEN coalesce((SELECT max(available) FROM plan), 0) < inserted.credits OR (SELECT count(*) FROM plan WHERE take > 0) <> (SELECT count(*) FROM changed) THEN refuse('credits short') END AS refused_ FROM seat JOIN inserted ON true;`;

/** What the app binds into the confirmation besides the rows: its headers and the draft's known part. */
export const bookDraftVars = () => ({
  confirmed_headers: JSON.stringify({
    'Message-ID': '<0b1c8f3e-5d2a-4c7e-9f61-2a3b4c5d6e7f@tokenly.test>',
    Date: new Date().toUTCString(),
  }),
  confirmed_draft: JSON.stringify({
    template: 'class-mail',
    to: { id: 1, email: 'bench-learner@tokenly.test', name: 'Bench Learner', timezone: 'Europe/London' },
    school: {
      schoolName: 'Tokenly English',
      schoolEmail: 'school@tokenly.test',
      timeZone: 'Europe/London',
      meetingLinkLeadMinutes: 15,
    },
  }),
});

/** findBookingWithClass: the booking with its class, the class's type and teacher. */
export const bookingWithClass = (booking: string) =>
  `SELECT b.*, s.*, c.course_title, (SELECT name FROM users WHERE users.id = s.teacher_id) AS teacher_name FROM bookings b JOIN schedules s ON s.id = b.schedule_id LEFT JOIN courses c ON c.id = s.course_id WHERE b.id = :${booking} LIMIT 1`;
