import rootPackage from '../../../package.json' with { type: 'json' };

/** The app's version (the repository's package.json), built into the server bundle. */
export const APP_VERSION: string = rootPackage.version;
