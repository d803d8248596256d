import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { classroomRoutes } from './classroom.routes';
import { classroomRoomsJob } from './classroom-jobs';
import { type ClassroomServiceOptions, createClassroomService } from './classroom-service';

/** What makes classes tells the classroom, in the transaction that makes them: their rooms are due. */
export type RoomsRequest = { classesMade: (tx?: Database) => Promise<unknown> };

/** Each class's video room (docs/classroom.md): made by the job, opened by Join, ended with the class. */
export function classroomModule(
  db: Database,
  { jobs, ...options }: ClassroomServiceOptions & { jobs: JobQueue },
) {
  const classroom = createClassroomService(db, options);
  const roomsJob = classroomRoomsJob(classroom);
  jobs.define(roomsJob);
  const rooms: RoomsRequest = {
    // A pass right away rather than at the next minute; one waiting pass serves every class made meanwhile.
    classesMade: (tx) => jobs.send(roomsJob, {}, { tx, singletonKey: 'classes-made' }),
  };
  const routes: ModuleRoutes = async (api) => {
    await api.register(classroomRoutes, { classroom });
  };
  return { routes, service: classroom, rooms };
}
