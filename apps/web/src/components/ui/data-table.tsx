import { Paper, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Fragment, type ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import classes from './data-table.module.css';

export type Column<T> = { header: string; cell: (row: T) => ReactNode };

/** Below Mantine's `sm` breakpoint a row of five or more columns no longer fits: it becomes a card. */
const PHONE = '(max-width: 47.99em)';

function NoData() {
  const t = useT();
  return (
    <Text ta="center" c="dimmed" py="md">
      {t('common.noData')}
    </Text>
  );
}

/**
 * Every data table: 'No data' when empty (SPEC.md). On a phone each row is a card listing its columns
 * as labelled lines, so every value and action is in view without scrolling sideways.
 */
export function DataTable<T extends { id: number }>({
  rows,
  columns,
  what,
  minWidth = 640,
}: {
  rows: T[];
  columns: Column<T>[];
  what: string;
  minWidth?: number;
}) {
  // Read at first render (a client-only app), so a phone never flashes the table first.
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
  if (phone) {
    if (rows.length === 0) {
      return (
        <Paper withBorder radius="lg">
          <NoData />
        </Paper>
      );
    }
    return (
      <ul className={classes.cards} aria-label={what}>
        {rows.map((row) => (
          <Paper component="li" key={row.id} withBorder radius="lg" p="md" mb="sm">
            <dl className={classes.fields}>
              {columns.map((column) => (
                <Fragment key={column.header}>
                  <dt>{column.header}</dt>
                  <dd>{column.cell(row)}</dd>
                </Fragment>
              ))}
            </dl>
          </Paper>
        ))}
      </ul>
    );
  }
  return (
    <Paper withBorder radius="lg">
      {/* Focusable and named so keyboard users can scroll it when it overflows (axe scrollable-region-focusable). */}
      <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} role="region" aria-label={what}>
        <Table verticalSpacing="sm" horizontalSpacing="md" striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.header} scope="col">
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <NoData />
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row) => (
                <Table.Tr key={row.id}>
                  {columns.map((column) => (
                    <Table.Td key={column.header}>{column.cell(row)}</Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
