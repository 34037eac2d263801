// `npm run backup -- --to <folder> [--keep N]`: a consistent copy of the SQLite database and the images
// folder while the server runs (see docs/operations.md, Backups).
import { parseArgs } from 'node:util';
import { BackupError, backupShop, DEFAULT_KEEP } from './backup';
import { ConfigError, loadConfig } from './config';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { to: { type: 'string' }, keep: { type: 'string', default: String(DEFAULT_KEEP) } },
  });
  if (!values.to) throw new BackupError('say where to: npm run backup -- --to <folder> [--keep N]');
  const keep = Number(values.keep);
  const result = await backupShop(loadConfig(process.env), { to: values.to, keep });
  const mb = (result.bytes / 1024 / 1024).toFixed(1);
  console.log(`Backed up the database to ${result.file} (${mb} MB)`);
  console.log(result.uploads ? `Images copied to ${result.uploads}` : 'No images folder to copy');
  if (result.removed.length > 0) console.log(`Kept the last ${keep}; removed ${result.removed.join(', ')}`);
  for (const file of result.notPrivate) console.error(`Warning: ${file} is readable by others; change its owner`);
}

main().catch((err: unknown) => {
  if (err instanceof BackupError || err instanceof ConfigError || (err instanceof Error && 'code' in err)) {
    console.error(`Backup failed: ${err.message}`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
