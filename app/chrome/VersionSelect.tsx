import { useEffect, useState } from 'react';
import { docsVersions, remember, storageKeys } from './preferences';

/** The documentation version the reader chose, kept in local storage. */
export function VersionSelect() {
  const [version, setVersion] = useState<string>(docsVersions[0]);
  useEffect(() => {
    const saved = window.localStorage.getItem(storageKeys.docsVersion);
    if (saved && (docsVersions as readonly string[]).includes(saved)) setVersion(saved);
  }, []);
  return (
    <select
      className="version-select"
      aria-label="Documentation version"
      value={version}
      onChange={(e) => {
        setVersion(e.target.value);
        remember(storageKeys.docsVersion, e.target.value);
      }}
    >
      {docsVersions.map((v) => (
        <option key={v} value={v}>
          v{v}
        </option>
      ))}
    </select>
  );
}
