// What the site remembers in the browser's local storage (docs/docs-site.md, "What your browser keeps"),
// and the script that applies it before the first paint, so no page flashes the wrong colour
// mode, code language or a closed announcement.

export const storageKeys = {
  theme: 'tradetrack.theme',
  codeLanguage: 'tradetrack.code-language',
  announcement: 'tradetrack.announcement-dismissed',
  docsVersion: 'tradetrack.docs-version',
} as const;

/** The announcement shown above the navbar; a new id shows it again to readers who closed the last one. */
export const announcement = {
  id: 'tutorial-2026-11',
  html: 'New: <a href="/tutorial">an import end to end</a>, from partners to customs and costs, in curl, JavaScript and Python.',
};

/** The documentation versions; the API is at 1.0. */
export const docsVersions = ['1.0'] as const;

/** Runs in <head> before the body is drawn (inline, so the policy's inline-script allowance covers it). */
export const preferencesScript = `(function(){var d=document.documentElement;try{var s=window.localStorage;d.dataset.theme=s.getItem(${JSON.stringify(storageKeys.theme)})==='dark'?'dark':'light';var l=s.getItem(${JSON.stringify(storageKeys.codeLanguage)});if(l==='curl'||l==='javascript'||l==='python')d.dataset.codeLanguage=l;if(s.getItem(${JSON.stringify(storageKeys.announcement)})===${JSON.stringify(announcement.id)})d.dataset.announcementDismissed='true';if(!s.getItem(${JSON.stringify(storageKeys.docsVersion)}))s.setItem(${JSON.stringify(storageKeys.docsVersion)},${JSON.stringify(docsVersions[0])});}catch(e){d.dataset.theme='light';}})();`;

/** Saves one preference; a browser that refuses storage keeps it for the page only. */
export function remember(key: (typeof storageKeys)[keyof typeof storageKeys], value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage disabled (private mode, policy): the choice lasts until the page is left.
  }
}
