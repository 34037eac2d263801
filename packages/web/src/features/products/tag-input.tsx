import { Plus, X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { useT } from '../../i18n';
import { addTag, removeTag, takeFinishedTags } from './tags';

interface TagInputProps {
  id: string;
  value: string[];
  onChange: (tags: string[]) => void;
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string | undefined;
}

/**
 * Sizes or colours as text tags: a comma, Enter or the add button adds what was
 * typed ("S, M, L" is three tags; trimmed; empty and duplicate values ignored),
 * each tag has a remove button.
 */
export function TagInput({ id, value, onChange, placeholder, invalid, describedBy }: TagInputProps) {
  const t = useT();
  const [draft, setDraft] = useState('');

  const commit = () => {
    onChange(addTag(value, draft));
    setDraft('');
  };

  const onType = (text: string) => {
    const next = takeFinishedTags(value, text);
    if (next.tags.length !== value.length) onChange(next.tags);
    setDraft(next.draft);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    // Enter adds the tag instead of submitting the dialog's form.
    event.preventDefault();
    commit();
  };

  return (
    <div className="space-y-2">
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          onChange={(e) => onType(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          autoComplete="off"
          enterKeyHint="done"
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
        />
        <Button variant="outline" onClick={commit} disabled={draft.trim() === ''} aria-controls={`${id}-tags`}>
          <Plus aria-hidden />
          {t('products.addTag')}
        </Button>
      </div>
      {/* Always rendered: the add button controls it, and a live region must exist before it changes. */}
      <ul id={`${id}-tags`} className="flex flex-wrap gap-2" aria-live="polite">
        {value.map((tag) => (
          <li
            key={tag}
            className="inline-flex items-center rounded-full bg-blue-50 pl-3 text-sm font-medium text-blue-800 ring-1 ring-blue-200 ring-inset"
          >
            <span className="break-all">{tag}</span>
            <button
              type="button"
              onClick={() => onChange(removeTag(value, tag))}
              aria-label={t('products.removeTag', { tag })}
              className="flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full text-blue-700 hover:bg-blue-100 focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              <X className="size-4" aria-hidden />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
