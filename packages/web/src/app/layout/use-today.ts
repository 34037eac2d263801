import { useEffect, useState } from 'react';

/** Today's date, refreshed each minute so the header changes at midnight. */
export function useToday(): Date {
  const [today, setToday] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => {
      setToday((prev) => {
        const now = new Date();
        return now.toDateString() === prev.toDateString() ? prev : now;
      });
    }, 60_000);
    return () => clearInterval(timer);
  }, []);
  return today;
}
