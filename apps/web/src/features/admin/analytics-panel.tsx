import { VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The numbers behind a chart, for screen readers (the drawing itself is hidden from them). */
export function HiddenTable(props: { caption: string; headers: string[]; rows: ReactNode[][] }) {
  return (
    <VisuallyHidden>
      <table>
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            {props.headers.map((header) => (
              <th key={header}>{header}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are days, fixed in order
            <tr key={index}>
              {row.map((cell, column) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed
                <td key={column}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}

export const numberFormat = new Intl.NumberFormat('en-US');
