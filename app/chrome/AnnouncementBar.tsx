import { announcement, remember, storageKeys } from './preferences';

/** The bar above the navbar; closed once, it stays closed (hidden by CSS before the first paint). */
export function AnnouncementBar() {
  const close = () => {
    document.documentElement.dataset.announcementDismissed = 'true';
    remember(storageKeys.announcement, announcement.id);
  };
  return (
    <div className="announcement" role="region" aria-label="Announcement">
      <span dangerouslySetInnerHTML={{ __html: announcement.html }} />
      <button type="button" className="announcement-close" onClick={close} aria-label="Close the announcement">
        ×
      </button>
    </div>
  );
}
