import { Paper, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type Column<T> = { header: string; cell: (row: T) => ReactNode };

/**
 * Every data table: 'No data' when empty (SPEC.md), and on a phone it scrolls inside its own box
 * instead of widening the page.
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
                  <Text ta="center" c="dimmed" py="md">
                    No data
                  </Text>
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
