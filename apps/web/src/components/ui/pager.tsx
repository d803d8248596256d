import { Box, Pagination } from '@mantine/core';

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
  if (lastPage <= 1) return null;
  return (
    // A navigation landmark carries the name: on Pagination's <div> an aria-label names nothing.
    <Box component="nav" aria-label="Pages" mt="md" style={{ display: 'flex', justifyContent: 'center' }}>
      <Pagination
        value={page}
        total={lastPage}
        onChange={onChange}
        // The arrow controls are icons only: name them (axe button-name).
        getControlProps={(control) => ({
          'aria-label': `${control[0]?.toUpperCase()}${control.slice(1)} page`,
        })}
      />
    </Box>
  );
}
