import { type ReactNode, useId } from 'react';
import { ReportsTableScroll } from './ReportsTableScroll';

type AdminTableProps = {
  testId?: string;
  /** The column headings, left to right. */
  columns: readonly string[];
  /** The rows (tbody). */
  children: ReactNode;
  /** A total row (tfoot). */
  foot?: ReactNode;
} & (
  | {
      /** A report table: its caption names the region it scrolls in. */
      caption: ReactNode;
    }
  | {
      /** A queue table (no caption): the name of the region it scrolls in. */
      label: string;
    }
);

/** A back-office table wider than a phone, scrolling sideways in a region the keyboard reaches (WCAG 2.1.1). */
export function AdminTable(props: AdminTableProps) {
  const captionId = useId();
  const head = (
    <thead>
      <tr>
        {props.columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
  const body = (
    <>
      <tbody>{props.children}</tbody>
      {props.foot && <tfoot>{props.foot}</tfoot>}
    </>
  );
  if ('label' in props) {
    return (
      <section
        className="privacy-queue__scroll"
        aria-label={props.label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls; the keyboard must reach it
        tabIndex={0}
      >
        <table className="privacy-queue" data-testid={props.testId}>
          {head}
          {body}
        </table>
      </section>
    );
  }
  return (
    <ReportsTableScroll captionId={captionId}>
      <table className="reports-table" data-testid={props.testId}>
        <caption id={captionId}>{props.caption}</caption>
        {head}
        {body}
      </table>
    </ReportsTableScroll>
  );
}
