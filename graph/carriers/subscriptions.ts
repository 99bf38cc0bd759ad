// Subscribing a connection with the carrier (docs/tracking.md, Pushed notifications): a DCSA
// carrier that offers `/v2/event-subscriptions` is asked to POST every event of the
// subscriber to the connection's notification URL, signed with its notification secret. A
// carrier without subscriptions (404, 405, 501) leaves the connection to polling alone.
import { sharedClient } from '../db.ts';
import { write } from '../database/transaction.ts';
import { callCarrier, carrierUrl } from './carrier-http.ts';
import { env } from '../env.ts';
import { decryptSecret } from './secrets.ts';

/** The notification URL of a connection's token: what the carrier's subscription calls back. */
export const notificationUrl = (token: string) => `${env().publicUrl}/carrier-notifications/${token}`;

/** What subscribing gave: SUBSCRIBED, UNSUPPORTED (polling only), FAILED (polling only, tried again on the next PUT) or NO_SECRET. */
export type SubscriptionStatus = 'SUBSCRIBED' | 'UNSUPPORTED' | 'FAILED' | 'NO_SECRET';

/** Asks the carrier of a connection for a subscription and records the outcome. Never throws for the carrier's answer. */
export async function subscribe(companyId: number, id: number): Promise<SubscriptionStatus> {
  const c = await sharedClient().carrierConnection.findUniqueOrThrow({ where: { company_id_id: { company_id: companyId, id } } });
  let status: SubscriptionStatus = 'NO_SECRET';
  let subscriptionId: string | null = c.subscription_id;
  if (c.notification_secret_encrypted) {
    const target = { baseUrl: c.base_url, authHeader: c.auth_header, authValue: c.auth_value_encrypted ? decryptSecret(c.auth_value_encrypted) : null };
    const answer = await callCarrier(target, 'POST', carrierUrl(c.base_url, '/v2/event-subscriptions'), {
      callbackUrl: notificationUrl(c.notification_token),
      secret: decryptSecret(c.notification_secret_encrypted),
    });
    if (answer.status === 201 || answer.status === 200) {
      status = 'SUBSCRIBED';
      const given = (answer.body as { subscriptionID?: unknown } | null)?.subscriptionID;
      subscriptionId = typeof given === 'string' ? given.slice(0, 100) : null;
    } else status = answer.status === 404 || answer.status === 405 || answer.status === 501 ? 'UNSUPPORTED' : 'FAILED';
  }
  await write((db) =>
    db.carrierConnection.updateMany({ where: { company_id: companyId, id }, data: { subscription_status: status, subscription_id: subscriptionId } }),
  );
  return status;
}
