import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';

/** The table's shape while the customers load. */
export function HistorySkeleton() {
  return (
    <Card className="space-y-3 p-4" aria-hidden>
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="flex items-center gap-3">
          <Skeleton className="size-10 rounded-full" />
          <Skeleton className="h-5 flex-1" />
          <Skeleton className="hidden h-5 w-1/5 md:block" />
          <Skeleton className="hidden h-5 w-1/6 md:block" />
          <Skeleton className="h-11 w-24" />
        </div>
      ))}
    </Card>
  );
}
