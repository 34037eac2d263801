import { z } from 'zod';

export const HealthResponse = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['up', 'down']),
  engine: z.enum(['sqlite', 'postgres']),
  version: z.string(),
});
