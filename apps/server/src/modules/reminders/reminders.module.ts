import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { createReminders, type RemindersOptions } from './reminders-service';

/** The reminders of booked classes and the notices of expiring credits: jobs only, no calls. */
export function remindersModule(db: Database, { jobs, ...options }: RemindersOptions & { jobs: JobQueue }) {
  for (const job of createReminders(db, options).jobs) jobs.define(job);
}
