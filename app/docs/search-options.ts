// The search index's shape, shared by the build that writes it and the search box that loads it
// (docs/docs-site.md, "Search"): one document per page section, found by its heading, its page's
// title and its text; a route path such as /api/products is found by its words.

export interface SearchDocument {
  id: string;
  url: string;
  page: string;
  heading: string;
  text: string;
}

export const searchOptions = {
  fields: ['page', 'heading', 'text'],
  storeFields: ['url', 'page', 'heading'],
  searchOptions: { boost: { heading: 3, page: 2 }, prefix: true, fuzzy: 0.15, combineWith: 'AND' as const },
};
