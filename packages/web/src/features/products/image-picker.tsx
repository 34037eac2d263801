import { ImagePlus, Trash2 } from 'lucide-react';
import { useEffect, useState, type ChangeEvent } from 'react';
import { buttonClasses, Button } from '../../components/ui/button';
import { Thumbnail } from '../../components/ui/thumbnail';
import { useT } from '../../i18n';
import { cn } from '../../lib/utils';

interface ImagePickerProps {
  id: string;
  /** The product's saved image, unless it was removed in this dialog. */
  currentUrl: string | null;
  /** A newly chosen file, not saved yet. */
  file: File | null;
  onChoose: (file: File) => void;
  onClear: () => void;
  error?: string | null;
  disabled?: boolean;
}

/** Choose or clear the product image, with a preview (spec 001: any image type; hint PNG, JPG, GIF). */
export function ImagePicker({ id, currentUrl, file, onChoose, onClear, error, disabled }: ImagePickerProps) {
  const t = useT();
  const [fileUrl, setFileUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setFileUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setFileUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = file ? fileUrl : currentUrl;
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // Cleared so that choosing the same file again still counts as a change.
    event.target.value = '';
    if (chosen) onChoose(chosen);
  };

  const describedBy = error ? `${id}-error` : `${id}-hint`;
  return (
    <div className="flex items-start gap-4">
      <Thumbnail src={shown} alt={t('products.imagePreview')} className="size-24 rounded-xl" />
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap gap-2">
          <input
            id={id}
            type="file"
            accept="image/*"
            className="peer sr-only"
            onChange={onChange}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
          <label
            htmlFor={id}
            className={cn(
              buttonClasses('outline'),
              'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-600',
              disabled && 'pointer-events-none opacity-50',
            )}
          >
            <ImagePlus aria-hidden />
            {shown ? t('products.changeImage') : t('products.chooseImage')}
          </label>
          {shown ? (
            <Button variant="destructive-outline" onClick={onClear} disabled={disabled}>
              <Trash2 aria-hidden />
              {t('products.clearImage')}
            </Button>
          ) : null}
        </div>
        {file ? <p className="text-sm break-all text-slate-700">{file.name}</p> : null}
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
            {error}
          </p>
        ) : (
          <p id={`${id}-hint`} className="text-sm text-slate-500">
            {t('products.imageHint')}
          </p>
        )}
      </div>
    </div>
  );
}
