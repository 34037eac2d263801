import { ImageOff, Package } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/utils';

interface ThumbnailProps {
  src: string | null | undefined;
  alt: string;
  className?: string;
}

/** A square product picture, or a placeholder icon when there is none or it fails to load. */
export function Thumbnail({ src, alt, className }: ThumbnailProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = src != null && failedSrc === src;
  return (
    <span
      className={cn(
        'flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-100 text-slate-400',
        className,
      )}
    >
      {src && !failed ? (
        <img
          src={src}
          alt={alt}
          loading="lazy"
          decoding="async"
          onError={() => setFailedSrc(src)}
          className="size-full object-cover"
        />
      ) : failed ? (
        <ImageOff className="size-1/2" aria-hidden />
      ) : (
        <Package className="size-1/2" aria-hidden />
      )}
    </span>
  );
}
