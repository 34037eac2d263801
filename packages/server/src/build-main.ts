// `npm run build -w @pos/server`: the server bundle `npm start` runs (dist/main.mjs).
import { buildServer, SERVER_BUNDLE } from './build/build-server';

buildServer()
  .then(() => console.log(`Built the server: ${SERVER_BUNDLE}`))
  .catch((err: unknown) => {
    console.error(err instanceof Error ? `Server build failed: ${err.message}` : err);
    process.exit(1);
  });
