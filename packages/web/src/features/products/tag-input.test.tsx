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
});
