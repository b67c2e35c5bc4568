import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render } from '@testing-library/react';
import { f, formatDateTime } from '@wdiov/contracts';
import { FieldInput } from './FieldInput';
import { serverZone } from '../shared/server-zone';

/** A server zone three hours east of the browser's, so the two clocks never agree. */
const serverOffset = -new Date().getTimezoneOffset() + 180;
afterEach(() => serverZone.set(480));

describe('date pickers of the CRUD forms', () => {
  it('pick "today" on the server\'s clock, whatever the browser\'s zone', () => {
    serverZone.set(serverOffset);
    const onChange = vi.fn();
    const { container } = render(<FieldInput id="t" def={f.datetime('时间', 'Time')} value="" onChange={onChange} dicts={{}} />);
    fireEvent.click(container.querySelector('.p-datepicker-trigger')!);
    fireEvent.click(document.querySelector('.p-datepicker-buttonbar button')!);
    const picked = String(onChange.mock.calls.at(-1)![0]);
    // To the minute: the click and the check fall in the same minute but for a rare tick.
    expect(picked.slice(0, 16)).toBe(formatDateTime(Date.now(), serverOffset).slice(0, 16));
  });
});
