import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleCarrierNotification } from '~/server/carrier-notifications.server';

/** A carrier's pushed Track & Trace events for one connection (docs/tracking.md); POST only. */
export const action = ({ request, params }: ActionFunctionArgs) => handleCarrierNotification(request, params.token ?? '');
export const loader = ({ request, params }: LoaderFunctionArgs) => handleCarrierNotification(request, params.token ?? '');
