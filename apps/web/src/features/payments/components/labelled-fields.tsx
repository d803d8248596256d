import type { MessageKey } from '@tokenly/i18n/keys';
import { Fragment, type ReactNode } from 'react';
import { useT } from '../../../lib/i18n';
import classes from './payment-receipt.module.css';

/** A receipt's or an invoice's lines: each label in the page's language beside its value. */
export function LabelledFields({ rows }: { rows: [MessageKey, ReactNode][] }) {
  const t = useT();
  return (
    <dl className={classes.fields}>
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{t(label)}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
