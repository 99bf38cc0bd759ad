import { redirect } from '@remix-run/node';
import { redocUrl } from '~/docs/site.server';

/** The renderer's former address: it now lives under a fingerprinted name with the other assets. */
export const loader = () => redirect(redocUrl(), 301);
