// Makes sure Debian's chromium and Thai fonts are present before the browser tests.
// Installs them when it can (root with apt-get); otherwise stops with what to install.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
const hasThaiFonts = () => {
  try {
    execSync('dpkg -s fonts-thai-tlwg', { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

if (fs.existsSync(CHROMIUM) && hasThaiFonts()) process.exit(0);

const canInstall = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
if (!canInstall) {
  console.error(
    'Browser tests need Debian chromium and Thai fonts. Install them with:\n' +
      '  sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium fonts-thai-tlwg',
  );
  process.exit(1);
}
console.log('Installing chromium and Thai fonts from Debian for the browser tests...');
execSync('apt-get update -qq && apt-get install -y -qq --no-install-recommends chromium fonts-thai-tlwg', {
  stdio: 'inherit',
  env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
});
if (!fs.existsSync(CHROMIUM)) {
  console.error(`apt-get finished but ${CHROMIUM} is missing; install chromium by hand.`);
  process.exit(1);
}
