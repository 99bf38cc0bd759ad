-- Document file names are stored cleaned and at most 255 characters long (docs/limits.md,
-- "Request size"), as graph/process/file-names.ts storedFileName() makes them at upload: the
-- last path segment; each run of control, bidirectional or line-separator characters made
-- `_`; surrounding spaces and leading dots removed; `file` when nothing is left; cut to 255
-- characters keeping an extension of at most 16 characters (the dot included). A repair, not
-- a change anyone made: the events capture trigger is off for it, so no event is made of it.
ALTER TABLE "process_documents" DISABLE TRIGGER "process_documents_capture_update";

WITH segment AS (
  SELECT company_id, id,
    regexp_replace(regexp_replace(original_filename, '^.*[/\\]', ''), '[\x01-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]+', '_', 'g') AS visible
  FROM "process_documents"
), trimmed AS (
  SELECT company_id, id,
    coalesce(nullif(regexp_replace(regexp_replace(visible, '[[:space:]]+$', ''), '^[.[:space:]]+', ''), ''), 'file') AS name
  FROM segment
), cut AS (
  SELECT company_id, id, name, substring(name FROM '\.[^.]*$') AS extension FROM trimmed
), stored AS (
  SELECT company_id, id, CASE
      WHEN char_length(name) <= 255 THEN name
      WHEN char_length(extension) BETWEEN 2 AND 16 AND extension !~ '[[:space:]]'
        THEN regexp_replace(left(name, 255 - char_length(extension)), '[[:space:]]+$', '') || extension
      ELSE regexp_replace(left(name, 255), '[[:space:]]+$', '')
    END AS name
  FROM cut
)
UPDATE "process_documents" AS d
SET "original_filename" = stored.name
FROM stored
WHERE d.company_id = stored.company_id AND d.id = stored.id AND d."original_filename" <> stored.name;

ALTER TABLE "process_documents" ENABLE TRIGGER "process_documents_capture_update";

-- AlterTable
ALTER TABLE "process_documents" ALTER COLUMN "original_filename" SET DATA TYPE VARCHAR(255);

-- Webhook endpoint URLs are stored normalized (docs/webhooks.md, "URL normalization"), as
-- graph/webhooks/targets.ts normalizedTarget() makes them at registration. What SQL can do
-- faithfully is done here, for URLs of printable ASCII (every URL registered through the API
-- so far that does not need percent-encoding or punycode): scheme and host in lower case, the
-- default port (`:80` for http, `:443` for https) and an empty port dropped, `/` for an empty
-- path, the fragment dropped. A URL this leaves different from its WHATWG form (non-ASCII,
-- dot segments...) is answered normalized all the same and stored so at its next update.
WITH parts AS (
  SELECT company_id, id, url,
    regexp_match(url, '^([A-Za-z]+)://([^/?#\\]*)([^#]*)') AS m
  FROM "webhook_endpoints"
  WHERE url ~ '^[!-~]*$'
), normalized AS (
  SELECT company_id, id, url,
    lower(m[1]) || '://'
      || regexp_replace(lower(m[2]), CASE lower(m[1]) WHEN 'https' THEN ':(443)?$' ELSE ':(80)?$' END, '')
      || CASE WHEN m[3] = '' OR m[3] LIKE '?%' THEN '/' ELSE '' END
      || m[3] AS normalized
  FROM parts
  WHERE m IS NOT NULL AND lower(m[1]) IN ('http', 'https')
)
UPDATE "webhook_endpoints" AS e
SET url = normalized.normalized
FROM normalized
WHERE e.company_id = normalized.company_id AND e.id = normalized.id AND e.url <> normalized.normalized;
