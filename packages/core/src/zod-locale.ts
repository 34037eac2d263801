import { z } from 'zod';

// Zod's own messages (wrong type, missing field...) in Thai, for server and web alike.
z.config(z.locales.th());
