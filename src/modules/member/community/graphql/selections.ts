// What the REST routes of the community part answer: selections on the GraphQL types, aliased to snake_case.
const REACTIONS = 'reactions { like love celebrate insightful funny }';
export const SPACE = `id name slug description visibility topic_count: topicCount created_at: createdAt`;
export const TOPIC = `id space_id: spaceId author_id: authorId author_name: authorName title body body_html: bodyHtml status pinned locked
  reply_count: replyCount ${REACTIONS} created_at: createdAt last_activity_at: lastActivityAt`;
export const REPLY = `id topic_id: topicId author_id: authorId author_name: authorName parent_id: parentId body body_html: bodyHtml status
  ${REACTIONS} created_at: createdAt`;
export const REACTION = `active counts { like love celebrate insightful funny }`;
export const CONVERSATION = `id participant_ids: participantIds last_message_at: lastMessageAt unread_count: unreadCount`;
export const MESSAGE = `id conversation_id: conversationId sender_id: senderId body body_html: bodyHtml created_at: createdAt`;
export const BLOCK = `user_id: userId created_at: createdAt`;
export const BADGE = `id name slug description icon criteria awarded_count: awardedCount`;
export const AWARD = `badge_id: badgeId user_id: userId awarded_at: awardedAt badge { ${BADGE} }`;
export const DIRECTORY = `user_id: userId display_name: displayName bio avatar_url: avatarUrl badges { id name slug icon } joined_at: joinedAt`;
export const PROFILE = `user_id: userId display_name: displayName bio avatar_url: avatarUrl directory_visible: directoryVisible`;
export const MODERATION = `id target_type: targetType target_id: targetId reason flag_count: flagCount status created_at: createdAt
  resolved_by: resolvedBy resolved_at: resolvedAt note`;
export const QUEUE_ITEM = `${MODERATION} content author_id: authorId content_status: contentStatus`;
