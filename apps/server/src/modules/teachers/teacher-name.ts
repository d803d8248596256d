import { sql } from 'drizzle-orm';
import { schedules } from '../../db/schema/schedules';
import { users } from '../../db/schema/users';

/**
 * The name of a class's teacher, for any select over schedules: the API keeps its `teacher_name` fields
 * (SPEC.md-era clients read them) while the name now lives in the teacher's account.
 */
export const teacherNameOf = sql<
  string | null
>`(select ${users.name} from ${users} where ${users.id} = ${schedules.teacherId})`;
