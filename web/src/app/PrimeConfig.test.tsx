import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Dropdown } from 'primereact/dropdown';
import { PrimeConfig } from './PrimeConfig';

afterEach(cleanup);

/** Errors thrown by listeners of the window and the document while `run` runs. */
function errorsDuring(run: () => void): string[] {
  const errors: string[] = [];
  const onError = (e: ErrorEvent) => {
    errors.push(e.message);
    e.preventDefault();
  };
  window.addEventListener('error', onError);
  try {
    run();
  } finally {
    window.removeEventListener('error', onError);
  }
  return errors;
}

function OpenDropdown() {
  return (
    <div data-testid="scroller" style={{ overflow: 'auto', height: 100 }}>
      <Dropdown inputId="pick" options={[{ label: 'One', value: 1 }, { label: 'Two', value: 2 }]} value={1} onChange={() => undefined} />
    </div>
  );
}

describe('PrimeConfig', () => {
  it('lets a page scroll while a dropdown is open without an error', async () => {
    render(<PrimeConfig><OpenDropdown /></PrimeConfig>);
    fireEvent.click(document.querySelector('.p-dropdown')!);
    // The scroll listeners are bound once the panel's opening transition has ended.
    await waitFor(() => expect(document.querySelector('.p-dropdown-panel.p-connected-overlay-enter-done')).not.toBeNull());
    const errors = errorsDuring(() => {
      fireEvent.scroll(screen.getByTestId('scroller'));
      fireEvent.scroll(window);
    });
    expect(errors).toEqual([]);
  });
});
