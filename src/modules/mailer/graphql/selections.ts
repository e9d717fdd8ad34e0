// What the REST routes of mailer/v1 answer: selections on the GraphQL types, aliased to snake_case.
export const LIST = `id name description subscriber_count: subscriberCount subscribed_count: subscribedCount created_at: createdAt`;
export const TAG = `id name slug subscriber_count: subscriberCount created_at: createdAt`;
export const SUBSCRIBER = `id email first_name: firstName status source list_ids: listIds tags { id name slug }
  created_at: createdAt updated_at: updatedAt unsubscribed_at: unsubscribedAt`;
export const SEGMENT = `id name description match rules subscriber_count: subscriberCount subscribed_count: subscribedCount
  created_at: createdAt updated_at: updatedAt`;
export const STATS = `stats { recipients queued deferred sent failed opens unique_opens: uniqueOpens clicks unique_clicks: uniqueClicks
  unsubscribes open_rate: openRate click_rate: clickRate }`;
export const CAMPAIGN = `id name subject from_name: fromName from_email: fromEmail html text list_ids: listIds
  segment_ids: segmentIds tag_ids: tagIds status send_at: sendAt started_at: startedAt finished_at: finishedAt
  ${STATS} created_at: createdAt updated_at: updatedAt`;
