import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../../components/ui/query-state';
import { useT } from '../../../lib/i18n';
import { classMaterialsQuery } from '../api/materials';
import { materialSize } from '../material-size';

/** The class page's materials for a learner booked on it: those the teacher has made visible by now. */
export function ClassMaterials({ scheduleId }: { scheduleId: number }) {
  const t = useT();
  const materials = useQuery(classMaterialsQuery(scheduleId));
  return (
    <Stack gap="sm" component="section" aria-labelledby="class-materials">
      <Title order={2} size="h3" id="class-materials">
        {t('learner.materials.title')}
      </Title>
      <QueryState query={materials} what={t('learner.materials.what')}>
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">{t('learner.materials.empty')}</Text>
          ) : (
            <Stack gap="xs" component="ul" p={0} style={{ listStyle: 'none' }}>
              {list.map((material) => (
                <li key={material.id}>
                  <Anchor
                    href={material.url}
                    {...(material.kind === 'file'
                      ? { download: true }
                      : { target: '_blank', rel: 'noopener noreferrer' })}
                  >
                    {material.title}
                  </Anchor>{' '}
                  <Text span size="sm" c="dimmed">
                    {material.kind === 'file'
                      ? materialSize(material.size_bytes ?? 0)
                      : t('learner.materials.link')}
                  </Text>
                </li>
              ))}
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}
