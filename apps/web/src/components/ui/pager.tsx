import { Box, Pagination } from '@mantine/core';
import { useT } from '../../lib/i18n';

// i18n-keys: common.pager.control.*

// The one pager for paginated lists (SPEC.md: the count stays hidden in most lists).
export function Pager({
  page,
  lastPage,
  onChange,
}: {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
}) {
  const t = useT();
  if (lastPage <= 1) return null;
  return (
    // A navigation landmark carries the name: on Pagination's <div> an aria-label names nothing.
    <Box
      component="nav"
      aria-label={t('common.pager.label')}
      mt="md"
      style={{ display: 'flex', justifyContent: 'center' }}
    >
      <Pagination
        value={page}
        total={lastPage}
        onChange={onChange}
        // The arrow controls are icons only: name them (axe button-name). Mantine turns their arrows
        // round in right-to-left pages.
        getControlProps={(control) => ({ 'aria-label': t(`common.pager.control.${control}`) })}
      />
    </Box>
  );
}
