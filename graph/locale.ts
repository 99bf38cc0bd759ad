// The locale an answer speaks (docs/index.md): the `locale` query parameter, else the `locale`
// header, else the default. The HTTP entry reads it once per request into the request scope
// (graph/request/request-scope.ts); everything serving the request takes it from there.

/** Locales the platform answers in. */
export const locales = ['pt-BR', 'en-US', 'es-ES'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'pt-BR';

/** The locale asked for by a request URL (a path with its query, or a whole URL) and its `locale` header; the default when unknown or unreadable. */
export function localeFrom(url: string, header: string | null | undefined): Locale {
  let value: string | null | undefined;
  try {
    value = new URL(url, 'http://local').searchParams.get('locale') ?? header;
  } catch {
    return defaultLocale;
  }
  return (locales as readonly string[]).includes(value ?? '') ? (value as Locale) : defaultLocale;
}

/** Reads the locale from the query string or the `locale` header; unknown values fall back to the default. */
export function localeOf(request: Request): Locale {
  return localeFrom(request.url, request.headers.get('locale'));
}
