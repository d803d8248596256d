import { NativeSelect } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTeacherOptions } from '../api/teachers';

/**
 * The teacher of a class: a select over the school's active teachers, for every form that
 * sets the class fields. A class keeps a teacher who has since been disabled, named as such.
 */
export function TeacherSelect({
  field,
  current,
  error,
}: {
  field: UseFormRegisterReturn;
  current?: { id: number | null; name: string | null };
  error?: string;
}) {
  const teachers = useTeacherOptions();
  const options = (teachers.data ?? []).map((teacher) => ({
    value: String(teacher.id),
    label: teacher.name,
  }));
  if (current?.id && !options.some((option) => option.value === String(current.id))) {
    options.push({ value: String(current.id), label: `${current.name ?? 'Teacher'} (disabled)` });
  }
  return (
    <NativeSelect
      label="Teacher"
      description={teachers.isError ? 'The teachers could not be loaded.' : undefined}
      data={[{ value: '', label: 'No teacher yet' }, ...options]}
      error={error}
      {...field}
    />
  );
}
