import type { ModuleRoutes } from '../../app-type';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { classroomRoutes } from './classroom.routes';
import { classroomRoomsJob } from './classroom-jobs';
import { type ClassroomServiceOptions, createClassroomService } from './classroom-service';

/** Each class's video room (docs/classroom.md): made by the job, opened by Join, ended with the class. */
export function classroomModule(
  db: Database,
  { jobs, ...options }: ClassroomServiceOptions & { jobs: JobQueue },
) {
  const classroom = createClassroomService(db, options);
  jobs.define(classroomRoomsJob(classroom));
  const routes: ModuleRoutes = async (api) => {
    await api.register(classroomRoutes, { classroom });
  };
  return { routes, service: classroom };
}
