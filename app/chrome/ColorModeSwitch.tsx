import { remember, storageKeys } from './preferences';

/** Light (the default) or dark; the system preference is not followed. The icon shown follows html[data-theme] in CSS. */
export function ColorModeSwitch() {
  const toggle = () => {
    const next = document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark';
    document.documentElement.dataset.theme = next;
    remember(storageKeys.theme, next);
  };
  return (
    <button type="button" className="icon-button color-mode" onClick={toggle} aria-label="Switch between dark and light mode" title="Switch between dark and light mode">
      <svg className="icon-sun" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <circle cx="12" cy="12" r="5" fill="currentColor" />
        <path d="M12 1v3M12 20v3M4.2 4.2l2.1 2.1M17.7 17.7l2.1 2.1M1 12h3M20 12h3M4.2 19.8l2.1-2.1M17.7 6.3l2.1-2.1" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <svg className="icon-moon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" fill="currentColor" />
      </svg>
    </button>
  );
}
