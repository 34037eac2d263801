import type { EnglishOf } from './define-messages';
import type { layout as thai } from './layout';

/** The layout around every screen, in English. */
export const layout: EnglishOf<typeof thai> = {
  'layout.openMenu': 'Open menu',
  'layout.closeMenu': 'Close menu',
  'layout.collapseSidebar': 'Collapse menu',
  'layout.expandSidebar': 'Expand menu',
  'layout.storeLogo': 'Store logo',
  'layout.signedInAs': 'Signed-in user',
  'layout.skipToContent': 'Skip to main content',
};
