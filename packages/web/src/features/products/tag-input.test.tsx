import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n';
import { TagInput } from './tag-input';

afterEach(cleanup);

function Harness({ onSubmit }: { onSubmit: () => void }) {
  const [tags, setTags] = useState<string[]>(['S']);
  return (
    <I18nProvider initialLocale="th">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <TagInput id="sizes" value={tags} onChange={setTags} />
      </form>
      <output data-testid="tags">{tags.join('|')}</output>
    </I18nProvider>
  );
}

describe('TagInput', () => {
  it('adds on Enter (trimmed, no empty or duplicate tags) without submitting the form, and removes tags', () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const input = screen.getByRole('textbox');
    for (const typed of [' M ', 'M', '   ', 'S', 'XL']) {
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.keyDown(input, { key: 'Enter' });
    }
    expect(screen.getByTestId('tags').textContent).toBe('S|M|XL');
    expect(onSubmit).not.toHaveBeenCalled();
    expect((input as HTMLInputElement).value).toBe('');

    fireEvent.change(input, { target: { value: 'L' } });
    fireEvent.click(screen.getByRole('button', { name: 'เพิ่ม' }));
    expect(screen.getByTestId('tags').textContent).toBe('S|M|XL|L');

    fireEvent.click(screen.getByRole('button', { name: 'ลบ M' }));
    expect(screen.getByTestId('tags').textContent).toBe('S|XL|L');
  });

  it('splits "S, M, L" on commas: pasted then Enter, or typed comma by comma', () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const input = screen.getByRole('textbox') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'S, M, L' } });
    // Finished parts become tags at once (S was already there); the last one waits for Enter or a comma.
    expect(screen.getByTestId('tags').textContent).toBe('S|M');
    expect(input.value).toBe('L');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('tags').textContent).toBe('S|M|L');

    fireEvent.change(input, { target: { value: 'XL' } });
    fireEvent.change(input, { target: { value: 'XL,' } });
    expect(screen.getByTestId('tags').textContent).toBe('S|M|L|XL');
    expect(input.value).toBe('');

    fireEvent.change(input, { target: { value: ' 2XL ,, M ,' } });
    expect(screen.getByTestId('tags').textContent).toBe('S|M|L|XL|2XL');
    expect(input.value).toBe('');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
