import { defineJob, type JobDefinition } from '../../jobs/job-queue';
import type { ClassroomService } from './classroom-service';

/**
 * Every minute: rooms for new (and moved) classes, and the end of the rooms of cancelled classes and of
 * a provider no longer chosen. A sweep rather than one job per class, so every way a class comes to be
 * (the form, a series, demo data) is covered, and a provider that is down is simply asked again next time.
 */
export function classroomRoomsJob(classroom: ClassroomService): JobDefinition<object> {
  return defineJob<object>({
    name: 'classroom.rooms',
    cron: '* * * * *',
    retryLimit: 0,
    retryDelaySeconds: 30,
    expireInSeconds: 300,
    run: async () => {
      await classroom.sweep();
    },
  });
}
