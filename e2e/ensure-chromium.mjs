// Makes sure Debian's chromium-headless-shell (what the browser tests drive), chromium (the till benchmark's)
// and Thai fonts are present before the browser tests.
// Installs them when it can (root with apt-get); otherwise stops with what to install.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const PACKAGES = 'chromium chromium-headless-shell fonts-thai-tlwg';
const hasThaiFonts = () => {
  try {
    execSync('dpkg -s fonts-thai-tlwg', { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

const present = () => fs.existsSync(CHROMIUM) && fs.existsSync(HEADLESS_SHELL);
if (present() && hasThaiFonts()) process.exit(0);

const canInstall = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
if (!canInstall) {
  console.error(
    'Browser tests need Debian chromium, chromium-headless-shell and Thai fonts. Install them with:\n' +
      `  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${PACKAGES}`,
  );
  process.exit(1);
}
console.log('Installing chromium, chromium-headless-shell and Thai fonts from Debian for the browser tests...');
execSync(`apt-get update -qq && apt-get install -y -qq --no-install-recommends ${PACKAGES}`, {
  stdio: 'inherit',
  env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
});
if (!present()) {
  console.error(`apt-get finished but ${CHROMIUM} or ${HEADLESS_SHELL} is missing; install them by hand.`);
  process.exit(1);
}
